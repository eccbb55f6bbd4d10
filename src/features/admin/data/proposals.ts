/**
 * Proposals, the admin's side: the list with each one's total and what was paid, the money
 * figures, one proposal with its lines, plan, history, payment requests and payments, saving and
 * deleting a draft, and the server function's actions (send, request the balance). Reads and writes
 * go through the signed-in client, so RLS decides (works_leads; only a draft is changed or deleted:
 * 20261129180000_proposals_and_payments.sql); the function is called with the member's own token.
 *
 * Totals are added up here from the lines (quantity × unit price, less the discount), and what was
 * paid from the counted payments less their refunds, as private.proposal_total and proposal_paid
 * do: those live in a schema the API does not expose.
 */
import { proposalsAdminCopy } from "../../../content/proposals-admin";
import type { Database } from "../../../lib/database";
import { isCurrency, type Currency } from "../../../lib/money";
import type { AppSupabaseClient } from "../../../lib/supabase";
import type { InstallmentDue } from "../proposals/plan";
import type { ProposalDraft } from "../proposals/proposal-form";

export type ProposalStatus = Database["public"]["Enums"]["proposal_status"];
type ProposalRow = Database["public"]["Tables"]["proposals"]["Row"];

/** The states in the order a proposal goes through them, then the ends that stop it. */
export const PROPOSAL_STATUSES: readonly ProposalStatus[] = [
  "draft",
  "sent",
  "viewed",
  "accepted",
  "paid_in_part",
  "paid",
  "declined",
  "expired",
  "withdrawn",
];

type Proposal = Omit<ProposalRow, "currency"> & { currency: Currency };

export interface ProposalListItem {
  id: string;
  number: number;
  title: string;
  currency: Currency;
  status: ProposalStatus;
  updatedAt: string;
  leadId: string;
  client: string;
  total: number;
  paid: number;
}

interface ProposalLineRow {
  kind: "package" | "extra";
  description: string;
  quantity: number;
  unit_price_minor: number;
}

interface ProposalInstallmentRow {
  position: number;
  label: string;
  due: InstallmentDue;
  share_bp: number;
  amount_minor: number;
}

export interface ProposalEventItem {
  id: number;
  kind: string;
  actor: "member" | "client" | "paystack" | "system";
  actorId: string | null;
  detail: Record<string, unknown> | null;
  createdAt: string;
}

export interface PaymentRequestItem {
  reference: string;
  purpose: string;
  amount: number;
  currency: string;
  installment: number | null;
  createdAt: string;
}

export interface PaymentItem {
  id: string;
  reference: string;
  amount: number;
  currency: string;
  status: "counted" | "flagged";
  flagReason: string | null;
  channel: string | null;
  paidAt: string;
  refunded: number;
}

/** A proposal and everything its page shows. */
export interface ProposalRecord {
  proposal: Proposal;
  lead: { id: string; full_name: string; company_name: string | null } | null;
  lines: ProposalLineRow[];
  installments: ProposalInstallmentRow[];
  events: ProposalEventItem[];
  requests: PaymentRequestItem[];
  payments: PaymentItem[];
  /** The retainer's months asked for, oldest first, each paid or not; when it was stopped, if it was. */
  retainer: { months: RetainerMonthItem[]; stoppedAt: string | null };
  total: number;
  /** Paid toward the plan: a retainer's months are paid beside it. */
  paid: number;
}

interface RetainerMonthItem {
  /** The 1st of the month, YYYY-MM-DD. */
  month: string;
  amount: number;
  paid: boolean;
  /** When the team was told it was still unpaid a week after it was asked. */
  unpaidToldAt: string | null;
}

type LineAmounts = { quantity: number; unit_price_minor: number };
type PaymentAmounts = {
  amount_minor: number;
  status: string;
  retainer_month: string | null;
  refunds: { amount_minor: number }[] | null;
};

const totalOf = (lines: LineAmounts[], discount: number) =>
  lines.reduce((sum, line) => sum + line.quantity * line.unit_price_minor, 0) - discount;

/**
 * Counted payments toward the plan less what was refunded of them; a flagged payment counts for
 * nothing, and a retainer's month is paid beside the plan (as the database's proposal_paid counts).
 */
const paidOf = (payments: PaymentAmounts[]) =>
  payments
    .filter((payment) => payment.status === "counted" && payment.retainer_month === null)
    .reduce(
      (sum, payment) =>
        sum + payment.amount_minor - (payment.refunds ?? []).reduce((off, refund) => off + refund.amount_minor, 0),
      0,
    );

function currencyOf(value: string): Currency {
  if (!isCurrency(value)) throw new Error(`A proposal in an unknown currency: ${value}`);
  return value;
}

const LIST_SELECT =
  "id, number, title, currency, status, discount_minor, updated_at, lead_id, " +
  "lead:leads(full_name, company_name), lines:proposal_lines(quantity, unit_price_minor), " +
  "payments(amount_minor, status, retainer_month, refunds:payment_refunds(amount_minor))";

interface ListRow {
  id: string;
  number: number;
  title: string;
  currency: string;
  status: ProposalStatus;
  discount_minor: number;
  updated_at: string;
  lead_id: string;
  lead: { full_name: string; company_name: string | null } | null;
  lines: LineAmounts[];
  payments: PaymentAmounts[];
}

function listItem(row: ListRow): ProposalListItem {
  return {
    id: row.id,
    number: row.number,
    title: row.title,
    currency: currencyOf(row.currency),
    status: row.status,
    updatedAt: row.updated_at,
    leadId: row.lead_id,
    client: row.lead
      ? row.lead.company_name
        ? `${row.lead.full_name} (${row.lead.company_name})`
        : row.lead.full_name
      : "",
    total: totalOf(row.lines, row.discount_minor),
    paid: paidOf(row.payments),
  };
}

/** The proposals in `statuses` (all when empty), or of one lead, most recently changed first. */
export async function listProposals(
  client: AppSupabaseClient,
  { statuses = [], leadId }: { statuses?: readonly ProposalStatus[]; leadId?: string } = {},
): Promise<ProposalListItem[]> {
  let query = client.from("proposals").select(LIST_SELECT);
  if (statuses.length) query = query.in("status", statuses);
  if (leadId) query = query.eq("lead_id", leadId);
  const { data, error } = await query.order("updated_at", { ascending: false });
  if (error) throw error;
  return (data as unknown as ListRow[]).map(listItem);
}

/** One amount per currency: naira and dollars are never added together. */
export type PerCurrency = Record<Currency, number>;

export interface ProposalMoney {
  /** What accepted proposals still ask (their total less what was paid). */
  outstanding: PerCurrency;
  /** Counted payments made since `since`, less refunds recorded since then. */
  collected: PerCurrency;
}

/** The figures at the top of the list, since `since` (the start of this month in Lagos). */
export async function getProposalMoney(client: AppSupabaseClient, since: Date): Promise<ProposalMoney> {
  const [open, payments, refunds] = await Promise.all([
    listProposals(client, { statuses: ["accepted", "paid_in_part"] }),
    client
      .from("payments")
      .select("amount_minor, currency")
      .eq("status", "counted")
      .gte("paid_at", since.toISOString()),
    client
      .from("payment_refunds")
      .select("amount_minor, currency, payment:payments(status)")
      .gte("recorded_at", since.toISOString()),
  ]);
  if (payments.error) throw payments.error;
  if (refunds.error) throw refunds.error;
  const outstanding: PerCurrency = { NGN: 0, USD: 0 };
  for (const proposal of open) outstanding[proposal.currency] += Math.max(0, proposal.total - proposal.paid);
  const collected: PerCurrency = { NGN: 0, USD: 0 };
  for (const payment of payments.data)
    if (isCurrency(payment.currency)) collected[payment.currency] += payment.amount_minor;
  for (const refund of refunds.data as unknown as {
    amount_minor: number;
    currency: string;
    payment: { status: string } | null;
  }[]) {
    if (isCurrency(refund.currency) && refund.payment?.status === "counted")
      collected[refund.currency] -= refund.amount_minor;
  }
  return { outstanding, collected };
}

const RECORD_SELECT =
  "*, lead:leads(id, full_name, company_name), " +
  "lines:proposal_lines(position, kind, description, quantity, unit_price_minor), " +
  "installments:proposal_installments(position, label, due, share_bp, amount_minor), " +
  "events:proposal_events(id, kind, actor, actor_id, detail, created_at), " +
  "requests:payment_requests(reference, purpose, amount_minor, currency, installment, created_at), " +
  "payments(id, reference, amount_minor, currency, status, flag_reason, channel, paid_at, retainer_month, refunds:payment_refunds(amount_minor)), " +
  "months:retainer_months(month, amount_minor, unpaid_told_at), stop:retainer_stops(stopped_at)";

interface RecordRow extends ProposalRow {
  lead: ProposalRecord["lead"];
  lines: (ProposalLineRow & { position: number })[];
  installments: ProposalInstallmentRow[];
  events: {
    id: number;
    kind: string;
    actor: ProposalEventItem["actor"];
    actor_id: string | null;
    detail: unknown;
    created_at: string;
  }[];
  requests: {
    reference: string;
    purpose: string;
    amount_minor: number;
    currency: string;
    installment: number | null;
    created_at: string;
  }[];
  payments: {
    id: string;
    reference: string;
    amount_minor: number;
    currency: string;
    status: "counted" | "flagged";
    flag_reason: string | null;
    channel: string | null;
    paid_at: string;
    retainer_month: string | null;
    refunds: { amount_minor: number }[] | null;
  }[];
  months: { month: string; amount_minor: number; unpaid_told_at: string | null }[];
  /** One to one (retainer_stops' key is the proposal): PostgREST answers an object; an array is read too. */
  stop: { stopped_at: string } | { stopped_at: string }[] | null;
}

const byPosition = (a: { position: number }, b: { position: number }) => a.position - b.position;

/** A proposal with all its page shows, or null when there is none the member may see. */
export async function getProposal(client: AppSupabaseClient, id: string): Promise<ProposalRecord | null> {
  const { data, error } = await client.from("proposals").select(RECORD_SELECT).eq("id", id).maybeSingle();
  if (error) throw error;
  if (!data) return null;
  const row = data as unknown as RecordRow;
  const { lead, lines, installments, events, requests, payments, months, stop, ...proposal } = row;
  const monthsPaid = new Set(
    payments.filter((payment) => payment.status === "counted").map((payment) => payment.retainer_month),
  );
  const sortedLines = [...lines].sort(byPosition);
  return {
    proposal: { ...proposal, currency: currencyOf(proposal.currency) },
    lead,
    lines: sortedLines.map(({ kind, description, quantity, unit_price_minor }) => ({
      kind,
      description,
      quantity,
      unit_price_minor,
    })),
    installments: [...installments].sort(byPosition),
    events: events
      .map((event) => ({
        id: event.id,
        kind: event.kind,
        actor: event.actor,
        actorId: event.actor_id,
        detail: (event.detail as Record<string, unknown> | null) ?? null,
        createdAt: event.created_at,
      }))
      .sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.id - a.id),
    requests: requests
      .map((request) => ({
        reference: request.reference,
        purpose: request.purpose,
        amount: request.amount_minor,
        currency: request.currency,
        installment: request.installment,
        createdAt: request.created_at,
      }))
      .sort((a, b) => b.createdAt.localeCompare(a.createdAt)),
    payments: payments
      .map((payment) => ({
        id: payment.id,
        reference: payment.reference,
        amount: payment.amount_minor,
        currency: payment.currency,
        status: payment.status,
        flagReason: payment.flag_reason,
        channel: payment.channel,
        paidAt: payment.paid_at,
        refunded: (payment.refunds ?? []).reduce((sum, refund) => sum + refund.amount_minor, 0),
      }))
      .sort((a, b) => b.paidAt.localeCompare(a.paidAt)),
    retainer: {
      months: [...months]
        .sort((a, b) => a.month.localeCompare(b.month))
        .map((month) => ({
          month: month.month,
          amount: month.amount_minor,
          paid: monthsPaid.has(month.month),
          unpaidToldAt: month.unpaid_told_at,
        })),
      stoppedAt: (Array.isArray(stop) ? stop[0] : stop)?.stopped_at ?? null,
    },
    total: totalOf(sortedLines, proposal.discount_minor),
    paid: paidOf(payments),
  };
}

/** Withdraws a proposal sent and not yet answered (withdraw_proposal). */
export async function withdrawProposal(client: AppSupabaseClient, id: string): Promise<void> {
  const { error } = await client.rpc("withdraw_proposal", { proposal: id });
  if (error) throw error;
}

/** Stops a proposal's retainer (stop_retainer): no month is asked for after this. */
export async function stopRetainer(client: AppSupabaseClient, id: string): Promise<void> {
  const { error } = await client.rpc("stop_retainer", { proposal: id });
  if (error) throw error;
}

/** Said when a save or a deletion finds no draft to change (sent meanwhile, or deleted). */
const NOT_A_DRAFT = proposalsAdminCopy.errors.notADraft;

function proposalColumns(draft: ProposalDraft) {
  return {
    title: draft.title,
    currency: draft.currency,
    valid_until: draft.valid_until,
    scope: draft.scope,
    discount_minor: draft.discount_minor,
    retainer_minor: draft.retainer_minor,
    retainer_starts_on: draft.retainer_starts_on,
  };
}

/**
 * Saves a draft: the proposal (made for `leadId` when `id` is null), then its lines and its plan in
 * place of the ones before. Each step is its own request, so a refusal part way leaves the draft
 * with the steps before it; the editor keeps what was typed and the next save writes it all again.
 * Answers the proposal's id.
 */
export async function saveDraft(
  client: AppSupabaseClient,
  { id, leadId, draft }: { id: string | null; leadId: string; draft: ProposalDraft },
): Promise<string> {
  let proposalId = id;
  if (proposalId === null) {
    const made = await client
      .from("proposals")
      .insert({ lead_id: leadId, ...proposalColumns(draft) })
      .select("id")
      .single();
    if (made.error) throw made.error;
    proposalId = made.data.id;
  } else {
    const updated = await client.from("proposals").update(proposalColumns(draft)).eq("id", proposalId).select("id");
    if (updated.error) throw updated.error;
    // RLS hides a proposal no longer a draft from the update: nothing changed, which must be said.
    if (updated.data.length === 0) throw new Error(NOT_A_DRAFT);
  }
  const target = proposalId;
  const clearedLines = await client.from("proposal_lines").delete().eq("proposal_id", target);
  if (clearedLines.error) throw clearedLines.error;
  const lines = await client
    .from("proposal_lines")
    .insert(draft.lines.map((line, position) => ({ proposal_id: target, position, ...line })));
  if (lines.error) throw lines.error;
  const clearedPlan = await client.from("proposal_installments").delete().eq("proposal_id", target);
  if (clearedPlan.error) throw clearedPlan.error;
  const plan = await client
    .from("proposal_installments")
    .insert(draft.installments.map((part, position) => ({ proposal_id: target, position, ...part })));
  if (plan.error) throw plan.error;
  return target;
}

/** Deletes a draft (the database refuses anything else). */
export async function deleteDraft(client: AppSupabaseClient, id: string): Promise<void> {
  const { data, error } = await client.from("proposals").delete().eq("id", id).select("id");
  if (error) throw error;
  if (data.length === 0) throw new Error(NOT_A_DRAFT);
}

/** POST /api/proposals as the signed-in member: its answer, or an Error carrying its message. */
async function callProposals(
  client: AppSupabaseClient,
  body: { action: "send" | "request_balance"; proposal: string },
): Promise<Record<string, unknown> & { message: string }> {
  const { data } = await client.auth.getSession();
  const response = await fetch("/api/proposals", {
    method: "POST",
    headers: {
      "content-type": "application/json",
      ...(data.session ? { authorization: `Bearer ${data.session.access_token}` } : {}),
    },
    body: JSON.stringify(body),
  });
  const answer = (await response.json().catch(() => ({}))) as Record<string, unknown>;
  const message = typeof answer.message === "string" ? answer.message : `HTTP ${response.status}`;
  if (!response.ok) throw new Error(message);
  return { ...answer, message };
}

/** Sends a saved draft (or sends again one not yet answered): the client's new link. */
export async function sendProposal(client: AppSupabaseClient, id: string): Promise<{ link: string; message: string }> {
  const answer = await callProposals(client, { action: "send", proposal: id });
  if (typeof answer.link !== "string") throw new Error(answer.message);
  return { link: answer.link, message: answer.message };
}

/** Asks the client for the balance of an accepted proposal: the function's message. */
export async function requestBalance(client: AppSupabaseClient, id: string): Promise<string> {
  return (await callProposals(client, { action: "request_balance", proposal: id })).message;
}
