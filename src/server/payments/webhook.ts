/**
 * POST /api/paystack-webhook: Paystack's webhook, the source of truth of the proposals' payments
 * (api/paystack-webhook.ts is the adapter Vercel runs). Paystack sends each event until it gets a 200,
 * so the answer says whether to send it again: 200 for an event taken care of (or that will never
 * be), 5xx for one that could not be recorded now. Step by step:
 *
 * 1. POST only: 405 with `Allow: POST`.
 * 2. PAYSTACK_SECRET_KEY must be set (settings.ts, paystack.ts): 503 without it.
 * 3. The raw body, at most MAX_WEBHOOK_BODY_BYTES (413, declared or actual), read as bytes: the
 *    signature covers exactly those, so nothing parses them first.
 * 4. `x-paystack-signature`, the hex HMAC-SHA512 of those bytes keyed with the secret key, compared
 *    in constant time (isGenuinePaystackWebhook): 401 when it is missing or does not match, and
 *    nothing of the body is read.
 * 5. The event (parsePaystackEvent): `charge.success` → `record_payment` (the amount in minor units,
 *    the currency, channel and paid_at as Paystack reports them, recorded by `webhook`);
 *    `refund.processed` → `record_refund`; any other event → 200, ignored. A genuine body that does
 *    not read as Paystack's shape → 400, logged: Paystack keeps sending it for a while, so a fix of the
 *    reader still records it.
 * 6. The database's word, each a 200: `recorded`; `already` (a retry, a duplicate, or the return
 *    page's verification came first: the payment or refund exists once, by its reference);
 *    `flagged` (kept but not counted: not what was asked; logged); `unknown` (a reference this site
 *    never asked for or never recorded, e.g. a payment of another product on the same Paystack
 *    account; logged, and answered 200 so Paystack does not send it for days). The database failing
 *    (an error, a timeout, an answer it never gives) → 500, so Paystack sends it again; no
 *    service-role key configured → 503.
 * 7. After the answer (`waitUntil`), the outbox's rows of the payment's lead: its receipt and its
 *    Purchase conversions leave at once, not on the next scheduled run.
 *
 * The service-role key: Paystack is not a signed-in user, and `record_payment` and `record_refund` are
 * executable by the service role alone (20261129180000_proposals_and_payments.sql). The signature of
 * step 4 stands for the caller's identity, and the function calls those two functions and nothing else.
 * Nothing of the body, the signature or a key is logged: only the event's kind, its reference and the
 * database's own message.
 */
import { BodyError, json, readBody } from "../http.js";
import { dispatchForLead, type OutboxRuntime } from "../outbox/run.js";
import type { ServerSettings } from "../settings.js";
import { createServiceClient, serviceTarget, type DbClient } from "../supabase.js";
import {
  isGenuinePaystackWebhook,
  PAYSTACK_SIGNATURE_HEADER,
  parsePaystackEvent,
  type PaystackEvent,
} from "./paystack.js";

/**
 * A Paystack event's largest body. Paystack's `charge.success` is about 3 KB with its customer,
 * authorization and log; what the proposals put in `metadata` is a few ids. 64 KiB leaves room for a
 * long log or metadata and still refuses a flood.
 */
export const MAX_WEBHOOK_BODY_BYTES = 64 * 1024;

/** How long the database has to record an event; past it the event is answered 500 and Paystack sends it again. */
const DATABASE_TIMEOUT_MS = 10_000;

/** What `record_payment` answers (the payment was new, a repeat, kept but not counted, or not ours). */
type PaymentOutcome = "recorded" | "already" | "flagged" | "unknown";
/** What `record_refund` answers. */
type RefundOutcome = "recorded" | "already" | "unknown";

const messages = {
  methodNotAllowed: "Method Not Allowed",
  notConfigured: "Payments are not configured: PAYSTACK_SECRET_KEY is not set.",
  tooLarge: `A Paystack event is at most ${MAX_WEBHOOK_BODY_BYTES} bytes.`,
  noSignature: `The ${PAYSTACK_SIGNATURE_HEADER} header is missing: only Paystack's signed events are taken.`,
  wrongSignature: `The ${PAYSTACK_SIGNATURE_HEADER} header does not match the body: only Paystack's signed events are taken.`,
  malformed: (reason: string) => `The event could not be read: ${reason}`,
  ignored: (event: string) => `${event} is not acted on.`,
  noDatabase: "The database is not configured.",
  failed: "The event could not be recorded now; send it again.",
  payment: {
    recorded: "Payment recorded.",
    already: "Payment already recorded.",
    flagged: "Payment recorded and flagged: it is not what was asked, so it is not counted.",
    unknown: "No payment was asked with this reference; nothing recorded.",
  } satisfies Record<PaymentOutcome, string>,
  refund: {
    recorded: "Refund recorded.",
    already: "Refund already recorded.",
    unknown: "No payment was recorded with this reference; nothing recorded.",
  } satisfies Record<RefundOutcome, string>,
};

export interface PaystackWebhookDependencies {
  /** The settings for this request (read per request by the adapter). */
  settings: () => ServerSettings;
  /** How requests to Supabase travel (the local servers pass an in-process one). */
  fetch?: typeof fetch;
  /**
   * Keeps the outbox's run after the answer alive (Vercel's waitUntil): a payment's receipt and its
   * Purchase conversions leave at once. Without it the schedule sends them.
   */
  waitUntil?: (work: Promise<unknown>) => void;
  /** How the outbox's run reaches the platforms and the database (the local servers pass theirs). */
  outbox?: Omit<OutboxRuntime, "settings">;
}

/** The database did not record the event (an error, a timeout, or an answer it never gives). */
class DatabaseFailure extends Error {}

type Acted = Extract<PaystackEvent, { kind: "charge.success" | "refund.processed" }>;

/**
 * The database's answer when it is one of `outcomes`; else DatabaseFailure. postgrest-js answers a
 * network failure or a timeout as an error too; a throw is caught all the same.
 */
async function outcomeOf<Outcome extends string>(
  name: string,
  call: PromiseLike<{ data: unknown; error: { message: string } | null }>,
  outcomes: Record<Outcome, string>,
): Promise<Outcome> {
  let answer: { data: unknown; error: { message: string } | null };
  try {
    answer = await call;
  } catch (caught) {
    throw new DatabaseFailure(caught instanceof Error ? caught.message : String(caught));
  }
  if (answer.error) throw new DatabaseFailure(answer.error.message);
  if (typeof answer.data !== "string" || !Object.hasOwn(outcomes, answer.data))
    throw new DatabaseFailure(`${name} answered ${JSON.stringify(answer.data)}`);
  return answer.data as Outcome;
}

/** Records the event; the 200 that says what became of it. */
async function record(db: DbClient, event: Acted): Promise<Response> {
  if (event.kind === "charge.success") {
    const outcome = await outcomeOf(
      "record_payment",
      db.rpc("record_payment", {
        reference: event.reference,
        amount_minor: event.amount,
        currency: event.currency,
        channel: event.channel,
        paid_at: event.paid_at,
        recorded_by: "webhook",
      }),
      messages.payment,
    );
    if (outcome === "flagged")
      console.warn(`paystack-webhook: payment ${event.reference} was flagged: it is not what was asked.`);
    if (outcome === "unknown")
      console.warn(`paystack-webhook: charge.success for ${event.reference}, which no payment request has.`);
    return json(200, { message: messages.payment[outcome], outcome });
  }
  const outcome = await outcomeOf(
    "record_refund",
    db.rpc("record_refund", {
      transaction_reference: event.transaction_reference,
      refund_reference: event.refund_reference,
      amount_minor: event.amount,
      currency: event.currency,
    }),
    messages.refund,
  );
  if (outcome === "unknown")
    console.warn(`paystack-webhook: refund.processed for ${event.transaction_reference}, which no payment has.`);
  return json(200, { message: messages.refund[outcome], outcome });
}

/**
 * After the answer, the outbox's rows of the lead whose proposal the payment is for: the receipt
 * (proposal_messages) and the Purchase conversions the payment queued, in the same transaction.
 * Never rejects; what it cannot send waits for the schedule.
 */
function sendAfter(
  request: Request,
  settings: ServerSettings,
  db: DbClient,
  reference: string,
  deps: PaystackWebhookDependencies,
) {
  const { waitUntil } = deps;
  if (!waitUntil) return;
  const lead = db.from("payment_requests").select("proposals(lead_id)").eq("reference", reference).maybeSingle();
  waitUntil(
    Promise.resolve(lead).then(({ data, error }) => {
      if (error) console.error("paystack-webhook: could not find the payment's lead to send to:", error.message);
      const leadId = data?.proposals?.lead_id;
      if (!leadId) return;
      return dispatchForLead(
        request,
        { settings: () => settings, ...(deps.fetch ? { dbFetch: deps.fetch } : {}), ...deps.outbox },
        leadId,
      );
    }),
  );
}

export function createPaystackWebhookHandler(deps: PaystackWebhookDependencies) {
  return async function handlePaystackWebhook(request: Request): Promise<Response> {
    if (request.method !== "POST") return json(405, { message: messages.methodNotAllowed }, { allow: "POST" });
    const settings = deps.settings();
    if (!settings.paystack) {
      console.error("paystack-webhook: PAYSTACK_SECRET_KEY is not set; the event is refused.");
      return json(503, { message: messages.notConfigured });
    }
    let body: Uint8Array;
    try {
      body = await readBody(request, MAX_WEBHOOK_BODY_BYTES, messages.tooLarge);
    } catch (error) {
      if (error instanceof BodyError) return json(error.status, { message: error.message });
      throw error;
    }
    const signature = request.headers.get(PAYSTACK_SIGNATURE_HEADER);
    if (!signature) return json(401, { message: messages.noSignature });
    const raw = Buffer.from(body.buffer, body.byteOffset, body.byteLength);
    if (!isGenuinePaystackWebhook(raw, signature, settings.paystack.secretKey))
      return json(401, { message: messages.wrongSignature });

    const event = parsePaystackEvent(raw);
    if (event.kind === "ignored") return json(200, { message: messages.ignored(event.event), outcome: "ignored" });
    if (event.kind === "malformed") {
      console.error(`paystack-webhook: a signed event could not be read: ${event.reason}`);
      return json(400, { message: messages.malformed(event.reason) });
    }
    const target = serviceTarget(settings, request.url);
    if (!target) {
      console.error("paystack-webhook: SUPABASE_SERVICE_ROLE_KEY (or SUPABASE_URL) is not set; the event is refused.");
      return json(503, { message: messages.noDatabase });
    }
    const db = createServiceClient(target.url, target.key, {
      timeoutMs: DATABASE_TIMEOUT_MS,
      retry: false,
      ...(deps.fetch ? { fetch: deps.fetch } : {}),
    });
    try {
      const answer = await record(db, event);
      if (event.kind === "charge.success") sendAfter(request, settings, db, event.reference, deps);
      return answer;
    } catch (error) {
      if (!(error instanceof DatabaseFailure)) throw error;
      const reference = event.kind === "charge.success" ? event.reference : event.transaction_reference;
      console.error(`paystack-webhook: ${event.kind} for ${reference} was not recorded: ${error.message}`);
      return json(500, { message: messages.failed });
    }
  };
}
