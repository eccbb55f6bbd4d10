/**
 * The client pays an accepted proposal's installments through Paystack (payments/paystack.ts):
 *
 * POST `{ action: "pay", token, installment }`, `installment` "deposit" (the first, due on
 *   acceptance) or an installment's position (0, 1, …). The amount is the database's: the
 *   installment's, as the plan the client accepted says, and nothing the request says; installments
 *   are paid in order. `record_payment_request` keeps the reference and the amount asked (what
 *   arrives is checked against it), then Paystack's `transaction/initialize` opens the checkout, its
 *   callback the proposal's page with the reference in the fragment, and `record_payment_link`
 *   keeps the checkout's address on the request. One open checkout an installment: while one is
 *   (not paid, opened within 30 minutes), `record_payment_request` answers it instead of a new one,
 *   and a second click or tab gets its address again, with no second `transaction/initialize`.
 *   200 `{ authorizationUrl, reference, amount, currency }`; 409 before acceptance, for an
 *   installment already paid, one after an unpaid one, or when another click's checkout of this
 *   installment still has no address after 3 seconds (`reason: "opening"`, Retry-After: 5); 400 for
 *   an installment the plan has not; 502 when Paystack refuses, 503 when it cannot be reached or
 *   payments are not configured. A request whose checkout could not be opened stays open for a
 *   minute (the 503's Retry-After), then the next click opens another.
 * POST `{ action: "verify", token, reference }` (the return page): Paystack's
 *   `transaction/verify`, then `record_payment(…, 'verify')`, so a payment counts even before (or
 *   without) its webhook; once per reference, whichever comes first.
 *   200 `{ outcome: "recorded" | "already" | "flagged" | "not-paid", message, proposal }`; 404 for a
 *   reference that is not one of this proposal's.
 */
import { randomBytes } from "node:crypto";
import type { Database } from "../../lib/database.js";
import type { Currency } from "../../lib/money.js";
import { json, refuse } from "../http.js";
import {
  initializeTransaction,
  PaystackHttpError,
  PaystackNetworkError,
  PaystackRefusal,
  verifyTransaction,
  type PaystackSettings,
  type VerifiedTransaction,
} from "../payments/paystack.js";
import {
  clientTokenHash,
  messages,
  openProposal,
  originOf,
  paidOf,
  retainerDueOf,
  termsOf,
  unavailable,
  viewOf,
  type ProposalsContext,
} from "./context.js";
import { amountDueThrough, installmentStates, type ProposalRow } from "./terms.js";
import { paidReturnLink } from "./tokens.js";

/** A reference as payment_requests and Paystack both take it. */
const REFERENCE = /^[A-Za-z0-9.=-]{8,100}$/;

function paystackOf(context: ProposalsContext): PaystackSettings {
  if (context.settings.paystack) return context.settings.paystack;
  console.error("proposals: PAYSTACK_SECRET_KEY is not set; a payment was refused.");
  throw refuse(503, { message: messages.paymentsNotConfigured }, { "retry-after": "300" });
}

/** Paystack not answering as asked: its refusal is 502 (logged with its words), anything else 503. */
function paystackFailure(what: string, error: unknown) {
  if (error instanceof PaystackRefusal) {
    console.error(`proposals: Paystack refused ${what}:`, error.message);
    return refuse(502, { message: messages.paymentProvider });
  }
  if (error instanceof PaystackHttpError || error instanceof PaystackNetworkError) {
    console.error(`proposals: Paystack failed ${what}:`, error.message);
    return refuse(503, { message: messages.paymentProvider }, { "retry-after": "60" });
  }
  return error;
}

/** What is paid: an installment's position ("deposit" is the first), or the retainer's month due. */
function readInstallment(value: unknown): number | "retainer" {
  if (value === "deposit") return 0;
  if (value === "retainer") return value;
  const position = typeof value === "string" && /^\d{1,2}$/.test(value) ? Number(value) : value;
  if (typeof position === "number" && Number.isInteger(position) && position >= 0 && position <= 11) return position;
  throw refuse(400, { message: messages.installment, field: "installment" });
}

/** How long a second click waits for the first one's checkout, and how often it looks. */
const OPENING_WAIT = { totalMs: 3_000, everyMs: 150 };

/** The checkout's address of a request another click is opening, once it is stored; null after the wait. */
async function openedLink(context: ProposalsContext, reference: string): Promise<string | null> {
  for (let waited = 0; waited < OPENING_WAIT.totalMs; waited += OPENING_WAIT.everyMs) {
    await new Promise((resolve) => setTimeout(resolve, OPENING_WAIT.everyMs));
    const { data, error } = await context.db
      .from("payment_requests")
      .select("authorization_url")
      .eq("reference", reference)
      .maybeSingle();
    if (error) throw unavailable("reading a payment request", error);
    if (data?.authorization_url) return data.authorization_url;
  }
  return null;
}

/** The payment request a click asks for, as recorded (or the open one), and what it asks. */
interface Asked {
  request: Database["public"]["Tables"]["payment_requests"]["Row"];
  ours: string;
  amount: number;
  /** Paystack's metadata: which part of the proposal this pays. */
  paying: Record<string, string | number>;
}

/** Asks for installment `position`: itself and any unpaid part before it, in the plan's order. */
async function askInstallment(context: ProposalsContext, row: ProposalRow, position: number): Promise<Asked> {
  if (row.status === "paid") throw refuse(409, { message: messages.paidInFull, reason: "paid" });
  const [terms, paid] = await Promise.all([termsOf(context, row), paidOf(context, row.id)]);
  const states = installmentStates(terms, paid);
  const state = states.find((part) => part.position === position);
  if (!state) throw refuse(400, { message: messages.noSuchInstallment, field: "installment" });
  if (state.paid) throw refuse(409, { message: messages.installmentPaid, reason: "installment-paid" });
  if (states.some((part) => part.position < position && !part.paid))
    throw refuse(409, { message: messages.earlierFirst, reason: "earlier-first" });
  const amount = amountDueThrough(terms, position, paid);
  const ours = `${terms.number}-${position}-${randomBytes(8).toString("hex")}`;
  const requested = await context.db.rpc("record_payment_request", {
    reference: ours,
    proposal: row.id,
    purpose: position === 0 ? "deposit" : "balance",
    installment: position,
    amount_minor: amount,
    currency: terms.currency,
  });
  if (requested.error) throw unavailable("record_payment_request", requested.error);
  return { request: requested.data, ours, amount, paying: { proposal: terms.number, installment: position } };
}

/** Asks for the oldest month of the retainer the schedule asked for and no payment paid. */
async function askRetainer(context: ProposalsContext, row: ProposalRow): Promise<Asked> {
  const due = await retainerDueOf(context, row.id);
  if (!due) throw refuse(409, { message: messages.noRetainerDue, reason: "no-retainer-due" });
  const number = `P-${String(row.number).padStart(4, "0")}`;
  const ours = `${number}-R${due.month.replace("-", "")}-${randomBytes(8).toString("hex")}`;
  const requested = await context.db.rpc("record_retainer_request", {
    reference: ours,
    proposal: row.id,
    month: `${due.month}-01`,
  });
  if (requested.error?.code === "55000" || requested.error?.code === "P0002")
    throw refuse(409, { message: messages.noRetainerDue, reason: "no-retainer-due" });
  if (requested.error) throw unavailable("record_retainer_request", requested.error);
  return {
    request: requested.data,
    ours,
    amount: requested.data.amount_minor,
    paying: { proposal: number, retainer: due.month },
  };
}

export async function pay(context: ProposalsContext, fields: Record<string, unknown>): Promise<Response> {
  const tokenHash = await clientTokenHash(context, fields);
  const position = readInstallment(fields.installment);
  const paystack = paystackOf(context);
  const row = await openProposal(context, tokenHash);
  if (row.status !== "accepted" && row.status !== "paid_in_part" && !(row.status === "paid" && position === "retainer"))
    throw refuse(409, {
      message: row.status === "paid" ? messages.paidInFull : messages.notAccepted,
      reason: row.status === "paid" ? "paid" : "not-accepted",
    });
  const { request, ours, amount, paying } =
    position === "retainer" ? await askRetainer(context, row) : await askInstallment(context, row, position);
  const currency = request.currency as Currency;
  const { reference } = request;
  const answer = (authorizationUrl: string) => json(200, { authorizationUrl, reference, amount, currency });
  if (reference !== ours) {
    // A checkout of this installment is open (a second click, a second tab): the same one again,
    // once the click that opened it has its address from Paystack.
    const opened = request.authorization_url ?? (await openedLink(context, reference));
    if (opened) return answer(opened);
    throw refuse(409, { message: messages.paymentOpening, reason: "opening" }, { "retry-after": "5" });
  }
  // Paystack asks for the payer's e-mail address: the lead's, which the answer never carries.
  const lead = await context.db.from("leads").select("email").eq("id", row.lead_id).maybeSingle();
  if (lead.error || !lead.data) throw unavailable("reading the proposal's lead", lead.error ?? { message: "no lead" });
  let checkout: Awaited<ReturnType<typeof initializeTransaction>>;
  try {
    checkout = await initializeTransaction(
      paystack,
      {
        email: lead.data.email,
        amount,
        currency,
        reference,
        callback_url: paidReturnLink(originOf(context), reference),
        metadata: paying,
      },
      context.deps.paystackFetch ? { fetch: context.deps.paystackFetch } : {},
    );
  } catch (error) {
    throw paystackFailure("a payment link", error);
  }
  // Kept for the next click on this installment; failing to keep it does not fail this one.
  const stored = await context.db.rpc("record_payment_link", {
    reference,
    authorization_url: checkout.authorization_url,
  });
  if (stored.error) console.error("proposals: storing a payment link failed:", stored.error.message);
  return answer(checkout.authorization_url);
}

const RECORDED = {
  recorded: messages.paymentRecorded,
  already: messages.paymentRecorded,
  flagged: messages.paymentFlagged,
} as const;

export async function verify(context: ProposalsContext, fields: Record<string, unknown>): Promise<Response> {
  const tokenHash = await clientTokenHash(context, fields);
  const reference = typeof fields.reference === "string" ? fields.reference : "";
  if (!REFERENCE.test(reference)) throw refuse(404, { message: messages.reference, reason: "reference" });
  const paystack = paystackOf(context);
  const row = await openProposal(context, tokenHash);
  const asked = await context.db
    .from("payment_requests")
    .select("reference")
    .eq("reference", reference)
    .eq("proposal_id", row.id)
    .maybeSingle();
  if (asked.error) throw unavailable("reading a payment request", asked.error);
  if (!asked.data) throw refuse(404, { message: messages.reference, reason: "reference" });

  let transaction: VerifiedTransaction;
  try {
    transaction = await verifyTransaction(
      paystack,
      reference,
      context.deps.paystackFetch ? { fetch: context.deps.paystackFetch } : {},
    );
  } catch (error) {
    throw paystackFailure("a verification", error);
  }
  if (transaction.status !== "success" || !transaction.paid_at) {
    return json(200, { outcome: "not-paid", message: messages.notPaidYet, proposal: await viewOf(context, row) });
  }
  const { data, error } = await context.db.rpc("record_payment", {
    reference,
    amount_minor: transaction.amount,
    currency: transaction.currency,
    // record_payment keeps at most 40 characters; Paystack always names one.
    channel: transaction.channel ?? "unknown",
    paid_at: transaction.paid_at,
    recorded_by: "verify",
  });
  if (error) throw unavailable("record_payment", error);
  if (data !== "recorded" && data !== "already" && data !== "flagged")
    throw unavailable("record_payment", { message: `answered ${data}` });
  if (data === "flagged") console.warn(`proposals: payment ${reference} was flagged: it is not what was asked.`);
  const now = await openProposal(context, tokenHash);
  return json(200, { outcome: data, message: RECORDED[data], proposal: await viewOf(context, now) });
}
