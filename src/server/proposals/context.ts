/**
 * What api/proposals' routes share (handler.ts, client.ts, payment.ts): the request's context, its
 * limits and words, the client's token read from a body, and the proposal behind it as the client
 * sees it (terms.ts).
 */
import { clientIp, refuse, type Answer } from "../http.js";
import type { RateLimiter, RateRule } from "../rate-limit.js";
import { hitAll } from "../rate-limit-postgres.js";
import type { ServerSettings } from "../settings.js";
import type { DbClient } from "../supabase.js";
import { hashToken, isTokenShape } from "../calls/tokens.js";
import { proposalTerms, proposalView, type ProposalRow, type ProposalTerms, type ProposalView } from "./terms.js";

/**
 * A request's largest body: a token, a name of 120 characters, a reason of 500, a hash and a
 * reference are well under 2 KB, even in four-byte characters.
 */
export const PROPOSALS_BODY_BYTES = 8 * 1024;

/** The longest reason a client gives for declining (characters). */
export const DECLINE_REASON_MAX = 500;

/** Requests per client address. */
export const PROPOSALS_RATE_LIMIT = {
  /** The client's page opening (and reopening) the proposal. */
  view: { name: "proposals-view:ip", limit: 60, windowSeconds: 600 },
  /** Accept, decline, pay and verify. */
  act: { name: "proposals:ip", limit: 20, windowSeconds: 600 },
  /** A member sending. */
  send: { name: "proposals-send:ip", limit: 30, windowSeconds: 600 },
} as const satisfies Record<string, RateRule>;

export const messages = {
  methodNotAllowed: "Method Not Allowed",
  unsupportedType: "Send the request as JSON.",
  malformedJson: "The request body is not valid JSON.",
  malformedForm: "The request body is not valid form data.",
  tooLarge: `The request is too large (at most ${PROPOSALS_BODY_BYTES / 1024} KB).`,
  empty: "The request is empty.",
  action: "Unknown action: send, view, accept, decline, pay or verify.",
  rateLimited: "Too many requests from here in a short time. Please wait a few minutes and try again.",
  unavailable: "The proposal cannot be reached just now. Please try again in a minute.",
  notConfigured: "Proposals are not available at the moment. Please contact us directly.",
  noSession: "Sign in to send a proposal.",
  proposalId: "Say which proposal to send (its id).",
  sent: "Sent: share the link with the client.",
  linkInvalid: "This link is not valid. Ask us for a new one.",
  withdrawn: "This proposal was withdrawn. Ask us for the current one.",
  expired: "This proposal has expired. Ask us for a new one.",
  declined: "This proposal was declined.",
  name: "Type your full name (at most 120 characters) to accept.",
  termsHash: "The acceptance must carry the SHA-256 of the proposal as shown.",
  changed: "The proposal changed since it was shown. Reload it, read it again, then accept.",
  accepted: "Thank you: the proposal is accepted.",
  alreadyAccepted: "This proposal was already accepted.",
  notOpen: "This proposal was already answered.",
  reason: `A reason is text of at most ${DECLINE_REASON_MAX} characters.`,
  declinedNow: "The proposal is declined. Thank you for letting us know.",
  installment: 'Say which installment to pay: "deposit" or its number.',
  noSuchInstallment: "This proposal has no such installment.",
  notAccepted: "Accept the proposal before paying.",
  paidInFull: "This proposal is paid in full.",
  noRetainerDue: "No month of the retainer is due. We'll e-mail you on the 1st when the next one is.",
  installmentPaid: "This installment is already paid.",
  earlierFirst: "Pay the earlier installment first.",
  paymentOpening: "The payment is being opened. Please try again in a few seconds.",
  paymentsNotConfigured: "Payments are not available at the moment. Please contact us to pay.",
  paymentProvider: "The payment provider could not open a payment just now. Please try again in a minute.",
  reference: "This payment reference is not one of this proposal's.",
  notPaidYet: "The payment has not gone through (yet).",
  paymentRecorded: "Thank you: the payment is recorded.",
  paymentFlagged: "The payment arrived but is not what was asked; our team will look at it and contact you.",
} as const;

export interface ProposalsDependencies {
  /** The settings for this request (read per request by the adapter). */
  settings: () => ServerSettings;
  /** How requests to Supabase travel (the local servers pass an in-process one). */
  fetch?: typeof fetch;
  /** How requests to Paystack travel (default: global fetch). */
  paystackFetch?: typeof fetch;
  /** Counts requests (default: the shared Postgres limiter over the same Supabase). */
  limiter?: RateLimiter;
}

/** What one request works with: `db` holds the service-role key. */
export interface ProposalsContext {
  request: Request;
  settings: ServerSettings;
  db: DbClient;
  limiter: RateLimiter;
  deps: ProposalsDependencies;
}

export async function limit(context: ProposalsContext, rule: RateRule): Promise<void> {
  const decision = await hitAll(context.limiter, [[rule, clientIp(context.request)]]);
  if (!decision.allowed)
    throw refuse(429, { message: messages.rateLimited }, { "retry-after": String(decision.retryAfterSeconds) });
}

/** The database failing (not refusing): logged with the database's own words, answered 503. */
export function unavailable(what: string, error: { code?: string; message: string }): Answer {
  console.error(`proposals: ${what} failed:`, error.code ?? "", error.message);
  return refuse(503, { message: messages.unavailable }, { "retry-after": "60" });
}

/** The client's token's hash; a value that cannot be a token is answered as an unknown one is. */
function readToken(value: unknown): string {
  if (!isTokenShape(value)) throw refuse(404, { message: messages.linkInvalid, reason: "unknown" });
  return hashToken(value);
}

/**
 * How every client action (client.ts, payment.ts) begins: the request counted against `rule` (a
 * flood is refused before its token is looked at), then the hash of the token its body carries.
 */
export async function clientTokenHash(
  context: ProposalsContext,
  fields: Record<string, unknown>,
  rule: RateRule = PROPOSALS_RATE_LIMIT.act,
): Promise<string> {
  await limit(context, rule);
  return readToken(fields.token);
}

/** The public site's origin (VITE_SITE_URL), else the request's. */
export function originOf(context: { settings: ServerSettings; request: Request }): string {
  return (context.settings.siteUrl || new URL(context.request.url).origin).replace(/\/+$/, "");
}

/**
 * The proposal behind a link (proposal_by_token: the first open marks it viewed, one past its date
 * becomes expired), or the refusal that says why there is none: 404 for a link unknown (or replaced by
 * a new send), 410 for a proposal withdrawn, expired or declined.
 */
export async function openProposal(context: ProposalsContext, tokenHash: string): Promise<ProposalRow> {
  const { data, error } = await context.db.rpc("proposal_by_token", { token_hash: tokenHash });
  if (error) throw unavailable("proposal_by_token", error);
  const row = data?.[0];
  if (row) return row;
  const { data: gone, error: readError } = await context.db
    .from("proposals")
    .select("status")
    .eq("token_hash", tokenHash)
    .maybeSingle();
  if (readError) throw unavailable("reading a link's proposal", readError);
  const status = gone?.status;
  if (status === "withdrawn") throw refuse(410, { message: messages.withdrawn, reason: "withdrawn" });
  if (status === "expired") throw refuse(410, { message: messages.expired, reason: "expired" });
  if (status === "declined") throw refuse(410, { message: messages.declined, reason: "declined" });
  throw refuse(404, { message: messages.linkInvalid, reason: "unknown" });
}

/** The proposal's terms (its lines and plan read with the service role). */
export async function termsOf(context: ProposalsContext, row: ProposalRow): Promise<ProposalTerms> {
  const [lines, plan] = await Promise.all([
    context.db
      .from("proposal_lines")
      .select("position, kind, description, quantity, unit_price_minor")
      .eq("proposal_id", row.id),
    context.db
      .from("proposal_installments")
      .select("position, label, due, share_bp, amount_minor")
      .eq("proposal_id", row.id),
  ]);
  if (lines.error) throw unavailable("reading a proposal's lines", lines.error);
  if (plan.error) throw unavailable("reading a proposal's plan", plan.error);
  return proposalTerms(row, lines.data, plan.data);
}

/**
 * What counted payments toward the plan add up to, less their refunds (as the database's
 * proposal_paid counts): a retainer's months are paid beside the plan, not toward it.
 */
export async function paidOf(context: ProposalsContext, proposalId: string): Promise<number> {
  const payments = await context.db
    .from("payments")
    .select("id, amount_minor")
    .eq("proposal_id", proposalId)
    .eq("status", "counted")
    .is("retainer_month", null);
  if (payments.error) throw unavailable("reading a proposal's payments", payments.error);
  if (payments.data.length === 0) return 0;
  const refunds = await context.db
    .from("payment_refunds")
    .select("amount_minor")
    .in(
      "payment_id",
      payments.data.map((payment) => payment.id),
    );
  if (refunds.error) throw unavailable("reading a proposal's refunds", refunds.error);
  const sum = (rows: { amount_minor: number }[]) => rows.reduce((total, one) => total + one.amount_minor, 0);
  return Math.max(0, sum(payments.data) - sum(refunds.data));
}

/** The oldest month of the retainer the schedule asked for (retainer_months) that no counted payment paid. */
export async function retainerDueOf(
  context: ProposalsContext,
  proposalId: string,
): Promise<ProposalView["retainerDue"]> {
  const [asked, paid] = await Promise.all([
    context.db.from("retainer_months").select("month, amount_minor").eq("proposal_id", proposalId).order("month"),
    context.db
      .from("payments")
      .select("retainer_month")
      .eq("proposal_id", proposalId)
      .eq("status", "counted")
      .not("retainer_month", "is", null),
  ]);
  if (asked.error) throw unavailable("reading a retainer's months", asked.error);
  if (paid.error) throw unavailable("reading a retainer's payments", paid.error);
  const settled = new Set(paid.data.map((payment) => payment.retainer_month));
  const due = asked.data.find((month) => !settled.has(month.month));
  return due ? { month: due.month.slice(0, 7), amount: due.amount_minor } : null;
}

/** The client's view of `row` as it stands. */
export async function viewOf(context: ProposalsContext, row: ProposalRow): Promise<ProposalView> {
  const [terms, paid, retainerDue] = await Promise.all([
    termsOf(context, row),
    paidOf(context, row.id),
    retainerDueOf(context, row.id),
  ]);
  return proposalView(row, terms, paid, retainerDue);
}
