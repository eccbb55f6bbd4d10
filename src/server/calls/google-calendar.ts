/**
 * The agency's Google Calendar, optional like the ad platforms: with GOOGLE_CALENDAR_CLIENT_ID,
 * _CLIENT_SECRET, _REFRESH_TOKEN and _CALENDAR_ID set,
 * - its busy times (`freeBusy.query`) are taken out of the offered slots (`busyTimes`, the calls
 *   handler's `busy`); Google failing to answer never breaks the slots: it is logged and the slots
 *   are offered without them;
 * - each booking is an event there, kept in step by the calls outbox's `calendar_event` rows
 *   (`syncCalendarEvent`): the event's id is derived from the booking's (`call` + the uuid's hex, in
 *   Google's base32hex alphabet), so a repeated insert cannot make a second event: Google answers 409
 *   and the event is patched instead; a moved call patches it, a cancelled one deletes it.
 *   The visitor is no guest of it (`attendees` is empty, which a patch also writes, so an event made
 *   before this rule loses its guest): their invitation is ours (outbox.ts, invite.ts), one event in
 *   their calendar, not ours and Google's side by side; a guest would also read the description,
 *   which holds the admin's link to the lead. Their name, address and number are in that
 *   description, for the agency's eyes. `sendUpdates=none`; with `google_meet` the event asks for a
 *   Meet conference (conferenceData.createRequest, conferenceDataVersion=1), whose link the
 *   visitor's invitation carries.
 * Authorisation is the refresh-token flow of Google Ads (conversions/google-ads.ts's accessToken,
 * its cache too), with the https://www.googleapis.com/auth/calendar.events and
 * calendar.freebusy scopes granted once by the agency. A cached access token answered 401 is
 * forgotten and the call made once more with a new one; Google refusing the refresh token
 * (`invalid_grant`: revoked, or expired after 7 days while the OAuth app is in "Testing"), or a
 * 401 to a token just issued, means the agency must grant access again: the outcome carries
 * `reconnect`, which marks Google Calendar "needs reconnecting" on the Integrations screen
 * (../integrations/health.ts) and e-mails the Owner once.
 *
 * Errors follow Google's guide (developers.google.com/workspace/calendar/api/guides/errors): the
 * reason is in `error.errors[].reason`. A 403 is retried only for the rate limits
 * (`rateLimitExceeded`, `userRateLimitExceeded`); any other 403 (`forbiddenForNonOrganizer`,
 * `insufficientPermissions`, …) fails at once, as a retry would be refused the same way.
 *
 * A Meet conference is made asynchronously: an insert may answer with
 * `conferenceData.createRequest.status.statusCode` "pending" and no link yet, so the event is read
 * again (`events.get`, up to MEET_READS times) before the row is finished, so that the visitor's
 * invitation sent after it carries the link.
 */
import { callMailCopy } from "../../content/call-messages.js";
import type { Interval } from "../../lib/calls/slots.js";
import { oneLine } from "../../lib/text.js";
import { accessToken, cacheKey, memoryTokenCache, TokenError, type TokenCache } from "../conversions/google-ads.js";
import { DEFAULT_GOOGLE_OAUTH_TOKEN_URL } from "../conversions/settings.js";
import { describeFetchError } from "../conversions/types.js";
import type { Place } from "./calendar.js";

const DEFAULT_GOOGLE_CALENDAR_API_URL = "https://www.googleapis.com/calendar/v3";

export interface GoogleCalendarSettings {
  clientId: string;
  clientSecret: string;
  refreshToken: string;
  /** The calendar's id (an address such as agency@gmail.com, or `primary`). */
  calendarId: string;
  /** GOOGLE_CALENDAR_API_URL, without a trailing slash. */
  apiUrl: string;
  /** GOOGLE_CALENDAR_TOKEN_URL. */
  tokenUrl: string;
}

type Env = Readonly<Record<string, string | undefined>>;

/** The settings from the environment (settings.ts calls it); null unless all four are set. */
export function googleCalendarSettings(env: Env): GoogleCalendarSettings | null {
  const read = (name: string) => env[name]?.trim() || "";
  const clientId = read("GOOGLE_CALENDAR_CLIENT_ID");
  const clientSecret = read("GOOGLE_CALENDAR_CLIENT_SECRET");
  const refreshToken = read("GOOGLE_CALENDAR_REFRESH_TOKEN");
  const calendarId = read("GOOGLE_CALENDAR_CALENDAR_ID");
  if (!clientId || !clientSecret || !refreshToken || !calendarId) return null;
  return {
    clientId,
    clientSecret,
    refreshToken,
    calendarId,
    apiUrl: (read("GOOGLE_CALENDAR_API_URL") || DEFAULT_GOOGLE_CALENDAR_API_URL).replace(/\/+$/, ""),
    tokenUrl: read("GOOGLE_CALENDAR_TOKEN_URL") || DEFAULT_GOOGLE_OAUTH_TOKEN_URL,
  };
}

/** The Google event id of a booking: base32hex (a-v, 0-9), 36 characters. */
export function calendarEventId(bookingId: string): string {
  return `call${bookingId.toLowerCase().replace(/-/g, "")}`;
}

interface Context {
  fetch: typeof fetch;
  now: Date;
  timeoutMs: number;
}

const sharedCache = memoryTokenCache();

/** The reasons of a 403 worth retrying: the rate limits (usageLimits); any other 403 is permanent. */
const RATE_LIMIT_REASONS = new Set(["rateLimitExceeded", "userRateLimitExceeded"]);

/** How often a Meet link still pending after the insert is read again, and the wait before each read. */
const MEET_READS = 3;
const MEET_READ_WAIT_MS = 500;

/**
 * A call to the Calendar API with an access token. A cached token answered 401 (revoked or expired
 * early) is forgotten and the call made once more with a new one; a 401 to a new token throws a
 * TokenError that asks for reconnecting, as Google refusing the refresh token does (accessToken).
 */
async function call(
  settings: GoogleCalendarSettings,
  context: Context,
  cache: TokenCache,
  method: string,
  path: string,
  body?: unknown,
): Promise<Response> {
  for (let attempt = 0; ; attempt++) {
    const fresh = cache.get(cacheKey(settings), context.now) === null;
    const token = await accessToken(settings, context, cache);
    const response = await context.fetch(`${settings.apiUrl}${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body ? { "content-type": "application/json" } : {}) },
      ...(body ? { body: JSON.stringify(body) } : {}),
      signal: AbortSignal.timeout(context.timeoutMs),
    });
    if (response.status !== 401) return response;
    cache.delete(cacheKey(settings));
    if (fresh || attempt > 0)
      throw new TokenError(
        "Google Calendar refused an access token just issued (401): grant the calendar's access again.",
        false,
        true,
      );
  }
}

/** The reasons in a Calendar API error's body (`error.errors[].reason`). */
function reasonsOf(answer: { error?: { errors?: { reason?: unknown }[] } } | null): string[] {
  const errors = answer?.error?.errors;
  return Array.isArray(errors) ? errors.map((error) => String(error?.reason ?? "")).filter(Boolean) : [];
}

const calendarPath = (settings: GoogleCalendarSettings) => `/calendars/${encodeURIComponent(settings.calendarId)}`;

/**
 * The agency's busy times in [from, to). Throws when Google cannot be asked or answers with an error
 * (the caller logs it and offers the slots without them).
 */
async function busyTimes(
  settings: GoogleCalendarSettings,
  from: Date,
  to: Date,
  options: { fetch?: typeof fetch; timeoutMs?: number; cache?: TokenCache } = {},
): Promise<Interval[]> {
  const context = { fetch: options.fetch ?? fetch, now: new Date(), timeoutMs: options.timeoutMs ?? 4_000 };
  const response = await call(settings, context, options.cache ?? sharedCache, "POST", "/freeBusy", {
    timeMin: from.toISOString(),
    timeMax: to.toISOString(),
    items: [{ id: settings.calendarId }],
  });
  const answer = (await response.json().catch(() => null)) as {
    calendars?: Record<string, { busy?: { start: string; end: string }[]; errors?: { reason?: string }[] }>;
  } | null;
  if (!response.ok) throw new Error(`Google Calendar answered ${response.status} to freeBusy.`);
  const calendar = answer?.calendars?.[settings.calendarId];
  if (!calendar || calendar.errors?.length)
    throw new Error(
      `Google Calendar could not read the calendar's busy times (${calendar?.errors?.[0]?.reason ?? "no answer"}).`,
    );
  return (calendar.busy ?? []).map((range) => ({ start: new Date(range.start), end: new Date(range.end) }));
}

/**
 * `busy(from, to)` for the calls handler: the agency's busy times, or none (logged) when Google
 * could not be asked, so a Google outage never stops bookings.
 */
export function calendarBusy(
  settings: () => GoogleCalendarSettings | null,
  options: {
    fetch?: typeof fetch;
    timeoutMs?: number;
    cache?: TokenCache;
    /** Told each read's outcome (the calls function records it: ../integrations/health.ts's busyHealth). */
    onOutcome?: (outcome: { ok: boolean; message?: string; reconnect?: boolean }) => void;
  } = {},
): (from: Date, to: Date) => Promise<Interval[]> {
  return async (from, to) => {
    const configured = settings();
    if (!configured) return [];
    try {
      const busy = await busyTimes(configured, from, to, options);
      options.onOutcome?.({ ok: true });
      return busy;
    } catch (caught) {
      const reason =
        caught instanceof TokenError ? caught.message : describeFetchError(caught, "Google Calendar", 4_000);
      console.error("calls: the calendar's busy times could not be read; slots are offered without them:", reason);
      options.onOutcome?.({
        ok: false,
        message: `The busy times could not be read, so the free slots ignore them: ${reason}`,
        ...(caught instanceof TokenError && caught.reconnect ? { reconnect: true } : {}),
      });
      return [];
    }
  };
}

/** What the outbox knows of the call (claim_call_messages' `call`). */
export interface CalendarCall {
  id: string;
  starts_at: string;
  ends_at: string;
  status: string;
  full_name: string;
  email: string;
  phone: string | null;
}

export type CalendarOutcome =
  | { kind: "delivered"; response: unknown; sentTo: string; messageId: string }
  | { kind: "retry" | "failed"; error: string; response?: unknown; reconnect?: boolean };

function eventBody(call: CalendarCall, place: Place, adminLeadUrl: string): Record<string, unknown> {
  const copy = callMailCopy.calendarEvent;
  const name = oneLine(call.full_name);
  const location =
    place.kind === "video_link" && place.url ? place.url : place.kind === "phone" ? (call.phone ?? "") : "";
  return {
    summary: copy.summary(name),
    description: copy.description({ name, email: call.email, phone: call.phone }, adminLeadUrl),
    start: { dateTime: new Date(call.starts_at).toISOString() },
    end: { dateTime: new Date(call.ends_at).toISOString() },
    attendees: [],
    ...(location ? { location } : {}),
  };
}

async function outcomeOf(response: Response, what: string, sentTo: string, eventId: string): Promise<CalendarOutcome> {
  const answer = (await response.json().catch(() => null)) as EventAnswer | null;
  return outcomeOfAnswer(response.status, answer, what, sentTo, eventId);
}

interface EventAnswer {
  id?: string;
  hangoutLink?: string;
  htmlLink?: string;
  conferenceData?: { createRequest?: { status?: { statusCode?: string } } };
  error?: { message?: string; errors?: { reason?: unknown }[] };
}

function outcomeOfAnswer(
  status: number,
  answer: EventAnswer | null,
  what: string,
  sentTo: string,
  eventId: string,
): CalendarOutcome {
  const ok = status >= 200 && status < 300;
  if (ok)
    return {
      kind: "delivered",
      response: { id: answer?.id ?? eventId, ...(answer?.hangoutLink ? { hangoutLink: answer.hangoutLink } : {}) },
      sentTo,
      messageId: eventId,
    };
  const reasons = reasonsOf(answer);
  // 403: the rate limits pass; a permission (forbiddenForNonOrganizer, insufficientPermissions, …) does not.
  const transient =
    status === 429 || status >= 500 || (status === 403 && reasons.some((reason) => RATE_LIMIT_REASONS.has(reason)));
  return {
    kind: transient ? "retry" : "failed",
    error: `Google Calendar answered ${status}${reasons.length ? ` (${reasons.join(", ")})` : ""} to the ${what}${answer?.error?.message ? `: ${answer.error.message}` : ""}.`,
    response: answer?.error ?? undefined,
  };
}

const pending = (answer: EventAnswer | null) =>
  !answer?.hangoutLink && answer?.conferenceData?.createRequest?.status?.statusCode === "pending";

/**
 * The inserted event's answer, read again (events.get) while its Meet link is pending, up to
 * MEET_READS times: the invitation sent after this row carries the link. Still pending: the event
 * is there, so the row is delivered, and the e-mail says the link comes before the call.
 */
async function withMeetLink(
  settings: GoogleCalendarSettings,
  options: Context & { meetReadWaitMs?: number },
  cache: TokenCache,
  path: string,
  inserted: EventAnswer | null,
): Promise<EventAnswer | null> {
  let answer = inserted;
  for (let read = 0; read < MEET_READS && pending(answer); read++) {
    const wait = options.meetReadWaitMs ?? MEET_READ_WAIT_MS;
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    const response = await call(settings, options, cache, "GET", path);
    if (!response.ok) break;
    answer = ((await response.json().catch(() => null)) as EventAnswer | null) ?? answer;
  }
  return answer;
}

/**
 * Brings the booking's event in step with the call as it is now: deleted when cancelled, else
 * inserted with the booking's own id (409: it exists, so patched).
 */
export async function syncCalendarEvent(
  booking: CalendarCall,
  place: Place,
  settings: GoogleCalendarSettings,
  options: Context & { adminLeadUrl: string; cache?: TokenCache; meetReadWaitMs?: number },
): Promise<CalendarOutcome> {
  const cache = options.cache ?? sharedCache;
  const eventId = calendarEventId(booking.id);
  const events = `${calendarPath(settings)}/events`;
  const sentTo = settings.calendarId;
  try {
    if (booking.status === "cancelled") {
      const response = await call(settings, options, cache, "DELETE", `${events}/${eventId}?sendUpdates=none`);
      // Already gone (404, or 410 for an event deleted before): what was asked is done.
      if (response.status === 404 || response.status === 410)
        return { kind: "delivered", response: { id: eventId, deleted: true }, sentTo, messageId: eventId };
      if (response.ok)
        return { kind: "delivered", response: { id: eventId, deleted: true }, sentTo, messageId: eventId };
      return outcomeOf(response, "deletion", sentTo, eventId);
    }
    const body = eventBody(booking, place, options.adminLeadUrl);
    const meet =
      place.kind === "google_meet"
        ? {
            conferenceData: {
              createRequest: { requestId: eventId, conferenceSolutionKey: { type: "hangoutsMeet" } },
            },
          }
        : {};
    const inserted = await call(
      settings,
      options,
      cache,
      "POST",
      `${events}?sendUpdates=none&conferenceDataVersion=1`,
      { id: eventId, ...body, ...meet },
    );
    if (inserted.status !== 409) {
      const answer = (await inserted.json().catch(() => null)) as EventAnswer | null;
      const read = inserted.ok ? await withMeetLink(settings, options, cache, `${events}/${eventId}`, answer) : answer;
      return outcomeOfAnswer(inserted.status, read, "new event", sentTo, eventId);
    }
    // There already (a repeated attempt, or a move): the event takes the call's times again.
    const patched = await call(settings, options, cache, "PATCH", `${events}/${eventId}?sendUpdates=none`, {
      ...body,
      status: "confirmed",
    });
    return outcomeOf(patched, "update", sentTo, eventId);
  } catch (caught) {
    if (caught instanceof TokenError) return caught.outcome();
    return { kind: "retry", error: describeFetchError(caught, "Google Calendar", options.timeoutMs) };
  }
}
