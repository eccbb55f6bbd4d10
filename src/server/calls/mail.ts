// Not TSX on purpose, as ../messages/templates.ts: Vercel's function tracing does not resolve an
// import of "./mail.js" to a .tsx file.
import { createElement, Fragment, type ReactElement, type ReactNode } from "react";
import { callMailCopy } from "../../content/call-messages.js";
import { Facts, MailButton, MailLayout, Paragraph, SectionHeading, TextLink } from "../messages/mail-layout.js";
import { oneLine } from "../../lib/text.js";
import { firstName, renderMail, type RenderedMail } from "../messages/templates.js";

/**
 * The e-mails of a discovery call, each written once as React (react-email) and rendered to HTML and
 * plain text, as the lead's are (../messages/templates.ts, whose renderMail keeps the subject to one
 * safe line). What the visitor typed (their name) is escaped by React in the HTML. Copy is in
 * src/content/call-messages.ts.
 */
export type VisitorCallMail =
  "confirm_request" | "confirmation" | "reschedule" | "cancellation" | "reminder_24h" | "reminder_1h";

export interface VisitorCallMailData {
  name: string;
  /** The time as the visitor reads it, Lagos's beside it (display.ts's confirmationLine, without its lead-in). */
  when: string;
  /** The start alone in the visitor's zone, for the subject: "Tuesday 2 December, 10:30". */
  moment: string;
  minutes: number;
  place: string;
  /** The manage page (reschedule, cancel); a cancellation links to the booking page instead. */
  manageUrl: string;
  bookUrl: string;
  googleCalendarUrl: string | null;
  /** The link that confirms a held booking (confirm_request only). */
  confirmUrl?: string;
}

export interface TeamCallMailData {
  name: string;
  email: string;
  phone: string | null;
  /** The start in Lagos. */
  when: string;
  visitorZone: string;
  bookedFrom: "book_page" | "thank_you";
  leadSource: string | null;
  campaign: string | null;
  adminLeadUrl: string;
}

const h = createElement;

interface VisitorProps {
  kind: VisitorCallMail;
  data: VisitorCallMailData;
}

/** The copy every visitor e-mail opens with. */
interface VisitorOpening {
  preview: string;
  heading: (firstName: string) => string;
  intro: string;
}

/**
 * A visitor's e-mail: the heading by first name, the intro and the call's facts (the place only
 * `withPlace`), then `rest`.
 */
function visitorLayout(
  { copy, data, withPlace }: { copy: VisitorOpening; data: VisitorCallMailData; withPlace: boolean },
  ...rest: ReactNode[]
): ReactElement {
  return h(
    MailLayout,
    { preview: copy.preview, heading: copy.heading(firstName(data.name)) },
    h(Paragraph, null, copy.intro),
    h(Facts, {
      rows: [
        { label: callMailCopy.facts.when, value: data.when },
        { label: callMailCopy.facts.length, value: callMailCopy.facts.minutes(data.minutes) },
        ...(withPlace ? [{ label: callMailCopy.facts.where, value: data.place }] : []),
      ],
    }),
    ...rest,
  );
}

/** The request to confirm a held booking: the time, and the one button that confirms it. */
function ConfirmRequest({ data }: { data: VisitorCallMailData }) {
  const copy = callMailCopy.confirm_request;
  return visitorLayout(
    { copy, data, withPlace: false },
    h(MailButton, { href: data.confirmUrl ?? data.bookUrl }, copy.button),
    h(Paragraph, { muted: true }, copy.notYou),
    h(Paragraph, null, callMailCopy.signOff, h("br"), callMailCopy.signature),
  );
}

function VisitorCall({ kind, data }: VisitorProps) {
  if (kind === "confirm_request") return h(ConfirmRequest, { data });
  const copy = callMailCopy[kind];
  const cancelled = kind === "cancellation";
  return visitorLayout(
    { copy, data, withPlace: !cancelled },
    cancelled
      ? h(MailButton, { href: data.bookUrl }, callMailCopy.cancellation.bookAgain)
      : h(
          Fragment,
          null,
          data.googleCalendarUrl &&
            h(Paragraph, null, h(TextLink, { href: data.googleCalendarUrl }, callMailCopy.addToGoogle)),
          kind === "confirmation" && h(Paragraph, null, callMailCopy.prepare),
          h(SectionHeading, null, callMailCopy.manageHeading),
          h(Paragraph, null, callMailCopy.manage),
          h(MailButton, { href: data.manageUrl, secondary: true }, callMailCopy.manageButton),
        ),
    h(Paragraph, null, callMailCopy.signOff, h("br"), callMailCopy.signature),
    h(Paragraph, { muted: true }, callMailCopy.whyReceived),
  );
}

function subjectOf(kind: VisitorCallMail, moment: string): string {
  return kind === "cancellation" ? callMailCopy.cancellation.subject : callMailCopy[kind].subject(moment);
}

/** The visitor's e-mail about their call (the invitation travels beside it, see outbox.ts). */
export function visitorCallMail(kind: VisitorCallMail, data: VisitorCallMailData): Promise<RenderedMail> {
  return renderMail(subjectOf(kind, data.moment), h(VisitorCall, { kind, data }));
}

interface TeamProps {
  data: TeamCallMailData;
}

function TeamCall({ data }: TeamProps) {
  const copy = callMailCopy.team;
  const name = oneLine(data.name);
  const or = (value: string | null) => (value && oneLine(value)) || copy.none;
  return h(
    MailLayout,
    { preview: copy.preview(name), heading: copy.heading },
    h(Paragraph, null, copy.intro(name)),
    h(MailButton, { href: data.adminLeadUrl }, copy.openLead),
    h(Facts, {
      rows: [
        { label: copy.fields.name, value: name },
        {
          label: copy.fields.email,
          value: h(TextLink, { href: `mailto:${oneLine(data.email)}` }, oneLine(data.email)),
        },
        { label: copy.fields.phone, value: or(data.phone) },
        { label: copy.fields.when, value: data.when },
        { label: copy.fields.visitorZone, value: data.visitorZone },
        { label: copy.fields.bookedFrom, value: copy.bookedFrom[data.bookedFrom] },
        { label: copy.fields.source, value: or(data.leadSource) },
        { label: copy.fields.campaign, value: or(data.campaign) },
      ],
    }),
    h(Paragraph, { muted: true }, data.adminLeadUrl),
  );
}

/** The team's notice of a new booking (sent with Reply-To the visitor). */
export function teamCallMail(data: TeamCallMailData): Promise<RenderedMail> {
  return renderMail(callMailCopy.team.subject(oneLine(data.name), data.when), h(TeamCall, { data }));
}
