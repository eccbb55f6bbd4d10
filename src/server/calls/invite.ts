/**
 * The calendar side of a booked call: the iCalendar invitation the confirmation and cancellation
 * e-mails carry, and the "Add to Google Calendar" link. Written by the `ics` package, which folds long
 * lines, escapes text and ends lines with CRLF as RFC 5545 asks.
 *
 * What the mail clients need, and where it is met:
 * - METHOD on the VCALENDAR (iTIP, RFC 5546): `ics` writes its `method` option there. REQUEST adds or
 *   updates the event, CANCEL removes it.
 * - The same UID for every message about one booking (`bookingUid`), and a SEQUENCE the caller raises
 *   on each change (a reschedule, the cancellation): Outlook and Apple Calendar ignore a message whose
 *   SEQUENCE is not above the one they hold.
 * - ORGANIZER (required in a REQUEST) and the visitor as ATTENDEE with RSVP, so Gmail and Outlook show
 *   their Yes/No/Maybe answer buttons; STATUS CONFIRMED or CANCELLED to match the method.
 * - Times in UTC ("Z"), so no VTIMEZONE is needed and no client guesses a zone.
 * - Not here but required of the sender (the outbox): the invitation goes in the e-mail as a
 *   `text/calendar; method=REQUEST` (or CANCEL) part, which nodemailer's `icalEvent` writes, and is
 *   sent from the organizer's address, or Gmail shows it as an attachment only.
 *
 * `ics` cannot be told that a name contains a double quote (it writes CN="…" as given, and a quote
 * inside would end the parameter early), so names lose their quotes and line breaks first.
 */
import { createEvent, type EventAttributes } from "ics";
import { isEmailAddress } from "../../lib/text.js";

interface Person {
  name: string;
  email: string;
}

export interface InviteInput {
  /** bookingUid(): the same for every message about the booking */
  uid: string;
  /** 0 for the first invitation, one more for each change after it */
  sequence: number;
  method: "REQUEST" | "CANCEL";
  start: Date;
  end: Date;
  title: string;
  description: string;
  /** A meeting URL, or "We call you on +234…" */
  location: string;
  organizer: Person;
  attendee: Person;
  /** The booking's page (reschedule, cancel) */
  url?: string;
  /** DTSTAMP: when this message was made (the caller's clock, so the output is reproducible) */
  stamp: Date;
}

/** A name as a quoted iCalendar parameter may hold it. */
function parameterText(name: string): string {
  return name.replace(/"/g, "").replace(/\s+/g, " ").trim();
}

function address(person: Person): Person {
  if (!isEmailAddress(person.email)) throw new RangeError(`Not an e-mail address: ${JSON.stringify(person.email)}`);
  return { name: parameterText(person.name), email: person.email };
}

/** The iCalendar text (CRLF lines) of an invitation or a cancellation. */
export function buildInvite(input: InviteInput): string {
  const utc = { startInputType: "utc", startOutputType: "utc", endInputType: "utc", endOutputType: "utc" } as const;
  // `timestamp` (DTSTAMP) is read by ics but missing from its types; without it, DTSTAMP is Date.now().
  const attributes: EventAttributes & { timestamp: number } = {
    ...utc,
    productId: "-//agency-site//discovery calls//EN",
    method: input.method,
    uid: input.uid,
    sequence: input.sequence,
    timestamp: input.stamp.getTime(),
    start: input.start.getTime(),
    end: input.end.getTime(),
    title: input.title,
    description: input.description,
    location: input.location,
    ...(input.url ? { url: input.url } : {}),
    status: input.method === "CANCEL" ? "CANCELLED" : "CONFIRMED",
    organizer: address(input.organizer),
    attendees: [
      {
        ...address(input.attendee),
        rsvp: input.method === "REQUEST",
        partstat: "NEEDS-ACTION",
        role: "REQ-PARTICIPANT",
      },
    ],
  };
  const { error, value } = createEvent(attributes);
  if (error || !value) throw error ?? new Error("ics returned no calendar");
  return value;
}

// The Google Calendar link is built in lib, where the confirmation on screen builds it too.
export { googleCalendarLink } from "../../lib/calls/links.js";

/** The iCalendar UID of a booking: stable for its life, unique across the agency's domain. */
export function bookingUid(bookingId: string, domain: string): string {
  return `call-${bookingId}@${domain}`;
}
