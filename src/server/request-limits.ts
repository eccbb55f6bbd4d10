/**
 * The one place that decides how the functions count requests, and each function's quotas. The
 * limiter is the shared one in Postgres (rate-limit-postgres.ts), reached with the service-role key
 * (only the server may count: hit_rate_limit is not granted to anon), so every instance shares one
 * count per client; with no database or no key configured it counts in this instance's memory (and
 * a deployment without the key logs that once). A form (contact, newsletter) counts per client address and per e-mail address;
 * blog search per client address. A handler asks `refuseFlood` / `refuseSearchFlood` and answers 429
 * with `Retry-After` when they return a decision.
 */
import type { PostgrestClient } from "@supabase/postgrest-js";
import type { Database } from "../lib/database.js";
import { clientIp } from "./http.js";
import type { RateDecision, RateLimiter, RateRule } from "./rate-limit.js";
import { DEV_RATE_LIMIT_SALT, hitAll, PostgresRateLimiter } from "./rate-limit-postgres.js";
import type { ServerSettings } from "./settings.js";
import { createServiceClient, serviceTarget, type DbClientOptions } from "./supabase.js";

export interface FormQuota {
  windowMs: number;
  perIp: number;
  perAddress: number;
}

/** Searches per client address per minute: a reader never comes near it, a scraper does. */
export const SEARCH_QUOTA: RateRule = { name: "search:ip", limit: 30, windowSeconds: 60 };

let warnedAboutSalt = false;
let warnedAboutKey = false;

/**
 * The shared limiter over `client` (the function's service-role PostgREST client), or `fallback`, this
 * instance's count in memory, when there is no database to count in (and when a database call fails).
 * Each handler makes its fallback once, so an instance's count lives as long as its handler. `now`,
 * when given, is the time of each hit (tests); else the database's clock decides.
 */
export function sharedLimiter(
  client: PostgrestClient<Database> | null,
  settings: ServerSettings,
  fallback: RateLimiter,
  now?: () => Date,
): RateLimiter {
  if (!client) return fallback;
  if (settings.onVercel && settings.rateLimitSalt === DEV_RATE_LIMIT_SALT && !warnedAboutSalt) {
    warnedAboutSalt = true;
    console.error("rate-limit: RATE_LIMIT_SALT is not set; using the development salt. Set a long random value.");
  }
  return new PostgresRateLimiter(client, settings.rateLimitSalt, fallback, now);
}

/**
 * The shared limiter for a request to `requestUrl`: Postgres through the server's own door
 * (serviceTarget: SUPABASE_SERVICE_ROLE_KEY, or the local Supabase's key off Vercel), else `fallback`,
 * the handler's count in memory.
 */
export function serverLimiter(
  settings: ServerSettings,
  requestUrl: string,
  fallback: RateLimiter,
  options: DbClientOptions = {},
  now?: () => Date,
): RateLimiter {
  const target = serviceTarget(settings, requestUrl);
  if (!target && settings.onVercel && !warnedAboutKey) {
    warnedAboutKey = true;
    console.error(
      "rate-limit: SUPABASE_SERVICE_ROLE_KEY (or SUPABASE_URL) is not set; counting in each instance's memory.",
    );
  }
  const client = target ? createServiceClient(target.url, target.key, options) : null;
  return sharedLimiter(client, settings, fallback, now);
}

function formRules(route: string, quota: FormQuota): { ip: RateRule; address: RateRule } {
  const windowSeconds = Math.round(quota.windowMs / 1000);
  return {
    ip: { name: `${route}:ip`, limit: quota.perIp, windowSeconds },
    address: { name: `${route}:address`, limit: quota.perAddress, windowSeconds },
  };
}

/** The refusal when this submission is over a quota, else null. Counts the hit. */
export async function refuseFlood(
  limiter: RateLimiter,
  request: Request,
  route: string,
  quota: FormQuota,
  email: string,
): Promise<RateDecision | null> {
  const rules = formRules(route, quota);
  const decision = await hitAll(limiter, [
    [rules.ip, clientIp(request)],
    [rules.address, email.trim().toLowerCase()],
  ]);
  return decision.allowed ? null : decision;
}

/** The refusal when this client searched too often, else null. Counts the hit. */
export async function refuseSearchFlood(limiter: RateLimiter, request: Request): Promise<RateDecision | null> {
  const decision = await hitAll(limiter, [[SEARCH_QUOTA, clientIp(request)]]);
  return decision.allowed ? null : decision;
}
