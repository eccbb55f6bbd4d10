import { beforeAll, describe, expect, it } from "vitest";
import { RateLimiter, RULES } from "./auth-limits.ts";
import { LOCAL_DEFAULTS } from "./index.ts";
import { createLocalClient, localSupabaseForSuite } from "./testing.ts";

/** Sign-in rate limits of the local GoTrue, as hosted Supabase Auth answers them. */

const server = localSupabaseForSuite();

beforeAll(async () => {
  const service = createLocalClient(server.url, LOCAL_DEFAULTS.serviceRoleKey);
  for (const email of ["burst@example.com", "reset@example.com"]) {
    expect(
      (await service.auth.admin.createUser({ email, password: "right-password", email_confirm: true })).error,
    ).toBeNull();
  }
});

function signIn(email: string, password: string, client = "198.51.100.1") {
  return fetch(`${server.url}/auth/v1/token?grant_type=password`, {
    method: "POST",
    headers: {
      apikey: LOCAL_DEFAULTS.anonKey,
      "content-type": "application/json",
      "x-forwarded-for": client,
      "x-supabase-api-version": "2024-01-01",
    },
    body: JSON.stringify({ email, password }),
  });
}

describe("wrong passwords", () => {
  it("say the same whether or not the address has an account", async () => {
    const wrong = await signIn("burst@example.com", "nope", "198.51.100.50");
    const unknown = await signIn("nobody@example.com", "nope", "198.51.100.50");
    expect(wrong.status).toBe(400);
    expect(unknown.status).toBe(400);
    expect(await wrong.json()).toEqual(await unknown.json());
  });

  it("a burst for one address gets 429 with Retry-After, even with the right password then", async () => {
    // One failure already counted above, from another client.
    for (let attempt = 0; attempt < 4; attempt++) {
      expect((await signIn("burst@example.com", "wrong")).status).toBe(400);
    }
    const refused = await signIn("burst@example.com", "right-password", "203.0.113.9");
    expect(refused.status).toBe(429);
    const retryAfter = Number(refused.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(800);
    expect(retryAfter).toBeLessThanOrEqual(900);
    expect(await refused.json()).toMatchObject({ code: "over_request_rate_limit", msg: "Request rate limit reached" });

    const viaClient = await createLocalClient(server.url).auth.signInWithPassword({
      email: "burst@example.com",
      password: "right-password",
    });
    expect(viaClient.error).toMatchObject({ name: "AuthApiError", status: 429, code: "over_request_rate_limit" });
  });

  it("a success clears the address's count", async () => {
    for (let attempt = 0; attempt < 4; attempt++) {
      expect((await signIn("reset@example.com", "wrong", "192.0.2.1")).status).toBe(400);
    }
    expect((await signIn("reset@example.com", "right-password", "192.0.2.1")).status).toBe(200);
    for (let attempt = 0; attempt < 4; attempt++) {
      expect((await signIn("reset@example.com", "wrong", "192.0.2.1")).status).toBe(400);
    }
    expect((await signIn("reset@example.com", "right-password", "192.0.2.1")).status).toBe(200);
  });

  it("a burst from one client across addresses gets 429; other clients are not affected", async () => {
    for (let attempt = 0; attempt < 30; attempt++) {
      expect((await signIn(`guess-${attempt}@example.com`, "wrong", "100.64.0.7")).status).toBe(400);
    }
    const refused = await signIn("reset@example.com", "right-password", "100.64.0.7");
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await signIn("reset@example.com", "right-password", "100.64.0.8")).status).toBe(200);
  });
});

describe("RateLimiter", () => {
  it("counts within the window and frees the key once the oldest event leaves it", () => {
    let now = 1_000_000;
    const limiter = new RateLimiter(() => now);
    for (let i = 0; i < 5; i++) {
      expect(limiter.retryAfter("k", RULES.signInAddress)).toBe(0);
      limiter.record("k", RULES.signInAddress);
      now += 60_000;
    }
    // The first event was 5 minutes ago: it leaves the 15-minute window in 10 minutes.
    expect(limiter.retryAfter("k", RULES.signInAddress)).toBe(600);
    now += 600_000;
    expect(limiter.retryAfter("k", RULES.signInAddress)).toBe(0);
    limiter.record("k", RULES.signInAddress);
    limiter.clear("k");
    expect(limiter.retryAfter("k", RULES.signInAddress)).toBe(0);
  });
});
