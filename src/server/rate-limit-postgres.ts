/**
 * The rate limiter the functions use: counts in Postgres (`public.hit_rate_limit`, migration
 * 20261124110000_rate_limits.sql), reached through the API with the anon key, so every function
 * instance shares one count per client and a cold start forgets nothing.
 *
 * Keys are an HMAC-SHA256 of the rule's name and the subject (a client address, an e-mail
 * address) under a secret salt (RATE_LIMIT_SALT): the database never holds an address.
 *
 * When the database call fails (unreachable, timed out, refused) the limiter FAILS OPEN to a
 * per-instance count in memory, and logs it. Why open: a lead or a sign-up turned away because a
 * counter could not be read is a lost customer, while the outer layer (the Vercel Firewall's rate
 * rule on /api/*, README) still stands in front of every instance, and the in-memory count still
 * blunts a flood on each instance. Failing closed would turn any database hiccup into an outage of
 * the forms, which is what the limiter exists to prevent. The contact form needs the same database
 * to store the lead, so when it is down the visitor gets the 503 of the insert, not a 429.
 */
import { createHmac } from "node:crypto";
import type { PostgrestClient } from "@supabase/postgrest-js";
import type { Database } from "../lib/database.js";
import type { RateDecision, RateLimiter, RateRule } from "./rate-limit.js";

/** The salt of local development and tests; a deployment sets RATE_LIMIT_SALT (settings.ts). */
export const DEV_RATE_LIMIT_SALT = "local-rate-limit-salt";

/** The counter's key: never the subject itself. */
function rateLimitKey(salt: string, rule: RateRule, subject: string): string {
  return createHmac("sha256", salt).update(`${rule.name}\n${subject}`).digest("hex");
}

export class PostgresRateLimiter implements RateLimiter {
  constructor(
    private readonly client: PostgrestClient<Database>,
    private readonly salt: string,
    /** This instance's count in memory (a MemoryRateLimiter, one per handler) for when the call fails. */
    private readonly fallback: RateLimiter,
    /**
     * The time of a hit, for a caller that decides which window it falls in (tests). A deployment
     * passes none: the database's clock is the one every instance shares.
     */
    private readonly now?: () => Date,
  ) {}

  async hit(rule: RateRule, subject: string): Promise<RateDecision> {
    try {
      const { data, error } = await this.client.rpc("hit_rate_limit", {
        bucket_key: rateLimitKey(this.salt, rule, subject),
        max_hits: rule.limit,
        window_seconds: rule.windowSeconds,
        ...(this.now ? { hit_time: this.now().toISOString() } : {}),
      });
      if (error) throw new Error(`${error.code ?? ""} ${error.message}`.trim());
      const row = Array.isArray(data) ? data[0] : undefined;
      if (!row || typeof row.allowed !== "boolean") throw new Error("hit_rate_limit answered without a decision");
      return {
        allowed: row.allowed,
        retryAfterSeconds: row.allowed ? 0 : Math.max(1, Number(row.retry_after_seconds) || rule.windowSeconds),
      };
    } catch (error) {
      console.error(
        `rate-limit: the database count failed (${rule.name}); counting in this instance instead:`,
        error instanceof Error ? error.message : error,
      );
      return this.fallback.hit(rule, subject);
    }
  }
}

/**
 * Counts one hit for each (rule, subject) in turn, stopping at the first refusal; subjects that are
 * unknown (no client address) are skipped.
 */
export async function hitAll(
  limiter: RateLimiter,
  hits: [RateRule, string | undefined | null][],
): Promise<RateDecision> {
  for (const [rule, subject] of hits) {
    if (!subject) continue;
    const decision = await limiter.hit(rule, subject);
    if (!decision.allowed) return decision;
  }
  return { allowed: true, retryAfterSeconds: 0 };
}
