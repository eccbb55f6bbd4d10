import { createServer, type Server } from "node:http";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { close, listen } from "../../tests/support/http-server";
import { createLocalSupabase, type LocalSupabase } from "../../supabase/local/index";
import { createContactHandler } from "./contact";
import { readSettings } from "./settings";
import { createSubscribeHandler } from "./subscribe";

/**
 * Hostile input to both form functions: whatever arrives, the answer is a 4xx with a JSON message
 * (never a 5xx, which would say the site is down), and nothing is stored. api/contact runs against
 * the local Supabase (real migrations and constraints); api/subscribe against a stand-in provider
 * that must only ever receive a clean address.
 */
let local: LocalSupabase;
const inProcess: typeof fetch = async (input, init) => local.handler(new Request(input, init));
/** Each stored lead's dispatcher run, awaited before the database is read directly (never inside one of its transactions). */
const background: Promise<unknown>[] = [];
const settled = () => Promise.all(background.splice(0));
const contact = createContactHandler({
  settings: () => readSettings({}),
  fetch: inProcess,
  waitUntil: (work) => void background.push(work),
});
/** Form bodies the stand-in newsletter provider (a real HTTP server on 127.0.0.1) received. */
const providerCalls: string[] = [];
let provider: Server;
let providerUrl: string;

beforeAll(async () => {
  local = await createLocalSupabase({ inMemory: true, quiet: true, bcryptCost: 4, env: {} });
  provider = createServer((req, res) => {
    let body = "";
    req.on("data", (chunk: Buffer) => (body += chunk.toString()));
    req.on("end", () => {
      providerCalls.push(body);
      res.writeHead(200, { "content-type": "application/json" }).end("{}");
    });
  });
  providerUrl = `${await listen(provider)}/forms/1/subscriptions`;
});

afterAll(async () => {
  await settled();
  await close(provider);
  await local?.close();
});

/** The newsletter function as api/subscribe.ts makes it, a fresh instance (nothing counted) per test. */
let subscribe: { fetch: ReturnType<typeof createSubscribeHandler> };

beforeEach(() => {
  subscribe = { fetch: createSubscribeHandler({ settings: readSettings }) };
  vi.stubEnv("NEWSLETTER_FORM_URL", providerUrl);
  vi.spyOn(console, "error").mockImplementation(() => {});
  const realFetch = globalThis.fetch;
  vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
    const url = new Request(input, init).url;
    // The newsletter's limiter reaches the local Supabase at the request's origin.
    if (url.startsWith("http://local.test/")) return inProcess(input, init);
    return realFetch(input, init);
  });
});

afterEach(() => {
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
});

let address = 0;
function hostile(path: string, body: BodyInit | null, headers: Record<string, string>, method = "POST"): Request {
  address += 1;
  return new Request(`http://local.test${path}`, {
    method,
    body,
    headers: { "x-forwarded-for": `100.64.${address % 250}.${(address >> 8) % 250}`, ...headers },
  });
}

const JSON_TYPE = { "content-type": "application/json" };
const valid = { fullName: "Tunde Bakare", email: "tunde@example.ng", service: "crm", elapsedMs: 5_000 };

/** [what, body, headers, method?] */
const CASES: [string, BodyInit | null, Record<string, string>, string?][] = [
  ["a GET", null, {}, "GET"],
  ["an empty body", "", JSON_TYPE],
  ["invalid JSON", '{"fullName": ', JSON_TYPE],
  ["a JSON array", JSON.stringify([valid]), JSON_TYPE],
  ["a JSON string", JSON.stringify("tunde@example.ng"), JSON_TYPE],
  ["JSON null", "null", JSON_TYPE],
  ["deeply nested JSON", `${"[".repeat(5_000)}${"]".repeat(5_000)}`, JSON_TYPE],
  ["an XML body", "<lead><email>tunde@example.ng</email></lead>", { "content-type": "application/xml" }],
  ["an octet stream", new Uint8Array([0, 1, 2, 3]), { "content-type": "application/octet-stream" }],
  ["bytes that are not UTF-8", new Uint8Array([0x7b, 0xff, 0xfe, 0x7d]), JSON_TYPE],
  ["a body of 1 MB", JSON.stringify({ ...valid, message: "x".repeat(1024 * 1024) }), JSON_TYPE],
  ["a declared length of 1 GB", "{}", { ...JSON_TYPE, "content-length": String(1024 ** 3) }],
  ["multipart without a boundary", "--x\r\n", { "content-type": "multipart/form-data" }],
  [
    "arrays for strings",
    JSON.stringify({ ...valid, fullName: ["Tunde", "Bakare"], email: ["a@example.ng", "b@example.ng"] }),
    JSON_TYPE,
  ],
  [
    "objects for strings",
    JSON.stringify({ ...valid, fullName: { first: "Tunde" }, email: { toString: "x" } }),
    JSON_TYPE,
  ],
  ["numbers for strings", JSON.stringify({ ...valid, fullName: 7, email: 42 }), JSON_TYPE],
  [
    "NUL bytes in every answer",
    JSON.stringify({ ...valid, fullName: "Tunde\u0000Bakare", email: "tunde\u0000@example.ng", message: "\u0000" }),
    JSON_TYPE,
  ],
  [
    "a NUL byte in the name only",
    JSON.stringify({ ...valid, email: "nul-name@example.ng", fullName: "Tunde\u0000" }),
    JSON_TYPE,
  ],
  [
    "a NUL byte in the message only",
    JSON.stringify({ ...valid, email: "nul-message@example.ng", message: "hello\u0000world" }),
    JSON_TYPE,
  ],
  [
    "control characters in the name",
    JSON.stringify({ ...valid, email: "ctl@example.ng", fullName: "Tunde\u0007\u001b[31m" }),
    JSON_TYPE,
  ],
  [
    "a lone surrogate",
    JSON.stringify({ ...valid, email: "surrogate@example.ng", fullName: "Tunde \ud800" }),
    JSON_TYPE,
  ],
  [
    "a form body with a NUL byte",
    "fullName=Tunde%00&email=tunde%40example.ng&service=crm",
    { "content-type": "application/x-www-form-urlencoded" },
  ],
  [
    "a form body with bad percent-encoding",
    "fullName=%E0%A4%A&email=%ZZ&service=crm",
    { "content-type": "application/x-www-form-urlencoded" },
  ],
];

/** Bodies a person could send that carry odd keys or values the functions must ignore or keep as text. */
const HARMLESS: [string, Record<string, unknown> | string][] = [
  [
    "prototype keys",
    `{"__proto__": {"admin": true}, "constructor": {"prototype": {"x": 1}}, "fullName": "Tunde Bakare", "email": "EMAIL", "service": "crm", "elapsedMs": 5000}`,
  ],
  [
    "a NUL byte and control characters in the attribution",
    { ...valid, attribution: { first: { utm_source: "fb\u0000", landing_page: "/\u001b[31m" }, latest: "\u0000" } },
  ],
  [
    "unknown fields and a huge elapsedMs",
    { ...valid, role: "admin", status: "won", forwarded_at: "2020-01-01", elapsedMs: 1e308 },
  ],
];

async function leadCount(): Promise<number> {
  await settled();
  return (await local.db.query<{ n: number }>(`select count(*)::int as n from public.leads`)).rows[0]!.n;
}

describe("api/contact", () => {
  it.each(CASES)("%s: a 4xx with a message, nothing stored", async (_, body, headers, method) => {
    const before = await leadCount();
    const response = await contact(hostile("/api/contact", body, headers, method));
    expect(response.status, await response.clone().text()).toBeGreaterThanOrEqual(400);
    expect(response.status).toBeLessThan(500);
    expect(((await response.json()) as { message: string }).message).toMatch(/\w/);
    expect(await leadCount()).toBe(before);
  });

  it.each(HARMLESS)("%s: answered without a 5xx, nothing but the lead's own columns stored", async (_, body) => {
    const email = `harmless-${crypto.randomUUID()}@example.ng`;
    const text = (typeof body === "string" ? body : JSON.stringify(body))
      .replace("EMAIL", email)
      .replace(valid.email, email);
    const response = await contact(hostile("/api/contact", text, JSON_TYPE));
    expect(response.status).toBeLessThan(500);
    await settled();
    const { rows } = await local.db.query<{ status: string; forwarded_at: string | null }>(
      `select status, forwarded_at from public.leads where email = $1`,
      [email],
    );
    if (response.status === 200) expect(rows).toEqual([{ status: "new", forwarded_at: null }]);
    else expect(rows).toEqual([]);
    expect(({} as Record<string, unknown>).admin).toBeUndefined();
  });

  it("still stores a valid enquiry with odd but harmless text (quotes, emoji, right-to-left, SQL)", async () => {
    const email = "odd-harmless-text@example.ng";
    const fullName = `O'Brien "Tunde" 😀 محمد'); drop table leads;--`;
    const response = await contact(hostile("/api/contact", JSON.stringify({ ...valid, email, fullName }), JSON_TYPE));
    expect(response.status).toBe(200);
    await settled();
    const { rows } = await local.db.query<{ full_name: string }>(
      `select full_name from public.leads where email = $1`,
      [email],
    );
    expect(rows).toEqual([{ full_name: fullName }]);
  });
});

describe("api/subscribe", () => {
  it.each(CASES)(
    "%s: never a 5xx; the provider only ever receives a clean address",
    async (_, body, headers, method) => {
      const before = providerCalls.length;
      const response = await subscribe.fetch(hostile("/api/subscribe", body, headers, method));
      expect(response.status, await response.clone().text()).toBeLessThan(500);
      expect(((await response.json()) as { message: string }).message).toMatch(/\w/);
      if (response.status >= 400) expect(providerCalls.length).toBe(before);
      for (const call of providerCalls.slice(before))
        expect(new URLSearchParams(call).get("email")).toMatch(/^[a-z0-9.@-]+$/);
    },
  );

  it("refuses an address with a NUL byte or a control character as invalid", async () => {
    for (const email of ["tunde\u0000@example.ng", "tunde@example.ng\u0000", "tu\u001bnde@example.ng"]) {
      const response = await subscribe.fetch(hostile("/api/subscribe", JSON.stringify({ email }), JSON_TYPE));
      expect(response.status, JSON.stringify(email)).toBe(400);
    }
  });
});
