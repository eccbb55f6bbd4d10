/**
 * The quotas of each function, over the shared limiter (rate-limit-postgres.ts): a form (contact,
 * newsletter) counts per client address and per e-mail address; blog search per client address.
 * A handler asks `refuseFlood` / `refuseSearchFlood` and answers 429 with `Retry-After` when they
 * return a decision.
 */
import type { PostgrestClient } from "@supabase/postgrest-js";
import type { Database } from "../lib/database.types.js";
import type { RateDecision, RateLimiter, RateRule } from "./rate-limit.js";
import { hitAll, PostgresRateLimiter, rateLimitSalt } from "./rate-limit-postgres.js";

type Env = Record<string, string | undefined>;

export interface FormQuota {
  windowMs: number;
  perIp: number;
  perAddress: number;
}

/** Searches per client address per minute: a reader never comes near it, a scraper does. */
export const SEARCH_QUOTA: RateRule = { name: "search:ip", limit: 30, windowSeconds: 60 };

/**
 * The client's address as Vercel passes it: Vercel sets `x-forwarded-for` (overwriting what the
 * client sent) and `x-real-ip` to the address that connected to its edge.
 */
export function clientAddress(request: Request): string | undefined {
  const forwarded = request.headers.get("x-forwarded-for")?.split(",")[0]?.trim();
  return forwarded || request.headers.get("x-real-ip")?.trim() || undefined;
}

/** The shared limiter over `client` (the function's anon PostgREST client). */
export function sharedLimiter(client: PostgrestClient<Database>, env: Env = process.env): RateLimiter {
  return new PostgresRateLimiter(client, rateLimitSalt(env));
}

export function formRules(route: string, quota: FormQuota): { ip: RateRule; address: RateRule } {
  const windowSeconds = Math.round(quota.windowMs / 1000);
  return {
    ip: { name: `${route}:ip`, limit: quota.perIp, windowSeconds },
    address: { name: `${route}:address`, limit: quota.perAddress, windowSeconds },
  };
}

/** The refusal when this submission is over a quota, else null. Counts the hit. */
export async function refuseFlood(limiter: RateLimiter, request: Request, route: string, quota: FormQuota, email: string): Promise<RateDecision | null> {
  const rules = formRules(route, quota);
  const decision = await hitAll(limiter, [
    [rules.ip, clientAddress(request)],
    [rules.address, email.trim().toLowerCase()],
  ]);
  return decision.allowed ? null : decision;
}

/** The refusal when this client searched too often, else null. Counts the hit. */
export async function refuseSearchFlood(limiter: RateLimiter, request: Request): Promise<RateDecision | null> {
  const decision = await hitAll(limiter, [[SEARCH_QUOTA, clientAddress(request)]]);
  return decision.allowed ? null : decision;
}
