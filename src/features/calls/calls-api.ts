import { pickerCopy } from "../../content/booking";
import type { Challenge } from "../../lib/calls/challenge";
import type { Booker, BookingAnswer, CallsRequest, RefusalBody, SlotList } from "../../lib/calls/contract";

/**
 * The browser's side of api/calls (the contract is lib/calls/contract.ts; when each status comes,
 * src/server/calls/handler.ts's doc comment). Each
 * call resolves to an outcome and never throws: a network failure or an unreadable answer is an
 * outcome too, in our words.
 */
export const CALLS_API = "/api/calls";
const TIMEOUT_MS = 20_000;
/**
 * A read (the free times, a challenge) that failed on the way is asked for once more after this
 * pause before the page says so: a request lost as a phone's 4G changes cell, or a 502-504 from a
 * gateway or from our function while the database restarts, mostly answers on the second try. Not
 * after the 20 s timeout (the visitor has waited enough), nor a refusal (429, 4xx), nor a POST: a
 * booking sent twice could be made twice.
 */
export const RETRY_AFTER_MS = 1_000;
const PASSING = new Set([502, 503, 504]);

export interface Refusal extends RefusalBody {
  ok: false;
  status: number;
}

export type Outcome<T> = { ok: true; value: T } | Refusal;

interface SendInit {
  method: "GET" | "POST";
  query?: string;
  body?: CallsRequest;
  cache?: RequestCache;
}

async function send<T>(init: SendInit): Promise<Outcome<T>> {
  const first = await sendOnce<T>(init);
  if (init.method !== "GET" || !first.passing) return first.outcome;
  await new Promise((resolve) => setTimeout(resolve, RETRY_AFTER_MS));
  return (await sendOnce<T>(init)).outcome;
}

/** One request, and whether its failure may pass if asked again (see RETRY_AFTER_MS). */
async function sendOnce<T>(init: SendInit): Promise<{ outcome: Outcome<T>; passing: boolean }> {
  let response: Response;
  try {
    response = await fetch(`${CALLS_API}${init.query ?? ""}`, {
      method: init.method,
      headers: {
        accept: "application/json",
        ...(init.body === undefined ? {} : { "content-type": "application/json" }),
      },
      ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
      signal: AbortSignal.timeout(TIMEOUT_MS),
      ...(init.cache ? { cache: init.cache } : {}),
    });
  } catch (error) {
    const timedOut = error instanceof DOMException && error.name === "TimeoutError";
    return { outcome: { ok: false, status: 0, message: pickerCopy.network }, passing: !timedOut };
  }
  let body: Record<string, unknown> = {};
  try {
    body = (await response.json()) as Record<string, unknown>;
  } catch {
    // Not our function's JSON (a proxy's error page): said in our words below.
  }
  if (response.ok) return { outcome: { ok: true, value: body as T }, passing: false };
  return { outcome: refusal(response.status, body), passing: PASSING.has(response.status) };
}

function refusal(status: number, body: Record<string, unknown>): Refusal {
  const text = (value: unknown) => (typeof value === "string" && value ? value : undefined);
  return {
    ok: false,
    status,
    message: text(body.message) ?? pickerCopy.server,
    ...(text(body.reason) ? { reason: text(body.reason) } : {}),
    ...(text(body.field) ? { field: text(body.field) } : {}),
    ...(Array.isArray(body.nearest)
      ? { nearest: body.nearest.filter((item): item is string => typeof item === "string") }
      : {}),
    ...(text(body.leadToken) ? { leadToken: text(body.leadToken) } : {}),
  };
}

/** The free times; `fresh` asks past the browser's cache (the list is cached for 5 s), after a refusal. */
export function loadSlots(fresh = false): Promise<Outcome<SlotList>> {
  return send({ method: "GET", query: "?view=slots", ...(fresh ? { cache: "no-cache" as const } : {}) });
}

/** A proof-of-work challenge for /book (the server signs it; challenge.ts solves it). */
export function loadChallenge(): Promise<Outcome<Challenge>> {
  return send<Challenge>({ method: "GET", query: "?view=challenge", cache: "no-store" });
}

/** The e-mail's link: the held booking becomes a call; the answer carries the manage token. */
export function confirmCall(token: string): Promise<Outcome<BookingAnswer>> {
  return send<BookingAnswer>({ method: "POST", body: { action: "confirm", token } }).then(withBooking);
}

export function bookCall(start: string, timeZone: string, booker: Booker): Promise<Outcome<BookingAnswer>> {
  return send<BookingAnswer>({ method: "POST", body: { start, timeZone, ...booker } }).then(withBooking);
}

/** A success without a booking (not our function's answer) is a failure, said in our words. */
function withBooking(outcome: Outcome<BookingAnswer>): Outcome<BookingAnswer> {
  if (outcome.ok && (!outcome.value.booking || typeof outcome.value.booking.start !== "string"))
    return { ok: false, status: 502, message: pickerCopy.server };
  return outcome;
}

export function loadBooking(token: string): Promise<Outcome<BookingAnswer>> {
  // In the body, not the address: a URL's query reaches access logs (handler.ts).
  return send<BookingAnswer>({ method: "POST", body: { action: "view", token } }).then(withBooking);
}

export function rescheduleCall(token: string, start: string, timeZone: string): Promise<Outcome<BookingAnswer>> {
  return send<BookingAnswer>({ method: "POST", body: { action: "reschedule", token, start, timeZone } }).then(
    withBooking,
  );
}

export function cancelCall(token: string, note: string): Promise<Outcome<BookingAnswer>> {
  return send({ method: "POST", body: { action: "cancel", token, ...(note.trim() ? { note: note.trim() } : {}) } });
}
