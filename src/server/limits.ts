/**
 * The one place that decides which RateLimiter (rate-limit.ts) the functions use. The adapters in
 * api/ call it once per function instance and pass the limiter to the handlers, which only know the
 * interface. Today: the in-memory one.
 */
import type { RateLimiter } from "./rate-limit.js";
import { MemoryRateLimiter } from "./rate-limit-memory.js";
import type { ServerSettings } from "./settings.js";

export function createRateLimiter(_settings: ServerSettings): RateLimiter {
  return new MemoryRateLimiter();
}

/** Every hit of `hits` counted (none skipped when an earlier one is refused); the longest wait among the refusals. */
export async function allowAll(limiter: RateLimiter, hits: readonly (readonly [rule: Parameters<RateLimiter["hit"]>[0], subject: string])[]): Promise<{ allowed: boolean; retryAfterSeconds: number }> {
  const decisions = await Promise.all(hits.map(([rule, subject]) => limiter.hit(rule, subject)));
  const refused = decisions.filter((decision) => !decision.allowed);
  return { allowed: refused.length === 0, retryAfterSeconds: Math.max(0, ...refused.map((decision) => decision.retryAfterSeconds)) };
}
