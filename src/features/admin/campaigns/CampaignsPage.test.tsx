/**
 * The Campaigns page's money, against the real local Supabase (supabase/local) signed in as the
 * local admin: proposals made, sent and accepted as the product does it, payments and a refund
 * recorded as Paystack's webhook records them, then what the admin reads: proposals sent and
 * accepted, and the revenue collected per currency, in the campaign's row and in the totals.
 */
import { createHash, randomBytes } from "node:crypto";
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { localAdminForSuite } from "../local-admin-suite";
import { cellOf, renderAdmin } from "../testing";

const admin = localAdminForSuite();

const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");
const sql = <T,>(text: string, params: unknown[] = []) =>
  admin.server.local.db.query<T>(text, params).then(({ rows }) => rows);

async function storeLead(name: string, campaign: string): Promise<string> {
  const [row] = await sql<{ id: string }>(
    `insert into public.leads (full_name, email, service, first_touch) values ($1, $2, 'web-design', $3) returning id`,
    [
      name,
      `${name.toLowerCase().replace(/\W+/g, ".")}@example.ng`,
      JSON.stringify({ utm_source: "newsletter", utm_medium: "email", utm_campaign: campaign }),
    ],
  );
  return row!.id;
}

/**
 * A proposal of one line of `total` minor units, half on acceptance, made and sent by the admin
 * through the API; accepted by the client unless `accepted` is false. Its token's hash and id.
 */
async function sentProposal(lead: string, total: number, currency: "NGN" | "USD", accepted = true) {
  const { client } = admin;
  const made = await client
    .from("proposals")
    .insert({ lead_id: lead, title: "Website", currency })
    .select("id")
    .single();
  if (made.error) throw made.error;
  const id = made.data.id as string;
  const line = await client
    .from("proposal_lines")
    .insert({ proposal_id: id, position: 0, kind: "package", description: "GrowthSite", unit_price_minor: total });
  if (line.error) throw line.error;
  const half = { share_bp: 5000, amount_minor: total / 2 };
  const plan = await client.from("proposal_installments").insert([
    { proposal_id: id, position: 0, label: "Deposit", due: "acceptance", ...half },
    { proposal_id: id, position: 1, label: "Balance", due: "completion", ...half },
  ]);
  if (plan.error) throw plan.error;
  const tokenHash = sha256(randomBytes(16).toString("hex"));
  const sent = await client.rpc("send_proposal", { proposal: id, token_hash: tokenHash });
  if (sent.error) throw sent.error;
  if (accepted)
    await sql(`select public.accept_proposal($1, 'Client', '203.0.113.7', 'ua', $2)`, [tokenHash, sha256("shown")]);
  return id;
}

/** The deposit (half of `total`) paid as Paystack's webhook reports it: its reference. */
async function payDeposit(proposal: string, total: number, currency: "NGN" | "USD"): Promise<string> {
  const reference = `ref-${randomBytes(6).toString("hex")}`;
  await sql(`select public.record_payment_request($1, $2, 'deposit', $3, $4, 0::smallint)`, [
    reference,
    proposal,
    total / 2,
    currency,
  ]);
  await sql(`select public.record_payment($1, $2, $3, 'card', now(), 'webhook')`, [reference, total / 2, currency]);
  return reference;
}

describe("the Campaigns page's proposals and revenue", () => {
  it("shows proposals sent and accepted, and revenue collected per currency, never naira and dollars added together", async () => {
    const ada = await storeLead("Ada Revenue Test", "revenue-test");
    const bola = await storeLead("Bola Revenue Test", "revenue-test");
    const naira = await sentProposal(ada, 48_000_000, "NGN");
    const dollars = await sentProposal(ada, 250_050, "USD");
    await sentProposal(bola, 10_000_000, "NGN", false);
    // A draft was never sent: not counted.
    await admin.client.from("proposals").insert({ lead_id: bola, title: "Draft", currency: "NGN" });
    const deposit = await payDeposit(naira, 48_000_000, "NGN");
    await payDeposit(dollars, 250_050, "USD");
    // ₦40,000 of the naira deposit refunded: ₦200,000 collected.
    await sql(`select public.record_refund($1, $2, 4000000, 'NGN')`, [deposit, `rf-${randomBytes(4).toString("hex")}`]);

    await renderAdmin("/admin/campaigns", admin);
    const report = await screen.findByRole("region", { name: "Campaigns report" });
    const row = within(report).getByRole("row", { name: /newsletter/ });
    expect(within(row).getAllByRole("cell")[1]).toHaveTextContent("revenue-test");
    expect(cellOf(row, "Proposals sent")).toHaveTextContent(/^3$/);
    expect(cellOf(row, "Proposals accepted")).toHaveTextContent("2 66.7%");
    const collected = cellOf(row, "Revenue collected");
    expect([...collected.children].map((line) => line.textContent)).toEqual(["₦200,000", "$1,250.25"]);

    const total = within(report).getByRole("row", { name: /^Total/ });
    expect(cellOf(total, "Proposals sent")).toHaveTextContent(/^3$/);
    expect([...cellOf(total, "Revenue collected").children].map((line) => line.textContent)).toEqual([
      "₦200,000",
      "$1,250.25",
    ]);
  });
});
