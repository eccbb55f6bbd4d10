// Not TSX on purpose: Vercel's function tracing does not resolve an import of "./templates.js" to a
// .tsx file, so api/contact, api/conversions-dispatch and api/cron-conversions would fail to start.
// Elements are built with createElement; tests/unit/server-files.test.ts keeps it so.
import { AGENCY_TIME_ZONE } from "../../lib/agency-zone.js";
import { createElement, Fragment, type ReactElement } from "react";
import { render, toPlainText } from "@react-email/render";
import { mailCopy } from "../../content/messages.js";
import { Facts, MailButton, MailLayout, Paragraph, SectionHeading, TextLink } from "./mail-layout.js";
import { oneLine } from "../../lib/text.js";

/**
 * The e-mails a lead causes, each written once as React (react-email) and rendered to both an HTML
 * and a plain-text part. Copy is in src/content/messages.ts.
 *
 * What the visitor typed reaches every part safely: React escapes it in the HTML; in the subject and
 * the text, line breaks and other control characters of one-line fields (name, company...) become
 * spaces, so nothing they type can start a header or fake a line of the message.
 */
export interface LeadMessageData {
  id: string;
  name: string;
  email: string;
  phone: string | null;
  company: string | null;
  serviceLabel: string;
  packageLabel: string | null;
  answers: { label: string; value: string }[];
  message: string | null;
  campaign: { source: string | null; medium: string | null; campaign: string | null; clickId: boolean };
  createdAt: string;
}

export interface MessageLinks {
  adminLeadUrl: string;
  intakeFormUrl: string;
  whatsappUrl: string;
  siteUrl: string;
  /** The booking page, `${siteUrl}/book`. */
  bookCallUrl: string;
}

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

/** The longest subject sent: mail clients cut long ones anyway, and a header line stays short. */
const MAX_SUBJECT = 180;

/** Free text (answers, the message): line breaks kept, other control characters dropped. */
function multiLine(value: string): string {
  return value
    .replace(/\r\n?/g, "\n")
    .replace(/[^\P{Cc}\n]/gu, "")
    .trim();
}

function safeSubject(subject: string): string {
  const line = oneLine(subject);
  return line.length > MAX_SUBJECT ? `${line.slice(0, MAX_SUBJECT - 1)}…` : line;
}

export const firstName = (name: string) => oneLine(name).split(" ")[0] || oneLine(name);

function receivedAt(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat("en-GB", {
    timeZone: AGENCY_TIME_ZONE,
    dateStyle: "medium",
    timeStyle: "short",
  }).format(date);
}

const h = createElement;

export async function renderMail(subject: string, element: ReactElement): Promise<RenderedMail> {
  const html = await render(element);
  const text = toPlainText(html, {
    selectors: [
      { selector: "h1", options: { uppercase: false } },
      { selector: "h2", options: { uppercase: false } },
    ],
  });
  return { subject: safeSubject(subject), text: `${text.trim()}\n`, html };
}

interface LinesProps {
  value: string;
}

/** Free text with its line breaks as <br> (kept in the HTML and in the text part alike). */
function Lines({ value }: LinesProps) {
  return value.split("\n").map((line, index) => h(Fragment, { key: index }, index > 0 && h("br"), line));
}

interface MailProps {
  lead: LeadMessageData;
  links: MessageLinks;
}

/** The words of leadPerson, as each e-mail's copy has them. */
interface LeadPersonCopy {
  openLead: string;
  personHeading: string;
  fields: { name: string; email: string; phone: string; company: string; service: string };
  /** Stands in for a value the visitor left out. */
  none: string;
}

/**
 * The button to the lead in the admin and who the lead is (name, e-mail, phone, company, service,
 * then `more` rows), as the e-mails about a lead to the team and to its assignee show them. A value
 * the visitor left out reads as `copy.none`.
 */
export function leadPerson(
  lead: LeadMessageData,
  links: MessageLinks,
  copy: LeadPersonCopy,
  more: { label: string; value: string | null }[] = [],
): ReactElement[] {
  const or = (value: string | null) => (value && oneLine(value)) || copy.none;
  return [
    h(MailButton, { href: links.adminLeadUrl }, copy.openLead),
    h(SectionHeading, null, copy.personHeading),
    h(Facts, {
      rows: [
        { label: copy.fields.name, value: oneLine(lead.name) },
        {
          label: copy.fields.email,
          value: h(TextLink, { href: `mailto:${oneLine(lead.email)}` }, oneLine(lead.email)),
        },
        { label: copy.fields.phone, value: or(lead.phone) },
        { label: copy.fields.company, value: or(lead.company) },
        { label: copy.fields.service, value: oneLine(lead.serviceLabel) },
        ...more.map((row) => ({ label: row.label, value: or(row.value) })),
      ],
    }),
  ];
}

function TeamLead({ lead, links }: MailProps) {
  const copy = mailCopy.team;
  const name = oneLine(lead.name);
  const service = oneLine(lead.serviceLabel);
  const or = (value: string | null) => (value && oneLine(value)) || copy.none;
  return h(
    MailLayout,
    { preview: copy.preview(name, service), heading: copy.heading },
    h(Paragraph, null, copy.intro(name)),
    ...leadPerson(lead, links, copy, [{ label: copy.fields.package, value: lead.packageLabel }]),
    lead.answers.length > 0 &&
      h(
        Fragment,
        null,
        h(SectionHeading, null, copy.answersHeading),
        h(Facts, {
          rows: lead.answers.map((answer) => ({
            label: oneLine(answer.label),
            value: multiLine(answer.value) ? h(Lines, { value: multiLine(answer.value) }) : copy.none,
          })),
        }),
      ),
    lead.message &&
      multiLine(lead.message) &&
      h(
        Fragment,
        null,
        h(SectionHeading, null, copy.messageHeading),
        h(Paragraph, null, h(Lines, { value: multiLine(lead.message) })),
      ),
    h(SectionHeading, null, copy.campaignHeading),
    h(Facts, {
      rows: [
        { label: copy.campaign.source, value: or(lead.campaign.source) },
        { label: copy.campaign.medium, value: or(lead.campaign.medium) },
        { label: copy.campaign.campaign, value: or(lead.campaign.campaign) },
        { label: copy.campaign.clickId, value: lead.campaign.clickId ? copy.clickIdCame : copy.clickIdNone },
      ],
    }),
    h(Paragraph, { muted: true }, copy.received(receivedAt(lead.createdAt))),
  );
}

/** The click-to-chat link with a first message ready, unless the link already carries one. */
function whatsappLink(url: string, text: string): string {
  try {
    const link = new URL(url);
    if (!link.searchParams.has("text")) link.searchParams.set("text", text);
    return link.toString();
  } catch {
    return url;
  }
}

function VisitorReply({ lead, links }: MailProps) {
  const copy = mailCopy.visitor;
  const service = oneLine(lead.serviceLabel);
  const first = firstName(lead.name);
  const asked: { label: string; value: string }[] = [{ label: copy.service, value: service }];
  if (lead.packageLabel && oneLine(lead.packageLabel))
    asked.push({ label: copy.package, value: oneLine(lead.packageLabel) });
  return h(
    MailLayout,
    { preview: copy.preview, heading: copy.greeting(first) },
    h(Paragraph, null, copy.thanks),
    h(SectionHeading, null, copy.askedHeading),
    h(Facts, { rows: asked }),
    h(SectionHeading, null, copy.nextHeading),
    h(Paragraph, null, copy.next),
    h(MailButton, { href: links.bookCallUrl }, copy.bookCall),
    h(MailButton, { href: links.intakeFormUrl, secondary: true }, copy.intake),
    h(
      MailButton,
      { href: whatsappLink(links.whatsappUrl, copy.whatsappMessage(first, service)), secondary: true },
      copy.whatsapp,
    ),
    h(Paragraph, { muted: true }, copy.replyNote),
    h(
      Paragraph,
      null,
      copy.signOff,
      h("br"),
      copy.signature,
      h("br"),
      h(TextLink, { href: links.siteUrl }, links.siteUrl.replace(/^https?:\/\//, "").replace(/\/$/, "")),
    ),
    h(Paragraph, { muted: true }, copy.whyReceived),
  );
}

interface ReminderProps extends MailProps {
  minutes: number;
}

function Reminder({ lead, links, minutes }: ReminderProps) {
  const copy = mailCopy.reminder;
  return h(
    MailLayout,
    { preview: copy.preview, heading: copy.heading },
    h(Paragraph, null, copy.body(oneLine(lead.name), oneLine(lead.serviceLabel), minutes)),
    h(MailButton, { href: links.adminLeadUrl }, copy.openLead),
    h(Paragraph, { muted: true }, links.adminLeadUrl),
  );
}

/** The team's e-mail about a new lead (sent with Reply-To the visitor). */
export function teamLeadMail(lead: LeadMessageData, links: MessageLinks): Promise<RenderedMail> {
  return renderMail(
    mailCopy.team.subject(oneLine(lead.serviceLabel), oneLine(lead.name)),
    h(TeamLead, { lead, links }),
  );
}

/** The instant reply to the visitor. */
export function visitorReplyMail(lead: LeadMessageData, links: MessageLinks): Promise<RenderedMail> {
  return renderMail(mailCopy.visitor.subject(oneLine(lead.serviceLabel)), h(VisitorReply, { lead, links }));
}

/** The team's reminder of a lead still `new` after `minutesWaiting`. */
export function reminderMail(
  lead: LeadMessageData,
  links: MessageLinks,
  minutesWaiting: number,
): Promise<RenderedMail> {
  const minutes = Math.max(0, Math.round(minutesWaiting));
  return renderMail(
    mailCopy.reminder.subject(oneLine(lead.name), oneLine(lead.serviceLabel), minutes),
    h(Reminder, { lead, links, minutes }),
  );
}
