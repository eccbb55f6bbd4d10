/**
 * WhatsApp messages through the WhatsApp Business Cloud API: an approved template message (a template
 * is the only message a business may start a conversation with), POSTed to
 * `{WHATSAPP_GRAPH_URL}/{WHATSAPP_PHONE_NUMBER_ID}/messages` with `Authorization: Bearer
 * WHATSAPP_TOKEN`, once per number. Two templates use it: the team's (WHATSAPP_TEMPLATE, to each
 * number in WHATSAPP_NOTIFY_TO: the person's name, the service, and the lead's admin link) and the
 * client's link to a proposal (WHATSAPP_PROPOSAL_TEMPLATE: the client's name, the proposal, its link).
 *
 * The Cloud API answers `{ messaging_product, contacts: [{ input, wa_id }], messages: [{ id }] }`, or
 * `{ error: { message, type, code, error_subcode, fbtrace_id } }` with a 4xx/5xx. Throttling (HTTP
 * 429, codes 4, 80007, 130429, 131048, 131056) and Meta's own failures (5xx, codes 1, 2, 131000,
 * 133004) are worth another attempt; anything else (a bad token, an unknown template, a wrong
 * parameter count, a number that is not on WhatsApp) fails until the settings are fixed.
 *
 * A row is sent to several numbers; the numbers already delivered are kept in the row's response
 * (`delivered`: number -> WhatsApp message id), so a retry sends only to the others and nobody gets
 * the message twice from one row.
 */
import type { WhatsAppSender } from "../settings.js";

export interface WhatsAppProgress {
  /** Numbers already sent to, with WhatsApp's message id. */
  delivered: Record<string, string>;
}

export type WhatsAppOutcome =
  | { kind: "delivered"; progress: WhatsAppProgress }
  | { kind: "retry" | "failed"; error: string; progress: WhatsAppProgress };

const TRANSIENT_CODES = new Set([1, 2, 4, 80007, 130429, 131000, 131048, 131056, 133004]);

/** Parameters the Cloud API refuses: empty text, or more than it takes (1024 characters), or line breaks in a body parameter. */
function parameter(text: string): { type: "text"; text: string } {
  const clean = text
    .replace(/[\r\n\t]+/g, " ")
    .replace(/ {4,}/g, "   ")
    .trim();
  return { type: "text", text: (clean || "-").slice(0, 1024) };
}

function templateMessage(to: string, sender: Pick<WhatsAppSender, "template" | "language">, values: string[]) {
  return {
    messaging_product: "whatsapp",
    to,
    type: "template",
    template: {
      name: sender.template,
      language: { code: sender.language },
      components: [{ type: "body", parameters: values.map(parameter) }],
    },
  } as const;
}

interface GraphError {
  error?: { message?: string; code?: number; error_subcode?: number; error_data?: { details?: string } };
}

/** Sends `sender`'s template with the body parameters `values` to each of `recipients` (E.164 digits). */
export async function sendWhatsApp(
  settings: WhatsAppSender,
  recipients: readonly string[],
  values: string[],
  previous: WhatsAppProgress | null,
  send: typeof fetch,
  timeoutMs: number,
): Promise<WhatsAppOutcome> {
  const progress: WhatsAppProgress = { delivered: { ...previous?.delivered } };
  const url = `${settings.graphUrl}/${encodeURIComponent(settings.phoneNumberId)}/messages`;
  for (const to of recipients) {
    if (progress.delivered[to]) continue;
    let response: Response;
    try {
      response = await send(url, {
        method: "POST",
        headers: { authorization: `Bearer ${settings.token}`, "content-type": "application/json" },
        body: JSON.stringify(templateMessage(to, settings, values)),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (caught) {
      const timedOut = caught instanceof Error && (caught.name === "TimeoutError" || caught.name === "AbortError");
      return {
        kind: "retry",
        error: timedOut ? `WhatsApp did not answer within ${timeoutMs} ms.` : "WhatsApp could not be reached.",
        progress,
      };
    }
    const body = (await response.json().catch(() => null)) as (GraphError & { messages?: { id?: string }[] }) | null;
    const id = body?.messages?.[0]?.id;
    if (response.ok && id) {
      progress.delivered[to] = id;
      continue;
    }
    const error = body?.error;
    const words = error?.message
      ? `${error.message}${error.code !== undefined ? ` (code ${error.code})` : ""}${error.error_data?.details ? `: ${error.error_data.details}` : ""}`
      : `HTTP ${response.status}`;
    const transient =
      response.status === 429 ||
      response.status >= 500 ||
      (error?.code !== undefined && TRANSIENT_CODES.has(error.code));
    return {
      kind: transient ? "retry" : "failed",
      error: `WhatsApp refused the message to +${to}: ${words}`.slice(0, 900),
      progress,
    };
  }
  return { kind: "delivered", progress };
}
