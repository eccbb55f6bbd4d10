/**
 * Why api/calls refuses a time or a change, as the answers say it: the slot rules checked first for
 * a clear message (src/lib/calls/slots.ts), and the database's own refusals (their SQLSTATE codes,
 * raised by the booking functions of the migrations), each mapped to its status and words. A 409
 * carries the free times nearest the one just taken.
 */
import { slotRefusalMessages } from "../../content/calls.js";
import { callsFunctionCopy } from "../../content/functions.js";
import {
  checkSlot,
  listSlots,
  nearestSlots,
  refusalMessage,
  type BookedCall,
  type Interval,
} from "../../lib/calls/slots.js";
import { Answer, refuse } from "../http.js";
import { readBooked, type CallCalendar } from "./calendar.js";
import type { CallsContext } from "./context.js";

const messages = callsFunctionCopy.messages;

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

/** The database's refusals of a booking, a move or a cancellation (see the migration). */
export type DatabaseRefusal =
  | "taken"
  | "day-cap"
  | "lead-token"
  | "link"
  | "past"
  | "time-zone"
  | "moves"
  | "person-cap"
  | "confirm-expired"
  | "daily-messages";

const REFUSAL_CODES: Record<string, DatabaseRefusal> = {
  "23P01": "taken",
  CL001: "day-cap",
  CL002: "lead-token",
  CL003: "link",
  CL004: "past",
  // 20261129120000_bookings_prove_a_person.sql
  CL005: "moves",
  CL006: "person-cap",
  CL007: "confirm-expired",
  CL008: "daily-messages",
  "22023": "time-zone",
};

/** The refusal an error stands for, or null for a failure of the database itself. */
export function databaseRefusal(error: { code?: string }): DatabaseRefusal | null {
  return REFUSAL_CODES[error.code ?? ""] ?? null;
}
