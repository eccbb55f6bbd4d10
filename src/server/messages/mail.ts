/**
 * E-mail over SMTP with nodemailer, so any provider works (Resend, Postmark, Amazon SES, Brevo,
 * Mailgun, Zoho, Google Workspace): SMTP_URL (`smtps://user:pass@host:465`, `smtp://host:587`), else
 * SMTP_HOST, SMTP_PORT, SMTP_USER and SMTP_PASSWORD; the sender is MAIL_FROM. No SMTP setting: the
 * dispatcher skips e-mail rows as 'not_configured' (`npm run dev` points SMTP at the local mailbox).
 *
 * Each message carries a `Message-ID` derived from its outbox row, the same on every attempt, so a
 * repeat after a crash between sending and recording threads with (and can be dropped as) the first,
 * and a `List-Id` naming the site's lead notifications, so a team can filter them.
 */
import nodemailer from "nodemailer";
import type SMTPTransport from "nodemailer/lib/smtp-transport";
import type { SmtpSettings } from "../settings.js";

export interface OutgoingMail {
  from: string;
  to: string[];
  replyTo?: string;
  subject: string;
  text: string;
  html: string;
  messageId: string;
  listId: string;
  /**
   * An iCalendar invitation (METHOD REQUEST or CANCEL), sent as the `text/calendar; method=…`
   * alternative part nodemailer's `icalEvent` writes, so Gmail, Outlook and Apple Mail offer to add,
   * update or remove the event.
   */
  icalEvent?: { method: "REQUEST" | "CANCEL"; content: string; filename: string };
  /** Files sent beside the message (an accepted proposal's PDF). */
  attachments?: { filename: string; content: Buffer; contentType: string }[];
}

export type MailOutcome =
  | { kind: "delivered"; response: { accepted: string[]; rejected: string[]; response: string } }
  | { kind: "retry" | "failed"; error: string };

export interface Mailer {
  send(mail: OutgoingMail): Promise<MailOutcome>;
  close(): void;
}

/** How long a connection, the greeting and a quiet socket may take (ms): a run must not hang. */
const TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 } as const;

function transportOptions(smtp: SmtpSettings): SMTPTransport.Options {
  if (smtp.url) return { url: smtp.url, ...TIMEOUTS };
  const port = smtp.port ?? 587;
  return {
    host: smtp.host ?? "localhost",
    port,
    secure: port === 465,
    ...(smtp.user ? { auth: { user: smtp.user, pass: smtp.password ?? "" } } : {}),
    ...TIMEOUTS,
  };
}

/** Who the site's e-mails come from: MAIL_FROM, else the contact address. */
export function mailSender(settings: { contactEmail: string; messages: { mailFrom: string } }): string {
  return settings.messages.mailFrom || settings.contactEmail;
}

/** The address in `Name <a@b.ng>`, or the value itself. */
export function addressOf(from: string): string {
  return (/<([^>]+)>/.exec(from)?.[1] ?? from).trim();
}

/** The domain of an address (`Name <a@b.ng>` or `a@b.ng`), else of the site's URL. */
export function mailDomain(from: string, siteUrl: string): string {
  const domain = addressOf(from).split("@")[1]?.trim().toLowerCase();
  if (domain && /^[a-z0-9.-]+$/.test(domain)) return domain;
  try {
    return new URL(siteUrl).hostname || "localhost";
  } catch {
    return "localhost";
  }
}

/** `<lead-message-42@ascenddigital.ng>`: the same for a row on every attempt. */
export function messageIdFor(rowId: number, domain: string): string {
  return `<lead-message-${rowId}@${domain}>`;
}

/** `Ascend Digital leads <leads.ascenddigital.ng>` (RFC 2919). */
export function listIdFor(domain: string): string {
  return `Lead notifications <leads.${domain}>`;
}

/**
 * Whether a failure is worth another attempt: a connection that failed or timed out, or a
 * temporary (4xx) answer; a permanent (5xx) answer, such as an unknown recipient or a refused
 * sender, fails the row (the admin sees the server's words and can retry once it is fixed).
 */
function classify(caught: unknown): MailOutcome {
  const error = caught as { responseCode?: number; response?: string; code?: string; message?: string };
  const detail = (error.response || error.message || String(caught)).slice(0, 500);
  if (typeof error.responseCode === "number" && error.responseCode >= 500)
    return { kind: "failed", error: `The mail server refused the message: ${detail}` };
  return {
    kind: "retry",
    error: `The mail server could not take the message${error.code ? ` (${error.code})` : ""}: ${detail}`,
  };
}

export function createMailer(smtp: SmtpSettings): Mailer {
  const transport = nodemailer.createTransport(transportOptions(smtp));
  return {
    async send(mail) {
      try {
        const info = await transport.sendMail({
          from: mail.from,
          to: mail.to,
          ...(mail.replyTo ? { replyTo: mail.replyTo } : {}),
          subject: mail.subject,
          text: mail.text,
          html: mail.html,
          messageId: mail.messageId,
          headers: { "List-Id": mail.listId },
          ...(mail.icalEvent ? { icalEvent: mail.icalEvent } : {}),
          ...(mail.attachments ? { attachments: mail.attachments } : {}),
        });
        const accepted = info.accepted.map(String);
        const rejected = info.rejected.map(String);
        if (accepted.length === 0)
          return { kind: "failed", error: `The mail server accepted no recipient (${rejected.join(", ")}).` };
        return {
          kind: "delivered",
          response: { accepted, rejected, response: String(info.response ?? "").slice(0, 500) },
        };
      } catch (caught) {
        return classify(caught);
      }
    },
    close() {
      transport.close();
    },
  };
}
