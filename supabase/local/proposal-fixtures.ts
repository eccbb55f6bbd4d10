import { createHash, randomBytes } from "node:crypto";
import type { SupabaseClient } from "@supabase/supabase-js";
import type { ProposalView } from "../../src/lib/proposals/contract.ts";
import type { suiteClients } from "./suite-clients.ts";

/**
 * The proposal the proposals suites start from (supabase/tests/proposals.test.ts, the function's
 * and the Paystack webhook's), made as the product makes it: Sales drafts it through the API, sends
 * it with a token whose hash alone is stored, and the client accepts it through the service role.
 * One copy, so that the suites agree on what a proposal of ₦480,000 is.
 */

/** ₦480,000 in kobo: GrowthSite at ₦450,000 and two extra pages at ₦25,000, less ₦20,000. */
export const PROPOSAL_TOTAL_MINOR = 48_000_000;
/** Each of its two installments: half on acceptance, half at completion. */
export const PROPOSAL_HALF_MINOR = PROPOSAL_TOTAL_MINOR / 2;

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

const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");

/** A lead of the web-design service, with an address of its own: its id. */
async function insertLead(sql: ReturnType<typeof suiteClients>["sql"]): Promise<string> {
  const [row] = await sql<{ id: string }>(
    `insert into public.leads (full_name, email, service) values ('Chidi Obi', $1, 'web-design') returning id`,
    [`proposal-${randomBytes(4).toString("hex")}@example.ng`],
  );
  return row!.id;
}

/** The draft, with its lines and plan, made by `sales` (a member who works leads) for a new lead. */
export async function draftProposal(
  sql: ReturnType<typeof suiteClients>["sql"],
  sales: SupabaseClient,
): Promise<{ id: string; lead: string }> {
  const lead = await insertLead(sql);
  const made = await sales
    .from("proposals")
    .insert({ lead_id: lead, title: "GrowthSite for Obi Foods", currency: "NGN", discount_minor: 2_000_000 })
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
      due: "completion",
      share_bp: 5000,
      amount_minor: PROPOSAL_HALF_MINOR,
    },
  ]);
  if (plan.error) throw plan.error;
  return { id, lead };
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
