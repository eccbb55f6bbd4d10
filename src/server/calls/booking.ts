/**
 * Booking a call (POST /api/calls without an `action`, or with "book"): for the lead of a lead
 * booking token (/thank-you, after an enquiry), or for a lead stored here through the contact
 * form's door (/book: name, e-mail, phone, and the solved challenge). The contract is in handler.ts.
 * Either way the booking is a 15-minute hold until the link of its e-mail confirms it (confirm.ts).
 */
import { randomUUID } from "node:crypto";
import { leadForm } from "../../content/contact.js";
import { callsFunctionCopy } from "../../content/functions.js";
import { DEFAULT_AVAILABILITY } from "../../lib/calls/slots.js";
import { firstLeadError, leadErrors, readAnswers, type LeadField } from "../../lib/lead-rules.js";
import { Answer, json, refuse } from "../http.js";
import { botFields, isBot, parseAttribution, storeLead, type LeadSubmission } from "../lead-door.js";
import { firstUnstorableField, unstorableMessage } from "../unstorable-text.js";
import type { CallCalendar, Place } from "./calendar.js";
import { spendSolution } from "./challenge.js";
import { CALLS_RATE_LIMIT, calendarOf, clientKeyOf, limit, type CallsContext } from "./context.js";
import { dispatchCall } from "./dispatch.js";
import { checkStart, databaseRefusal, refusalOf } from "./refusals.js";
import { bookingBody, readStart, readTimeZone } from "./wire.js";
import { confirmTokenFor, hashToken, isTokenShape, issueLeadBookingToken, manageTokenFor } from "./tokens.js";

/** How long an unconfirmed booking holds its time (the database's rule, for a bot's answer). */
const HOLD_MS = 15 * 60_000;

const messages = callsFunctionCopy.messages;

/** The booking form's names for the lead's answers. */
const BOOKING_FIELDS = { name: "fullName", email: "email", phone: "phone" } as const satisfies Record<
  string,
  LeadField
>;

function fieldName(field: LeadField): string {
  return Object.entries(BOOKING_FIELDS).find(([, lead]) => lead === field)?.[0] ?? field;
}

/** The lead's answers from /book, checked by the contact form's rules. */
function readLead(fields: Record<string, unknown>): LeadSubmission {
  const answers: Record<string, unknown> = {};
  for (const [name, lead] of Object.entries(BOOKING_FIELDS)) answers[lead] = fields[name];
  const unstorable = firstUnstorableField(answers, Object.values(BOOKING_FIELDS));
  if (unstorable)
    throw refuse(400, { message: unstorableMessage(leadForm.labels[unstorable]), field: fieldName(unstorable) });
  const read = readAnswers(answers, leadForm);
  if ("field" in read) throw refuse(400, { message: read.message, field: fieldName(read.field) });
  const found = firstLeadError(leadErrors(read.values, leadForm));
  if (found) throw refuse(400, { message: found.message, field: fieldName(found.field) });
  return { values: read.values, attribution: parseAttribution(fields.attribution), ...botFields(fields) };
}

/** A bot's booking: looks like a real one, is stored nowhere. */
function botBooking(start: Date, timeZone: string): Response {
  const end = new Date(start.getTime() + DEFAULT_AVAILABILITY.callMinutes * 60_000);
  const place: Place = { kind: "google_meet", label: callsFunctionCopy.place.google_meet };
  const row = {
    id: randomUUID(),
    starts_at: start.toISOString(),
    ends_at: end.toISOString(),
    status: "booked",
    sequence: 0,
    hold_expires_at: new Date(Date.now() + HOLD_MS).toISOString(),
  };
  return json(201, bookingBody(row, timeZone, place), { "cache-control": "no-store" });
}

/** Inserts the booking; the database's refusals become answers (a /book lead gets a token to try again). */
async function insertBooking(
  context: CallsContext,
  calendar: CallCalendar,
  start: Date,
  timeZone: string,
  who: { source: "thank_you"; leadTokenHash: string } | { source: "book_page"; lead: string },
): Promise<Response> {
  const id = randomUUID();
  const secret = context.settings.callsTokenSecret;
  const client = clientKeyOf(context);
  const { data, error } = await context.db.rpc("book_call", {
    booking_id: id,
    start_at: start.toISOString(),
    visitor_time_zone: timeZone,
    manage_token_hash: hashToken(manageTokenFor(id, secret)),
    confirm_token_hash: hashToken(confirmTokenFor(id, secret)),
    ...(client ? { client } : {}),
    booking_source: who.source,
    ...(who.source === "book_page" ? { lead: who.lead } : { lead_token_hash: who.leadTokenHash }),
  });
  const row = data?.[0];
  if (error || !row) {
    const failure: { code?: string; message: string } = error ?? { message: "book_call answered no row" };
    // The lead is stored already: another try books for it rather than storing it again.
    const again =
      who.source === "book_page" && databaseRefusal(failure) !== null
        ? await issueLeadBookingToken(context.db, who.lead)
        : null;
    throw await refusalOf(context, calendar, failure, start, again ? { extra: { leadToken: again } } : {});
  }
  // The request to confirm goes now; the manage link comes with the confirmation.
  dispatchCall(context, row.lead_id);
  return json(201, bookingBody(row, timeZone, calendar.place), { "cache-control": "no-store" });
}

export async function book(
  fields: Record<string, unknown>,
  request: Request,
  open: () => Promise<CallsContext>,
): Promise<Response> {
  const start = readStart(fields.start);
  const timeZone = readTimeZone(fields.timeZone);
  if (fields.leadToken !== undefined) {
    if (!isTokenShape(fields.leadToken)) throw refuse(400, { message: messages.leadToken });
    const context = await open();
    await limit(context, CALLS_RATE_LIMIT.manage);
    const calendar = await calendarOf(context);
    await checkStart(context, calendar, start);
    return insertBooking(context, calendar, start, timeZone, {
      source: "thank_you",
      leadTokenHash: hashToken(fields.leadToken),
    });
  }
  const submission = readLead(fields);
  // Bots get the answer people get, and nothing is stored or counted.
  if (isBot(submission)) return botBooking(start, timeZone);
  const context = await open();
  const calendar = await calendarOf(context);
  // A phone call needs the number to call.
  if (calendar.place.kind === "phone" && !submission.values.phone.trim())
    throw refuse(400, { message: messages.phoneRequired, field: "phone" });
  // The proof of work, once per booking (a bot that failed the checks above never got this far).
  const solution = await spendSolution(context.db, context.settings, fields.challenge);
  if (solution !== "ok") throw refuse(400, { message: messages.challenge, reason: "challenge" });
  await checkStart(context, calendar, start);
  // The lead waits for the call's confirmation (migration 20261129140000): a script's tries, refused
  // by the caps or never confirmed, e-mail neither the team nor the address they typed.
  const stored = await storeLead(request, context.settings, context.db, context.limiter, submission, context.deps, {
    awaitingConfirmation: true,
  });
  if (!stored.stored) throw new Answer(stored.response);
  return insertBooking(context, calendar, start, timeZone, { source: "book_page", lead: stored.id });
}
