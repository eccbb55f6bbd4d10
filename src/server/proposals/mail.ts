// Not TSX on purpose, as ../messages/templates.ts: Vercel's function tracing does not resolve an
// import of "./mail.js" to a .tsx file.
import { createElement, type ReactElement, type ReactNode } from "react";
import { proposalMailCopy as copy } from "../../content/proposal-mail.js";
import { oneLine } from "../../lib/text.js";
import { Facts, MailButton, MailLayout, Paragraph, TextLink } from "../messages/mail-layout.js";
import { firstName, renderMail, type RenderedMail } from "../messages/templates.js";

/**
 * The e-mails of a proposal, each written once as React (react-email) and rendered to HTML and plain
 * text, as a call's are (../calls/mail.ts). Amounts and dates come formatted (outbox.ts formats them
 * with lib/money.ts); what the client or the team typed (a name, a title) is escaped by React in the
 * HTML and kept to one line in a subject. Copy is in src/content/proposal-mail.ts.
 */
export interface ProposalFacts {
  /** The client's name, as the lead gave it. */
  name: string;
  /** P-0001. */
  number: string;
  title: string;
  /** The total, formatted: "₦480,000". */
  total: string;
}

export interface LinkMailData extends ProposalFacts {
  /** The valid-until day as a client reads it: "14 December 2026". */
  validUntil: string;
  /** The client's page, with the token in its fragment. */
  link: string;
}

export interface AcceptanceMailData extends ProposalFacts {
  /** The client's page, where the deposit is paid. */
  link: string;
}

export interface TeamAcceptanceMailData extends ProposalFacts {
  /** The name the client typed to accept. */
  acceptedName: string;
  /** The time in Lagos. */
  acceptedAt: string;
  ip: string | null;
  browser: string | null;
  sha256: string;
  adminLeadUrl: string;
}

export interface ReceiptMailData extends ProposalFacts {
  amount: string;
  reference: string;
  channel: string;
  /** What is left of the total, formatted; null when nothing is. */
  left: string | null;
  /** The deposit was paid: the next step is the kickoff call. */
  kickoff: boolean;
  bookUrl: string;
  link: string;
}

export interface BalanceMailData extends ProposalFacts {
  left: string;
  link: string;
}

export interface RetainerMailData extends ProposalFacts {
  /** "January 2027". */
  month: string;
  amount: string;
  link: string;
}

export interface RetainerFailedMailData extends ProposalFacts {
  month: string;
  reason: string;
  adminLeadUrl: string;
}

const h = createElement;

const signOff = () => h(Paragraph, null, copy.signOff, h("br"), copy.signature);
const whyReceived = () => h(Paragraph, { muted: true }, copy.whyReceived);

/** A client's e-mail: the heading by first name, the intro, the facts, then `rest`. */
function clientLayout(
  opening: { preview: string; heading: string; intro: string },
  rows: { label: string; value: ReactNode }[],
  ...rest: ReactNode[]
): ReactElement {
  return h(
    MailLayout,
    { preview: opening.preview, heading: opening.heading },
    h(Paragraph, null, opening.intro),
    h(Facts, { rows }),
    ...rest,
    signOff(),
    whyReceived(),
  );
}

const numberAndTitle = (data: ProposalFacts) => [
  { label: copy.facts.number, value: data.number },
  { label: copy.facts.title, value: oneLine(data.title) },
];

/** The client's link on a send: what the proposal is, its total and date, and the button to it. */
export function linkMail(data: LinkMailData): Promise<RenderedMail> {
  const element = clientLayout(
    {
      preview: copy.link.preview(oneLine(data.title)),
      heading: copy.link.heading(firstName(data.name)),
      intro: copy.link.intro,
    },
    [
      ...numberAndTitle(data),
      { label: copy.facts.total, value: data.total },
      { label: copy.facts.validUntil, value: data.validUntil },
    ],
    h(MailButton, { href: data.link }, copy.link.button),
    h(Paragraph, { muted: true }, copy.link.private),
  );
  return renderMail(copy.link.subject(data.number, oneLine(data.title)), element);
}

/** The client's acceptance: thanks, the PDF (attached by outbox.ts), and the deposit next. */
export function acceptanceMail(data: AcceptanceMailData): Promise<RenderedMail> {
  const element = clientLayout(
    {
      preview: copy.acceptance.preview,
      heading: copy.acceptance.heading(firstName(data.name)),
      intro: copy.acceptance.intro,
    },
    [...numberAndTitle(data), { label: copy.facts.total, value: data.total }],
    h(Paragraph, null, copy.acceptance.next),
    h(MailButton, { href: data.link }, copy.acceptance.button),
  );
  return renderMail(copy.acceptance.subject(data.number), element);
}

/** The team's notice of an acceptance, with its record (the PDF attached by outbox.ts). */
export function teamAcceptanceMail(data: TeamAcceptanceMailData): Promise<RenderedMail> {
  const team = copy.teamAcceptance;
  const name = oneLine(data.name);
  const element = h(
    MailLayout,
    { preview: team.preview(name), heading: team.heading },
    h(Paragraph, null, team.intro(name, oneLine(data.title))),
    h(MailButton, { href: data.adminLeadUrl }, team.openLead),
    h(Facts, {
      rows: [
        ...numberAndTitle(data),
        { label: copy.facts.total, value: data.total },
        { label: copy.facts.acceptedBy, value: oneLine(data.acceptedName) },
        { label: copy.facts.acceptedAt, value: data.acceptedAt },
        { label: team.fields.ip, value: data.ip ?? team.unknown },
        { label: team.fields.browser, value: (data.browser && oneLine(data.browser)) || team.unknown },
        { label: team.fields.sha256, value: data.sha256 },
      ],
    }),
    h(Paragraph, { muted: true }, data.adminLeadUrl),
  );
  return renderMail(team.subject(data.number, oneLine(data.acceptedName)), element);
}

/** The client's receipt of a payment: what, its reference and channel, what is left, what is next. */
export function receiptMail(data: ReceiptMailData): Promise<RenderedMail> {
  const receipt = copy.receipt;
  const element = clientLayout(
    {
      preview: receipt.preview(data.amount),
      heading: receipt.heading(firstName(data.name)),
      intro: receipt.intro,
    },
    [
      ...numberAndTitle(data),
      { label: copy.facts.paid, value: data.amount },
      { label: copy.facts.reference, value: data.reference },
      { label: copy.facts.channel, value: data.channel },
      ...(data.left ? [{ label: copy.facts.left, value: data.left }] : []),
    ],
    data.kickoff
      ? [
          h(Paragraph, { key: "next" }, receipt.nextKickoff),
          h(MailButton, { key: "book", href: data.bookUrl }, receipt.bookButton),
        ]
      : null,
    h(Paragraph, null, data.left ? receipt.nextLeft : receipt.paidInFull),
    h(Paragraph, null, h(TextLink, { href: data.link }, receipt.pageLink)),
  );
  return renderMail(receipt.subject(data.number, data.amount), element);
}

/** The client asked for the balance: what is left, and the page to pay it on. */
export function balanceMail(data: BalanceMailData): Promise<RenderedMail> {
  const element = clientLayout(
    {
      preview: copy.balance.preview(data.left),
      heading: copy.balance.heading(firstName(data.name)),
      intro: copy.balance.intro,
    },
    [...numberAndTitle(data), { label: copy.facts.left, value: data.left }],
    h(MailButton, { href: data.link }, copy.balance.button),
  );
  return renderMail(copy.balance.subject(data.number, data.left), element);
}

/** A month's retainer asked of the client (queued by the retainer job). */
export function retainerMail(data: RetainerMailData): Promise<RenderedMail> {
  const element = clientLayout(
    {
      preview: copy.retainer.preview(data.month),
      heading: copy.retainer.heading(firstName(data.name)),
      intro: copy.retainer.intro(data.month),
    },
    [
      ...numberAndTitle(data),
      { label: copy.retainer.month, value: data.month },
      { label: copy.facts.total, value: data.amount },
    ],
    h(MailButton, { href: data.link }, copy.retainer.button),
  );
  return renderMail(copy.retainer.subject(data.number, data.month), element);
}

/** The team told that a month's retainer could not be asked of the client. */
export function retainerFailedMail(data: RetainerFailedMailData): Promise<RenderedMail> {
  const failed = copy.retainerFailed;
  const element = h(
    MailLayout,
    { preview: failed.preview(data.month), heading: failed.heading },
    h(Paragraph, null, failed.intro(oneLine(data.title), data.month)),
    h(Facts, {
      rows: [...numberAndTitle(data), { label: failed.reason, value: data.reason }],
    }),
    h(MailButton, { href: data.adminLeadUrl }, failed.openLead),
  );
  return renderMail(failed.subject(data.number, data.month), element);
}
