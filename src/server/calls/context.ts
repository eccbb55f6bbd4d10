/**
 * What api/calls' routes share (handler.ts, booking.ts): the request's context, its limits, reading
 * its values, the slot rules' and the database's refusals as answers, and the booking's JSON.
 */
import { callsFunctionCopy } from "../../content/functions.js";
import { slotRefusalMessages } from "../../content/calls.js";
import { isValidTimeZone } from "../../lib/calls/display.js";
import {
  checkSlot,
  listSlots,
  nearestSlots,
  refusalMessage,
  type BookedCall,
  type Interval,
} from "../../lib/calls/slots.js";
import { createHmac } from "node:crypto";
import { clientIp, json } from "../http.js";
import type { LeadDoorRuntime } from "../lead-door.js";
import type { RateLimiter, RateRule } from "../rate-limit.js";
import { dispatchNewLead } from "../outbox/run.js";
import { hitAll } from "../rate-limit-postgres.js";
import type { ServerSettings } from "../settings.js";
import type { AnonClient } from "../supabase.js";
import { databaseRefusal, readBooked, readCalendar, type CallCalendar, type Place } from "./calendar.js";
import { hashToken, isTokenShape } from "./tokens.js";

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
    dispatchNewLead(
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
  db: AnonClient;
  limiter: RateLimiter;
  now: Date;
  deps: CallsDependencies;
}

/** An answer thrown from deep in a route, returned as it is. */
export class Answer extends Error {
  constructor(readonly response: Response) {
    super(`answered ${response.status}`);
  }
}

export const refuse = (status: number, body: Record<string, unknown>, headers: Record<string, string> = {}) =>
  new Answer(json(status, body, { "cache-control": "no-store", ...headers }));

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

/** Booked calls (optionally without one being moved) and the agency's busy times. */
export async function takenTimes(
  context: CallsContext,
  calendar: CallCalendar,
  moving?: { start: Date; end: Date },
): Promise<{ booked: BookedCall[]; busy: Interval[] }> {
  const { availability } = calendar;
  const booked = (await readBooked(context.db, availability, context.now)).filter(
    (one) => !moving || one.start.getTime() !== moving.start.getTime() || one.end.getTime() !== moving.end.getTime(),
  );
  const horizon = new Date(context.now.getTime() + (availability.horizonDays + 2) * 86_400_000);
  const same = (one: Interval) =>
    moving !== undefined &&
    one.start.getTime() === moving.start.getTime() &&
    one.end.getTime() === moving.end.getTime();
  // The agency's calendar holds the call being moved as an event of its own (google-calendar.ts): not a conflict.
  const busy = (context.deps.busy ? await context.deps.busy(context.now, horizon) : []).filter((one) => !same(one));
  return { booked, busy };
}

/** Checks `start` with the slot rules: 400 with the rule's message, 409 with the nearest when taken. */
export async function checkStart(
  context: CallsContext,
  calendar: CallCalendar,
  start: Date,
  moving?: { start: Date; end: Date },
): Promise<void> {
  const taken = await takenTimes(context, calendar, moving);
  const checked = checkSlot({ availability: calendar.availability, now: context.now, start, ...taken });
  if (checked.ok) return;
  if (checked.reason === "taken" || checked.reason === "busy") throw await conflict(context, calendar, start, moving);
  throw refuse(400, { message: refusalMessage(checked.reason, slotRefusalMessages), reason: checked.reason });
}

/** The 409 of a time just taken, with up to three free times around it. */
async function conflict(
  context: CallsContext,
  calendar: CallCalendar,
  start: Date,
  moving?: { start: Date; end: Date },
  extra: Record<string, unknown> = {},
): Promise<Answer> {
  const taken = await takenTimes(context, calendar, moving);
  const slots = listSlots({ availability: calendar.availability, now: context.now, ...taken });
  const nearest = nearestSlots(slots, start, 3).map((slot) => slot.toISOString());
  return refuse(409, { message: messages.taken, nearest, ...extra });
}

/** A database refusal as the answer it stands for; anything else is the database failing (503). */
export async function refusalOf(
  context: CallsContext,
  calendar: CallCalendar,
  error: { code?: string; message: string },
  start: Date | null,
  options: { extra?: Record<string, unknown>; moving?: { start: Date; end: Date } } = {},
): Promise<Answer> {
  const refusal = databaseRefusal(error);
  const extra = options.extra ?? {};
  switch (refusal) {
    case "taken":
      return conflict(context, calendar, start ?? context.now, options.moving, extra);
    case "day-cap":
    case "past":
      return refuse(400, { message: refusalMessage(refusal, slotRefusalMessages), reason: refusal, ...extra });
    case "lead-token":
      return refuse(400, { message: messages.leadToken });
    case "moves":
      return refuse(400, { message: messages.moves, reason: refusal });
    case "person-cap":
      return refuse(400, { message: messages.personCap, reason: refusal });
    case "daily-messages":
      return refuse(429, { message: messages.dailyMessages, reason: refusal });
    case "confirm-expired":
      return refuse(410, { message: messages.confirmExpired, reason: refusal });
    case "link":
      return refuse(404, { message: messages.linkInvalid });
    case "time-zone":
      return refuse(400, { message: messages.timeZone });
    default:
      console.error("calls: the database failed:", error.code ?? "", error.message);
      return refuse(503, { message: messages.unavailable }, { "retry-after": "60" });
  }
}

/** What the database functions answer of a booking. */
export interface BookingRow {
  id: string;
  starts_at: string;
  ends_at: string;
  status: string;
  sequence: number;
  /** A new booking's hold (book_call): when it ends unless confirmed. */
  hold_expires_at?: string | null;
}

export function bookingBody(row: BookingRow, timeZone: string, place: Place, manageToken?: string) {
  return {
    booking: {
      id: row.id,
      start: new Date(row.starts_at).toISOString(),
      end: new Date(row.ends_at).toISOString(),
      status: row.status,
      timeZone,
      place,
      sequence: row.sequence,
      ...(row.hold_expires_at ? { holdExpiresAt: new Date(row.hold_expires_at).toISOString() } : {}),
      ...(manageToken ? { manageToken } : {}),
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Reading a request

const ISO_TIME = /^\d{4}-\d\d-\d\dT\d\d:\d\d(:\d\d(\.\d{1,3})?)?(Z|[+-]\d\d:\d\d)$/;

export function readStart(value: unknown): Date {
  const start = typeof value === "string" && ISO_TIME.test(value) ? new Date(value) : null;
  if (!start || Number.isNaN(start.getTime())) throw refuse(400, { message: messages.start });
  return start;
}

export function readTimeZone(value: unknown): string {
  if (
    typeof value === "string" &&
    value.length <= 64 &&
    /^[A-Za-z][A-Za-z0-9_+\-/]*$/.test(value) &&
    isValidTimeZone(value)
  )
    return value;
  throw refuse(400, { message: messages.timeZone });
}

/** A manage token's hash; a value that cannot be a token is refused as an unknown one is. */
export function readManageToken(value: unknown): string {
  if (!isTokenShape(value)) throw refuse(404, { message: messages.linkInvalid });
  return hashToken(value);
}
