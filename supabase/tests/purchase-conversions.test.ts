import { randomBytes } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import type { Database as PgDatabase } from "../local/database.ts";
import { acceptProposal, recordPayment, requestInstallment, sendProposal } from "../local/proposal-fixtures.ts";
import { localSupabaseForSuite } from "../local/testing.ts";
import { suiteClients } from "../local/suite-clients.ts";

/**
 * What 20261130110000_purchase_conversions.sql adds: each counted payment queues one `purchase`
 * row per platform with the amount paid and its currency, under the lead's consent, once per
 * payment however often it is reported, none for a flagged payment, and a refund un-sends nothing;
 * the other events stay once per lead. What each lead paid per currency (lead_payment_totals), and
 * the Campaigns report's proposals and revenue per currency (campaign_report, campaign_revenue),
 * read as the caller: the lead team sees them, other roles and anon nothing.
 */
const { sql, as, anon, service, postgresConnections, newMembers } = suiteClients(localSupabaseForSuite());
let members: Record<"sales" | "editor", string>;
const PERIOD = { from_time: "2000-01-01T00:00:00Z", to_time: "2100-01-01T00:00:00Z" };

beforeAll(async () => {
  members = await newMembers("purchase", ["sales", "editor"]);
});

/** A lead from a campaign of its own (or the one given), with or without consent to measurement. */
async function newLead(consent: boolean, campaign = `shop-${randomBytes(4).toString("hex")}`) {
  const [row] = await sql<{ id: string }>(
    `insert into public.leads (full_name, email, phone, ad_user_data, ad_personalization, consent_given_at, first_touch)
     values ('Ngozi Eze', $1, '+234 803 555 0101', $2, $2, case when $2 then now() end,
             jsonb_build_object('utm_source', 'facebook', 'utm_medium', 'paid', 'utm_campaign', $3::text, 'fbclid', 'IwAR-shop'))
     returning id`,
    [`purchase-${randomBytes(4).toString("hex")}@example.ng`, consent, campaign],
  );
  return { lead: row!.id, campaign };
}

/**
 * A proposal for `lead`, accepted: one line of `total` minor units, half on acceptance and half at
 * completion, made as the database's owner, sent by Sales and accepted through the client's link.
 */
async function acceptedProposal(lead: string, total: number, currency = "NGN"): Promise<string> {
  const [proposal] = await sql<{ id: string }>(
    `insert into public.proposals (lead_id, title, currency) values ($1, 'Website', $2) returning id`,
    [lead, currency],
  );
  const id = proposal!.id;
  await sql(
    `insert into public.proposal_lines (proposal_id, position, kind, description, quantity, unit_price_minor)
     values ($1, 0, 'package', 'GrowthSite', 1, $2)`,
    [id, total],
  );
  await sql(
    `insert into public.proposal_installments (proposal_id, position, label, due, share_bp, amount_minor)
     values ($1, 0, 'Deposit', 'acceptance', 5000, $2), ($1, 1, 'Balance', 'completion', 5000, $2)`,
    [id, total / 2],
  );
  const token = await sendProposal(as(members.sales, "aal2"), id);
  const accepted = await acceptProposal(service(), token, "Ngozi Eze");
  if (accepted.data !== "accepted") throw new Error(`not accepted: ${JSON.stringify(accepted)}`);
  return id;
}

/** The reference of a payment request for an installment of `proposal` (0 the deposit, 1 the balance). */
async function request(proposal: string, installment: number, amount: number, currency = "NGN"): Promise<string> {
  const { data, error } = await requestInstallment(service(), proposal, installment, { amount, currency });
  if (error) throw error;
  return (data as { reference: string }).reference;
}

async function pay(reference: string, amount: number, currency = "NGN"): Promise<string> {
  const { data, error } = await recordPayment(service(), reference, amount, { currency });
  if (error) throw error;
  return data as string;
}

interface PurchaseRow {
  platform: string;
  status: string;
  skip_reason: string | null;
  value: string;
  currency: string;
  reference: string;
}

const purchases = (lead: string) =>
  sql<PurchaseRow>(
    `select e.platform, e.status, e.skip_reason, e.value::text, e.currency, p.reference
       from public.conversion_events e join public.payments p on p.id = e.payment_id
      where e.lead_id = $1 and e.event = 'purchase'
      order by p.paid_at, p.reference, e.platform`,
    [lead],
  );

describe("the purchase conversion", () => {
  it("queues one row per platform for each counted payment, with the amount paid, once however often it is reported", async () => {
    const { lead } = await newLead(true);
    const proposal = await acceptedProposal(lead, 48_000_000);
    const deposit = await request(proposal, 0, 24_000_000);
    expect(await pay(deposit, 24_000_000)).toBe("recorded");
    expect(await pay(deposit, 24_000_000)).toBe("already");

    const waiting = { status: "waiting", skip_reason: null, value: "240000.00", currency: "NGN" };
    expect(await purchases(lead)).toEqual([
      { platform: "google", ...waiting, reference: deposit },
      { platform: "meta", ...waiting, reference: deposit },
    ]);

    const balance = await request(proposal, 1, 24_000_000);
    expect(await pay(balance, 24_000_000)).toBe("recorded");
    const rows = await purchases(lead);
    expect(rows).toHaveLength(4);
    expect(rows.filter((row) => row.reference === balance).map((row) => row.platform)).toEqual(["google", "meta"]);
  });

  it("carries dollars as dollars, in major units", async () => {
    const { lead } = await newLead(true);
    const proposal = await acceptedProposal(lead, 250_050, "USD");
    await pay(await request(proposal, 0, 125_025, "USD"), 125_025, "USD");
    expect((await purchases(lead)).map((row) => [row.value, row.currency])).toEqual([
      ["1250.25", "USD"],
      ["1250.25", "USD"],
    ]);
  });

  it("queues nothing for a flagged payment", async () => {
    const { lead } = await newLead(true);
    const proposal = await acceptedProposal(lead, 48_000_000);
    expect(await pay(await request(proposal, 0, 24_000_000), 100)).toBe("flagged");
    expect(await purchases(lead)).toEqual([]);
  });

  it("is skipped as no consent without it, and nothing of it is sent", async () => {
    const { lead } = await newLead(false);
    const proposal = await acceptedProposal(lead, 48_000_000);
    await pay(await request(proposal, 0, 24_000_000), 24_000_000);
    expect((await purchases(lead)).map((row) => [row.platform, row.status, row.skip_reason])).toEqual([
      ["google", "skipped", "no_consent"],
      ["meta", "skipped", "no_consent"],
    ]);
  });

  it("keeps the rows as they were after a refund: what was sent stays sent", async () => {
    const { lead } = await newLead(true);
    const proposal = await acceptedProposal(lead, 48_000_000);
    const deposit = await request(proposal, 0, 24_000_000);
    await pay(deposit, 24_000_000);
    await sql(`update public.conversion_events set status = 'delivered', delivered_at = now() where lead_id = $1`, [
      lead,
    ]);
    const refunded = await service().rpc("record_refund", {
      transaction_reference: deposit,
      refund_reference: `rf-${randomBytes(4).toString("hex")}`,
      amount_minor: 24_000_000,
      currency: "NGN",
    });
    expect(refunded.data).toBe("recorded");
    expect((await purchases(lead)).map((row) => row.status)).toEqual(["delivered", "delivered"]);
  });

  it("leaves the other events once per lead: queued again, they are not doubled", async () => {
    const { lead } = await newLead(true);
    const proposal = await acceptedProposal(lead, 48_000_000);
    // The first payment marks the lead won, which queues `qualified`.
    await pay(await request(proposal, 0, 24_000_000), 24_000_000);
    await sql(
      `select private.queue_conversions(l, e.event, now())
         from public.leads l cross join (values ('lead'), ('qualified')) as e (event) where l.id = $1`,
      [lead],
    );
    const events = await sql<{ event: string; rows: number }>(
      `select event, count(*)::int as rows from public.conversion_events where lead_id = $1 group by event order by event`,
      [lead],
    );
    expect(events).toEqual([
      { event: "lead", rows: 2 },
      { event: "purchase", rows: 2 },
      { event: "qualified", rows: 2 },
    ]);
    // A purchase names its payment, and only a purchase does.
    await expect(
      sql(
        `insert into public.conversion_events (lead_id, platform, event, event_time) values ($1, 'meta', 'purchase', now())`,
        [lead],
      ),
    ).rejects.toMatchObject({ code: "23514" });
  });

  it("hands the dispatcher the payment, the amount paid in minor units and its currency", async () => {
    const { lead } = await newLead(true);
    const proposal = await acceptedProposal(lead, 48_000_000);
    const deposit = await request(proposal, 0, 24_000_000);
    await pay(deposit, 24_000_000);
    const { data, error } = await service().rpc("claim_conversion_events", { max_rows: 10, only_lead: lead });
    expect(error).toBeNull();
    const [payment] = await sql<{ id: string }>(`select id from public.payments where reference = $1`, [deposit]);
    const claimed = (
      data as { event: string; payment_id: string | null; paid_minor: number | null; paid_currency: string | null }[]
    )
      .filter((row) => row.event === "purchase")
      .map(({ payment_id, paid_minor, paid_currency }) => ({ payment_id, paid_minor, paid_currency }));
    expect(claimed).toEqual([
      { payment_id: payment!.id, paid_minor: 24_000_000, paid_currency: "NGN" },
      { payment_id: payment!.id, paid_minor: 24_000_000, paid_currency: "NGN" },
    ]);
  });
});

describe("what a lead paid, and the Campaigns report's money", () => {
  it("gives each lead's paid, refunded and collected per currency to the lead team, and nothing to others", async () => {
    const { lead, campaign } = await newLead(true);
    const naira = await acceptedProposal(lead, 48_000_000);
    const dollars = await acceptedProposal(lead, 200_000, "USD");
    const deposit = await request(naira, 0, 24_000_000);
    await pay(deposit, 24_000_000);
    await pay(await request(naira, 1, 24_000_000), 24_000_000);
    await pay(await request(dollars, 0, 100_000, "USD"), 100_000, "USD");
    // Flagged: not counted, so not paid.
    await pay(await request(dollars, 1, 100_000, "USD"), 5, "USD");
    await service().rpc("record_refund", {
      transaction_reference: deposit,
      refund_reference: `rf-${randomBytes(4).toString("hex")}`,
      amount_minor: 4_000_000,
      currency: "NGN",
    });
    // A proposal still a draft is not counted as sent.
    await sql(`insert into public.proposals (lead_id, title, currency) values ($1, 'Draft', 'NGN')`, [lead]);

    const sales = as(members.sales, "aal2");
    const totals = await sales
      .from("lead_payment_totals")
      .select("currency, payments, paid_minor, refunded_minor, collected_minor")
      .eq("lead_id", lead)
      .order("currency");
    expect(totals.error).toBeNull();
    expect(totals.data).toEqual([
      { currency: "NGN", payments: 2, paid_minor: 48_000_000, refunded_minor: 4_000_000, collected_minor: 44_000_000 },
      { currency: "USD", payments: 1, paid_minor: 100_000, refunded_minor: 0, collected_minor: 100_000 },
    ]);

    const report = await sales.rpc("campaign_report", PERIOD);
    expect((report.data as { campaign: string }[]).find((row) => row.campaign === campaign)).toMatchObject({
      leads: 1,
      won: 1,
      proposals_sent: 2,
      proposals_accepted: 2,
    });
    const revenue = await sales.rpc("campaign_revenue", PERIOD);
    expect((revenue.data as { campaign: string }[]).filter((row) => row.campaign === campaign)).toEqual([
      { source: "facebook", medium: "paid", campaign, currency: "NGN", collected_minor: 44_000_000 },
      { source: "facebook", medium: "paid", campaign, currency: "USD", collected_minor: 100_000 },
    ]);

    const editor = as(members.editor, "aal2");
    expect((await editor.from("lead_payment_totals").select("lead_id").eq("lead_id", lead)).data).toEqual([]);
    expect((await editor.rpc("campaign_revenue", PERIOD)).data).toEqual([]);
    expect((await anon().from("lead_payment_totals").select("lead_id")).error).not.toBeNull();
    expect((await anon().rpc("campaign_revenue", PERIOD)).error?.code).toBe("42501");
  });

  it("counts only the period's leads", async () => {
    const { lead, campaign } = await newLead(true);
    await pay(await request(await acceptedProposal(lead, 48_000_000), 0, 24_000_000), 24_000_000);
    const before = { from_time: "2000-01-01T00:00:00Z", to_time: "2001-01-01T00:00:00Z" };
    const sales = as(members.sales, "aal2");
    const revenue = (await sales.rpc("campaign_revenue", before)).data as { campaign: string }[];
    expect(revenue.filter((row) => row.campaign === campaign)).toEqual([]);
  });
});

/**
 * On PostgreSQL (LOCAL_DB_URL, `npm run test:db:postgres`): 50 connections report one payment at
 * once. The payment's unique reference lets one insert through, so its trigger queues one row per
 * platform.
 */
describe.skipIf(!process.env.LOCAL_DB_URL)("many connections at once (PostgreSQL)", () => {
  async function asService(db: PgDatabase, reference: string): Promise<string> {
    let answer = "";
    await db.transaction(async (tx) => {
      await tx.exec(`set local role service_role`);
      answer = (
        await tx.query<{ answer: string }>(
          `select public.record_payment($1, 24000000, 'NGN', 'card', now(), 'webhook') as answer`,
          [reference],
        )
      ).rows[0]!.answer;
    });
    return answer;
  }

  it("gives 50 concurrent reports of one payment one purchase row per platform", async () => {
    const { lead } = await newLead(true);
    const reference = await request(await acceptedProposal(lead, 48_000_000), 0, 24_000_000);
    const pool = await postgresConnections(50);
    try {
      const answers = await Promise.all(pool.map((db) => asService(db, reference)));
      expect(answers.filter((answer) => answer === "recorded")).toHaveLength(1);
      expect((await purchases(lead)).map((row) => row.platform)).toEqual(["google", "meta"]);
    } finally {
      await Promise.all(pool.map((db) => db.close()));
    }
  });
});
