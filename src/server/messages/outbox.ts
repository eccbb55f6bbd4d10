/**
 * The lead messages as an outbox kind (../outbox/runner.ts): due rows of public.lead_messages (the
 * team's e-mail and WhatsApp message, the visitor's reply, the reminder, the CRM webhook).
 *
 * A send repeated after a crash between sending and recording carries the same id on every attempt
 * so the receiver can drop the repeat: the e-mail's Message-ID, the webhook's idempotency-key (both
 * derived from the row's id), and for WhatsApp the numbers already reached are kept on the row and
 * skipped.
 *
 * Recipients that are settings (LEADS_NOTIFY_EMAILS, WHATSAPP_NOTIFY_TO, LEADS_WEBHOOK_URL) are known
 * only here, so a row whose setting is missing is skipped as 'not_configured' (Retry now sends it
 * once it is configured). A reminder of a lead that was answered meanwhile is skipped as 'answered'.
 * The e-mail to a lead's new assignee goes to the address the row was queued with.
 */
import type { LeadMessageKind } from "../../lib/database.js";
import { sendWebhook, type WebhookPayload } from "../leads-webhook.js";
import type { SendingKindOptions } from "../outbox/kind-options.js";
import type { OutboxKind } from "../outbox/runner.js";
import { leadMessageData, messageLinks, type ClaimedLead } from "./lead-data.js";
import { assignedMail } from "./assignment-mail.js";
import { listIdFor, messageIdFor } from "./mail.js";
import { outboxMail } from "./outbox-mail.js";
import { finishArgs, whatsappOutcome, whatsappProgressOf, type SentMessageOutcome } from "./outcome.js";
import { reminderMail, teamLeadMail, visitorReplyMail, type RenderedMail } from "./templates.js";
import { sendWhatsApp } from "./whatsapp.js";

export interface ClaimedMessage {
  id: number;
  lead_id: string;
  kind: LeadMessageKind;
  recipient: string | null;
  attempts: number;
  claim_token: string;
  response: unknown;
  lead: ClaimedLead;
}

export type MessageOutcome = SentMessageOutcome<"not_configured" | "answered" | "rate_limited">;

/** The webhook's idempotency key: the row's, the same on every attempt. */
const webhookKeyFor = (rowId: number) => `lead-message-${rowId}`;

export function messagesKind(options: SendingKindOptions): OutboxKind<ClaimedMessage, MessageOutcome> {
  const { db, settings, now, timeoutMs } = options;
  const messages = settings.messages;
  const mail = outboxMail(settings, options.siteUrl, { messageId: messageIdFor, listId: listIdFor });

  async function email(
    row: ClaimedMessage,
    to: string[],
    rendered: () => Promise<RenderedMail>,
    replyTo?: string,
  ): Promise<MessageOutcome> {
    return mail.send(row.id, to, await rendered(), replyTo ? { replyTo } : {});
  }

  async function send(row: ClaimedMessage): Promise<MessageOutcome> {
    const lead = leadMessageData(row.lead);
    const links = messageLinks(settings, options.siteUrl, row.lead_id);
    const teamMail = messages.smtp && messages.notifyEmails.length > 0;
    switch (row.kind) {
      case "team_email":
        if (!teamMail) return { kind: "skipped", reason: "not_configured" };
        return email(row, messages.notifyEmails, () => teamLeadMail(lead, links), row.lead.email);
      case "visitor_reply":
        if (!messages.smtp) return { kind: "skipped", reason: "not_configured" };
        return email(row, [row.recipient ?? row.lead.email], () => visitorReplyMail(lead, links));
      case "reminder": {
        if (row.lead.status !== "new" || row.lead.first_response_at) return { kind: "skipped", reason: "answered" };
        if (!teamMail) return { kind: "skipped", reason: "not_configured" };
        const minutes = Math.max(0, Math.floor((now().getTime() - new Date(row.lead.created_at).getTime()) / 60_000));
        return email(row, messages.notifyEmails, () => reminderMail(lead, links, minutes), row.lead.email);
      }
      case "assigned":
        if (!messages.smtp || !row.recipient) return { kind: "skipped", reason: "not_configured" };
        return email(row, [row.recipient], () => assignedMail(lead, links), row.lead.email);
      case "team_whatsapp": {
        if (!messages.whatsapp) return { kind: "skipped", reason: "not_configured" };
        const result = await sendWhatsApp(
          messages.whatsapp,
          messages.whatsapp.notifyTo,
          [lead.name, lead.serviceLabel, links.adminLeadUrl],
          whatsappProgressOf(row.response),
          options.fetch,
          timeoutMs,
        );
        return whatsappOutcome(result);
      }
      case "webhook": {
        if (!settings.leadsWebhook.url) return { kind: "skipped", reason: "not_configured" };
        // The CRM gets what was stored, with its id and time: the answers and the attribution (never
        // the consent or the browser's details, which the claim leaves out), and where to follow the
        // lead up.
        const {
          forwarded_at: _f,
          forward_error: _e,
          first_response_at: _r,
          updated_at: _u,
          status: _s,
          source: _so,
          campaign: _c,
          assigned_to: _a,
          ...answers
        } = row.lead;
        const payload: WebhookPayload = { event: "lead.created", lead: answers, admin_url: links.adminLeadUrl };
        const key = webhookKeyFor(row.id);
        const result = await sendWebhook(payload, settings.leadsWebhook, key, options.fetch);
        if (result.kind === "delivered")
          return {
            kind: "delivered",
            response: { status: result.status },
            sentTo: settings.leadsWebhook.url,
            messageId: key,
          };
        return {
          kind: result.kind,
          error: result.error,
          ...(result.status ? { response: { status: result.status } } : {}),
          messageId: key,
        };
      }
    }
  }

  return {
    name: "messages",
    rows: "lead messages",
    claim: (maxRows, onlyLead) =>
      db.rpc("claim_lead_messages", { max_rows: maxRows, ...(onlyLead ? { only_lead: onlyLead } : {}) }),
    send,
    finish: (row, outcome, retryAt) => db.rpc("finish_lead_message", finishArgs(row, outcome, retryAt)),
    describe: (row) => `${row.kind} for lead ${row.lead_id}`,
    service: (row) => (row.kind === "team_whatsapp" ? "whatsapp" : row.kind === "webhook" ? "crm_webhook" : "smtp"),
    close: mail.close,
  };
}
