import { randomBytes } from "node:crypto";
import { PAYSTACK_SIGNATURE_HEADER, paystackSignature } from "../../src/server/payments/paystack.ts";
import { escapeHtml, localPage } from "./local-page.ts";
import type { WebHandler } from "./node-http.ts";
import { reply } from "./platform-standin.ts";

/**
 * A local stand-in for Paystack (`https://api.paystack.co`), for development and tests only: the
 * local backend mounts it at `/__local/paystack` when PAYSTACK_SECRET_KEY is not configured and
 * points the payments at it with LOCAL_PAYSTACK_SECRET_KEY (paystackStandinSettings). It answers in
 * Paystack's shapes (src/server/payments/paystack.ts names the pages they come from):
 * - `POST /transaction/initialize`: the Bearer key (401 "No Authorization Header was found",
 *   "Invalid key"); the body as Paystack checks it, in Paystack's words where its error list has them
 *   (PaystackOSS/openapi errors/api-errors.json): "Email is not allowed to be empty", "Invalid Email
 *   Address Passed", "Invalid Amount Sent", "Currency not supported by merchant" (the local
 *   merchant takes NGN and USD, as the agency does), "Invalid character in transaction reference",
 *   "Duplicate Transaction Reference" (code `duplicate_reference`); it remembers the transaction and
 *   answers `{ status, message, data: { authorization_url, access_code, reference } }`, the
 *   authorization_url its own checkout page;
 * - `GET /transaction/verify/:reference`: the transaction (status `abandoned` until paid, `success`,
 *   or `failed` when declined), or 404 "Transaction reference not found";
 * - `GET /checkout/:access_code`: a page with the amount and "Pay" and "Decline". Pay marks the
 *   transaction paid, sends `charge.success` to `webhookUrl` signed as Paystack signs it (the hex
 *   HMAC-SHA512 of the body with the secret key, in `x-paystack-signature`) and waits for the answer,
 *   then redirects to the callback_url with `?reference=…&trxref=…`, as Paystack's checkout returns;
 *   Decline marks it failed and redirects likewise, with no webhook (the payments act on
 *   `charge.success` alone).
 * `GET <path>` lists the transactions and the webhooks sent.
 * The tests steer it through `controls` (functions, no HTTP route anyone could call): the next
 * payment's webhook sent twice or more at once, late (held until released, in any order), for a
 * different amount or currency than asked, or with a bad signature; a refund's `refund.processed`;
 * and the API's next answers failing.
 */
const PAYSTACK_STANDIN_PATH = "/__local/paystack";

/** The stand-in's secret key: fixed, like the local Supabase keys, so a test can sign a webhook itself. */
export const LOCAL_PAYSTACK_SECRET_KEY = "sk_test_local_5e1c0a9d7b3f4e2a8c6d1b0f9e7a3c5d2b4f6a8e";

/** What `GET <path>` says its list is. */
const LISTING_NOTE =
  "Local development: transactions opened with the local Paystack stand-in and the webhooks it sent (nothing left this machine).";

/** How long a webhook's receiver has to answer before the delivery is recorded as failed (ms). */
const WEBHOOK_TIMEOUT_MS = 10_000;

interface LocalTransaction {
  id: number;
  reference: string;
  access_code: string;
  email: string;
  /** Asked at initialize, in minor units. */
  amount: number;
  currency: string;
  callback_url: string | null;
  metadata: Record<string, unknown> | null;
  status: "abandoned" | "success" | "failed";
  /** What was paid (the amount asked, unless a test made the payment another). */
  paid: { amount: number; currency: string } | null;
  channel: string | null;
  created_at: string;
  paid_at: string | null;
}

/** One webhook the stand-in sent: what, where, and what the receiver answered. */
interface WebhookDelivery {
  event: "charge.success" | "refund.processed";
  reference: string;
  at: string;
  url: string | null;
  /** Whether it carried Paystack's signature, or a wrong one (a test's). */
  signature: "genuine" | "wrong";
  /** The receiver's status, or null when it could not be reached (`error` says why). */
  status: number | null;
  error?: string;
}

/** How the next payment's `charge.success` is sent; every field optional. */
interface WebhookPlan {
  /** Sent this many times, all at once (Paystack's retries racing each other); 1 by default. */
  times?: number;
  /** Held until `releaseLate`, so the return page's verify comes first, or events arrive out of order. */
  late?: boolean;
  /** The payment is of this amount instead of the one asked (webhook and verify both say so). */
  amount?: number;
  /** The payment is in this currency instead of the one asked. */
  currency?: string;
  /** Signed with another key: the receiver must refuse it. */
  badSignature?: boolean;
}

/** The API's next answers (initialize and verify) fail: `times` of them, 1 by default. */
interface ApiFailure {
  /** The HTTP status; 500 by default. */
  status?: number;
  /** Paystack's JSON `{ status: false, message }`; without it, a gateway's HTML error page. */
  message?: string;
  /** Waits this long before answering (longer than the client's timeout: a timeout). */
  delayMs?: number;
  times?: number;
}

interface PaystackStandinControls {
  nextWebhook(plan: WebhookPlan): void;
  /** Sends the held webhooks of these references, in this order (all, as held, when none is given). */
  releaseLate(references?: string[]): Promise<WebhookDelivery[]>;
  /** Sends `refund.processed` for a paid transaction: the whole payment, or `amount` of it. */
  refund(reference: string, amount?: number): Promise<WebhookDelivery>;
  failApi(failure: ApiFailure): void;
}

export interface PaystackStandin {
  path: string;
  handler: WebHandler;
  secretKey: string;
  /** Where webhooks go (the site's webhook function); none are sent while it is null. */
  webhookUrl: string | null;
  transactions(): LocalTransaction[];
  webhooks(): WebhookDelivery[];
  controls: PaystackStandinControls;
}

/** The settings that point the payments at a stand-in served at `origin` (also the tests'). */
export function paystackStandinSettings(
  origin: string,
  standin: Pick<PaystackStandin, "path" | "secretKey">,
): Record<string, string> {
  return { PAYSTACK_SECRET_KEY: standin.secretKey, PAYSTACK_API_URL: `${origin}${standin.path}` };
}

/** Paystack's refusal: `{ status: false, message }`, with `code` and `type` where it gives them. */
function refusal(status: number, message: string, extra: Record<string, unknown> = {}): Response {
  return reply(status, { status: false, message, ...extra });
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const REFERENCE = /^[A-Za-z0-9.=-]+$/;
const CURRENCIES = new Set(["NGN", "USD"]);

/** The initialize body, JSON or form-encoded (the API takes both). */
async function readBody(request: Request): Promise<Record<string, unknown> | null> {
  const type = request.headers.get("content-type") ?? "";
  try {
    if (type.includes("application/x-www-form-urlencoded"))
      return Object.fromEntries(new URLSearchParams(await request.text()));
    const body: unknown = await request.json();
    return typeof body === "object" && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** An amount as Paystack takes it: an integer, or its digits (its own examples send "500000"). */
function amountOf(value: unknown): number | null {
  const number = typeof value === "string" && /^\d{1,15}$/.test(value) ? Number(value) : value;
  return typeof number === "number" && Number.isSafeInteger(number) && number > 0 ? number : null;
}

function metadataOf(value: unknown): Record<string, unknown> | null | undefined {
  if (value === undefined || value === null || value === "") return null;
  let parsed = value;
  if (typeof value === "string") {
    try {
      parsed = JSON.parse(value);
    } catch {
      return undefined;
    }
  }
  return typeof parsed === "object" && parsed !== null && !Array.isArray(parsed)
    ? (parsed as Record<string, unknown>)
    : undefined;
}

/** Verify's `data` and charge.success's, as VerifyResponse.yaml and transaction-successful.json have it. */
function transactionData(transaction: LocalTransaction): Record<string, unknown> {
  const paid = transaction.paid;
  return {
    id: transaction.id,
    domain: "test",
    status: transaction.status,
    reference: transaction.reference,
    receipt_number: null,
    amount: paid?.amount ?? transaction.amount,
    message: null,
    gateway_response:
      transaction.status === "success"
        ? "Successful"
        : transaction.status === "failed"
          ? "Declined"
          : "The transaction was not completed",
    paid_at: transaction.paid_at,
    created_at: transaction.created_at,
    channel: transaction.channel ?? "card",
    currency: paid?.currency ?? transaction.currency,
    ip_address: "127.0.0.1",
    metadata: transaction.metadata ?? "",
    log: null,
    fees: paid ? Math.min(Math.round(paid.amount * 0.015), 200_000) : null,
    fees_split: null,
    authorization: {
      authorization_code: `AUTH_${transaction.access_code.slice(0, 10)}`,
      bin: "408408",
      last4: "4081",
      exp_month: "12",
      exp_year: "2030",
      channel: "card",
      card_type: "visa ",
      bank: "TEST BANK",
      country_code: "NG",
      brand: "visa",
      reusable: true,
      signature: `SIG_${transaction.access_code.slice(0, 20)}`,
      account_name: null,
    },
    customer: {
      id: transaction.id,
      first_name: null,
      last_name: null,
      email: transaction.email,
      customer_code: `CUS_${transaction.access_code.slice(0, 15)}`,
      phone: null,
      metadata: null,
      risk_action: "default",
      international_format_phone: null,
    },
    plan: null,
    split: {},
    order_id: null,
    paidAt: transaction.paid_at,
    createdAt: transaction.created_at,
    requested_amount: transaction.amount,
    pos_transaction_data: null,
    source: null,
    fees_breakdown: null,
    connect: null,
    transaction_date: transaction.created_at,
    plan_object: {},
    subaccount: {},
  };
}

/** The checkout's page: what is asked, to whom, and the two buttons. */
function checkoutPage(path: string, transaction: LocalTransaction): Response {
  const major = (transaction.amount / 100).toFixed(2);
  const action = `${path}/checkout/${encodeURIComponent(transaction.access_code)}`;
  const done =
    transaction.status === "abandoned"
      ? `<p>
<form method="post" action="${escapeHtml(action)}/pay"><button type="submit">Pay</button></form>
<form method="post" action="${escapeHtml(action)}/decline"><button type="submit">Decline</button></form>
</p>`
      : `<p class="empty">This transaction is already ${transaction.status === "success" ? "paid" : "declined"}.</p>`;
  const page = localPage({
    title: "Local Paystack checkout",
    intro:
      "The local stand-in of Paystack's checkout: nothing is charged and nothing leaves this machine. Pay sends a signed charge.success webhook.",
    body: `<div class="message"><h2>${escapeHtml(transaction.currency)} ${escapeHtml(major)}</h2>
<dl><dt>Email</dt><dd>${escapeHtml(transaction.email)}</dd><dt>Reference</dt><dd>${escapeHtml(transaction.reference)}</dd></dl>
${done}</div>`,
  });
  // The forms post here and are redirected to the callback URL: form-action must allow its origin.
  const callbackOrigin = transaction.callback_url ? new URL(transaction.callback_url).origin : "";
  page.headers.set(
    "content-security-policy",
    (page.headers.get("content-security-policy") ?? "").replace(
      "form-action 'self'",
      `form-action 'self'${callbackOrigin ? ` ${callbackOrigin}` : ""}`,
    ),
  );
  return page;
}

/** Back to the callback URL with `reference` and `trxref`, as Paystack's checkout returns. */
function backToCallback(transaction: LocalTransaction): Response {
  if (!transaction.callback_url)
    return localPage({
      title: "Local Paystack checkout",
      intro: "No callback_url was given at initialize, so there is nowhere to return to.",
      body: `<p>${escapeHtml(transaction.reference)}: ${escapeHtml(transaction.status)}</p>`,
    });
  const url = new URL(transaction.callback_url);
  url.searchParams.set("trxref", transaction.reference);
  url.searchParams.set("reference", transaction.reference);
  return new Response(null, { status: 303, headers: { location: url.toString(), "cache-control": "no-store" } });
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function createPaystackStandin(
  options: { path?: string; webhookUrl?: string | null; now?: () => Date; fetch?: typeof fetch } = {},
): PaystackStandin {
  const path = options.path ?? PAYSTACK_STANDIN_PATH;
  const now = options.now ?? (() => new Date());
  const send = options.fetch ?? fetch;
  const byReference = new Map<string, LocalTransaction>();
  const byAccessCode = new Map<string, LocalTransaction>();
  const deliveries: WebhookDelivery[] = [];
  const held: { reference: string; deliver: () => Promise<WebhookDelivery> }[] = [];
  const plans: WebhookPlan[] = [];
  const failures: ApiFailure[] = [];
  let nextId = 4_099_260_516;

  /** Posts one event, signed (or not), and records what the receiver answered. */
  const deliver = async (
    event: WebhookDelivery["event"],
    reference: string,
    data: Record<string, unknown>,
    badSignature = false,
  ): Promise<WebhookDelivery> => {
    const body = JSON.stringify({ event, data });
    const key = badSignature ? `${LOCAL_PAYSTACK_SECRET_KEY}-wrong` : standin.secretKey;
    const delivery: WebhookDelivery = {
      event,
      reference,
      at: now().toISOString(),
      url: standin.webhookUrl,
      signature: badSignature ? "wrong" : "genuine",
      status: null,
    };
    deliveries.push(delivery);
    if (!standin.webhookUrl) {
      delivery.error = "No webhook URL is set.";
      return delivery;
    }
    try {
      const response = await send(standin.webhookUrl, {
        method: "POST",
        headers: { "content-type": "application/json", [PAYSTACK_SIGNATURE_HEADER]: paystackSignature(body, key) },
        body,
        signal: AbortSignal.timeout(WEBHOOK_TIMEOUT_MS),
      });
      await response.arrayBuffer().catch(() => undefined);
      delivery.status = response.status;
    } catch (caught) {
      delivery.error = caught instanceof Error ? caught.message : String(caught);
    }
    return delivery;
  };

  /** A payment's charge.success, as the next plan says. */
  const chargeSuccess = async (transaction: LocalTransaction, plan: WebhookPlan) => {
    const data = transactionData(transaction);
    const times = Math.max(1, plan.times ?? 1);
    const sendAll = () =>
      Promise.all(
        Array.from({ length: times }, () => deliver("charge.success", transaction.reference, data, plan.badSignature)),
      );
    if (plan.late) {
      held.push({ reference: transaction.reference, deliver: async () => (await sendAll())[0]! });
      return;
    }
    await sendAll();
  };

  const api = async (request: Request, rest: string): Promise<Response | null> => {
    const initialize = rest === "/transaction/initialize";
    const verify = /^\/transaction\/verify\/([^/]+)$/.exec(rest);
    if (!initialize && !verify) return null;
    const failure = failures[0];
    if (failure) {
      failure.times = (failure.times ?? 1) - 1;
      if (failure.times <= 0) failures.shift();
      if (failure.delayMs) await wait(failure.delayMs);
      const status = failure.status ?? 500;
      if (failure.message !== undefined) return refusal(status, failure.message);
      return new Response("<html><body><h1>Bad gateway</h1></body></html>", {
        status,
        headers: { "content-type": "text/html", connection: "close" },
      });
    }
    const authorization = request.headers.get("authorization");
    if (!authorization) return refusal(401, "No Authorization Header was found");
    const key = /^Bearer (\S+)$/.exec(authorization)?.[1];
    if (!key) return refusal(401, "Format is Authorization Bearer [secret key]");
    if (key !== standin.secretKey) return refusal(401, "Invalid key");

    if (verify) {
      if (request.method !== "GET") return refusal(405, "Method not allowed");
      const transaction = byReference.get(decodeURIComponent(verify[1]!));
      if (!transaction) return refusal(404, "Transaction reference not found");
      return reply(200, { status: true, message: "Verification successful", data: transactionData(transaction) });
    }
    if (request.method !== "POST") return refusal(405, "Method not allowed");
    const body = await readBody(request);
    if (!body) return refusal(400, "Invalid request body");
    const email = typeof body.email === "string" ? body.email.trim() : "";
    if (!email) return refusal(400, "Email is not allowed to be empty", { type: "validation_error" });
    if (!EMAIL.test(email)) return refusal(400, "Invalid Email Address Passed", { type: "validation_error" });
    const amount = amountOf(body.amount);
    if (amount === null) return refusal(400, "Invalid Amount Sent", { type: "validation_error" });
    const currency = body.currency === undefined ? "NGN" : body.currency;
    if (typeof currency !== "string" || !CURRENCIES.has(currency))
      return refusal(400, "Currency not supported by merchant", { type: "validation_error" });
    const reference = body.reference === undefined ? randomBytes(5).toString("hex") : body.reference;
    if (typeof reference !== "string" || !REFERENCE.test(reference))
      return refusal(400, "Invalid character in transaction reference", { type: "validation_error" });
    if (byReference.has(reference))
      return refusal(400, "Duplicate Transaction Reference", {
        meta: { nextStep: "Try and create the Transaction or Charge with a new reference" },
        type: "validation_error",
        code: "duplicate_reference",
      });
    // Paystack's words for these two are not in its error list: the stand-in's own.
    const callback = body.callback_url;
    let callbackUrl: string | null = null;
    if (callback !== undefined && callback !== "") {
      const parsed = typeof callback === "string" && URL.canParse(callback) ? new URL(callback) : null;
      if (!parsed || !/^https?:$/.test(parsed.protocol))
        return refusal(400, "callback_url must be a fully qualified URL", { type: "validation_error" });
      callbackUrl = parsed.toString();
    }
    const metadata = metadataOf(body.metadata);
    if (metadata === undefined) return refusal(400, "metadata must be a JSON object", { type: "validation_error" });

    const transaction: LocalTransaction = {
      id: nextId++,
      reference,
      access_code: randomBytes(8).toString("hex").slice(0, 15),
      email,
      amount,
      currency,
      callback_url: callbackUrl,
      metadata,
      status: "abandoned",
      paid: null,
      channel: null,
      created_at: now().toISOString(),
      paid_at: null,
    };
    byReference.set(reference, transaction);
    byAccessCode.set(transaction.access_code, transaction);
    return reply(200, {
      status: true,
      message: "Authorization URL created",
      data: {
        authorization_url: `${new URL(request.url).origin}${path}/checkout/${transaction.access_code}`,
        access_code: transaction.access_code,
        reference,
      },
    });
  };

  const checkout = async (request: Request, rest: string): Promise<Response | null> => {
    const match = /^\/checkout\/([^/]+)(?:\/(pay|decline))?$/.exec(rest);
    if (!match) return null;
    const transaction = byAccessCode.get(decodeURIComponent(match[1]!));
    if (!transaction)
      return localPage({
        title: "Local Paystack checkout",
        intro: "No transaction has this access code.",
        body: `<p class="empty">Unknown access code.</p>`,
        status: 404,
      });
    const action = match[2];
    if (!action) return request.method === "GET" ? checkoutPage(path, transaction) : refusal(405, "Method not allowed");
    if (request.method !== "POST") return refusal(405, "Method not allowed");
    // A second press (or a reload) returns again and sends nothing more.
    if (transaction.status !== "abandoned") return backToCallback(transaction);
    if (action === "decline") {
      transaction.status = "failed";
      transaction.channel = "card";
      return backToCallback(transaction);
    }
    const plan = plans.shift() ?? {};
    transaction.status = "success";
    transaction.channel = "card";
    transaction.paid_at = now().toISOString();
    transaction.paid = {
      amount: plan.amount ?? transaction.amount,
      currency: plan.currency ?? transaction.currency,
    };
    await chargeSuccess(transaction, plan);
    return backToCallback(transaction);
  };

  const standin: PaystackStandin = {
    path,
    secretKey: LOCAL_PAYSTACK_SECRET_KEY,
    webhookUrl: options.webhookUrl ?? null,
    transactions: () => [...byReference.values()],
    webhooks: () => [...deliveries],
    handler: async (request) => {
      const rest = new URL(request.url).pathname.slice(path.length).replace(/\/+$/, "");
      if (request.method === "GET" && rest === "")
        return reply(200, { note: LISTING_NOTE, transactions: standin.transactions(), webhooks: deliveries });
      return (
        (await api(request, rest)) ??
        (await checkout(request, rest)) ??
        refusal(404, `No route ${request.method} ${rest} on the local Paystack stand-in.`)
      );
    },
    controls: {
      nextWebhook: (plan) => void plans.push(plan),
      failApi: (failure) => void failures.push({ ...failure }),
      releaseLate: async (references) => {
        const order = references ?? held.map((item) => item.reference);
        const sent: WebhookDelivery[] = [];
        for (const reference of order) {
          const index = held.findIndex((item) => item.reference === reference);
          if (index < 0) throw new Error(`No webhook is held for ${reference}.`);
          const [item] = held.splice(index, 1);
          sent.push(await item!.deliver());
        }
        return sent;
      },
      refund: (reference, amount) => {
        const transaction = byReference.get(reference);
        if (!transaction?.paid) throw new Error(`${reference} is not a paid transaction of the stand-in.`);
        const refunded = amount ?? transaction.paid.amount;
        // refund-processed.json: the amount as a string of minor units.
        return deliver("refund.processed", reference, {
          status: "processed",
          transaction_reference: reference,
          refund_reference: randomBytes(6).toString("hex"),
          amount: String(refunded),
          currency: transaction.paid.currency,
          processor: "local",
          customer: { first_name: null, last_name: null, email: transaction.email },
          integration: 412829,
          domain: "test",
        });
      },
    },
  };
  return standin;
}
