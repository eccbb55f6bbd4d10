/**
 * The Campaigns page's ad spend, against the real local Supabase (supabase/local) signed in as the
 * local admin: spend written as the daily import writes it (import_ad_spend), a lead that came by the
 * campaign's link with its id, a paid proposal, a failed import; then what the admin reads: spend,
 * cost per lead and client, return on ad spend as "3.4x", "–" where there is none, the totals, "spend
 * as of", and a dollar account's spend converted once the Owner sets the month's rate.
 */
import { createHash, randomBytes } from "node:crypto";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { localAdminForSuite } from "../local-admin-suite";
import { lagosDay } from "../period/period";
import { cellOf, renderAdmin } from "../testing";

const admin = localAdminForSuite();
const today = lagosDay(new Date());

const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");
const sql = <T,>(text: string, params: unknown[] = []) =>
  admin.server.local.db.query<T>(text, params).then(({ rows }) => rows);

/** One day of spend for one campaign, as the import writes it. */
async function importSpend(
  platform: "meta" | "google",
  campaignId: string,
  name: string,
  minor: number,
  currency: string,
) {
  await sql(`select public.import_ad_spend($1, '555', $2, 2, $3::date, $3::date, $4::jsonb)`, [
    platform,
    currency,
    today,
    JSON.stringify([
      { campaign_id: campaignId, campaign_name: name, day: today, amount_minor: minor, impressions: 1000, clicks: 80 },
    ]),
  ]);
}

async function storeLead(name: string, touch: Record<string, string>): Promise<string> {
  const [row] = await sql<{ id: string }>(
    `insert into public.leads (full_name, email, service, first_touch) values ($1, $2, 'paid-ads', $3) returning id`,
    [name, `${name.toLowerCase().replace(/\W+/g, ".")}@example.ng`, JSON.stringify(touch)],
  );
  return row!.id;
}

/** A proposal of `total` naira minor units paid in full by the client. */
async function paidInFull(lead: string, total: number) {
  const { client } = admin;
  const made = await client
    .from("proposals")
    .insert({ lead_id: lead, title: "AdGrowth", currency: "NGN" })
    .select("id")
    .single();
  if (made.error) throw made.error;
  const id = made.data.id as string;
  await client
    .from("proposal_lines")
    .insert({ proposal_id: id, position: 0, kind: "package", description: "AdGrowth", unit_price_minor: total });
  await client.from("proposal_installments").insert({
    proposal_id: id,
    position: 0,
    label: "In full",
    due: "acceptance",
    share_bp: 10_000,
    amount_minor: total,
  });
  const tokenHash = sha256(randomBytes(16).toString("hex"));
  const sent = await client.rpc("send_proposal", { proposal: id, token_hash: tokenHash });
  if (sent.error) throw sent.error;
  await sql(`select public.accept_proposal($1, 'Client', '203.0.113.7', 'ua', $2)`, [tokenHash, sha256("shown")]);
  const reference = `ref-${randomBytes(6).toString("hex")}`;
  await sql(`select public.record_payment_request($1, $2, 'deposit', $3, 'NGN', 0::smallint)`, [reference, id, total]);
  await sql(`select public.record_payment($1, $2, 'NGN', 'card', now(), 'webhook')`, [reference, total]);
}

describe("the Campaigns page's ad spend", () => {
  it("shows each campaign's spend, costs and return, '–' where there is none, the totals and spend as of the last good import", async () => {
    // ₦50,000 on Meta's "clinics-spend-test" (id 777001); two leads by its link, one a client paying ₦170,000.
    await importSpend("meta", "777001", "clinics-spend-test", 5_000_000, "NGN");
    const client = await storeLead("Ada Spend Test", {
      utm_source: "facebook",
      utm_campaign: "clinics-spend-test",
      utm_id: "777001",
    });
    await storeLead("Bola Spend Test", { utm_source: "facebook", utm_campaign: "Clinics-Spend-Test" });
    await paidInFull(client, 17_000_000);
    // $100 on Google's "dollar-spend-test", no rate yet, no visits.
    await importSpend("google", "888001", "dollar-spend-test", 10_000, "USD");
    // Google's latest import failed after its last good one. The good one is dated a minute back: the
    // two statements can run within the same millisecond of PGlite's clock (a fast machine did, and
    // the failure was then not after the success, so no note showed).
    await sql(
      `update public.ad_spend_imports set last_success_at = now() - interval '1 minute' where platform = 'google'`,
    );
    await sql(`select public.record_ad_spend_failure('google', 'Google Ads refused the report: token revoked')`);

    await renderAdmin("/admin/campaigns", admin);
    const report = await screen.findByRole("region", { name: "Ad spend report" });
    const clinics = within(report).getByRole("row", { name: /clinics-spend-test/ });
    expect(cellOf(clinics, "Platform")).toHaveTextContent("Meta");
    expect(cellOf(clinics, "Spend")).toHaveTextContent(/^₦50,000$/);
    expect(cellOf(clinics, "Leads")).toHaveTextContent(/^2$/);
    expect(cellOf(clinics, "Cost per lead")).toHaveTextContent(/^₦25,000$/);
    expect(cellOf(clinics, "Cost per call")).toHaveTextContent(/^–$/);
    expect(cellOf(clinics, "Clients won")).toHaveTextContent(/^1$/);
    expect(cellOf(clinics, "Cost per client")).toHaveTextContent(/^₦50,000$/);
    expect(cellOf(clinics, "Revenue collected")).toHaveTextContent(/^₦170,000$/);
    expect(cellOf(clinics, "Return on ad spend")).toHaveTextContent(/^3\.4x$/);

    const dollars = within(report).getByRole("row", { name: /dollar-spend-test/ });
    expect(cellOf(dollars, "Spend")).toHaveTextContent("No rate set for USD");
    expect(cellOf(dollars, "Cost per lead")).toHaveTextContent(/^–$/);
    expect(cellOf(dollars, "Return on ad spend")).toHaveTextContent(/^–$/);

    // The total's spend is unknown while a month has no rate; its counts add up.
    const total = within(report).getByRole("row", { name: /^Total/ });
    expect(cellOf(total, "Spend")).toHaveTextContent(/^–$/);
    expect(cellOf(total, "Leads")).toHaveTextContent(/^2$/);
    expect(cellOf(total, "Revenue collected")).toHaveTextContent(/^₦170,000$/);

    expect(
      screen.getByText(
        /^Google Ads spend as of .*: the latest import failed \(Google Ads refused the report: token revoked\)/,
      ),
    ).toHaveAttribute("role", "status");

    // The Owner sets this month's dollar rate: the spend converts, and so does the total.
    const user = userEvent.setup();
    const rates = screen.getByRole("region", { name: "Exchange rates" });
    await user.clear(within(rates).getByLabelText("Naira per unit"));
    await user.type(within(rates).getByLabelText("Naira per unit"), "1,550.25");
    await user.click(within(rates).getByRole("button", { name: "Save rate" }));
    expect(await within(rates).findByText(`${today.slice(0, 7)}: 1 USD = 1,550.25 NGN`)).toBeInTheDocument();
    const converted = await within(screen.getByRole("region", { name: "Ad spend report" })).findByRole("row", {
      name: /dollar-spend-test.*₦155,025/,
    });
    expect(cellOf(converted, "Spend")).toHaveTextContent(`Converted at ${today.slice(0, 7)}: 1 USD = 1,550.25 NGN`);
    const totalNow = within(screen.getByRole("region", { name: "Ad spend report" })).getByRole("row", {
      name: /^Total/,
    });
    expect(cellOf(totalNow, "Spend")).toHaveTextContent(/^₦205,025$/);
    expect(cellOf(totalNow, "Return on ad spend")).toHaveTextContent(/^0\.8x$/);
  });
});
