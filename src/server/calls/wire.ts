/**
 * What a request to api/calls brings and what its answers carry: the values read from a body (a
 * start, a time zone, a manage token), and a booking's JSON (lib/calls/contract.ts's Booking).
 */
import { callsFunctionCopy } from "../../content/functions.js";
import type { BookingAnswer } from "../../lib/calls/contract.js";
import { isValidTimeZone } from "../../lib/calls/display.js";
import { refuse } from "../http.js";
import type { Place } from "./calendar.js";
import { hashToken, isTokenShape } from "./tokens.js";

const messages = callsFunctionCopy.messages;

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

export function bookingBody(row: BookingRow, timeZone: string, place: Place, manageToken?: string): BookingAnswer {
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
