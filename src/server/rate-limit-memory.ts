/**
 * A RateLimiter (rate-limit.ts) kept in the function instance's memory: a sliding window of hit
 * times per rule and subject. Not a quota across instances (each counts alone and a cold start
 * forgets): it is what the shared Postgres limiter falls back on when the database cannot be reached
 * (rate-limit-postgres.ts), and the limiter of code with no database at all.
 */
import type { RateDecision, RateLimiter, RateRule } from "./rate-limit.js";

export interface MemoryRateLimiterOptions {
  /** Distinct subjects kept before expired ones are dropped. */
  maxKeys?: number;
  /** The time of a hit (tests pass a clock they move). */
  now?: () => Date;
}

export class MemoryRateLimiter implements RateLimiter {
  private readonly hits = new Map<string, number[]>();
  private readonly maxKeys: number;
  private readonly now: () => Date;

  constructor({ maxKeys = 10_000, now = () => new Date() }: MemoryRateLimiterOptions = {}) {
    this.maxKeys = maxKeys;
    this.now = now;
  }

  async hit(rule: RateRule, subject: string): Promise<RateDecision> {
    const now = this.now().getTime();
    const windowMs = rule.windowSeconds * 1000;
    this.prune(now, windowMs);
    const key = `${rule.name}:${subject}`;
    const recent = (this.hits.get(key) ?? []).filter((time) => now - time < windowMs);
    if (recent.length >= rule.limit) {
      this.hits.set(key, recent);
      // The whole window: a client that waits that long is certain to be let through, whatever it
      // sends meanwhile.
      return { allowed: false, retryAfterSeconds: rule.windowSeconds };
    }
    recent.push(now);
    this.hits.set(key, recent);
    return { allowed: true, retryAfterSeconds: 0 };
  }

  private prune(now: number, windowMs: number): void {
    if (this.hits.size < this.maxKeys) return;
    for (const [key, times] of this.hits) {
      if (times.every((time) => now - time >= windowMs)) this.hits.delete(key);
    }
    // Still full (a flood of distinct subjects): start over rather than grow without bound.
    if (this.hits.size >= this.maxKeys) this.hits.clear();
  }
}
