/**
 * What api/calls' routes share (handler.ts, booking.ts): the request's context and dependencies, its
 * limits, the client's key, the calendar it reads, and the outbox's run after a change. How a time
 * or a request is refused is refusals.ts's; what a request brings and an answer carries, wire.ts's.
 */
import { createHmac } from "node:crypto";
import { callsFunctionCopy } from "../../content/functions.js";
import type { Interval } from "../../lib/calls/slots.js";
import { clientIp, refuse } from "../http.js";
import type { LeadDoorRuntime } from "../lead-door.js";
import { dispatchForLead } from "../outbox/run.js";
import type { RateLimiter, RateRule } from "../rate-limit.js";
import { hitAll } from "../rate-limit-postgres.js";
import type { ServerSettings } from "../settings.js";
import type { DbClient } from "../supabase.js";
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

/**
 * After the answer: the outbox rows the booking's transaction wrote (the confirmation or its change,
 * the team's e-mail, the calendar event, the Schedule conversion), sent now for this lead. What
 * cannot be sent waits for the schedule.
 */
export function dispatchCall(context: CallsContext, leadId: string): void {
  const { deps, settings } = context;
  context.deps.waitUntil(
    dispatchForLead(
      context.request,
      { settings: () => settings, ...(deps.fetch ? { dbFetch: deps.fetch } : {}), ...deps.conversions },
      leadId,
    ),
  );
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
