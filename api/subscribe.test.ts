import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { webMiddleware } from "../supabase/local/node-http";
import { createNewsletterStandin, type NewsletterStandin } from "../supabase/local/newsletter-standin";
import { readSettings } from "../src/server/settings";
import { createSubscribeHandler, MAX_BODY_BYTES, RATE_LIMIT } from "../src/server/subscribe";
import { close, listen } from "../tests/support/http-server";

/**
 * The handler against a stand-in provider that is a real HTTP server on 127.0.0.1. Each test sets
 * how the provider answers and reads back exactly what it received.
 */
interface Received {
  method: string;
  contentType: string;
  body: string;
}

type ProviderReply = (req: IncomingMessage, res: ServerResponse) => void;

let provider: Server;
let providerUrl: string;
let received: Received[] = [];
let reply: ProviderReply;

const okReply: ProviderReply = (_req, res) => {
  res.writeHead(200, { "content-type": "application/json" });
  res.end(JSON.stringify({ status: "success" }));
};

beforeAll(async () => {
  provider = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      received.push({
        method: req.method ?? "",
        contentType: req.headers["content-type"] ?? "",
        body: Buffer.concat(chunks).toString("utf8"),
      });
      reply(req, res);
    });
  });
  providerUrl = `${await listen(provider)}/forms/123/subscriptions`;
});

afterAll(async () => {
  await close(provider);
});

/** The function as deployed, loaded afresh for each test: a cold start, with nothing counted yet. */
let subscribe: (typeof import("./subscribe"))["default"];

beforeEach(async () => {
  vi.resetModules();
  subscribe = (await import("./subscribe")).default;
  received = [];
  reply = okReply;
  vi.stubEnv("NEWSLETTER_FORM_URL", providerUrl);
  vi.stubEnv("NEWSLETTER_EMAIL_FIELD", "");
  vi.stubEnv("NEWSLETTER_SOURCE_FIELD", "");
  vi.stubEnv("NEWSLETTER_TIMEOUT_MS", "");
  vi.spyOn(console, "error").mockImplementation(() => {});
});

afterEach(() => {
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
});

function post(body: BodyInit | null, headers: Record<string, string> = { "content-type": "application/json" }) {
  return subscribe.fetch(new Request("http://localhost/api/subscribe", { method: "POST", headers, body }));
}

const postJson = (value: unknown, headers: Record<string, string> = {}) =>
  post(JSON.stringify(value), { "content-type": "application/json", ...headers });

async function expectReply(response: Response, status: number, message: string | RegExp) {
  expect(response.status).toBe(status);
  expect(response.headers.get("content-type")).toMatch(/application\/json/);
  const body = (await response.json()) as { message: string };
  expect(Object.keys(body)).toEqual(["message"]);
  expect(body.message).toMatch(message);
}

describe("api/subscribe", () => {
  it("forwards a form-encoded POST with the address and the source tag", async () => {
    const response = await postJson({ email: "ada@example.com" });
    await expectReply(response, 200, /thanks for subscribing/i);
    expect(received).toEqual([
      {
        method: "POST",
        contentType: "application/x-www-form-urlencoded",
        body: "email=ada%40example.com&fields%5Bsource%5D=Website+Footer",
      },
    ]);
  });

  it("accepts a form-encoded body and uses the configured field names", async () => {
    vi.stubEnv("NEWSLETTER_EMAIL_FIELD", "email_address");
    vi.stubEnv("NEWSLETTER_SOURCE_FIELD", "tags[source]");
    const response = await post("email=%20kit%40example.com%20", {
      "content-type": "application/x-www-form-urlencoded",
    });
    expect(response.status).toBe(200);
    expect(received[0]?.body).toBe("email_address=kit%40example.com&tags%5Bsource%5D=Website+Footer");
  });

  it("answers a browser's plain form post with a page, not JSON, and escapes the message", async () => {
    const browserForm = {
      "content-type": "application/x-www-form-urlencoded",
      accept: "text/html,application/xhtml+xml",
      referer: "http://localhost/services?tab=1",
    };
    const ok = await post("email=page%40example.com", browserForm);
    expect(ok.status).toBe(200);
    expect(ok.headers.get("content-type")).toContain("text/html");
    const page = await ok.text();
    expect(page).toContain("<h1>Thanks for subscribing</h1>");
    expect(page).toContain('<a href="/services?tab=1">Back to the site</a>');

    reply = (_req, res) => {
      res.writeHead(400, { "content-type": "application/json" });
      res.end(JSON.stringify({ message: "<script>alert(1)</script> is not allowed" }));
    };
    const refused = await post("email=bad%40example.com", { ...browserForm, referer: "https://elsewhere.example/" });
    expect(refused.status).toBe(400);
    const refusedPage = await refused.text();
    expect(refusedPage).toContain("<h1>We couldn't subscribe you</h1>");
    expect(refusedPage).not.toContain("<script>");
    expect(refusedPage).toContain("&lt;script&gt;");
    expect(refusedPage).toContain('<a href="/">Back to the site</a>');
  });

  it("accepts multipart form data", async () => {
    const form = new FormData();
    form.set("email", "multi@example.com");
    const request = new Request("http://localhost/api/subscribe", { method: "POST", body: form });
    const response = await subscribe.fetch(request);
    expect(response.status).toBe(200);
    expect(received[0]?.body).toContain("email=multi%40example.com");
  });

  it("relays the provider's own success message", async () => {
    reply = (_req, res) => {
      res.writeHead(201, { "content-type": "application/json" });
      res.end(JSON.stringify({ message: "Almost there: confirm your subscription." }));
    };
    await expectReply(await postJson({ email: "ok@example.com" }), 200, "Almost there: confirm your subscription.");
  });

  it.each(["GET", "PUT", "DELETE", "PATCH", "OPTIONS"])("answers %s with 405 and Allow: POST", async (method) => {
    const response = await subscribe.fetch(new Request("http://localhost/api/subscribe", { method }));
    expect(response.headers.get("allow")).toBe("POST");
    await expectReply(response, 405, "Method Not Allowed");
    expect(received).toHaveLength(0);
  });

  it("answers HEAD with 405 and Allow: POST", async () => {
    const response = await subscribe.fetch(new Request("http://localhost/api/subscribe", { method: "HEAD" }));
    expect(response.status).toBe(405);
    expect(response.headers.get("allow")).toBe("POST");
  });

  it.each([
    ["no email field", JSON.stringify({ name: "Ada" })],
    ["an empty email", JSON.stringify({ email: "   " })],
    ["an empty body", ""],
  ])("answers 400 'Email is required' for %s", async (_case, body) => {
    await expectReply(await post(body), 400, "Email is required");
    expect(received).toHaveLength(0);
  });

  it("answers 400 'Email is required' for a form body without email", async () => {
    await expectReply(
      await post("name=Ada", { "content-type": "application/x-www-form-urlencoded" }),
      400,
      "Email is required",
    );
  });

  it.each([
    ["not an address", { email: "not-an-email" }],
    ["a number", { email: 42 }],
    ["two addresses", { email: "a@example.com, b@example.com" }],
    ["an overlong address", { email: `${"a".repeat(250)}@example.com` }],
  ])("answers 400 for %s", async (_case, value) => {
    await expectReply(await postJson(value), 400, "Please enter a valid email address.");
    expect(received).toHaveLength(0);
  });

  it.each([
    ["broken JSON", '{"email": '],
    ["a JSON array", '["a@example.com"]'],
    ["a JSON string", '"a@example.com"'],
  ])("answers 400 for %s", async (_case, body) => {
    await expectReply(await post(body), 400, "The request body is not valid JSON.");
  });

  it("answers 415 for a body that is neither JSON nor form data", async () => {
    await expectReply(
      await post("<email>a@example.com</email>", { "content-type": "application/xml" }),
      415,
      /JSON or as form data/,
    );
  });

  it("answers 413 for a body over the limit, declared or streamed", async () => {
    const big = JSON.stringify({ email: "a@example.com", padding: "x".repeat(MAX_BODY_BYTES) });
    await expectReply(await post(big), 413, /too large/);
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode(big));
        controller.close();
      },
    });
    const streamed = new Request("http://localhost/api/subscribe", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: stream,
      duplex: "half",
    } as RequestInit);
    await expectReply(await subscribe.fetch(streamed), 413, /too large/);
    expect(received).toHaveLength(0);
  });

  it("passes a provider 4xx through with the provider's message", async () => {
    reply = (_req, res) => {
      res.writeHead(422, { "content-type": "application/json" });
      res.end(JSON.stringify({ error: "This address is already subscribed." }));
    };
    await expectReply(await postJson({ email: "dup@example.com" }), 422, "This address is already subscribed.");
  });

  it("passes a provider 5xx through with 'API request failed' when it gives no message", async () => {
    reply = (_req, res) => {
      res.writeHead(502, { "content-type": "text/html" });
      res.end("<h1>Bad gateway</h1><p>upstream 10.0.0.7 refused</p>");
    };
    await expectReply(await postJson({ email: "five@example.com" }), 502, "API request failed");
  });

  it("answers 500 'Internal Server Error' when the provider is down", async () => {
    const down = createServer();
    const url = await listen(down);
    await close(down);
    vi.stubEnv("NEWSLETTER_FORM_URL", url);
    await expectReply(await postJson({ email: "down@example.com" }), 500, "Internal Server Error");
  });

  it("answers 500 'Internal Server Error' when the provider does not answer in time", async () => {
    vi.stubEnv("NEWSLETTER_TIMEOUT_MS", "150");
    // The provider holds every request until the test ends: only the function's own timeout answers.
    const held: ServerResponse[] = [];
    reply = (_req, res) => void held.push(res);
    await expectReply(await postJson({ email: "slow@example.com" }), 500, "Internal Server Error");
    for (const res of held) res.end();
  });

  /** The function on a stopped clock, so a flood's attempts all fall in one window. */
  function onTheClock() {
    const handle = createSubscribeHandler({ settings: readSettings, now: () => new Date("2026-11-26T09:00:00.000Z") });
    return (value: unknown, headers: Record<string, string> = {}) =>
      handle(
        new Request("http://localhost/api/subscribe", {
          method: "POST",
          headers: { "content-type": "application/json", ...headers },
          body: JSON.stringify(value),
        }),
      );
  }

  it("refuses a flood for one address with 429", async () => {
    const signUp = onTheClock();
    for (let attempt = 0; attempt < RATE_LIMIT.perAddress; attempt += 1) {
      expect((await signUp({ email: "Flood@example.com" })).status).toBe(200);
    }
    const refused = await signUp({ email: "flood@EXAMPLE.com".toLowerCase() });
    await expectReply(refused, 429, /too many sign-up attempts/i);
    expect(received).toHaveLength(RATE_LIMIT.perAddress);
    // Another address is still welcome.
    expect((await signUp({ email: "calm@example.com" })).status).toBe(200);
  });

  it("refuses a flood from one IP with 429", async () => {
    const signUp = onTheClock();
    const headers = { "x-forwarded-for": "203.0.113.9, 10.0.0.1" };
    for (let attempt = 0; attempt < RATE_LIMIT.perIp; attempt += 1) {
      expect((await signUp({ email: `visitor${attempt}@example.com` }, headers)).status).toBe(200);
    }
    await expectReply(await signUp({ email: "one-more@example.com" }, headers), 429, /too many/i);
    expect((await signUp({ email: "one-more@example.com" }, { "x-forwarded-for": "198.51.100.4" })).status).toBe(200);
  });

  it("answers 503 with a message when no provider is configured", async () => {
    vi.stubEnv("NEWSLETTER_FORM_URL", "");
    await expectReply(await postJson({ email: "early@example.com" }), 503, /no newsletter provider is configured/);
    expect(received).toHaveLength(0);
  });
});

describe("the local stand-in provider", () => {
  let standin: NewsletterStandin;
  let server: Server;

  beforeAll(async () => {
    standin = createNewsletterStandin();
    const middleware = webMiddleware([standin.path], standin.handler);
    server = createServer((req, res) => {
      middleware(req, res, () => {
        res.statusCode = 404;
        res.end();
      });
    });
    await listen(server);
  });

  afterAll(async () => {
    await close(server);
  });

  it("records a sign-up forwarded by the handler and answers like a provider", async () => {
    vi.stubEnv("NEWSLETTER_FORM_URL", `http://127.0.0.1:${(server.address() as AddressInfo).port}${standin.path}`);
    const response = await postJson({ email: "local@example.com" });
    await expectReply(response, 200, /recorded locally/i);
    expect(standin.signups.map(({ email, source }) => ({ email, source }))).toEqual([
      { email: "local@example.com", source: "Website Footer" },
    ]);
  });
});
