/**
 * The calendar side of a booked call, written once for every place it goes: the invitation the
 * confirmation, reschedule and cancellation e-mails carry (outbox.ts), the "Add to calendar (.ics)"
 * download of the call's page (handler.ts), and the agency's feed (feed.ts). The e-mail and the
 * download are one event: the same UID, SEQUENCE, organizer, place, description and link, so a
 * visitor who imports the download and then gets the e-mail holds one call, with the Meet link in
 * both. Written by `ical-generator`, which folds lines at 75 octets (not characters: a Yoruba name's
 * marks take two or three octets each), escapes text, writes parameters such as ROLE and PARTSTAT
 * unquoted and a name's quotes and line breaks as RFC 6868 carets, and ends lines with CRLF.
 *
 * What the mail clients need, and where it is met:
 * - METHOD on the VCALENDAR (iTIP, RFC 5546). REQUEST adds or updates the event, CANCEL removes it.
 * - The same UID for every message about one booking (`bookingUid`), and a SEQUENCE the caller raises
 *   on each change (a reschedule, the cancellation): Outlook and Apple Calendar ignore a message whose
 *   SEQUENCE is not above the one they hold.
 * - One ORGANIZER (required in a REQUEST), the address the e-mails are sent from (`inviteOrganizer`),
 *   and the visitor as ATTENDEE with RSVP, so Gmail and Outlook show their Yes/No/Maybe buttons;
 *   STATUS CONFIRMED or CANCELLED to match the method.
 * - Times in UTC ("Z"), so no VTIMEZONE is needed and no client guesses a zone.
 * - Not here but required of the sender (the outbox): the invitation goes in the e-mail as a
 *   `text/calendar; method=REQUEST` (or CANCEL) part, which nodemailer's `icalEvent` writes, and is
 *   sent from the organizer's address, or Gmail shows it as an attachment only.
 */
import ical, {
  ICalAttendeeRole,
  ICalAttendeeStatus,
  ICalCalendarMethod,
  ICalEventStatus,
  type ICalCalendar,
} from "ical-generator";
import { callMailCopy } from "../../content/call-messages.js";
import { callsFunctionCopy } from "../../content/functions.js";
import { site } from "../../content/site.js";
import { isEmailAddress, oneLine } from "../../lib/text.js";
import { addressOf, mailSender } from "../messages/mail.js";
import type { ServerSettings } from "../settings.js";

interface Person {
  name: string;
  email: string;
}

/** What one message about a call says: everything else in the invitation follows from these. */
export interface CallInviteFacts {
  bookingId: string;
  /** 0 for the first invitation, one more for each change after it */
  sequence: number;
  method: "REQUEST" | "CANCEL";
  start: Date;
  end: Date;
  /** Where the call happens as the visitor reads it (`placeText`): the Meet link once Google made one */
  place: string;
  /** The call's page, where the visitor moves or cancels it */
  manageUrl: string;
  attendee: Person;
  /** DTSTAMP: when this message was made (the caller's clock, so the output is reproducible) */
  stamp: Date;
}

/** Who sends and organizes: the site's origin (the UID's domain) and the organizer. */
export interface InviteSender {
  origin: string;
  organizer: Person;
}

/** The organizer of every invitation: the agency, at the address the e-mails are sent from. */
export function inviteOrganizer(settings: Pick<ServerSettings, "contactEmail" | "messages">): Person {
  return { name: site.name, email: addressOf(mailSender(settings)) };
}

/** The event's description: what the call is, and the link that moves or cancels it. */
export function inviteDescription(manageUrl: string): string {
  return `${callsFunctionCopy.invite.description}\n\n${callMailCopy.manageButton}: ${manageUrl}`;
}

/** A calendar of this site's calls, with the product id every one of its calendars carries. */
export function callsCalendar(options: { method?: "REQUEST" | "CANCEL"; name?: string } = {}): ICalCalendar {
  return ical({
    prodId: { company: "agency-site", product: "discovery calls", language: "EN" },
    ...(options.method ? { method: ICalCalendarMethod[options.method] } : {}),
    ...(options.name ? { name: options.name } : {}),
  });
}

/**
 * The calendar's text. RFC 5545 ends every content line with CRLF, the last (END:VCALENDAR) too;
 * ical-generator leaves the last one bare, which strict readers refuse.
 */
export function icsText(calendar: ICalCalendar): string {
  const text = calendar.toString();
  return text.endsWith("\r\n") ? text : `${text}\r\n`;
}

function person(who: Person): Person {
  if (!isEmailAddress(who.email)) throw new RangeError(`Not an e-mail address: ${JSON.stringify(who.email)}`);
  return { name: oneLine(who.name), email: who.email };
}

/** The iCalendar text (CRLF lines) of an invitation or a cancellation. */
export function callInvitation(facts: CallInviteFacts, sender: InviteSender): string {
  const calendar = callsCalendar({ method: facts.method });
  calendar.createEvent({
    id: bookingUid(facts.bookingId, new URL(sender.origin).hostname),
    sequence: facts.sequence,
    stamp: facts.stamp,
    start: facts.start,
    end: facts.end,
    summary: callsFunctionCopy.invite.title,
    description: inviteDescription(facts.manageUrl),
    location: facts.place,
    url: facts.manageUrl,
    status: facts.method === "CANCEL" ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
    organizer: person(sender.organizer),
    attendees: [
      {
        ...person(facts.attendee),
        rsvp: facts.method === "REQUEST",
        status: ICalAttendeeStatus.NEEDSACTION,
        role: ICalAttendeeRole.REQ,
      },
    ],
  });
  return icsText(calendar);
}

// The Google Calendar link is built in lib, where the confirmation on screen builds it too.
export { googleCalendarLink } from "../../lib/calls/links.js";

/** The iCalendar UID of a booking: stable for its life, unique across the agency's domain. */
export function bookingUid(bookingId: string, domain: string): string {
  return `call-${bookingId}@${domain}`;
}
