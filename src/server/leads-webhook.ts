/**
 * Forwarding a stored lead to the agency's CRM webhook (LEADS_WEBHOOK_URL: n8n, Make, Zapier or a
 * CRM's own endpoint): one JSON POST per attempt, with a timeout, an optional HMAC signature of the
 * body (`x-signature-256: sha256=<hex>`) and an `idempotency-key` that is the same on every attempt
 * (it names the outbox row), so a receiver that saw an earlier attempt can drop the repeat.
 *
 * Attempts are the outbox's (public.lead_messages, kind 'webhook'): the dispatcher calls this once per
 * claimed row and retries with backoff on a network failure, a timeout, a 429 or a 5xx; any other
 * refusal fails the row, which the admin can retry. The outcome is returned, never thrown.
 */
import { createHmac } from "node:crypto";
import type { LeadInsert } from "../lib/database.js";
import type { ServerSettings } from "./settings.js";

/** The JSON the webhook receives: the stored answers, the attribution, and where to follow it up. */
export interface WebhookPayload {
  event: "lead.created";
  lead: LeadInsert & { id: string; created_at: string };
  admin_url: string;
}

export type WebhookOutcome =
  { kind: "delivered"; status: number } | { kind: "retry" | "failed"; error: string; status?: number };

function sign(body: string, secret: string): string {
  return `sha256=${createHmac("sha256", secret).update(body).digest("hex")}`;
}

export async function sendWebhook(
  payload: WebhookPayload,
  webhook: ServerSettings["leadsWebhook"],
  idempotencyKey: string,
  send: typeof fetch,
): Promise<WebhookOutcome> {
  const { url, secret, timeoutMs } = webhook;
  if (!/^https?:\/\//i.test(url)) return { kind: "failed", error: "LEADS_WEBHOOK_URL is not an http(s) URL." };
  const body = JSON.stringify(payload);
  const headers: Record<string, string> = {
    "content-type": "application/json; charset=utf-8",
    "user-agent": "ascend-digital-leads/1",
    "idempotency-key": idempotencyKey,
  };
  if (secret) headers["x-signature-256"] = sign(body, secret);
  try {
    const response = await send(url, { method: "POST", headers, body, signal: AbortSignal.timeout(timeoutMs) });
    await response.body?.cancel().catch(() => undefined);
    if (response.ok) return { kind: "delivered", status: response.status };
    const error = `The webhook answered ${response.status}.`;
    return {
      kind: response.status === 429 || response.status >= 500 ? "retry" : "failed",
      error,
      status: response.status,
    };
  } catch (caught) {
    const timedOut = caught instanceof Error && (caught.name === "TimeoutError" || caught.name === "AbortError");
    return {
      kind: "retry",
      error: timedOut ? `The webhook did not answer within ${timeoutMs} ms.` : "The webhook could not be reached.",
    };
  }
}
