/**
 * Paystack, as the proposals take their payments through it (issue 46): a payment link opened with
 * `transaction/initialize`, the return page's check with `transaction/verify/:reference`, and the
 * webhook, the source of truth, checked before anything of it is read.
 *
 * The shapes are Paystack's API reference's (paystack.com/docs/api/transaction/), as its OpenAPI
 * description states them (github.com/PaystackOSS/openapi, src/assets/openapi/):
 * - initialize: TransactionInitialize.yaml: `email` and `amount` required, the amount an integer of
 *   the currency's smallest denomination; `currency`; `reference` of -, ., = and alphanumerics;
 *   `callback_url`, which overrides the dashboard's; `metadata`, a JSON object. The answer,
 *   TransactionInitializeResponse.yaml: `{ status, message, data: { authorization_url, access_code,
 *   reference } }`;
 * - verify: VerifyResponse.yaml: `data` with `status`, `reference`, `amount`, `currency`, `channel`,
 *   `paid_at` (null until paid) and `metadata` (an object, or a string: "" when there is none);
 * - a refusal, Error.yaml and TransactionInitializeBadRequestModel.yaml: `{ status: false, message,
 *   meta?, type?, code? }`, with 400, 401 ("Invalid key") or 404;
 * - the secret key as `Authorization: Bearer <key>` (PaystackOSS/doc-code-snippets, src/api/transactions/).
 * Webhooks (paystack.com/docs/payments/webhooks/, its snippet
 * doc-code-snippets/src/doc/payments/webhooks/verifying-transaction/index.js): `x-paystack-signature`
 * is the hex HMAC-SHA512 of the raw body keyed with the secret key; the events' samples are
 * src/doc/payments/webhooks/events/transaction-successful.json (`charge.success`, `data` as verify's)
 * and refund-processed.json (`refund.processed`: `data.transaction_reference`, `data.amount` as a
 * string of minor units, `data.currency`, `data.status: "processed"`). Paystack sends `metadata` as
 * what was given, or `0` or `""` when nothing was.
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import type { Currency } from "../../lib/money.js";
import { describeFetchError } from "../conversions/types.js";

const DEFAULT_PAYSTACK_API_URL = "https://api.paystack.co";
/** Each call to Paystack is bounded by this unless the caller says otherwise (ms). */
const DEFAULT_TIMEOUT_MS = 10_000;

export interface PaystackSettings {
  /** PAYSTACK_SECRET_KEY: the API's Bearer token and the webhooks' signing key. */
  secretKey: string;
  /** PAYSTACK_API_URL (the local stand-in's URL when unconfigured), without a trailing slash. */
  apiUrl: string;
}

type Env = Readonly<Record<string, string | undefined>>;

/** The settings from the environment; null without PAYSTACK_SECRET_KEY (payments are not configured). */
export function paystackSettings(env: Env): PaystackSettings | null {
  const secretKey = env.PAYSTACK_SECRET_KEY?.trim();
  if (!secretKey) return null;
  return {
    secretKey,
    apiUrl: (env.PAYSTACK_API_URL?.trim() || DEFAULT_PAYSTACK_API_URL).replace(/\/+$/, ""),
  };
}

interface PaystackContext {
  fetch?: typeof fetch;
  timeoutMs?: number;
}

// ---- Errors -----------------------------------------------------------------------------------

/** Paystack answered `status: false`: it refused what was asked, and would refuse it again. */
export class PaystackRefusal extends Error {
  constructor(
    /** Paystack's own `message` ("Invalid key", "Duplicate Transaction Reference", …). */
    readonly paystackMessage: string,
    readonly status: number,
    /** Paystack's `code` when it gives one (`duplicate_reference`). */
    readonly code: string | null,
  ) {
    super(`Paystack refused the request (${status}): ${paystackMessage}`);
    this.name = "PaystackRefusal";
  }
}

/**
 * Paystack answered without a refusal in its shape: a 5xx or 429 (worth retrying: `transient`), or
 * an answer the client cannot read.
 */
export class PaystackHttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = "PaystackHttpError";
  }

  get transient(): boolean {
    return this.status === 429 || this.status >= 500;
  }
}

/** Paystack could not be reached, or did not answer within the timeout (`timedOut`). */
export class PaystackNetworkError extends Error {
  constructor(
    message: string,
    readonly timedOut: boolean,
  ) {
    super(message);
    this.name = "PaystackNetworkError";
  }
}

// ---- The API ----------------------------------------------------------------------------------

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** One call: the answer's `data` when Paystack says `status: true`, or one of the errors above. */
async function call(settings: PaystackSettings, path: string, init: RequestInit, context: PaystackContext) {
  const timeoutMs = context.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const signal = AbortSignal.timeout(timeoutMs);
  let response: Response;
  let text: string;
  try {
    response = await (context.fetch ?? fetch)(`${settings.apiUrl}${path}`, {
      ...init,
      headers: { authorization: `Bearer ${settings.secretKey}`, accept: "application/json", ...init.headers },
      signal,
    });
    text = await response.text();
  } catch (caught) {
    throw new PaystackNetworkError(describeFetchError(caught, "Paystack", timeoutMs), signal.aborted);
  }
  let answer: unknown = null;
  try {
    answer = JSON.parse(text);
  } catch {
    // Not JSON: a gateway's error page, read below as an HTTP failure.
  }
  const message = isObject(answer) && typeof answer.message === "string" ? answer.message : null;
  if (response.status === 429 || response.status >= 500)
    throw new PaystackHttpError(
      response.status,
      `Paystack answered ${response.status}${message ? `: ${message}` : "."}`,
    );
  if (isObject(answer) && answer.status === false && message !== null)
    throw new PaystackRefusal(message, response.status, typeof answer.code === "string" ? answer.code : null);
  if (!response.ok || !isObject(answer) || answer.status !== true || !isObject(answer.data))
    throw new PaystackHttpError(response.status, `Paystack answered ${response.status} without the expected body.`);
  return answer.data;
}

/** A payment link to open: the amount an integer of the currency's minor unit (kobo, cents). */
export interface InitializeRequest {
  email: string;
  amount: number;
  currency: Currency;
  /** Ours, so a payment is recorded once per reference: -, ., = and alphanumerics. */
  reference: string;
  callback_url: string;
  metadata?: Record<string, unknown>;
}

/** What initialize answers: the checkout to send the client to. */
interface InitializedTransaction {
  authorization_url: string;
  access_code: string;
  reference: string;
}

/** Paystack's rule for a reference (TransactionInitialize.yaml). */
const REFERENCE = /^[A-Za-z0-9.=-]+$/;

/** Opens a payment link. Throws a RangeError for an amount or reference Paystack would refuse. */
export async function initializeTransaction(
  settings: PaystackSettings,
  request: InitializeRequest,
  context: PaystackContext = {},
): Promise<InitializedTransaction> {
  if (!Number.isSafeInteger(request.amount) || request.amount <= 0)
    throw new RangeError(`amount must be a positive integer of minor units, got ${String(request.amount)}`);
  if (!REFERENCE.test(request.reference))
    throw new RangeError(`a reference is made of -, ., = and alphanumerics, got ${JSON.stringify(request.reference)}`);
  const data = await call(
    settings,
    "/transaction/initialize",
    { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(request) },
    context,
  );
  const { authorization_url, access_code, reference } = data;
  if (typeof authorization_url !== "string" || typeof access_code !== "string" || typeof reference !== "string")
    throw new PaystackHttpError(
      200,
      "Paystack answered initialize without authorization_url, access_code or reference.",
    );
  return { authorization_url, access_code, reference };
}

/** A transaction as verify reports it. */
export interface VerifiedTransaction {
  /** Paystack's word: `success` when paid; `abandoned`, `failed`, `ongoing`, `pending`, `reversed`, … */
  status: string;
  reference: string;
  amount: number;
  currency: string;
  channel: string | null;
  /** ISO 8601; null until paid. */
  paid_at: string | null;
  metadata: Record<string, unknown> | null;
}

/** Asks Paystack what became of a transaction (the return page's check). */
export async function verifyTransaction(
  settings: PaystackSettings,
  reference: string,
  context: PaystackContext = {},
): Promise<VerifiedTransaction> {
  const data = await call(settings, `/transaction/verify/${encodeURIComponent(reference)}`, { method: "GET" }, context);
  const amount = minorUnits(data.amount);
  const paidAt = data.paid_at === null || data.paid_at === undefined ? null : isoTime(data.paid_at);
  if (
    typeof data.status !== "string" ||
    typeof data.reference !== "string" ||
    amount === null ||
    !isCurrencyCode(data.currency) ||
    paidAt === undefined
  )
    throw new PaystackHttpError(200, "Paystack answered verify without a transaction's status, reference and amount.");
  return {
    status: data.status,
    reference: data.reference,
    amount,
    currency: data.currency,
    channel: typeof data.channel === "string" && data.channel ? data.channel : null,
    paid_at: paidAt,
    metadata: metadataOf(data.metadata),
  };
}

// ---- Webhooks ---------------------------------------------------------------------------------

/** The header Paystack signs each webhook with. */
export const PAYSTACK_SIGNATURE_HEADER = "x-paystack-signature";

/** The hex HMAC-SHA512 of the raw body keyed with the secret key, as Paystack signs a webhook. */
export function paystackSignature(rawBody: Buffer | string, secretKey: string): string {
  return createHmac("sha512", secretKey).update(rawBody).digest("hex");
}

/** 64 bytes, in hex. */
const SIGNATURE = /^[0-9a-f]{128}$/i;

/**
 * Whether a webhook is Paystack's: its raw body (the exact bytes received, before any parsing) and
 * its `x-paystack-signature`. The comparison takes the same time wherever the bytes differ
 * (timingSafeEqual over two 64-byte buffers); a header that is missing or not 128 hex digits is
 * refused before it.
 */
export function isGenuinePaystackWebhook(
  rawBody: Buffer | string,
  signature: string | null | undefined,
  secretKey: string,
): boolean {
  if (typeof signature !== "string" || !SIGNATURE.test(signature)) return false;
  const expected = createHmac("sha512", secretKey).update(rawBody).digest();
  const given = Buffer.from(signature, "hex");
  return given.length === expected.length && timingSafeEqual(expected, given);
}

/**
 * A webhook's event, read only after isGenuinePaystackWebhook: the two the feature acts on, any
 * other acknowledged and left alone, and anything that does not read as Paystack's shape refused.
 */
export type PaystackEvent =
  | {
      kind: "charge.success";
      reference: string;
      amount: number;
      /** As Paystack says it; the database flags one that is not what was asked. */
      currency: string;
      channel: string;
      paid_at: string;
      metadata: Record<string, unknown> | null;
    }
  | {
      kind: "refund.processed";
      /** The reference of the transaction refunded. */
      transaction_reference: string;
      /** The refund's own reference: one refund, however many times it is reported. */
      refund_reference: string;
      /** What was refunded, in minor units (Paystack sends it as a string). */
      amount: number;
      currency: string;
    }
  | { kind: "ignored"; event: string }
  | { kind: "malformed"; reason: string };

/** Reads a webhook's raw body (after its signature was checked). */
export function parsePaystackEvent(rawBody: Buffer | string): PaystackEvent {
  let body: unknown;
  try {
    body = JSON.parse(typeof rawBody === "string" ? rawBody : rawBody.toString("utf8"));
  } catch {
    return { kind: "malformed", reason: "The body is not JSON." };
  }
  if (!isObject(body) || typeof body.event !== "string" || !body.event)
    return { kind: "malformed", reason: "The body has no event." };
  const data = body.data;
  if (body.event !== "charge.success" && body.event !== "refund.processed")
    return { kind: "ignored", event: body.event };
  if (!isObject(data)) return { kind: "malformed", reason: `${body.event} has no data.` };
  const amount = minorUnits(data.amount);
  if (amount === null || amount === 0)
    return { kind: "malformed", reason: `${body.event}'s amount is not a positive integer of minor units.` };
  if (!isCurrencyCode(data.currency)) return { kind: "malformed", reason: `${body.event}'s currency is not a code.` };

  if (body.event === "refund.processed") {
    if (data.status !== "processed")
      return { kind: "malformed", reason: "refund.processed's status is not processed." };
    if (typeof data.transaction_reference !== "string" || !data.transaction_reference)
      return { kind: "malformed", reason: "refund.processed has no transaction_reference." };
    // A number in some samples, a string in refund-processed.json: its digits either way.
    const refundReference =
      typeof data.refund_reference === "number" ? String(data.refund_reference) : data.refund_reference;
    if (typeof refundReference !== "string" || !refundReference)
      return { kind: "malformed", reason: "refund.processed has no refund_reference." };
    return {
      kind: "refund.processed",
      transaction_reference: data.transaction_reference,
      refund_reference: refundReference,
      amount,
      currency: data.currency,
    };
  }
  if (data.status !== "success") return { kind: "malformed", reason: "charge.success's status is not success." };
  if (typeof data.reference !== "string" || !data.reference)
    return { kind: "malformed", reason: "charge.success has no reference." };
  if (typeof data.channel !== "string" || !data.channel)
    return { kind: "malformed", reason: "charge.success has no channel." };
  const paidAt = isoTime(data.paid_at ?? data.paidAt);
  if (!paidAt) return { kind: "malformed", reason: "charge.success's paid_at is not a time." };
  return {
    kind: "charge.success",
    reference: data.reference,
    amount,
    currency: data.currency,
    channel: data.channel,
    paid_at: paidAt,
    metadata: metadataOf(data.metadata),
  };
}

// ---- Readers of Paystack's values -------------------------------------------------------------

/** An amount of minor units: a safe non-negative integer, or its digits (refunds send a string). */
function minorUnits(value: unknown): number | null {
  const number = typeof value === "string" && /^\d{1,16}$/.test(value) ? Number(value) : value;
  return typeof number === "number" && Number.isSafeInteger(number) && number >= 0 ? number : null;
}

function isCurrencyCode(value: unknown): value is string {
  return typeof value === "string" && /^[A-Z]{3}$/.test(value);
}

/** A time Paystack wrote (`2016-09-30T21:10:19.000Z`) as ISO 8601, or undefined when it is not one. */
function isoTime(value: unknown): string | undefined {
  if (typeof value !== "string" || !value) return undefined;
  const time = new Date(value);
  return Number.isNaN(time.getTime()) ? undefined : time.toISOString();
}

/** `metadata` as the object given at initialize (or its JSON), or null for Paystack's 0 and "". */
function metadataOf(value: unknown): Record<string, unknown> | null {
  if (isObject(value)) return value;
  if (typeof value !== "string" || !value.trim().startsWith("{")) return null;
  try {
    const parsed: unknown = JSON.parse(value);
    return isObject(parsed) ? parsed : null;
  } catch {
    return null;
  }
}
