import { randomBytes } from "node:crypto";
import type { WebHandler } from "./node-http.ts";
import { reply } from "./platform-standin.ts";

/**
 * A local stand-in for Google's OAuth token endpoint and the Calendar API's events and freeBusy, for
 * development and tests only: the dev and preview servers mount it when GOOGLE_CALENDAR_CLIENT_ID is
 * not configured and point the calls at it with fake credentials (as the Google Ads stand-in is).
 * It checks what Google checks and answers in Google's shapes:
 * - `POST <path>/token`: the refresh-token grant with the right client and refresh token;
 * - `POST <path>/v3/calendars/{id}/events`: a bearer token it issued (401), the configured calendar
 *   (404), an event id of base32hex characters (a-v, 0-9), 5 to 1024 long (400), start and end
 *   dateTime with start before end, attendees with an address, a createRequest with
 *   conferenceDataVersion=1 only; an id already used is 409 `duplicate`;
 * - `PATCH …/events/{eventId}`, `DELETE …/events/{eventId}` (204; 410 when deleted already, 404 unknown);
 * - `POST <path>/v3/freeBusy`: `{ timeMin, timeMax, items: [{ id }] }`, answering the events it
 *   holds and the times marked busy that overlap the window.
 * Events live in memory. For tests and a person trying it out:
 * - `POST <path>/busy` `{ start, end }` marks a time busy (`DELETE <path>/busy` clears them);
 * - `POST <path>/outage` `{ down: true | false }` makes every API call answer 503 (or not);
 * - `POST <path>/refuse-token` `{ refuse: true | false }`: the token endpoint answers 400
 *   `invalid_grant` ("Token has been expired or revoked.", as Google does after 7 days while the
 *   OAuth app is in "Testing") and the access tokens it issued answer 401, until it is set back;
 * - `POST <path>/forbid` `{ reason, times }`: the next `times` API calls (default 1) answer 403 with
 *   that reason in `error.errors[].reason` (`rateLimitExceeded`, `userRateLimitExceeded`,
 *   `forbiddenForNonOrganizer`, `insufficientPermissions`, …); `{ reason: null }` clears it;
 * - `POST <path>/conference` `{ pendingReads }`: an event inserted with a Meet request answers
 *   `conferenceData.createRequest.status.statusCode` "pending" and no link, and `events.get` keeps
 *   answering so for `pendingReads` reads (then the link is there; 0, the default, makes it at once);
 * - `GET <path>` lists the events, the busy times and the switches.
 */
const GOOGLE_CALENDAR_STANDIN_PATH = "/__local/google-calendar";
const EVENT_ID = /^[a-v0-9]{5,1024}$/;

interface StoredEvent {
  id: string;
  status: "confirmed" | "cancelled";
  summary: string;
  description?: string;
  location?: string;
  start: { dateTime: string };
  end: { dateTime: string };
  attendees: { email: string; displayName?: string }[];
  hangoutLink?: string;
  /** How many inserts and patches this event took. */
  writes: number;
  /** A Meet request still being made: answered "pending" this many more reads. */
  pendingReads?: number;
}

export interface GoogleCalendarStandin {
  path: string;
  handler: WebHandler;
  /** Events by id, deleted ones with status `cancelled` (as Google keeps them). */
  events: Map<string, StoredEvent>;
  busy: { start: string; end: string }[];
  down: boolean;
  /** The refresh token is refused as invalid_grant (and the issued access tokens answer 401). */
  refuseToken: boolean;
  /** The next `times` API calls answer 403 with `reason`. */
  forbid: { reason: string; times: number } | null;
  /** Reads of a Meet event still answered "pending" after its insert. */
  pendingReads: number;
  /** Every API call it answered, in order: `POST events`, `PATCH events/<id>`, … */
  calls: string[];
  credentials: { clientId: string; clientSecret: string; refreshToken: string; calendarId: string };
}

const apiError = (status: number, reason: string, message: string) =>
  reply(status, { error: { code: status, message, errors: [{ domain: "calendar", reason, message }] } });

function validTime(value: unknown): string | null {
  const dateTime = (value as { dateTime?: unknown } | null)?.dateTime;
  if (typeof dateTime !== "string") return null;
  return Number.isNaN(new Date(dateTime).getTime()) ? null : dateTime;
}

/** What Google would refuse in an event body (an insert, or a patch with `partial`). */
function eventError(body: Record<string, unknown>, partial: boolean): string | null {
  const start = validTime(body.start);
  const end = validTime(body.end);
  if (!partial || body.start !== undefined || body.end !== undefined) {
    if (!start || !end) return "Missing or invalid start or end time.";
    if (new Date(start) >= new Date(end)) return "The specified time range is empty.";
  }
  if (!partial && (typeof body.summary !== "string" || !body.summary)) return "A summary is expected here.";
  if (body.attendees !== undefined) {
    if (!Array.isArray(body.attendees)) return "Invalid attendees.";
    for (const attendee of body.attendees as { email?: unknown }[])
      if (typeof attendee?.email !== "string" || !/^[^@\s]+@[^@\s]+$/.test(attendee.email))
        return "Invalid attendee email.";
  }
  return null;
}

/** An event as Google answers it: a Meet request still pending has no link yet. */
function eventAnswer(event: StoredEvent, requestId: string): Record<string, unknown> {
  const { writes: _writes, pendingReads, hangoutLink, ...shown } = event;
  if (!hangoutLink) return { kind: "calendar#event", ...shown };
  if (pendingReads)
    return {
      kind: "calendar#event",
      ...shown,
      conferenceData: {
        createRequest: {
          requestId,
          conferenceSolutionKey: { type: "hangoutsMeet" },
          status: { statusCode: "pending" },
        },
      },
    };
  return {
    kind: "calendar#event",
    ...shown,
    hangoutLink,
    conferenceData: {
      createRequest: { requestId, conferenceSolutionKey: { type: "hangoutsMeet" }, status: { statusCode: "success" } },
    },
  };
}

export function createGoogleCalendarStandin(path = GOOGLE_CALENDAR_STANDIN_PATH): GoogleCalendarStandin {
  const credentials = {
    clientId: "local-calendar-client.apps.googleusercontent.com",
    clientSecret: `local-calendar-secret-${randomBytes(6).toString("hex")}`,
    refreshToken: `1//local-calendar-refresh-${randomBytes(6).toString("hex")}`,
    calendarId: "calls@agency.example",
  };
  const tokens = new Set<string>();

  const standin: GoogleCalendarStandin = {
    path,
    events: new Map(),
    busy: [],
    down: false,
    refuseToken: false,
    forbid: null,
    pendingReads: 0,
    calls: [],
    credentials,
    handler: async (request) => {
      const rest = new URL(request.url).pathname.slice(path.length).replace(/\/+$/, "");
      const query = new URL(request.url).searchParams;
      if (request.method === "GET" && rest === "")
        return reply(200, {
          note: "Local development: the agency's calendar as the calls put it (nothing left this machine).",
          events: [...standin.events.values()],
          busy: standin.busy,
          down: standin.down,
          refuseToken: standin.refuseToken,
          forbid: standin.forbid,
          pendingReads: standin.pendingReads,
        });
      // The test switches.
      if (rest === "/outage" && request.method === "POST") {
        standin.down = Boolean(((await request.json().catch(() => ({}))) as { down?: unknown }).down);
        return reply(200, { down: standin.down });
      }
      if (rest === "/refuse-token" && request.method === "POST") {
        standin.refuseToken = Boolean(((await request.json().catch(() => ({}))) as { refuse?: unknown }).refuse);
        if (standin.refuseToken) tokens.clear();
        return reply(200, { refuseToken: standin.refuseToken });
      }
      if (rest === "/forbid" && request.method === "POST") {
        const body = (await request.json().catch(() => ({}))) as { reason?: unknown; times?: unknown };
        const times = typeof body.times === "number" && body.times > 0 ? Math.floor(body.times) : 1;
        standin.forbid = typeof body.reason === "string" && body.reason ? { reason: body.reason, times } : null;
        return reply(200, { forbid: standin.forbid });
      }
      if (rest === "/conference" && request.method === "POST") {
        const reads = ((await request.json().catch(() => ({}))) as { pendingReads?: unknown }).pendingReads;
        standin.pendingReads = typeof reads === "number" && reads > 0 ? Math.floor(reads) : 0;
        return reply(200, { pendingReads: standin.pendingReads });
      }
      if (rest === "/busy" && request.method === "DELETE") {
        standin.busy.length = 0;
        return reply(200, { busy: [] });
      }
      if (rest === "/busy" && request.method === "POST") {
        const body = (await request.json().catch(() => null)) as { start?: unknown; end?: unknown } | null;
        const start = typeof body?.start === "string" ? new Date(body.start) : null;
        const end = typeof body?.end === "string" ? new Date(body.end) : null;
        if (!start || !end || Number.isNaN(start.getTime()) || Number.isNaN(end.getTime()) || start >= end)
          return reply(400, { message: "Send { start, end } as ISO times, start before end." });
        standin.busy.push({ start: start.toISOString(), end: end.toISOString() });
        return reply(200, { busy: standin.busy });
      }
      if (standin.down) return apiError(503, "backendError", "The service is currently unavailable.");

      if (rest === "/token" && request.method === "POST") {
        const form = new URLSearchParams(await request.text());
        if (form.get("grant_type") !== "refresh_token")
          return reply(400, { error: "unsupported_grant_type", error_description: "Invalid grant_type." });
        if (form.get("client_id") !== credentials.clientId || form.get("client_secret") !== credentials.clientSecret)
          return reply(401, { error: "invalid_client", error_description: "The OAuth client was not found." });
        if (form.get("refresh_token") !== credentials.refreshToken || standin.refuseToken)
          return reply(400, { error: "invalid_grant", error_description: "Token has been expired or revoked." });
        const token = `ya29.local-calendar-${randomBytes(12).toString("hex")}`;
        tokens.add(token);
        return reply(200, {
          access_token: token,
          expires_in: 3599,
          scope: "https://www.googleapis.com/auth/calendar.events",
          token_type: "Bearer",
        });
      }

      const bearer = /^Bearer (\S+)$/.exec(request.headers.get("authorization") ?? "")?.[1];
      if (!bearer || !tokens.has(bearer))
        return apiError(401, "authError", "Request had invalid authentication credentials.");
      if (standin.forbid) {
        const { reason } = standin.forbid;
        standin.forbid.times -= 1;
        if (standin.forbid.times <= 0) standin.forbid = null;
        standin.calls.push(`403 ${reason}`);
        const domain = /RateLimitExceeded$|^rateLimitExceeded$/.test(reason) ? "usageLimits" : "calendar";
        return reply(403, { error: { code: 403, message: reason, errors: [{ domain, reason, message: reason }] } });
      }

      if (rest === "/v3/freeBusy" && request.method === "POST") {
        standin.calls.push("POST freeBusy");
        const body = (await request.json().catch(() => null)) as {
          timeMin?: string;
          timeMax?: string;
          items?: { id?: string }[];
        } | null;
        const from = new Date(body?.timeMin ?? "");
        const to = new Date(body?.timeMax ?? "");
        if (Number.isNaN(from.getTime()) || Number.isNaN(to.getTime()) || !Array.isArray(body?.items))
          return apiError(400, "badRequest", "timeMin, timeMax and items are required.");
        const overlaps = (range: { start: string; end: string }) =>
          new Date(range.start) < to && new Date(range.end) > from;
        const calendars: Record<string, unknown> = {};
        for (const item of body.items) {
          const id = String(item?.id ?? "");
          calendars[id] =
            id === credentials.calendarId
              ? {
                  busy: [
                    ...standin.busy,
                    ...[...standin.events.values()]
                      .filter((event) => event.status === "confirmed")
                      .map((event) => ({ start: event.start.dateTime, end: event.end.dateTime })),
                  ].filter(overlaps),
                }
              : { busy: [], errors: [{ domain: "global", reason: "notFound" }] };
        }
        return reply(200, { kind: "calendar#freeBusy", timeMin: body.timeMin, timeMax: body.timeMax, calendars });
      }

      const match = /^\/v3\/calendars\/([^/]+)\/events(?:\/([^/]+))?$/.exec(rest);
      if (!match) return apiError(404, "notFound", "Not Found");
      if (decodeURIComponent(match[1]!) !== credentials.calendarId) return apiError(404, "notFound", "Not Found");
      const eventId = match[2] ? decodeURIComponent(match[2]) : null;

      if (!eventId && request.method === "POST") {
        standin.calls.push("POST events");
        const body = (await request.json().catch(() => null)) as Record<string, unknown> | null;
        if (!body) return apiError(400, "badRequest", "Invalid JSON.");
        if (typeof body.id !== "string" || !EVENT_ID.test(body.id))
          return apiError(400, "invalid", "Invalid resource id value.");
        const problem = eventError(body, false);
        if (problem) return apiError(400, "invalid", problem);
        if (standin.events.has(body.id)) return apiError(409, "duplicate", "The requested identifier already exists.");
        const wantsMeet = Boolean((body.conferenceData as { createRequest?: unknown } | undefined)?.createRequest);
        if (wantsMeet && query.get("conferenceDataVersion") !== "1")
          return apiError(400, "invalid", "Conference data needs conferenceDataVersion=1.");
        const event: StoredEvent = {
          id: body.id,
          status: "confirmed",
          summary: String(body.summary),
          ...(typeof body.description === "string" ? { description: body.description } : {}),
          ...(typeof body.location === "string" ? { location: body.location } : {}),
          start: { dateTime: validTime(body.start)! },
          end: { dateTime: validTime(body.end)! },
          attendees: (body.attendees as StoredEvent["attendees"] | undefined) ?? [],
          ...(wantsMeet ? { hangoutLink: `https://meet.google.com/loc-${body.id.slice(-4)}-cal` } : {}),
          writes: 1,
          ...(wantsMeet && standin.pendingReads > 0 ? { pendingReads: standin.pendingReads } : {}),
        };
        standin.events.set(event.id, event);
        return reply(200, eventAnswer(event, body.id));
      }
      if (!eventId) return apiError(405, "badRequest", "Method Not Allowed");
      const event = standin.events.get(eventId);
      if (request.method === "GET") {
        standin.calls.push(`GET events/${eventId}`);
        if (!event) return apiError(404, "notFound", "Not Found");
        if (event.pendingReads) event.pendingReads -= 1;
        return reply(200, eventAnswer(event, eventId));
      }
      if (request.method === "PATCH") {
        standin.calls.push(`PATCH events/${eventId}`);
        if (!event) return apiError(404, "notFound", "Not Found");
        const body = (await request.json().catch(() => null)) as Record<string, unknown> | null;
        if (!body) return apiError(400, "badRequest", "Invalid JSON.");
        const problem = eventError(body, true);
        if (problem) return apiError(400, "invalid", problem);
        if (typeof body.summary === "string") event.summary = body.summary;
        if (body.start) event.start = { dateTime: validTime(body.start)! };
        if (body.end) event.end = { dateTime: validTime(body.end)! };
        if (Array.isArray(body.attendees)) event.attendees = body.attendees as StoredEvent["attendees"];
        if (body.status === "confirmed" || body.status === "cancelled") event.status = body.status;
        event.writes += 1;
        return reply(200, { kind: "calendar#event", ...event });
      }
      if (request.method === "DELETE") {
        standin.calls.push(`DELETE events/${eventId}`);
        if (!event) return apiError(404, "notFound", "Not Found");
        if (event.status === "cancelled") return apiError(410, "deleted", "Resource has been deleted");
        event.status = "cancelled";
        return new Response(null, { status: 204 });
      }
      return apiError(405, "badRequest", "Method Not Allowed");
    },
  };
  return standin;
}

/** The settings that point the calls at a stand-in served at `origin` (the dev server's and the tests'). */
export function googleCalendarStandinSettings(
  origin: string,
  standin: Pick<GoogleCalendarStandin, "path" | "credentials">,
): Record<string, string> {
  const c = standin.credentials;
  return {
    GOOGLE_CALENDAR_API_URL: `${origin}${standin.path}/v3`,
    GOOGLE_CALENDAR_TOKEN_URL: `${origin}${standin.path}/token`,
    GOOGLE_CALENDAR_CLIENT_ID: c.clientId,
    GOOGLE_CALENDAR_CLIENT_SECRET: c.clientSecret,
    GOOGLE_CALENDAR_REFRESH_TOKEN: c.refreshToken,
    GOOGLE_CALENDAR_CALENDAR_ID: c.calendarId,
  };
}
