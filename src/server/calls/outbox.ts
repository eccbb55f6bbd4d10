/**
 * What a discovery call sends, as an outbox kind (../outbox/runner.ts): due rows of
 * public.call_messages, written by the booking's own transaction (20261126200000_discovery_calls.sql,
 * 20261126210000_call_conversions.sql). A row is claimed only when due (its next_attempt_at, which
 * for a reminder is the call's start less 24 hours or 1 hour).
 *
 * - confirmation, reschedule: the visitor's e-mail with the invitation as a `text/calendar;
 *   method=REQUEST` part (nodemailer's icalEvent): UID bookingUid(id, domain), SEQUENCE the row's
 *   booking_sequence, so a move updates the event the visitor's calendar already holds.
 * - cancellation: the same UID with METHOD:CANCEL at the higher SEQUENCE, which removes it.
 * - reminder_24h, reminder_1h: the visitor's e-mail. A reminder of a call since moved or cancelled is
 *   skipped by the database when the change happens; this repeats the rule at sending time
 *   ('superseded', 'cancelled'), and a reminder claimed after the call began is 'too_late'.
 * - team_email: the team's notice of a new booking (LEADS_NOTIFY_EMAILS, Reply-To the visitor).
 * - calendar_event: the agency's Google Calendar brought in step with the booking as it is now
 *   (google-calendar.ts); 'not_configured' without GOOGLE_CALENDAR_*.
 *
 * With Google Meet as the place and Google Calendar configured, a run sends its calendar rows first,
 * so the visitor's e-mail (and its invitation's LOCATION) carries the Meet link Google made; without
 * it (Google down, or not configured) the e-mail says the link comes before the call.
 *
 * Times are shown in the visitor's zone with the agency's (Lagos) beside it. Each e-mail carries a
 * Message-ID derived from its row (the same on every attempt). The manage link is re-derived from the
 * booking's id with CALLS_TOKEN_SECRET (tokens.ts): the database holds only its hash.
 */
import { confirmCallUrl, manageCallUrl } from "../../lib/calls/links.js";
import { callTimeCopy } from "../../content/calls.js";
import { callsFunctionCopy } from "../../content/functions.js";
import { formatBookingMoment, zoneLabel } from "../../lib/calls/display.js";
import type { CallBookingRow, CallMessageKind } from "../../lib/database.js";
import { outboxMail } from "../messages/outbox-mail.js";
import { finishArgs, type SentMessageOutcome } from "../messages/outcome.js";
import type { RenderedMail } from "../messages/templates.js";
import type { SendingKindOptions } from "../outbox/kind-options.js";
import type { OutboxKind } from "../outbox/runner.js";
import { readCalendar, type CallCalendar } from "./calendar.js";
import { syncCalendarEvent } from "./google-calendar.js";
import { callInvitation, googleCalendarLink, inviteDescription, inviteOrganizer } from "./invite.js";
import { placeText } from "./place.js";
import { teamCallMail, visitorCallMail, type VisitorCallMail } from "./mail.js";
import { confirmTokenFor, manageTokenFor } from "./tokens.js";

/** The call as claim_call_messages gives it: as it is now, and whom it is for. */
interface ClaimedCall extends Pick<
  CallBookingRow,
  "id" | "lead_id" | "starts_at" | "ends_at" | "status" | "sequence" | "visitor_time_zone"
> {
  source: "book_page" | "thank_you";
  full_name: string;
  email: string;
  phone: string | null;
  lead_source: string | null;
  campaign: string | null;
}

export interface ClaimedCallMessage {
  id: number;
  booking_id: string;
  kind: CallMessageKind;
  booking_sequence: number;
  recipient: string | null;
  attempts: number;
  claim_token: string;
  response: unknown;
  call: ClaimedCall;
}

export type CallMessageOutcome = SentMessageOutcome<
  "not_configured" | "superseded" | "cancelled" | "too_late" | "expired"
>;

/** `<call-message-42@ascenddigital.ng>`: the same for a row on every attempt. */
const callMessageIdFor = (rowId: number, domain: string) => `<call-message-${rowId}@${domain}>`;

const callListId = (domain: string) => `Discovery calls <calls.${domain}>`;

const VISITOR_MAILS = new Set<CallMessageKind>([
  "confirm_request",
  "confirmation",
  "reschedule",
  "cancellation",
  "reminder_24h",
  "reminder_1h",
]);

/** "Tuesday 2 December, 09:30 (London time) — Tuesday 2 December, 10:30 (Lagos time)"; one zone when they are the same. */
function bothZones(start: Date, zone: string, agencyZone: string): string {
  const visitor = `${formatBookingMoment(start, zone, callTimeCopy)} (${zoneLabel(zone, callTimeCopy)})`;
  if (zone === agencyZone) return visitor;
  return `${visitor} — ${formatBookingMoment(start, agencyZone, callTimeCopy)} (${zoneLabel(agencyZone, callTimeCopy)})`;
}

export function callsKind(options: SendingKindOptions): OutboxKind<ClaimedCallMessage, CallMessageOutcome> {
  const { db, settings, now } = options;
  const messages = settings.messages;
  const origin = (settings.siteUrl || options.siteUrl).replace(/\/+$/, "");
  const mail = outboxMail(settings, options.siteUrl, { messageId: callMessageIdFor, listId: callListId });
  // The availability's zone and the meeting place, read once per run (when a row needs them).
  let calendar: Promise<CallCalendar> | null = null;
  const calendarOf = () => (calendar ??= readCalendar(db));

  const email = (
    row: ClaimedCallMessage,
    to: string[],
    rendered: RenderedMail,
    extra: { replyTo?: string; icalEvent?: { method: "REQUEST" | "CANCEL"; content: string; filename: string } },
  ): Promise<CallMessageOutcome> => mail.send(row.id, to, rendered, extra);

  async function visitorMail(row: ClaimedCallMessage): Promise<CallMessageOutcome> {
    const call = row.call;
    const kind = row.kind as VisitorCallMail;
    const cancelled = call.status === "cancelled";
    if (kind === "cancellation") {
      if (!cancelled) return { kind: "skipped", reason: "superseded" };
    } else if (kind === "confirm_request") {
      // Only a hold still waiting for its address is asked to confirm.
      if (call.status === "expired") return { kind: "skipped", reason: "expired" };
      if (call.status !== "booked") return { kind: "skipped", reason: "cancelled" };
    } else {
      if (cancelled) return { kind: "skipped", reason: "cancelled" };
      if (row.booking_sequence !== call.sequence) return { kind: "skipped", reason: "superseded" };
      if ((kind === "reminder_24h" || kind === "reminder_1h") && now() >= new Date(call.starts_at))
        return { kind: "skipped", reason: "too_late" };
    }
    if (!messages.smtp) return { kind: "skipped", reason: "not_configured" };
    const { availability, place } = await calendarOf();
    const start = new Date(call.starts_at);
    const end = new Date(call.ends_at);
    const zone = call.visitor_time_zone;
    const where = await placeText(db, settings, place, call);
    const manageUrl = manageCallUrl(origin, manageTokenFor(call.id, settings.callsTokenSecret));
    const invite = callsFunctionCopy.invite;
    const rendered = await visitorCallMail(kind, {
      name: call.full_name,
      when: bothZones(start, zone, availability.timeZone),
      moment: formatBookingMoment(start, zone, callTimeCopy),
      minutes: Math.round((end.getTime() - start.getTime()) / 60_000),
      place: where,
      manageUrl,
      bookUrl: `${origin}/book`,
      confirmUrl: confirmCallUrl(origin, confirmTokenFor(call.id, settings.callsTokenSecret)),
      googleCalendarUrl:
        kind === "confirmation" || kind === "reschedule"
          ? googleCalendarLink({
              title: invite.title,
              start,
              end,
              details: inviteDescription(manageUrl),
              location: where,
            })
          : null,
    });
    // Reminders carry no invitation: the event is already in the visitor's calendar.
    const method =
      kind === "cancellation" ? "CANCEL" : kind === "confirmation" || kind === "reschedule" ? "REQUEST" : null;
    let icalEvent: { method: "REQUEST" | "CANCEL"; content: string; filename: string } | undefined;
    if (method) {
      try {
        icalEvent = {
          method,
          filename: invite.fileName,
          content: callInvitation(
            {
              bookingId: call.id,
              sequence: row.booking_sequence,
              method,
              start,
              end,
              place: where,
              manageUrl,
              attendee: { name: call.full_name, email: call.email },
              stamp: now(),
            },
            { origin, organizer: inviteOrganizer(settings) },
          ),
        };
      } catch (caught) {
        // Only a sender that is no address (MAIL_FROM, VITE_CONTACT_EMAIL) gets here: fix and retry.
        return { kind: "failed", error: `The invitation could not be written: ${(caught as Error).message}` };
      }
    }
    return email(row, [row.recipient ?? call.email], rendered, icalEvent ? { icalEvent } : {});
  }

  async function teamMail(row: ClaimedCallMessage): Promise<CallMessageOutcome> {
    if (!messages.smtp || messages.notifyEmails.length === 0) return { kind: "skipped", reason: "not_configured" };
    const call = row.call;
    const { availability } = await calendarOf();
    const start = new Date(call.starts_at);
    const rendered = await teamCallMail({
      name: call.full_name,
      email: call.email,
      phone: call.phone,
      when: formatBookingMoment(start, availability.timeZone, callTimeCopy),
      visitorZone: call.visitor_time_zone,
      bookedFrom: call.source,
      leadSource: call.lead_source,
      campaign: call.campaign,
      adminLeadUrl: `${origin}/admin/leads/${call.lead_id}`,
    });
    return email(row, messages.notifyEmails, rendered, { replyTo: call.email });
  }

  async function send(row: ClaimedCallMessage): Promise<CallMessageOutcome> {
    if (VISITOR_MAILS.has(row.kind)) return visitorMail(row);
    if (row.kind === "team_email") return teamMail(row);
    if (!settings.googleCalendar) return { kind: "skipped", reason: "not_configured" };
    const { place } = await calendarOf();
    return syncCalendarEvent(row.call, place, settings.googleCalendar, {
      fetch: options.fetch,
      now: now(),
      timeoutMs: options.timeoutMs,
      adminLeadUrl: `${origin}/admin/leads/${row.call.lead_id}`,
    });
  }

  return {
    name: "calls",
    rows: "call messages",
    async claim(maxRows, onlyLead) {
      const claimed = await db.rpc("claim_call_messages", {
        max_rows: maxRows,
        ...(onlyLead ? { only_lead: onlyLead } : {}),
      });
      // The calendar first: the visitor's e-mail sent after it in the same run carries the Meet link
      // Google made for the event.
      claimed.data?.sort((a, b) => Number(b.kind === "calendar_event") - Number(a.kind === "calendar_event"));
      return claimed;
    },
    send,
    finish: (row, outcome, retryAt) => db.rpc("finish_call_message", finishArgs(row, outcome, retryAt)),
    describe: (row) => `${row.kind} of call ${row.booking_id}`,
    service: (row) => (row.kind === "calendar_event" ? "google_calendar" : "smtp"),
    close: mail.close,
  };
}
