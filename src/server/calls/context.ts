/**
 * What api/calls' routes share (handler.ts, booking.ts, free-times.ts): the request's context and
 * dependencies, how it is opened, its limits, the client's key and the calendar it reads. The
 * outbox's run after a change is dispatch.ts's, so that the free times (the blog function's /book)
 * load nothing of the outbox. How a time
 * or a request is refused is refusals.ts's; what a request brings and an answer carries, wire.ts's.
 */
import { createHmac } from "node:crypto";
import { callsFunctionCopy } from "../../content/functions.js";
import type { Interval } from "../../lib/calls/slots.js";
import { clientIp, refuse } from "../http.js";
import type { LeadDoorRuntime } from "../lead-door.js";
import type { RateLimiter, RateRule } from "../rate-limit.js";
import { hitAll } from "../rate-limit-postgres.js";
import type { MemoryRateLimiter } from "../rate-limit-memory.js";
import { sharedLimiter } from "../request-limits.js";
import { DEV_CALLS_CHALLENGE_SECRET, DEV_CALLS_TOKEN_SECRET, type ServerSettings } from "../settings.js";
import { createServiceClient, serviceTarget, type DbClient } from "../supabase.js";
import { readCalendar, type CallCalendar } from "./calendar.js";

const messages = callsFunctionCopy.messages;

/** Requests per client address. */
export const CALLS_RATE_LIMIT = {
  slots: { name: "calls-slots:ip", limit: 60, windowSeconds: 60 },
  manage: { name: "calls:ip", limit: 20, windowSeconds: 600 },
  challenge: { name: "calls-challenge:ip", limit: 30, windowSeconds: 600 },
} as const satisfies Record<string, RateRule>;

export interface CallsDependencies extends LeadDoorRuntime {
  /** The settings for this request (read per request by the adapter). */
  settings: () => ServerSettings;
  /** Counts requests (default: the shared Postgres limiter over the same Supabase). */
  limiter?: RateLimiter;
  /**
   * The agency calendar's busy times (google-calendar.ts's calendarBusy, wired by api/calls.ts and
   * the local servers); none by default.
   */
  busy?: (from: Date, to: Date) => Promise<Interval[]>;
}

/** What one request works with. */
export interface CallsContext {
  request: Request;
  settings: ServerSettings;
  db: DbClient;
  limiter: RateLimiter;
  now: Date;
  deps: CallsDependencies;
}

export async function limit(context: CallsContext, rule: RateRule): Promise<void> {
  const decision = await hitAll(context.limiter, [[rule, clientIp(context.request)]]);
  if (!decision.allowed)
    throw refuse(429, { message: messages.rateLimited }, { "retry-after": String(decision.retryAfterSeconds) });
}

/**
 * The client address as the database keeps it beside a booking, to count live calls per client: an
 * HMAC under RATE_LIMIT_SALT (as the rate limiter's keys), never the address; null when unknown.
 */
export function clientKeyOf(context: CallsContext): string | null {
  const ip = clientIp(context.request);
  return ip ? createHmac("sha256", context.settings.rateLimitSalt).update(`calls-client\n${ip}`).digest("hex") : null;
}

export async function calendarOf(context: CallsContext): Promise<CallCalendar> {
  return readCalendar(context.db);
}

/**
 * The context of a request: refused (503) on Vercel while a development key is in use or the
 * service-role key is missing. `fallback` counts requests when the shared limiter cannot.
 */
export function openContext(
  request: Request,
  settings: ServerSettings,
  deps: CallsDependencies,
  fallback: MemoryRateLimiter,
): CallsContext {
  if (settings.onVercel && settings.callsTokenSecret === DEV_CALLS_TOKEN_SECRET) {
    // The development key is in the repository: links derived with it could be forged.
    console.error("calls: set CALLS_TOKEN_SECRET (a long random value): the manage links are derived with it");
    throw refuse(503, { message: messages.notConfigured }, { "retry-after": "300" });
  }
  if (settings.onVercel && settings.callsChallenge.secret === DEV_CALLS_CHALLENGE_SECRET) {
    // Challenges signed with a key in the repository could be forged: no proof of work at all.
    console.error("calls: set CALLS_CHALLENGE_SECRET (a long random value): /book's challenges are signed with it");
    throw refuse(503, { message: messages.notConfigured }, { "retry-after": "300" });
  }
  const target = serviceTarget(settings, request.url);
  if (!target) {
    console.error("calls: set SUPABASE_URL and SUPABASE_SERVICE_ROLE_KEY (the function's way into the database)");
    throw refuse(503, { message: messages.notConfigured }, { "retry-after": "300" });
  }
  // The service-role key: bookings, tokens and availability are readable by no API role, so the
  // function's own way in is the key, used only for these fixed calls (see the migration).
  const db = createServiceClient(target.url, target.key, { fetch: deps.fetch });
  const limiter = deps.limiter ?? sharedLimiter(db, settings, fallback, deps.now);
  return { request, settings, db, limiter, now: deps.now?.() ?? new Date(), deps };
}
