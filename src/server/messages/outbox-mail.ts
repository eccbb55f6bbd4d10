import type { SmtpSettings } from "../settings.js";
import { createMailer, mailDomain, mailSender, type Mailer, type OutgoingMail } from "./mail.js";
import { mailOutcome, type SentMessageOutcome } from "./outcome.js";

/**
 * An outbox's e-mail, for the lead messages', the calls' and the proposals' outboxes alike: the sender
 * (MAIL_FROM, else the contact address), one mailer per run opened on first use and closed with
 * the run, and the Message-ID and List-Id of each row's e-mail (the same on every attempt, so a
 * retry is one message to the reader's client).
 */
export function outboxMail(
  settings: { contactEmail: string; siteUrl: string; messages: { mailFrom: string; smtp: SmtpSettings | null } },
  siteUrl: string,
  ids: { messageId: (rowId: number, domain: string) => string; listId: (domain: string) => string },
) {
  const from = mailSender(settings);
  const domain = mailDomain(from, settings.siteUrl || siteUrl);
  let mailer: Mailer | null = null;
  return {
    from,
    domain,
    /** Sends row `rowId`'s e-mail; the outcome the outbox finishes the row with. */
    async send<Skip extends string>(
      rowId: number,
      to: string[],
      rendered: { subject: string; text: string; html: string },
      extra: Pick<OutgoingMail, "replyTo" | "icalEvent" | "attachments"> = {},
    ): Promise<SentMessageOutcome<Skip>> {
      const messageId = ids.messageId(rowId, domain);
      mailer ??= createMailer(settings.messages.smtp!);
      const result = await mailer.send({
        from,
        to,
        ...rendered,
        messageId,
        listId: ids.listId(domain),
        ...(extra.replyTo ? { replyTo: extra.replyTo } : {}),
        ...(extra.icalEvent ? { icalEvent: extra.icalEvent } : {}),
        ...(extra.attachments ? { attachments: extra.attachments } : {}),
      });
      return mailOutcome<Skip>(result, to, messageId);
    },
    close: () => (mailer as Mailer | null)?.close(),
  };
}
