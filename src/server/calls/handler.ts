/**
 * /api/calls: discovery calls booked on the site (api/calls.ts is the adapter Vercel runs). One
 * function (a Hobby plan allows twelve), told apart by method, query and `action`. JSON in and out.
 *
 * GET /api/calls?view=slots
 *   200 `{ timeZone, callMinutes, slots: string[], place: { kind, label, url? } }`: the free start
 *   times (ISO, UTC) from now to the horizon, nothing about who booked what. `timeZone` is the
 *   agency's (AGENCY_TIME_ZONE); the page shows times in the visitor's. `Cache-Control: public,
 *   max-age=5, s-maxage=5`. The agency calendar's busy times come from `busy` (none until the
 *   Google Calendar step).
 *
 * GET /api/calls?view=challenge
 *   200 `{ algorithm, challenge, maxnumber, salt, signature }`: an ALTCHA (v1) proof-of-work challenge
 *   signed with CALLS_CHALLENGE_SECRET, good for 10 minutes (challenge.ts); `no-store`.
 *
 * POST /api/calls `{ start, timeZone, leadToken }` (from /thank-you, after an enquiry), or
 *      POST /api/calls `{ start, timeZone, name, email, phone?, website, elapsedMs, attribution?, challenge }` (from /book)
 *   `start` an ISO time from the slots, `timeZone` the visitor's IANA zone. The second form stores a
 *   lead through the contact form's door (lead-door.ts: bot checks, limits, lead-rules validation,
 *   the team's messages and ad events) once `challenge` (the solved challenge, base64 of ALTCHA's
 *   payload) is verified and spent; a bot (`website` filled, `elapsedMs` too small) gets a 201 that
 *   looks real and nothing is stored. The lead token of /thank-you stands for the enquiry's own
 *   checks: no challenge.
 *   201 `{ booking: { id, start, end, status, timeZone, place, sequence, holdExpiresAt } }`: the
 *   booking is a hold until holdExpiresAt (15 minutes): the e-mail it sends carries the link that
 *   confirms it; unconfirmed, its time is free again. Nobody else hears of it before.
 *   400 `{ message, reason?, field? }`: reason one of checkSlot's refusals (past, notice, horizon,
 *   day-off, outside-hours, off-grid, day-cap, invalid) with content/calls.ts's message, or
 *   `challenge` (missing, wrong, expired or already used), or `person-cap` (the e-mail address, phone
 *   number or client already has two live calls); field one of name, email, phone for the lead's
 *   answers (phone also when the agency calls by phone); or a lead token spent or expired, a start
 *   that is no time, a zone that is none (message only).
 *   409 `{ message, nearest: string[], leadToken? }`: the time is taken (by the slot check, or by the
 *   database's exclusion constraint when two requests raced); nearest are up to three free times
 *   around it; leadToken comes when a /book lead was already stored, to book again for it.
 *   429 `{ message, reason: "daily-messages" }`: the address has had its 5 messages of the day.
 *
 * POST `{ action: "confirm", token }` (the e-mail's link: /calls/manage#confirm=…)
 *   200 `{ booking: { …, manageToken } }`: the call is live; the team, the calendar, the reminders and
 *   the ad platforms hear of it now (once, however often the link is opened). manageToken (22
 *   characters) is derived, never stored; the manage screens send it back as `token`.
 *   410 `{ message, reason: "confirm-expired" }`: the hold's 15 minutes passed, or no such link.
 *
 * GET /api/calls?feed=<CALLS_FEED_SECRET>   200 text/calendar: the calls booked from now on, titled
 *   with the lead's name (feed.ts; personal data behind the secret), 404 for any other value or none set
 * The manage link works once the call is confirmed. Its token travels in request bodies only, never
 * in a URL, where access logs and proxies would keep it (the page holds it in its fragment).
 * POST `{ action: "view", token }`        200 `{ booking: { id, start, end, status, timeZone, place, sequence } }`
 * POST `{ action: "invitation", token }`  200 text/calendar: the invitation (invite.ts: the very event
 *   the e-mails carry), as a download; JSON or a form's fields, so the page's button is a plain form
 * POST `{ action: "reschedule", token, start, timeZone }`   200 `{ booking }` (same id, sequence + 1), 400, 409;
 *   400 `{ reason: "moves" }` after three moves, 429 `{ reason: "daily-messages" }`: the call stays
 * POST `{ action: "cancel", token, note? }`                  200 `{ booking }` with status "cancelled"
 *   404 `{ message: "This link is no longer valid." }` for a token unknown, cancelled or past alike.
 *
 * Everywhere: 405 for another method, 413/415/400 for an unreadable body, 429 with Retry-After
 * (per client: slots 60 a minute; manage and token bookings 20 in 10 minutes; /book bookings the
 * contact form's limits), 503 with Retry-After when the database cannot be reached or the function
 * has no key.
 *
 * The rules of a time are src/lib/calls/slots.ts's, checked here first for a clear message; what
 * concurrency could break (two calls overlapping, a day over its cap) the database refuses itself,
 * and this function only explains it. The confirmation, reminders and calendar entries are rows
 * the booking's own transaction wrote in public.call_messages, sent by the outbox's next step.
 */
import { callsFunctionCopy, FUNCTION_LIMITS } from "../../content/functions.js";
import { manageCallUrl } from "../../lib/calls/links.js";
import { Answer, BodyError, htmlPage, isNativeFormPost, json, readFields, refuse } from "../http.js";
import { escapeHtml } from "../../lib/text.js";
import { MemoryRateLimiter } from "../rate-limit-memory.js";
import { isUnstorableText } from "../unstorable-text.js";
import type { ServerSettings } from "../settings.js";
import { book } from "./booking.js";
import { newChallenge } from "./challenge.js";
import { hashToken, isTokenShape, manageTokenFor } from "./tokens.js";
import { callsFeed, isFeedSecret } from "./feed.js";
import { CalendarUnavailable, type Place } from "./calendar.js";
import { callInvitation, inviteOrganizer } from "./invite.js";
import { placeText } from "./place.js";
import {
  CALLS_RATE_LIMIT,
  calendarOf,
  limit,
  openContext,
  type CallsContext,
  type CallsDependencies,
} from "./context.js";
import { dispatchCall } from "./dispatch.js";
import { slotsAnswer } from "./free-times.js";
import { checkStart, refusalOf } from "./refusals.js";
import { bookingBody, readManageToken, readStart, readTimeZone, type BookingRow } from "./wire.js";

export type { CallsDependencies } from "./context.js";

const messages = callsFunctionCopy.messages;

// ---------------------------------------------------------------------------------------------
// The routes

/** A challenge for /book's proof of work; counted per client, never cached. */
async function challenge(context: CallsContext): Promise<Response> {
  await limit(context, CALLS_RATE_LIMIT.challenge);
  return json(200, await newChallenge(context.settings), { "cache-control": "no-store" });
}

/** The e-mail's link: the hold becomes a live call, and the manage link is given. */
async function confirm(context: CallsContext, fields: Record<string, unknown>): Promise<Response> {
  await limit(context, CALLS_RATE_LIMIT.manage);
  if (!isTokenShape(fields.token)) throw refuse(410, { message: messages.confirmExpired, reason: "confirm-expired" });
  const { data, error } = await context.db.rpc("confirm_call", { token_hash: hashToken(fields.token) });
  const calendar = await calendarOf(context);
  const row = data?.[0];
  if (error || !row) throw await refusalOf(context, calendar, error ?? { message: "no row" }, null);
  // The invitation, the team's e-mail, the calendar event and the conversion, sent now; once.
  if (row.newly_confirmed) dispatchCall(context, row.lead_id);
  const manageToken = manageTokenFor(row.id, context.settings.callsTokenSecret);
  return json(200, bookingBody(row, row.visitor_time_zone, calendar.place, manageToken), {
    "cache-control": "no-store",
  });
}

interface LiveCall extends BookingRow {
  visitor_time_zone: string;
  full_name: string;
  email: string;
}

/**
 * The call as an iCalendar invitation for the visitor's "Add to calendar": the same event as the
 * e-mails' (invite.ts): one organizer, the Meet link once Google made it, the call's page as its link.
 */
async function invitation(context: CallsContext, call: LiveCall, place: Place, manageToken: string): Promise<Response> {
  const { settings, db } = context;
  const origin = (settings.siteUrl || new URL(context.request.url).origin).replace(/\/+$/, "");
  // The number the agency calls is the lead's: read only when the place is a phone call.
  const phone = place.kind === "phone" ? await leadPhone(context, call.id) : null;
  let body: string;
  try {
    body = callInvitation(
      {
        bookingId: call.id,
        sequence: call.sequence,
        method: "REQUEST",
        start: new Date(call.starts_at),
        end: new Date(call.ends_at),
        place: await placeText(db, settings, place, { id: call.id, phone }),
        manageUrl: manageCallUrl(origin, manageToken),
        attendee: { name: call.full_name, email: call.email },
        stamp: context.now,
      },
      { origin, organizer: inviteOrganizer(settings) },
    );
  } catch (error) {
    // Only an address that is none (MAIL_FROM or VITE_CONTACT_EMAIL, as the organizer) gets here.
    console.error("calls: the invitation could not be written:", error instanceof Error ? error.message : error);
    throw refuse(503, { message: messages.notConfigured }, { "retry-after": "300" });
  }
  return new Response(body, {
    status: 200,
    headers: {
      "content-type": "text/calendar; charset=utf-8; method=REQUEST",
      "content-disposition": `attachment; filename="${callsFunctionCopy.invite.fileName}"`,
      "cache-control": "no-store",
    },
  });
}

async function leadPhone(context: CallsContext, bookingId: string): Promise<string | null> {
  const { data } = await context.db.from("call_bookings").select("lead:leads(phone)").eq("id", bookingId).maybeSingle();
  return (data?.lead as { phone: string | null } | null)?.phone ?? null;
}

async function liveCall(context: CallsContext, tokenHash: string): Promise<LiveCall> {
  const { data, error } = await context.db.rpc("call_by_token", { token_hash: tokenHash });
  if (error) throw await refusalOf(context, await calendarOf(context), error, null);
  const row = data?.[0];
  if (!row) throw refuse(404, { message: messages.linkInvalid });
  return row;
}

async function manageView(context: CallsContext, token: unknown, format: string | null): Promise<Response> {
  await limit(context, CALLS_RATE_LIMIT.manage);
  const call = await liveCall(context, readManageToken(token));
  const { place } = await calendarOf(context);
  // readManageToken refused anything but a token's shape.
  if (format === "ics") return invitation(context, call, place, token as string);
  return json(200, bookingBody(call, call.visitor_time_zone, place), { "cache-control": "no-store" });
}

async function reschedule(context: CallsContext, fields: Record<string, unknown>): Promise<Response> {
  await limit(context, CALLS_RATE_LIMIT.manage);
  const tokenHash = readManageToken(fields.token);
  const start = readStart(fields.start);
  const timeZone = readTimeZone(fields.timeZone);
  const call = await liveCall(context, tokenHash);
  const calendar = await calendarOf(context);
  const moving = { start: new Date(call.starts_at), end: new Date(call.ends_at) };
  await checkStart(context, calendar, start, moving);
  const { data, error } = await context.db.rpc("reschedule_call", {
    token_hash: tokenHash,
    start_at: start.toISOString(),
    visitor_time_zone: timeZone,
  });
  if (error || !data?.[0]) throw await refusalOf(context, calendar, error ?? { message: "no row" }, start, { moving });
  dispatchCall(context, data[0].lead_id);
  return json(200, bookingBody(data[0], timeZone, calendar.place), { "cache-control": "no-store" });
}

async function cancel(context: CallsContext, fields: Record<string, unknown>): Promise<Response> {
  await limit(context, CALLS_RATE_LIMIT.manage);
  const tokenHash = readManageToken(fields.token);
  const note = fields.note ?? "";
  if (typeof note !== "string" || note.length > 1000 || isUnstorableText(note))
    throw refuse(400, { message: messages.note });
  const call = await liveCall(context, tokenHash);
  const { data, error } = await context.db.rpc("cancel_call", {
    token_hash: tokenHash,
    ...(note.trim() ? { note: note.trim() } : {}),
  });
  const calendar = await calendarOf(context);
  if (error || !data?.[0]) throw await refusalOf(context, calendar, error ?? { message: "no row" }, null);
  dispatchCall(context, data[0].lead_id);
  return json(200, bookingBody(data[0], call.visitor_time_zone, calendar.place), { "cache-control": "no-store" });
}

/** The agency's .ics feed of upcoming calls (feed.ts): 404 unless the secret is CALLS_FEED_SECRET. */
async function feed(
  request: Request,
  settings: ServerSettings,
  given: string | null,
  open: () => Promise<CallsContext>,
) {
  if (!isFeedSecret(given, settings.callsFeedSecret)) throw refuse(404, { message: messages.feedNotFound });
  const context = await open();
  let body: string;
  try {
    body = await callsFeed(context.db, new URL(settings.siteUrl || request.url).hostname, context.now);
  } catch (error) {
    console.error("calls: the feed could not be read:", error instanceof Error ? error.message : error);
    throw refuse(503, { message: messages.unavailable }, { "retry-after": "60" });
  }
  return new Response(body, {
    status: 200,
    // Names of people: never kept by a shared cache.
    headers: { "content-type": "text/calendar; charset=utf-8", "cache-control": "private, no-store" },
  });
}

// ---------------------------------------------------------------------------------------------

export function createCallsHandler(deps: CallsDependencies) {
  const fallback = new MemoryRateLimiter(deps.now ? { now: deps.now } : {});

  const open = async (request: Request, settings: ServerSettings) => openContext(request, settings, deps, fallback);

  async function route(request: Request, settings: ServerSettings): Promise<Response> {
    const url = new URL(request.url);
    if (request.method === "GET" || request.method === "HEAD") {
      if (url.searchParams.get("view") === "slots") return slotsAnswer(await open(request, settings));
      if (url.searchParams.get("view") === "challenge") return challenge(await open(request, settings));
      if (url.searchParams.has("feed"))
        return feed(request, settings, url.searchParams.get("feed"), () => open(request, settings));
      throw refuse(400, { message: messages.view });
    }
    if (request.method !== "POST") throw refuse(405, { message: messages.methodNotAllowed }, { allow: "GET, POST" });
    const fields = await readFields(request, FUNCTION_LIMITS.callsBodyBytes, messages);
    if (!fields) throw refuse(400, { message: messages.empty });
    const action = fields.action ?? "book";
    if (action === "book") return book(fields, request, () => open(request, settings));
    if (action === "confirm") return confirm(await open(request, settings), fields);
    if (action === "reschedule") return reschedule(await open(request, settings), fields);
    if (action === "cancel") return cancel(await open(request, settings), fields);
    if (action === "view") return manageView(await open(request, settings), fields.token, null);
    if (action === "invitation") return manageView(await open(request, settings), fields.token, "ics");
    throw refuse(400, { message: messages.action });
  }

  async function answer(request: Request): Promise<Response> {
    try {
      return await route(request, deps.settings());
    } catch (error) {
      if (error instanceof Answer) return error.response;
      if (error instanceof BodyError) return json(error.status, { message: error.message });
      if (error instanceof CalendarUnavailable) {
        console.error("calls: the database failed:", error.message);
        return json(503, { message: messages.unavailable }, { "retry-after": "60", "cache-control": "no-store" });
      }
      throw error;
    }
  }

  return async function handleCalls(request: Request): Promise<Response> {
    const response = await answer(request);
    // The call page's download button posts a plain form: a refusal comes back as a page to read
    // (its message, and the way to book again), not as JSON the browser would show raw.
    return isNativeFormPost(request) && !response.ok ? refusalPage(response) : response;
  };
}

async function refusalPage(response: Response): Promise<Response> {
  const { message } = (await response.json()) as { message: string };
  const headers = Object.fromEntries(response.headers);
  delete headers["content-type"];
  const copy = callsFunctionCopy.page;
  const body = `<p>${escapeHtml(message)}</p><p><a href="/book">${escapeHtml(copy.book)}</a></p>`;
  return htmlPage(response.status, copy.failed, body, headers);
}
