import { createHmac } from "node:crypto";
import { PostgrestClient } from "@supabase/postgrest-js";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { Database } from "../lib/database";
import { MemoryRateLimiter } from "./rate-limit-memory";
import { PostgresRateLimiter } from "./rate-limit-postgres";
import type { RateRule } from "./rate-limit";
import { createLocalSupabase, LOCAL_DEFAULTS, type LocalSupabase } from "../../supabase/local/index";
import { createContactHandler, messages, RATE_LIMIT } from "./contact";
import { readSettings } from "./settings";

/**
 * The shared rate limit: counted in Postgres (the local Supabase: PGlite with the real migrations,
 * reached through its PostgREST with the service-role key, the only key it answers), so separate function instances refuse the same
 * flood; exact under concurrency; no address stored; windows that end; and what happens when the
 * database cannot be reached.
 */
let local: LocalSupabase;
const SALT = "test-salt";

/** The key a count is stored under, as rate-limit-postgres.ts specifies it: HMAC-SHA256 of the rule's name and the subject. */
function rateLimitKey(salt: string, rule: RateRule, subject: string): string {
  return createHmac("sha256", salt).update(`${rule.name}\n${subject}`).digest("hex");
}

/** How a function reaches the local Supabase: its HTTP handler, in process. */
const inProcess: typeof fetch = async (input, init) => local.handler(new Request(input, init));

/** The functions' way to the limiter: the service-role key (anon may not call hit_rate_limit). */
function serverClient(transport: typeof fetch = inProcess) {
  return new PostgrestClient<Database>("http://local.test/rest/v1", {
    headers: { apikey: LOCAL_DEFAULTS.serviceRoleKey, Authorization: `Bearer ${LOCAL_DEFAULTS.serviceRoleKey}` },
    fetch: transport,
  });
}

function anonClient() {
  return new PostgrestClient<Database>("http://local.test/rest/v1", {
    headers: { apikey: LOCAL_DEFAULTS.anonKey, Authorization: `Bearer ${LOCAL_DEFAULTS.anonKey}` },
    fetch: inProcess,
  });
}

beforeAll(async () => {
  local = await createLocalSupabase({ inMemory: true, quiet: true, bcryptCost: 4, env: {} });
});

afterAll(async () => {
  await local?.close();
});

beforeEach(() => {
  vi.spyOn(console, "error").mockImplementation(() => {});
});

afterEach(() => {
  vi.restoreAllMocks();
});

/**
 * The tests' clock: every hit is made at a time the test sets, so a loop of hits never straddles the
 * end of a window, and a window ends when the test moves the clock.
 */
const START = new Date("2026-11-26T09:00:10.000Z");
let now = START;
const clock = () => now;

beforeEach(() => {
  now = START;
});

let rule = 0;
/** A rule of its own per test, so counts never carry over. */
function freshRule(limit: number, windowSeconds = 600): RateRule {
  rule += 1;
  return { name: `test-${rule}:ip`, limit, windowSeconds };
}

describe("two contact function instances over one database", () => {
  const env = { RATE_LIMIT_SALT: SALT };
  // Each stored lead's dispatcher run goes on after the answer; the tests wait for it before reading
  // the database directly (a direct query must not run inside one of its transactions).
  const background: Promise<unknown>[] = [];
  const waitUntil = (work: Promise<unknown>) => void background.push(work);
  const settled = () => Promise.all(background.splice(0));
  afterAll(settled);
  const instances = [
    createContactHandler({ settings: () => readSettings(env), fetch: inProcess, waitUntil, now: clock }),
    createContactHandler({ settings: () => readSettings(env), fetch: inProcess, waitUntil, now: clock }),
  ];

  function submit(instance: number, email: string, ip: string) {
    return instances[instance]!(
      new Request("http://local.test/api/contact", {
        method: "POST",
        headers: { "content-type": "application/json", "x-forwarded-for": ip },
        body: JSON.stringify({ fullName: "Chidi Eze", email, service: "crm", elapsedMs: 5_000 }),
      }),
    );
  }

  async function storedFor(prefix: string): Promise<number> {
    await settled();
    const { rows } = await local.db.query<{ n: number }>(
      `select count(*)::int as n from public.leads where email like $1`,
      [`${prefix}%`],
    );
    return rows[0]!.n;
  }

  it("refuses the request over the per-address limit with 429 and Retry-After, whichever instance serves it", async () => {
    for (let i = 0; i < RATE_LIMIT.perAddress; i += 1) {
      expect((await submit(i % 2, "shared-address@example.ng", `192.0.2.${i + 1}`)).status).toBe(200);
    }
    for (const instance of [0, 1]) {
      const refused = await submit(instance, "Shared-Address@example.ng", `192.0.2.${100 + instance}`);
      expect(refused.status).toBe(429);
      expect(((await refused.json()) as { message: string }).message).toBe(messages.rateLimited);
      // The shared window of ten minutes started at 09:00:00; the clock says 09:00:10.
      expect(Number(refused.headers.get("retry-after"))).toBe(RATE_LIMIT.windowMs / 1000 - 10);
    }
    expect(await storedFor("shared-address@")).toBe(RATE_LIMIT.perAddress);
  });

  it("refuses the request over the per-IP limit on either instance", async () => {
    for (let i = 0; i < RATE_LIMIT.perIp; i += 1) {
      expect((await submit(i % 2, `per-ip-${i}@example.ng`, "203.0.113.50")).status).toBe(200);
    }
    expect((await submit(0, "per-ip-over-a@example.ng", "203.0.113.50")).status).toBe(429);
    expect((await submit(1, "per-ip-over-b@example.ng", "203.0.113.50")).status).toBe(429);
    expect(await storedFor("per-ip-")).toBe(RATE_LIMIT.perIp);
  });

  it("keeps only salted hashes: no address reaches the database", async () => {
    await settled();
    const { rows } = await local.db.query<{ key: string }>(`select key from private.rate_limit_counters`);
    expect(rows.length).toBeGreaterThan(0);
    for (const { key } of rows) {
      expect(key).toMatch(/^[0-9a-f]{64}$/);
      expect(key).not.toContain("203.0.113");
    }
    const expected = rateLimitKey(
      SALT,
      { name: "contact:ip", limit: RATE_LIMIT.perIp, windowSeconds: 600 },
      "203.0.113.50",
    );
    expect(rows.map((row) => row.key)).toContain(expected);
  });
});

describe("the Postgres limiter", () => {
  it("counts many parallel hits exactly", async () => {
    const limiter = new PostgresRateLimiter(serverClient(), SALT, new MemoryRateLimiter(), clock);
    const quota = freshRule(40);
    const decisions = await Promise.all(Array.from({ length: 120 }, () => limiter.hit(quota, "198.51.100.9")));
    expect(decisions.filter((decision) => decision.allowed)).toHaveLength(40);
    expect(decisions.filter((decision) => !decision.allowed).every((decision) => decision.retryAfterSeconds >= 1)).toBe(
      true,
    );
    const { rows } = await local.db.query<{ hits: number }>(
      `select hits from private.rate_limit_counters where key = $1`,
      [rateLimitKey(SALT, quota, "198.51.100.9")],
    );
    expect(rows).toEqual([{ hits: 120 }]);
  });

  it("refuses until the window ends, saying how long that is, then starts a new count", async () => {
    const limiter = new PostgresRateLimiter(serverClient(), SALT, new MemoryRateLimiter(), clock);
    const quota = freshRule(2, 60);
    const hits = [];
    for (let i = 0; i < 3; i += 1) hits.push(await limiter.hit(quota, "198.51.100.10"));
    expect(hits).toEqual([
      { allowed: true, retryAfterSeconds: 0 },
      { allowed: true, retryAfterSeconds: 0 },
      { allowed: false, retryAfterSeconds: 50 },
    ]);
    now = new Date("2026-11-26T09:00:59.000Z");
    expect(await limiter.hit(quota, "198.51.100.10")).toEqual({ allowed: false, retryAfterSeconds: 1 });
    now = new Date("2026-11-26T09:01:00.000Z");
    expect(await limiter.hit(quota, "198.51.100.10")).toEqual({ allowed: true, retryAfterSeconds: 0 });
  });

  it("prunes the windows that have ended and keeps the others", async () => {
    const quota = freshRule(2, 60);
    const [ended, current] = ["198.51.100.11", "198.51.100.12"].map((subject) => rateLimitKey(SALT, quota, subject));
    await local.db.query(
      `insert into private.rate_limit_counters (key, window_start, expires_at, hits)
       values ($1, now() - interval '61 minutes', now() - interval '60 minutes', 5),
              ($2, now() - interval '30 seconds', now() + interval '30 seconds', 1)`,
      [ended, current],
    );
    const pruned = await local.db.query<{ n: number }>(`select private.prune_rate_limit_counters() as n`);
    expect(pruned.rows[0]!.n).toBeGreaterThanOrEqual(1);
    const left = await local.db.query<{ key: string }>(
      `select key from private.rate_limit_counters where key = any($1::text[])`,
      [[ended, current]],
    );
    expect(left.rows).toEqual([{ key: current }]);
  });

  it("is not reachable past its checks through the API: anon may not call it, bad keys and quotas are refused, the table is not readable", async () => {
    expect(
      (await anonClient().rpc("hit_rate_limit", { bucket_key: "a".repeat(64), max_hits: 5, window_seconds: 60 })).error
        ?.code,
    ).toBe("42501");
    const client = serverClient();
    expect(
      (await client.rpc("hit_rate_limit", { bucket_key: "203.0.113.1", max_hits: 5, window_seconds: 60 })).error?.code,
    ).toBe("22023");
    expect(
      (await client.rpc("hit_rate_limit", { bucket_key: "a".repeat(64), max_hits: 0, window_seconds: 60 })).error?.code,
    ).toBe("22023");
    const direct = await local.handler(
      new Request("http://local.test/rest/v1/rate_limit_counters?select=*", {
        headers: { apikey: LOCAL_DEFAULTS.anonKey },
      }),
    );
    expect(direct.status).toBeGreaterThanOrEqual(400);
  });

  it("fails open to this instance's memory when the database cannot be reached, and logs it", async () => {
    const unreachable: typeof fetch = async () => {
      throw new TypeError("fetch failed");
    };
    const limiter = new PostgresRateLimiter(serverClient(unreachable), SALT, new MemoryRateLimiter({ now: clock }));
    const quota = freshRule(3);
    const decisions = [];
    for (let i = 0; i < 4; i += 1) decisions.push(await limiter.hit(quota, "198.51.100.11"));
    expect(decisions.map((decision) => decision.allowed)).toEqual([true, true, true, false]);
    expect(decisions[3]!.retryAfterSeconds).toBe(600);
    expect(console.error).toHaveBeenCalledWith(expect.stringContaining("the database count failed"), expect.anything());
  });

  it("fails open the same way when the database answers with an error", async () => {
    const failing: typeof fetch = async () =>
      new Response(JSON.stringify({ code: "57P01", message: "terminating connection" }), {
        status: 503,
        headers: { "content-type": "application/json" },
      });
    const limiter = new PostgresRateLimiter(serverClient(failing), SALT, new MemoryRateLimiter({ now: clock }));
    expect((await limiter.hit(freshRule(1), "198.51.100.12")).allowed).toBe(true);
    expect((await limiter.hit(freshRule(1), "198.51.100.12")).allowed).toBe(true);
  });
});
