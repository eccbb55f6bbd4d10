/**
 * A sent message's outcome as the two message outboxes record it: the lead messages
 * (./outbox.ts) and the call messages (../calls/outbox.ts) send e-mail through the same mailer and
 * record through finish functions that take the same arguments (finish_lead_message and
 * finish_call_message), so the outcome and its mapping to those arguments are written once, here.
 */
import type { Database } from "../../lib/database.js";
import type { MailOutcome } from "./mail.js";
import type { WhatsAppOutcome, WhatsAppProgress } from "./whatsapp.js";

/** A send's outcome; `Skip` names the reasons a kind skips a row without sending. */
export type SentMessageOutcome<Skip extends string> =
  | { kind: "delivered"; response?: unknown; sentTo?: string; messageId?: string }
  | { kind: "retry" | "failed"; error: string; response?: unknown; messageId?: string }
  | { kind: "skipped"; reason: Skip };

type FinishArgs = Database["public"]["Functions"]["finish_lead_message"]["Args"];
type Json = NonNullable<FinishArgs["provider_response"]>;

/** The mailer's answer as an outcome, with the addresses it went to and the Message-ID it carried. */
export function mailOutcome<Skip extends string>(
  result: MailOutcome,
  sentTo: string[],
  messageId: string,
): SentMessageOutcome<Skip> {
  return result.kind === "delivered"
    ? { kind: "delivered", response: result.response, sentTo: sentTo.join(", "), messageId }
    : { ...result, messageId };
}

/**
 * WhatsApp's answer as an outcome: the numbers reached and their message ids, kept on the row so that a
 * retry sends only to the others.
 */
export function whatsappOutcome<Skip extends string>(result: WhatsAppOutcome): SentMessageOutcome<Skip> {
  const delivered = result.progress.delivered;
  const messageId = Object.values(delivered).join(", ") || undefined;
  if (result.kind === "delivered")
    return {
      kind: "delivered",
      response: result.progress,
      sentTo: Object.keys(delivered)
        .map((number) => `+${number}`)
        .join(", "),
      ...(messageId ? { messageId } : {}),
    };
  return { kind: result.kind, error: result.error, response: result.progress, ...(messageId ? { messageId } : {}) };
}

/** The numbers a WhatsApp row reached on an earlier attempt, from its response; null on the first. */
export function whatsappProgressOf(response: unknown): WhatsAppProgress | null {
  return (response as WhatsAppProgress | null)?.delivered ? (response as WhatsAppProgress) : null;
}

/** The finish function's arguments for a claimed row's outcome; `retryAt` is set for a retry. */
export function finishArgs(
  row: { id: number; claim_token: string },
  outcome: SentMessageOutcome<string>,
  retryAt: Date | null,
): FinishArgs {
  const args: FinishArgs = { message: row.id, token: row.claim_token, outcome: outcome.kind };
  if (outcome.kind === "skipped") args.detail = outcome.reason;
  else {
    if (outcome.kind !== "delivered") args.detail = outcome.error;
    if (outcome.response !== undefined) args.provider_response = outcome.response as Json;
    if (outcome.messageId) args.sent_message_id = outcome.messageId;
  }
  if (outcome.kind === "delivered" && outcome.sentTo) args.sent_to = outcome.sentTo;
  if (retryAt) args.retry_at = retryAt.toISOString();
  return args;
}
