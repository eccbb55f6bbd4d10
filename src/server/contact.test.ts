import { createHash, createHmac } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { contactCopy } from "../content/contact";
import { LOCAL_DEFAULTS, startLocalSupabaseServer, type LocalSupabaseServer } from "../../supabase/local/index";
import { runDispatch } from "./outbox/run";
import { createLeadsWebhookStandin } from "../../supabase/local/leads-webhook-standin";
import { webMiddleware } from "../../supabase/local/node-http";
import {
  createContactHandler,
  MAX_BODY_BYTES,
  messages,
  RATE_LIMIT,
  type ContactDependencies,
  type WebhookPayload,
} from "./contact";
import { MemoryRateLimiter } from "./rate-limit-memory";
import { readSettings } from "./settings";
import { close, listen } from "../../tests/support/http-server";

/**
 * api/contact against the local Supabase (PGlite with the real migrations and RLS, reached over
 * HTTP with the service-role key, as on Vercel) and a webhook receiver that is a real HTTP server on
 * 127.0.0.1. What a lead became is read from the database itself.
 */
let supabase: LocalSupabaseServer;
let webhook: Server;
let webhookUrl: string;
let received: { headers: IncomingMessage["headers"]; body: string }[] = [];
let webhookReply: (res: ServerResponse, attempt: number) => void;
let pending: Promise<unknown>[] = [];

beforeAll(async () => {
  supabase = await startLocalSupabaseServer({ bcryptCost: 4, env: {} });
  webhook = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString("utf8") });
      webhookReply(res, received.length);
    });
  });
  webhookUrl = `${await listen(webhook)}/hooks/leads`;
});

afterAll(async () => {
  await close(webhook);
  await supabase?.close();
});

beforeEach(async () => {
  // The previous test's dispatcher runs finish first: a direct query must not run inside one of them.
  await Promise.all(pending);
  received = [];
  pending = [];
  webhookReply = (res) => {
    res.writeHead(200, { "content-type": "application/json" });
    res.end("{}");
  };
  vi.spyOn(console, "error").mockImplementation(() => {});
});

afterEach(() => {
  vi.restoreAllMocks();
});

/** The time every submission is made at, so a flood's hits all fall in one window. */
const NOW = new Date("2026-11-26T09:00:00.000Z");
const clock = () => NOW;

/**
 * The handler with the settings of `env` alone (nothing from this process's environment) and its own
 * limiter, on the tests' clock.
 */
function handler(env: Record<string, string> = {}, options: Partial<ContactDependencies> = {}) {
  return createContactHandler({
    settings: () => readSettings(env),
    limiter: new MemoryRateLimiter({ now: clock }),
    now: clock,
    waitUntil: (work) => pending.push(work),
    ...options,
  });
}

let ip = 0;
/** Each request from its own address unless given one, so the flood limit only meets the tests about it. */
function request(
  body: BodyInit | null,
  init: { headers?: Record<string, string>; method?: string; origin?: string } = {},
) {
  ip += 1;
  return new Request(`${init.origin ?? supabase.url}/api/contact`, {
    method: init.method ?? "POST",
    headers: { "content-type": "application/json", "x-forwarded-for": `198.51.100.${ip % 250}`, ...init.headers },
    body,
  });
}

/** The first touch as the page sends it and as it is stored (an unknown key is dropped). */
const FIRST_TOUCH = {
  utm_source: "facebook",
  utm_campaign: "launch",
  fbclid: "x",
  landing_page: "/?utm_source=facebook",
  referrer: "https://l.facebook.com/",
  at: "2026-11-20T09:00:00.000Z",
};

const valid = {
  service: "paid-ads",
  adPlatform: "both",
  adPackage: "AdGrowth",
  hasRunAds: "yes",
  roas: "2-5x",
  webPackage: "GrowthSite", // an answer of a service not chosen: not stored
  fullName: "  Amaka Okafor ",
  companyName: "Noir Malika",
  email: "amaka@example.ng",
  phone: "+234 809 000 0000",
  message: "We sell shoes in Lagos.",
  elapsedMs: 12_000,
  website: "",
  attribution: {
    first: { ...FIRST_TOUCH, evil: "dropped" },
    latest: {
      utm_source: "google",
      utm_medium: "cpc",
      gclid: "g1",
      landing_page: "/services",
      at: "2026-11-22T09:00:00.000Z",
    },
  },
};

const json = (value: unknown) => JSON.stringify(value);

async function leadsFor(email: string) {
  return (
    await supabase.local.db.query<Record<string, unknown>>(
      `select * from public.leads where email = $1 order by created_at`,
      [email],
    )
  ).rows;
}

async function expectRefusal(response: Response, status: number, message: string | RegExp, field?: string) {
  expect(response.status).toBe(status);
  expect(response.headers.get("content-type")).toMatch(/application\/json/);
  const body = (await response.json()) as { message: string; field?: string };
  expect(body.message).toMatch(message);
  expect(body.field).toBe(field);
}

describe("api/contact stores a lead", () => {
  it("with every relevant answer and its attribution, and answers 200", async () => {
    const response = await handler()(request(json({ ...valid, email: "stored@example.ng" })));
    expect(response.status).toBe(200);
    const body = (await response.json()) as { message: string; bookingToken: string };
    expect(body).toEqual({ message: messages.accepted, bookingToken: expect.stringMatching(/^[A-Za-z0-9_-]{22}$/) });
    expect(response.headers.get("cache-control")).toBe("no-store");

    const [lead] = await leadsFor("stored@example.ng");
    expect(lead).toMatchObject({
      status: "new",
      full_name: "Amaka Okafor",
      company_name: "Noir Malika",
      phone: "+234 809 000 0000",
      service: "paid-ads",
      ad_platform: "both",
      ad_package: "AdGrowth",
      has_run_ads: "yes",
      roas: "2-5x",
      web_package: null,
      features: null,
      source: "facebook",
      campaign: "launch",
      forward_token: null,
      forwarded_at: null,
    });
    expect(lead!.first_touch).toEqual(FIRST_TOUCH);
    expect(lead!.latest_touch).toMatchObject({ utm_source: "google", gclid: "g1" });
    // The lead's transaction queued its messages; the run after the answer found nothing configured.
    await Promise.all(pending);
    const { rows } = await supabase.local.db.query(
      `select kind, status, skip_reason from public.lead_messages where lead_id = $1 order by kind`,
      [lead!.id],
    );
    expect(rows).toEqual(
      ["team_email", "team_whatsapp", "visitor_reply", "webhook"].map((kind) => ({
        kind,
        status: "skipped",
        skip_reason: "not_configured",
      })),
    );
  });

  it("keeps a name like <script>alert(1)</script> as the text it is", async () => {
    const name = "<script>alert(1)</script>";
    expect((await handler()(request(json({ ...valid, fullName: name, email: "script@example.ng" })))).status).toBe(200);
    expect((await leadsFor("script@example.ng"))[0]?.full_name).toBe(name);
  });

  it("drops attribution it cannot use rather than refusing the lead", async () => {
    const attribution = {
      first: {
        utm_source: 42,
        landing_page: "https://evil.example/",
        referrer: "javascript:alert(1)",
        at: "yesterday",
      },
      latest: "nonsense",
    };
    expect((await handler()(request(json({ ...valid, email: "touch@example.ng", attribution })))).status).toBe(200);
    const [lead] = await leadsFor("touch@example.ng");
    expect(lead).toMatchObject({ first_touch: null, latest_touch: null, source: "direct", campaign: null });
  });

  it("accepts a browser's own form post, checkboxes included, and sends it to /thank-you", async () => {
    const form = new URLSearchParams([
      ["service", "web-design"],
      ["hasWebsite", "no"],
      ["features", "speed"],
      ["features", "lead-form"],
      ["fullName", "Tunde Bakare"],
      ["email", "native@example.ng"],
      ["website", ""],
    ]);
    const response = await handler()(
      request(form, { headers: { "content-type": "application/x-www-form-urlencoded", accept: "text/html" } }),
    );
    expect(response.status).toBe(303);
    // The lead booking token rides in the fragment, which the browser never sends on.
    expect(response.headers.get("location")).toMatch(/^\/thank-you#booking=[A-Za-z0-9_-]{22}$/);
    expect((await leadsFor("native@example.ng"))[0]).toMatchObject({
      service: "web-design",
      has_website: "no",
      features: ["speed", "lead-form"],
    });
  });
});

describe("api/contact's lead booking token", () => {
  it("is stored only as its SHA-256, for the lead just stored, for two hours", async () => {
    const response = await handler()(request(json({ ...valid, email: "token@example.ng" })));
    const { bookingToken } = (await response.json()) as { bookingToken: string };
    const [lead] = await leadsFor("token@example.ng");
    const { rows } = await supabase.local.db.query<{ token_hash: string; lead_id: string; hours: number }>(
      `select token_hash, lead_id, round(extract(epoch from expires_at - created_at) / 3600)::int as hours
         from private.call_lead_tokens where lead_id = $1`,
      [lead!.id],
    );
    expect(rows).toEqual([
      { token_hash: createHash("sha256").update(bookingToken).digest("hex"), lead_id: lead!.id, hours: 2 },
    ]);
  });
});

describe("api/contact refuses bad input with a status and a message", () => {
  it.each(["GET", "PUT", "DELETE"])("%s: 405 with Allow: POST", async (method) => {
    const response = await handler()(request(null, { method }));
    await expectRefusal(response, 405, messages.methodNotAllowed);
    expect(response.headers.get("allow")).toBe("POST");
  });

  it("a body that is neither JSON nor form data: 415", async () => {
    await expectRefusal(
      await handler()(request("<lead/>", { headers: { "content-type": "application/xml" } })),
      415,
      messages.unsupportedType,
    );
  });

  it("a body over the limit, declared or streamed: 413", async () => {
    const big = json({ ...valid, message: "x".repeat(MAX_BODY_BYTES) });
    await expectRefusal(await handler()(request(big)), 413, messages.tooLarge);
    const stream = new ReadableStream({
      start(controller) {
        controller.enqueue(new TextEncoder().encode(big));
        controller.close();
      },
    });
    const streamed = new Request(`${supabase.url}/api/contact`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: stream,
      duplex: "half",
    } as RequestInit);
    await expectRefusal(await handler()(streamed), 413, messages.tooLarge);
  });

  it("malformed JSON and an empty body: 400", async () => {
    await expectRefusal(await handler()(request("{ nope")), 400, messages.malformedJson);
    await expectRefusal(await handler()(request("[1, 2]")), 400, messages.malformedJson);
    await expectRefusal(await handler()(request("")), 400, messages.empty);
  });

  it.each<[string, Record<string, unknown>, string, string | RegExp]>([
    ["no name", { fullName: "" }, "fullName", contactCopy.errors.fullName],
    ["a blank name", { fullName: "   " }, "fullName", contactCopy.errors.fullName],
    ["no e-mail", { email: undefined }, "email", contactCopy.errors.emailMissing],
    ["a malformed e-mail", { email: "amaka@" }, "email", contactCopy.errors.emailInvalid],
    ["a name that is not text", { fullName: 42 }, "fullName", /“Full name” must be text/],
    [
      "an oversized company name",
      { companyName: "C".repeat(161) },
      "companyName",
      /“Company name” can be at most 160 characters/,
    ],
    ["an oversized message", { message: "m".repeat(5001) }, "message", /“Message” can be at most 5,000 characters/],
    ["letters in the phone number", { phone: "call me" }, "phone", contactCopy.errors.phone],
    ["an unknown service", { service: "seo" }, "service", /offered answers to “Which service do you need\?”/],
    ["an unknown package", { adPackage: "AdMega" }, "adPackage", /Paid ads details: Which package interests you\?/],
    ["an unknown ROAS band", { roas: "10x" }, "roas", /highest ROAS/],
    [
      "features that are not a list of options",
      { service: "web-design", features: ["speed", "blockchain"] },
      "features",
      /Which features matter most/,
    ],
    ["a team size that is not a number", { service: "crm", teamSize: "ten" }, "teamSize", contactCopy.errors.teamSize],
    ["a team size of zero", { service: "crm", teamSize: 0 }, "teamSize", contactCopy.errors.teamSize],
  ])("%s: 400 naming the field", async (_, change, field, message) => {
    const email = `refused-${field}@example.ng`;
    const response = await handler()(request(json({ ...valid, email, ...change })));
    await expectRefusal(response, 400, message, field);
    expect(await leadsFor(typeof change.email === "string" ? change.email : email)).toEqual([]);
  });

  it("a flood from one address or one IP: 429, and nothing more is stored", async () => {
    const contact = handler();
    for (let i = 0; i < RATE_LIMIT.perAddress; i += 1) {
      expect((await contact(request(json({ ...valid, email: "flood@example.ng" })))).status).toBe(200);
    }
    const refused = await contact(request(json({ ...valid, email: "FLOOD@example.ng" })));
    await expectRefusal(refused, 429, messages.rateLimited);
    // The instance's own count answers with its whole window.
    expect(Number(refused.headers.get("retry-after"))).toBe(RATE_LIMIT.windowMs / 1000);
    expect(await leadsFor("flood@example.ng")).toHaveLength(RATE_LIMIT.perAddress);

    const fromOneIp = { "x-forwarded-for": "203.0.113.7" };
    for (let i = 0; i < RATE_LIMIT.perIp; i += 1) {
      expect(
        (await contact(request(json({ ...valid, email: `ip-${i}@example.ng` }), { headers: fromOneIp }))).status,
      ).toBe(200);
    }
    await expectRefusal(
      await contact(request(json({ ...valid, email: "ip-last@example.ng" }), { headers: fromOneIp })),
      429,
      messages.rateLimited,
    );
    expect(await leadsFor("ip-last@example.ng")).toEqual([]);
  });

  it("a filled honeypot or an instant submit looks accepted, and stores nothing", async () => {
    for (const trap of [{ website: "https://spam.example" }, { elapsedMs: 120 }]) {
      const response = await handler()(request(json({ ...valid, email: "bot@example.ng", ...trap })));
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ message: messages.accepted });
    }
    expect(await leadsFor("bot@example.ng")).toEqual([]);
  });

  it("a backend that cannot be reached: 503 with a message, for JSON and for a browser's own post", async () => {
    const down = "http://127.0.0.1:1";
    const response = await handler()(request(json(valid), { origin: down }));
    await expectRefusal(response, 503, messages.unavailable);

    const form = new URLSearchParams([
      ["fullName", "<b>Amaka</b>"],
      ["email", "amaka@example.ng"],
      ["message", 'Line one\nLine "two"'],
    ]);
    const page = await handler()(
      request(form, {
        origin: down,
        headers: { "content-type": "application/x-www-form-urlencoded", accept: "text/html" },
      }),
    );
    expect(page.status).toBe(503);
    expect(page.headers.get("content-type")).toMatch(/text\/html/);
    const html = await page.text();
    expect(html).toContain(messages.unavailable);
    expect(html).toContain("&lt;b&gt;Amaka&lt;/b&gt;");
    expect(html).not.toContain("<b>Amaka</b>");
    // Every answer can be sent again as it was typed.
    expect(html).toContain('<form method="post" action="/api/contact">');
    expect(html).toContain('<input type="hidden" name="message" value="Line one\nLine &quot;two&quot;">');
    expect(html).toContain('href="mailto:hello@ascenddigital.ng"');
    expect(html).toMatch(/href="https:\/\/wa\.me\/2348095550142\?text=/);
  });

  it("no Supabase configured on Vercel: 503 that asks the visitor to write instead", async () => {
    await expectRefusal(await handler({ VERCEL: "1" })(request(json(valid))), 503, messages.notConfigured);
  });

  it("a deployment without the service-role key (the function's only way in): 503, not 500, and nothing stored", async () => {
    const env = { VERCEL: "1", SUPABASE_URL: supabase.url, SUPABASE_ANON_KEY: LOCAL_DEFAULTS.anonKey };
    await expectRefusal(
      await handler(env)(request(json({ ...valid, email: "nokey@example.ng" }))),
      503,
      messages.notConfigured,
    );
    expect(await leadsFor("nokey@example.ng")).toEqual([]);
  });

  it("a key the database refuses (the anon key given as the service-role key): 503, and nothing stored", async () => {
    const env = {
      VERCEL: "1",
      SUPABASE_URL: supabase.url,
      SUPABASE_ANON_KEY: LOCAL_DEFAULTS.anonKey,
      SUPABASE_SERVICE_ROLE_KEY: LOCAL_DEFAULTS.anonKey,
    };
    await expectRefusal(
      await handler(env)(request(json({ ...valid, email: "wrongkey@example.ng" }))),
      503,
      messages.unavailable,
    );
    expect(await leadsFor("wrongkey@example.ng")).toEqual([]);
  });
});

describe("the CRM webhook, through the outbox", () => {
  /** The lead's webhook row, as the database holds it. */
  async function webhookRow(email: string) {
    const { rows } = await supabase.local.db.query<{
      id: number;
      status: string;
      attempts: number;
      last_error: string | null;
      message_id: string | null;
    }>(
      `select m.id::int as id, m.status, m.attempts, m.last_error, m.message_id from public.lead_messages m join public.leads l on l.id = m.lead_id where l.email = $1 and m.kind = 'webhook'`,
      [email],
    );
    return rows[0]!;
  }

  /** A later scheduled run: the row's backoff has passed. */
  async function laterRun(env: Record<string, string>, email: string) {
    await supabase.local.db.query(
      `update public.lead_messages m set next_attempt_at = now() - interval '1 second' from public.leads l where l.id = m.lead_id and l.email = $1 and m.status = 'waiting'`,
      [email],
    );
    return runDispatch(new Request(`${supabase.url}/api/cron-conversions`), { settings: () => readSettings(env) });
  }

  it("receives the stored lead as signed JSON with the row's idempotency key, and the lead records that it was forwarded", async () => {
    const secret = "whsec-test";
    const response = await handler({ LEADS_WEBHOOK_URL: webhookUrl, LEADS_WEBHOOK_SECRET: secret })(
      request(json({ ...valid, email: "hook@example.ng" })),
    );
    expect(response.status).toBe(200);
    await Promise.all(pending);

    expect(received).toHaveLength(1);
    const [call] = received;
    const payload = JSON.parse(call!.body) as WebhookPayload;
    expect(call!.headers["content-type"]).toMatch(/application\/json/);
    expect(call!.headers["x-signature-256"]).toBe(
      `sha256=${createHmac("sha256", secret).update(call!.body).digest("hex")}`,
    );
    const row = await webhookRow("hook@example.ng");
    expect(call!.headers["idempotency-key"]).toBe(`lead-message-${row.id}`);
    expect(row).toMatchObject({ status: "delivered", attempts: 1, message_id: `lead-message-${row.id}` });
    expect(payload).toMatchObject({
      event: "lead.created",
      lead: {
        full_name: "Amaka Okafor",
        email: "hook@example.ng",
        service: "paid-ads",
        first_touch: { utm_source: "facebook", utm_campaign: "launch" },
      },
      admin_url: `${supabase.url}/admin/leads/${payload.lead.id}`,
    });
    for (const hidden of ["forward_token", "client_ip", "client_user_agent", "fbp", "ad_user_data"])
      expect(payload.lead).not.toHaveProperty(hidden);

    const [lead] = await leadsFor("hook@example.ng");
    expect(lead!.id).toBe(payload.lead.id);
    expect(lead!.forwarded_at).not.toBeNull();
    expect(lead!.forward_error).toBeNull();
  });

  it("a failure never fails the submit; a later run delivers it once, with the same idempotency key", async () => {
    webhookReply = (res, attempt) => {
      res.writeHead(attempt === 1 ? 503 : 200);
      res.end();
    };
    const env = { LEADS_WEBHOOK_URL: webhookUrl };
    expect((await handler(env)(request(json({ ...valid, email: "retry@example.ng" })))).status).toBe(200);
    await Promise.all(pending);
    expect(received).toHaveLength(1);
    expect(await webhookRow("retry@example.ng")).toMatchObject({
      status: "waiting",
      attempts: 1,
      last_error: "The webhook answered 503.",
    });
    expect((await leadsFor("retry@example.ng"))[0]!.forwarded_at).toBeNull();

    await laterRun(env, "retry@example.ng");
    await laterRun(env, "retry@example.ng");
    expect(received).toHaveLength(2);
    expect(received[0]!.headers["idempotency-key"]).toBe(received[1]!.headers["idempotency-key"]);
    expect(await webhookRow("retry@example.ng")).toMatchObject({ status: "delivered", attempts: 2, last_error: null });
    expect((await leadsFor("retry@example.ng"))[0]!.forwarded_at).not.toBeNull();
  });

  it("too slow is retried later, and the submit still succeeds", async () => {
    webhookReply = () => {}; // never answers
    const slow = await handler({ LEADS_WEBHOOK_URL: webhookUrl, LEADS_WEBHOOK_TIMEOUT_MS: "150" })(
      request(json({ ...valid, email: "hook-slow@example.ng" })),
    );
    expect(slow.status).toBe(200);
    await Promise.all(pending);
    expect(await webhookRow("hook-slow@example.ng")).toMatchObject({
      status: "waiting",
      last_error: "The webhook did not answer within 150 ms.",
    });
  });

  it("a receiver that refuses the lead (4xx) fails the row at once, and the lead says why", async () => {
    webhookReply = (res) => {
      res.writeHead(422);
      res.end();
    };
    await handler({ LEADS_WEBHOOK_URL: webhookUrl })(request(json({ ...valid, email: "hook-422@example.ng" })));
    await Promise.all(pending);
    expect(received).toHaveLength(1);
    expect(await webhookRow("hook-422@example.ng")).toMatchObject({
      status: "failed",
      last_error: "The webhook answered 422.",
    });
    expect((await leadsFor("hook-422@example.ng"))[0]!.forward_error).toBe("The webhook answered 422.");
  });

  it("with no webhook configured the row is skipped as not configured, and the lead is stored", async () => {
    await handler()(request(json({ ...valid, email: "no-hook@example.ng" })));
    await Promise.all(pending);
    expect(received).toHaveLength(0);
    expect(await webhookRow("no-hook@example.ng")).toMatchObject({ status: "skipped" });
    expect(await leadsFor("no-hook@example.ng")).toHaveLength(1);
  });

  it("the local stand-in records what would have been sent", async () => {
    const standin = createLeadsWebhookStandin();
    const middleware = webMiddleware([standin.path], standin.handler);
    const server = createServer((req, res) => middleware(req, res, () => res.writeHead(404).end()));
    const origin = await listen(server);
    try {
      await handler({ LEADS_WEBHOOK_URL: `${origin}${standin.path}` })(
        request(json({ ...valid, email: "standin@example.ng" })),
      );
      await Promise.all(pending);
      expect(standin.received).toHaveLength(1);
      expect(standin.received[0]!.payload).toMatchObject({
        event: "lead.created",
        lead: { email: "standin@example.ng" },
      });
      const listed = (await (await fetch(`${origin}${standin.path}`)).json()) as { received: unknown[] };
      expect(listed.received).toHaveLength(1);
      expect((await leadsFor("standin@example.ng"))[0]!.forwarded_at).not.toBeNull();
    } finally {
      await close(server);
    }
  });
});
