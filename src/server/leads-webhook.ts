/**
 * Forwarding a stored lead to the agency's CRM webhook (LEADS_WEBHOOK_URL: n8n, Make, Zapier or a
 * CRM's own endpoint): one JSON POST with a timeout, one retry on a network failure, a timeout, a
 * 429 or a 5xx, the lead's id as `idempotency-key` on both attempts, and an optional HMAC signature
 * of the body (`x-signature-256: sha256=<hex>`). The outcome is returned, never thrown: a failed
 * forward must not fail the visitor's submit.
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

export interface ForwardOutcome {
  forwarded: boolean;
  error?: string;
}

const RETRY_DELAY_MS = 500;

function sign(body: string, secret: string): string {
  return `sha256=${createHmac("sha256", secret).update(body).digest("hex")}`;
}

export async function forwardLead(
  payload: WebhookPayload,
  webhook: ServerSettings["leadsWebhook"],
  send: typeof fetch,
): Promise<ForwardOutcome> {
  const { url, secret, timeoutMs } = webhook;
  if (!/^https?:\/\//i.test(url)) return { forwarded: false, error: "LEADS_WEBHOOK_URL is not an http(s) URL." };
  const body = JSON.stringify(payload);
  const headers: Record<string, string> = {
    "content-type": "application/json; charset=utf-8",
    "user-agent": "ascend-digital-leads/1",
    // The same key on the retry, so a receiver that saw the first attempt can drop the second.
    "idempotency-key": payload.lead.id,
  };
  if (secret) headers["x-signature-256"] = sign(body, secret);

  let error = "";
  let attempts = 0;
  for (let attempt = 1; attempt <= 2; attempt += 1) {
    attempts = attempt;
    try {
      const response = await send(url, { method: "POST", headers, body, signal: AbortSignal.timeout(timeoutMs) });
      await response.body?.cancel().catch(() => undefined);
      if (response.ok) return { forwarded: true };
      error = `The webhook answered ${response.status}.`;
      if (response.status !== 429 && response.status < 500) break;
    } catch (caught) {
      error =
        caught instanceof Error && caught.name === "TimeoutError"
          ? `The webhook did not answer within ${timeoutMs} ms.`
          : "The webhook could not be reached.";
    }
    if (attempt === 1) await new Promise((resolve) => setTimeout(resolve, RETRY_DELAY_MS));
  }
  return { forwarded: false, error: attempts > 1 ? `${error} (tried twice)` : error };
}
