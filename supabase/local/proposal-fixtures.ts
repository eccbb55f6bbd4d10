import { createHash, randomBytes } from "node:crypto";
import type { SupabaseClient } from "@supabase/supabase-js";
import type { ProposalTerms, ProposalView } from "../../src/lib/proposals/contract.ts";
import type { suiteClients } from "./suite-clients.ts";

/**
 * The proposal the proposals suites start from (the database's, the function's, its e-mails' and
 * the Paystack webhook's), made as the product makes it: Sales drafts it through the API, sends it
 * with a token whose hash alone is stored, the client accepts it through the service role, and its
 * installments are asked for and paid as the function and the webhook record them. One copy, so
 * that the suites agree on what a proposal of ₦480,000 is and how it is paid.
 */

/** ₦480,000 in kobo: GrowthSite at ₦450,000 and two extra pages at ₦25,000, less ₦20,000. */
export const PROPOSAL_TOTAL_MINOR = 48_000_000;
/** Each of its two installments: half on acceptance, half at completion. */
export const PROPOSAL_HALF_MINOR = PROPOSAL_TOTAL_MINOR / 2;

/**
 * The same ₦480,000 as the client's terms state it (lib/proposals/contract.ts's ProposalTerms): its
 * lines, totals and plan, which the client's page and the accepted proposal's PDF show. Each suite
 * gives the rest (the number, scope, dates and retainer) as its assertions need them.
 */
export const PROPOSAL_PRICING: Pick<ProposalTerms, "lines" | "subtotal" | "discount" | "total" | "installments"> = {
  lines: [
    { kind: "package", description: "GrowthSite", quantity: 1, unitPrice: 45_000_000, total: 45_000_000 },
    { kind: "extra", description: "Extra page", quantity: 2, unitPrice: 2_500_000, total: 5_000_000 },
  ],
  subtotal: 50_000_000,
  discount: 2_000_000,
  total: PROPOSAL_TOTAL_MINOR,
  installments: [
    { position: 0, label: "Deposit", due: "acceptance", shareBasisPoints: 5000, amount: PROPOSAL_HALF_MINOR },
    { position: 1, label: "At completion", due: "completion", shareBasisPoints: 5000, amount: PROPOSAL_HALF_MINOR },
  ],
};

/**
 * What the client's view (lib/proposals/contract.ts's ProposalView) says of its payments once the
 * deposit is paid: the function's suite holds the server to it, the page's suite shows it.
 */
export const DEPOSIT_PAID_VIEW: Pick<ProposalView, "status" | "paid" | "left" | "installments" | "nextInstallment"> = {
  status: "paid_in_part",
  paid: PROPOSAL_HALF_MINOR,
  left: PROPOSAL_HALF_MINOR,
  installments: [
    { position: 0, paid: true },
    { position: 1, paid: false },
  ],
  nextInstallment: 1,
};

/** And once the balance is paid too: nothing left, nothing next. */
export const PAID_IN_FULL_VIEW: typeof DEPOSIT_PAID_VIEW = {
  status: "paid",
  paid: PROPOSAL_TOTAL_MINOR,
  left: 0,
  installments: [
    { position: 0, paid: true },
    { position: 1, paid: true },
  ],
  nextInstallment: null,
};

const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");

/** Who the suites' proposal is for, and when its second half falls due. */
export interface DraftOptions {
  /** The lead's name: Chidi Obi unless a suite reads another in what is sent. */
  clientName?: string;
  /** The lead's address, as the visitor typed it: a new one unless given. */
  email?: string;
  /** The lead's phone number, as the visitor typed it: none unless given. */
  phone?: string;
  /** The second installment's `due`: at completion unless a suite tests another. */
  balanceDue?: string;
  /** A monthly retainer after the project (its amount in minor units, its first month's 1st): none unless given. */
  retainer?: { amount: number; startsOn: string };
}

/** A lead of the web-design service: its id. */
async function insertLead(
  sql: ReturnType<typeof suiteClients>["sql"],
  name: string,
  email: string,
  phone: string | null,
): Promise<string> {
  const [row] = await sql<{ id: string }>(
    `insert into public.leads (full_name, email, phone, service) values ($1, $2, $3, 'web-design') returning id`,
    [name, email, phone],
  );
  return row!.id;
}

/** The draft, with its lines and plan, made by `sales` (a member who works leads) for a new lead. */
export async function draftProposal(
  sql: ReturnType<typeof suiteClients>["sql"],
  sales: SupabaseClient,
  {
    clientName = "Chidi Obi",
    email = `proposal-${randomBytes(4).toString("hex")}@example.ng`,
    phone,
    balanceDue = "completion",
    retainer,
  }: DraftOptions = {},
): Promise<{ id: string; lead: string; email: string }> {
  const lead = await insertLead(sql, clientName, email, phone ?? null);
  const made = await sales
    .from("proposals")
    .insert({
      lead_id: lead,
      title: "GrowthSite for Obi Foods",
      currency: "NGN",
      discount_minor: 2_000_000,
      ...(retainer ? { retainer_minor: retainer.amount, retainer_starts_on: retainer.startsOn } : {}),
    })
    .select("id")
    .single();
  if (made.error) throw made.error;
  const id = made.data.id as string;
  const lines = await sales.from("proposal_lines").insert([
    {
      proposal_id: id,
      position: 0,
      kind: "package",
      description: "GrowthSite",
      quantity: 1,
      unit_price_minor: 45_000_000,
    },
    {
      proposal_id: id,
      position: 1,
      kind: "extra",
      description: "Extra page",
      quantity: 2,
      unit_price_minor: 2_500_000,
    },
  ]);
  if (lines.error) throw lines.error;
  const plan = await sales.from("proposal_installments").insert([
    {
      proposal_id: id,
      position: 0,
      label: "Deposit",
      due: "acceptance",
      share_bp: 5000,
      amount_minor: PROPOSAL_HALF_MINOR,
    },
    {
      proposal_id: id,
      position: 1,
      label: "At completion",
      due: balanceDue,
      share_bp: 5000,
      amount_minor: PROPOSAL_HALF_MINOR,
    },
  ]);
  if (plan.error) throw plan.error;
  return { id, lead, email };
}

/** `send_proposal` by `sales` with a new token: the token, as the client's link carries it. */
export async function sendProposal(sales: SupabaseClient, proposal: string): Promise<string> {
  const token = randomBytes(16).toString("hex");
  const { error } = await sales.rpc("send_proposal", { proposal, token_hash: sha256(token) });
  if (error) throw error;
  return token;
}

/** The client accepting through the service role (accept_proposal), as the function calls it: its answer. */
export const acceptProposal = (service: SupabaseClient, token: string, name = "Chidi Obi") =>
  service.rpc("accept_proposal", {
    token_hash: sha256(token),
    accepted_name: name,
    accepted_ip: "203.0.113.7",
    accepted_user_agent: "Mozilla/5.0 (Linux; Android 10)",
    shown_sha256: sha256("the proposal as shown"),
  });

/** What a suite may change of a payment request: a reference, purpose or amount the rules refuse. */
export interface PaymentRequestOptions {
  amount?: number;
  currency?: string;
  purpose?: string;
  reference?: string;
}

/** The suites' proposal drafted (with `options`) and sent by `sales`: its id, lead, address and the client's token. */
export async function sentProposal(
  sql: ReturnType<typeof suiteClients>["sql"],
  sales: SupabaseClient,
  options: DraftOptions = {},
) {
  const proposal = await draftProposal(sql, sales, options);
  return { ...proposal, token: await sendProposal(sales, proposal.id) };
}

/** The suites' proposal sent, then accepted by the client through `service`. Throws unless it was accepted. */
export async function acceptedProposal(
  sql: ReturnType<typeof suiteClients>["sql"],
  sales: SupabaseClient,
  service: SupabaseClient,
  options: DraftOptions = {},
) {
  const proposal = await sentProposal(sql, sales, options);
  const { data, error } = await acceptProposal(service, proposal.token);
  if (error) throw error;
  if (data !== "accepted") throw new Error(`accept_proposal answered ${JSON.stringify(data)}, not accepted`);
  return proposal;
}

/**
 * A checkout opened for installment `installment` (record_payment_request through the service role,
 * as the function opens it): half the suites' proposal in naira, the deposit's or the balance's, unless
 * said. Its answer: the request recorded, or the one still open.
 */
export const requestInstallment = (
  service: SupabaseClient,
  proposal: string,
  installment: number,
  {
    amount = PROPOSAL_HALF_MINOR,
    currency = "NGN",
    purpose = installment === 0 ? "deposit" : "balance",
    reference = `ref-${randomBytes(6).toString("hex")}`,
  }: PaymentRequestOptions = {},
) =>
  service.rpc("record_payment_request", {
    reference,
    proposal,
    purpose,
    installment,
    amount_minor: amount,
    currency,
  });

/** How a payment was reported: by card to the webhook in naira, unless said. */
export interface PaymentReport {
  currency?: string;
  channel?: string;
  /** Who recorded it: "webhook", or "verify" (the return page's check). */
  recordedBy?: string;
}

/** A payment of `reference` as Paystack reports it (record_payment through the service role): its answer. */
export const recordPayment = (
  service: SupabaseClient,
  reference: string,
  amount: number,
  { currency = "NGN", channel = "card", recordedBy = "webhook" }: PaymentReport = {},
) =>
  service.rpc("record_payment", {
    reference,
    amount_minor: amount,
    currency,
    channel,
    paid_at: new Date().toISOString(),
    recorded_by: recordedBy,
  });
