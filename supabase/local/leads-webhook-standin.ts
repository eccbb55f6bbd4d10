import type { WebHandler } from "./node-http.ts";

/**
 * The local stand-in for the agency's CRM webhook (n8n, Make, Zapier or the CRM itself), for
 * development and tests only: when no LEADS_WEBHOOK_URL is configured, the dev and preview servers
 * mount it (see functions-plugin.ts) and point api/contact at it, so that a developer sees exactly
 * what a stored lead would send. Nothing leaves the machine.
 *
 * `POST <path>` records the JSON body with the headers a receiver checks and answers 202;
 * `GET <path>` lists what was received, newest last.
 */
const LEADS_WEBHOOK_STANDIN_PATH = "/__local/leads-webhook";

interface ReceivedLead {
  at: string;
  idempotencyKey: string | null;
  signature: string | null;
  payload: unknown;
}

export interface LeadsWebhookStandin {
  path: string;
  handler: WebHandler;
  received: ReceivedLead[];
}

const MAX_RECORDED = 200;

function reply(status: number, body: unknown): Response {
  // `connection: close`, as for the newsletter stand-in: the function calls this same server.
  return new Response(JSON.stringify(body, null, 2), {
    status,
    headers: { "content-type": "application/json; charset=utf-8", "cache-control": "no-store", connection: "close" },
  });
}

export function createLeadsWebhookStandin(path = LEADS_WEBHOOK_STANDIN_PATH): LeadsWebhookStandin {
  const received: ReceivedLead[] = [];
  const handler: WebHandler = async (request) => {
    if (request.method === "GET")
      return reply(200, {
        note: "Local development: leads the contact function would send to LEADS_WEBHOOK_URL.",
        received,
      });
    if (request.method !== "POST") return reply(405, { message: "Method Not Allowed" });
    let payload: unknown;
    try {
      payload = await request.json();
    } catch {
      return reply(400, { message: "The body is not JSON." });
    }
    received.push({
      at: new Date().toISOString(),
      idempotencyKey: request.headers.get("idempotency-key"),
      signature: request.headers.get("x-signature-256"),
      payload,
    });
    if (received.length > MAX_RECORDED) received.shift();
    return reply(202, { message: "Recorded locally; nothing was sent." });
  };
  return { path, handler, received };
}
