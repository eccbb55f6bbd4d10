import { createHash, randomBytes, randomUUID } from "node:crypto";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Database } from "../../src/lib/database";
import { localSupabaseForSuite } from "../local/testing.ts";
import { suiteClients } from "../local/suite-clients.ts";

/**
 * What 20261130141500_ad_spend.sql adds, over HTTP as the API serves it: the spend import's upsert
 * (twice changes nothing, a restated day replaces, a refused import writes nothing, the import state
 * for "spend as of"), who reads and writes spend and rates, a visit's utm_id through the rollup, and
 * the report's figures for a fixture of spend, visits, leads, calls and payments.
 */
const supabase = localSupabaseForSuite();
const { sql, as, anon, service, newMembers } = suiteClients(supabase);
let members: Record<"owner" | "sales" | "editor", string>;

type SpendRow = {
  campaign_id: string;
  campaign_name: string;
  day: string;
  amount_minor: number;
  impressions?: number;
  clicks?: number;
};
type ReportLine = Database["public"]["Functions"]["ad_campaign_report"]["Returns"][number];

const hash = (text: string) => createHash("sha256").update(text).digest("hex");
const WINDOW = { first_day: "2026-11-01", last_day: "2026-11-07" };
/** 1 to 6 November 2026 in Lagos, as a report's period. */
const WEEK = { from_time: "2026-10-31T23:00:00Z", to_time: "2026-11-06T23:00:00Z" };

function importSpend(spend: SpendRow[], platform = "meta", currency = "NGN", window = WINDOW, client = service()) {
  return client.rpc("import_ad_spend", {
    for_platform: platform,
    for_account: platform === "meta" ? "111222333" : "1234567890",
    account_currency: currency,
    currency_digits: 2,
    ...window,
    spend,
  });
}

const kept = () =>
  sql<{ campaign_id: string; day: string; amount_minor: string; imported_at: string }>(
    `select campaign_id, day::text, amount_minor::text, imported_at::text from public.ad_spend order by platform, campaign_id, day`,
  );

beforeAll(async () => {
  // The team has one owner: the one there is steps down, so that this suite's may set rates.
  await sql(`update public.admins set role = 'administrator' where role = 'owner'`);
  members = await newMembers("spend", ["owner", "sales", "editor"]);
});

beforeEach(async () => {
  await supabase.db.exec(
    `truncate public.ad_spend, public.ad_spend_imports, public.exchange_rates, public.page_views, public.page_view_daily`,
  );
});

describe("the import", () => {
  const week: SpendRow[] = [
    { campaign_id: "501", campaign_name: "Lagos Clinics", day: "2026-11-01", amount_minor: 1_000_000, clicks: 40 },
    { campaign_id: "501", campaign_name: "Lagos Clinics", day: "2026-11-02", amount_minor: 1_200_000, clicks: 44 },
    { campaign_id: "502", campaign_name: "Abuja Schools", day: "2026-11-02", amount_minor: 500_000, clicks: 9 },
  ];

  it("writes the window once: the same figures a second time change nothing", async () => {
    expect((await importSpend(week)).data).toBe(3);
    const first = await kept();
    expect(first.map((row) => [row.campaign_id, row.day, row.amount_minor])).toEqual([
      ["501", "2026-11-01", "1000000"],
      ["501", "2026-11-02", "1200000"],
      ["502", "2026-11-02", "500000"],
    ]);
    expect((await importSpend(week)).data).toBe(0);
    expect(await kept()).toEqual(first);
  });

  it("replaces a restated day, and removes a day the platform no longer reports, within the window only", async () => {
    await importSpend(week);
    await importSpend(
      [{ campaign_id: "501", campaign_name: "Lagos Clinics", day: "2026-10-30", amount_minor: 7 }],
      "meta",
      "NGN",
      {
        first_day: "2026-10-25",
        last_day: "2026-10-31",
      },
    );
    const restated = [week[0]!, { ...week[1]!, amount_minor: 1_150_000 }];
    expect((await importSpend(restated)).data).toBe(2);
    expect((await kept()).map((row) => [row.campaign_id, row.day, row.amount_minor])).toEqual([
      ["501", "2026-10-30", "7"],
      ["501", "2026-11-01", "1000000"],
      ["501", "2026-11-02", "1150000"],
    ]);
  });

  it("writes nothing of an import it refuses, and keeps the last good figures and when they were imported", async () => {
    await importSpend(week);
    const before = await kept();
    const refused = await importSpend([
      { ...week[0]!, amount_minor: 1 },
      { ...week[1]!, day: "2026-12-25" },
    ]);
    expect(refused.error?.code).toBe("22023");
    expect(await kept()).toEqual(before);

    expect(
      (await service().rpc("record_ad_spend_failure", { for_platform: "meta", error: "401: token revoked" })).error,
    ).toBeNull();
    expect(await kept()).toEqual(before);
    const [state] = await sql<{ last_error: string; spend_through: string; success: boolean }>(
      `select last_error, spend_through::text, last_success_at is not null as success from public.ad_spend_imports where platform = 'meta'`,
    );
    expect(state).toEqual({ last_error: "401: token revoked", spend_through: "2026-11-07", success: true });
  });

  it("claims a platform's import once a day, and a failed one again only after the retry interval", async () => {
    const claim = (minutes = 60) =>
      service().rpc("claim_ad_spend_import", { for_platform: "google", retry_minutes: minutes });
    expect((await claim()).data).toBe(true);
    expect((await claim()).data).toBe(false);
    await service().rpc("record_ad_spend_failure", { for_platform: "google", error: "503" });
    expect((await claim()).data).toBe(false);
    expect((await claim(0)).data).toBe(true);
    await importSpend([], "google", "USD");
    expect((await claim(0)).data).toBe(false);
  });
});

describe("who reads and writes", () => {
  beforeEach(async () => {
    await importSpend([{ campaign_id: "501", campaign_name: "Lagos Clinics", day: "2026-11-01", amount_minor: 1_000 }]);
    await sql(
      `insert into public.exchange_rates (from_currency, to_currency, month, rate) values ('USD', 'NGN', '2026-11-01', 1500)`,
    );
  });

  it("gives anon nothing: no spend, no state, no rates, no report, no import", async () => {
    for (const table of ["ad_spend", "ad_spend_imports", "exchange_rates"] as const)
      expect((await anon().from(table).select("*")).error?.code, table).toBe("42501");
    expect((await anon().rpc("ad_campaign_report", WEEK)).error).not.toBeNull();
    expect((await importSpend([], "meta", "NGN", WINDOW, anon())).error).not.toBeNull();
  });

  it("lets Sales read spend and the report but write neither spend nor rates", async () => {
    const sales = as(members.sales, "aal2");
    expect((await sales.from("ad_spend").select("campaign_id")).data).toEqual([{ campaign_id: "501" }]);
    expect((await sales.from("ad_spend_imports").select("platform")).data).toEqual([{ platform: "meta" }]);
    expect((await sales.rpc("ad_campaign_report", WEEK)).data?.map((line: ReportLine) => line.campaign_id)).toEqual([
      "501",
    ]);
    expect(
      (await sales.from("ad_spend").update({ amount_minor: 1 }).eq("campaign_id", "501").select()).error?.code,
    ).toBe("42501");
    expect((await importSpend([], "meta", "NGN", WINDOW, sales)).error).not.toBeNull();
    const rate = await sales
      .from("exchange_rates")
      .insert({ from_currency: "EUR", to_currency: "NGN", month: "2026-11-01", rate: 1700 });
    expect(rate.error?.code).toBe("42501");
  });

  it("shows an Editor, who reads traffic but works no leads, nothing", async () => {
    const editor = as(members.editor, "aal2");
    expect((await editor.from("ad_spend").select("*")).data).toEqual([]);
    expect((await editor.from("exchange_rates").select("*")).data).toEqual([]);
    expect((await editor.rpc("ad_campaign_report", WEEK)).data).toEqual([]);
  });

  it("lets the Owner set a month's rate and change it", async () => {
    const owner = as(members.owner, "aal2");
    const inserted = await owner
      .from("exchange_rates")
      .insert({ from_currency: "EUR", to_currency: "NGN", month: "2026-11-01", rate: 1700 });
    expect(inserted.error).toBeNull();
    const changed = await owner
      .from("exchange_rates")
      .update({ rate: 1710.5 })
      .eq("from_currency", "EUR")
      .select("rate");
    expect(changed.data).toEqual([{ rate: 1710.5 }]);
    const mid = await owner
      .from("exchange_rates")
      .insert({ from_currency: "EUR", to_currency: "NGN", month: "2026-11-15", rate: 1 });
    expect(mid.error?.code).toBe("23514");
  });
});

describe("a visit's campaign id", () => {
  it("is kept beside the name and survives the rollup", async () => {
    const key = (n: number) => n.toString(16).padStart(64, "0");
    for (const [visitor, utm_id] of [
      [1, "501"],
      [2, "501"],
      [3, undefined],
    ] as const) {
      const { error } = await service().rpc("record_page_view", {
        visitor: key(visitor),
        kind: "pageview",
        path: "/",
        device: "phone",
        utm_source: "facebook",
        utm_campaign: "Lagos Clinics",
        ...(utm_id ? { utm_id } : {}),
      });
      expect(error).toBeNull();
    }
    const bad = await service().rpc("record_page_view", {
      visitor: key(4),
      kind: "pageview",
      path: "/",
      device: "phone",
      utm_id: "a\tb",
    });
    expect(bad.error?.code).toBe("23514");
    await sql(`update public.page_views set created_at = created_at - interval '2 days'`);
    await service().rpc("rollup_traffic");
    const rows = await sql<{ value: string; visitors: number }>(
      `select value, visitors from public.page_view_daily where dimension = 'ad_campaign' order by value`,
    );
    expect(rows).toEqual([
      { value: "\tLagos Clinics", visitors: 1 },
      { value: "501\tLagos Clinics", visitors: 2 },
    ]);
  });
});

describe("the report", () => {
  /** A lead that arrived through `touch` at `at`; `won` marks it won as a first payment would. */
  async function lead(touch: Record<string, string>, at = "2026-11-03T10:00:00Z") {
    const [row] = await sql<{ id: string }>(
      `insert into public.leads (full_name, email, first_touch) values ('Ada Obi', $1, $2) returning id`,
      [`spend-${randomBytes(4).toString("hex")}@example.ng`, touch],
    );
    // A new lead is stamped now, whatever the insert says; it arrived at `at`.
    await sql(`update public.leads set created_at = $2 where id = $1`, [row!.id, at]);
    return row!.id;
  }

  let calls = 0;
  /** A call for `leadId`, each on its own hour (bookings may not overlap), held as the site books it. */
  async function bookCall(leadId: string, status = "booked") {
    calls += 1;
    await sql(
      `insert into public.call_bookings (lead_id, starts_at, ends_at, buffer_before_minutes, buffer_after_minutes, blocked, visitor_time_zone, source, manage_token_hash, hold_expires_at, confirm_token_hash)
       values ($1, $2::timestamptz, $2::timestamptz + interval '30 minutes', 0, 0, tstzrange($2::timestamptz, $2::timestamptz + interval '30 minutes'), 'Africa/Lagos', 'book_page', $3, now() + interval '15 minutes', $4)`,
      [leadId, new Date(Date.UTC(2027, 0, 1, calls)).toISOString(), hash(randomUUID()), hash(randomUUID())],
    );
    // A new booking is a hold whatever the insert says; a cancellation is a change of it.
    if (status !== "booked")
      await sql(`update public.call_bookings set status = $2 where lead_id = $1`, [leadId, status]);
  }

  /** A counted payment of `amount` from `leadId` on an accepted proposal, paid at `paidAt`. */
  async function paid(leadId: string, amount: number, currency = "NGN", paidAt = "2026-11-05T12:00:00Z") {
    const [proposal] = await sql<{ id: string }>(
      `insert into public.proposals (lead_id, title, currency) values ($1, 'Ads', $2) returning id`,
      [leadId, currency],
    );
    const id = proposal!.id;
    await sql(
      `insert into public.proposal_lines (proposal_id, position, kind, description, quantity, unit_price_minor) values ($1, 0, 'package', 'AdGrowth', 1, $2)`,
      [id, amount],
    );
    await sql(
      `insert into public.proposal_installments (proposal_id, position, label, due, share_bp, amount_minor) values ($1, 0, 'In full', 'acceptance', 10000, $2)`,
      [id, amount],
    );
    const token = randomUUID();
    const sent = await as(members.sales, "aal2").rpc("send_proposal", { proposal: id, token_hash: hash(token) });
    if (sent.error) throw sent.error;
    await service().rpc("accept_proposal", {
      token_hash: hash(token),
      accepted_name: "Ada Obi",
      accepted_ip: "203.0.113.7",
      accepted_user_agent: "Mozilla/5.0",
      shown_sha256: hash("shown"),
    });
    const reference = `ref-${randomBytes(6).toString("hex")}`;
    const asked = await service().rpc("record_payment_request", {
      reference,
      proposal: id,
      purpose: "deposit",
      installment: 0,
      amount_minor: amount,
      currency,
    });
    if (asked.error) throw asked.error;
    const done = await service().rpc("record_payment", {
      reference,
      amount_minor: amount,
      currency,
      channel: "card",
      paid_at: paidAt,
      recorded_by: "webhook",
    });
    if (done.error) throw done.error;
  }

  async function report(currency = "NGN"): Promise<ReportLine[]> {
    const { data, error } = await as(members.sales, "aal2").rpc("ad_campaign_report", {
      ...WEEK,
      report_currency: currency,
    });
    expect(error).toBeNull();
    return data!;
  }

  // The leads, calls and payments once: an accepted proposal is kept for good.
  beforeAll(async () => {
    // Lagos Clinics: four leads (one by name only), three calls (one cancelled), two clients paying ₦400,000 and ₦200,000.
    const clinics = [
      await lead({ utm_campaign: "Lagos Clinics", utm_id: "501" }),
      await lead({ utm_campaign: "Lagos Clinics", utm_id: "501" }),
      await lead({ utm_campaign: "LAGOS CLINICS" }),
      await lead({ utm_campaign: "Lagos Clinics", utm_id: "501" }, "2026-10-20T10:00:00Z"),
    ];
    await bookCall(clinics[0]!);
    await bookCall(clinics[1]!);
    await bookCall(clinics[2]!, "cancelled");
    await paid(clinics[0]!, 40_000_000);
    await paid(clinics[1]!, 20_000_000);
    // Abuja Schools: one lead by id whose name differs; no payment.
    await lead({ utm_campaign: "abuja", utm_id: "902" });
    // A campaign with visits and a lead and no spend.
    await lead({ utm_campaign: "Newsletter" });
  });

  beforeEach(async () => {
    // Meta in naira: ₦50,000 on "Lagos Clinics" (id 501); Google in dollars: $100 on "Abuja Schools" (id 902).
    await importSpend([
      {
        campaign_id: "501",
        campaign_name: "Lagos Clinics",
        day: "2026-11-02",
        amount_minor: 3_000_000,
        clicks: 120,
        impressions: 9000,
      },
      {
        campaign_id: "501",
        campaign_name: "Lagos Clinics",
        day: "2026-11-04",
        amount_minor: 2_000_000,
        clicks: 80,
        impressions: 6000,
      },
      { campaign_id: "503", campaign_name: "Silent Test", day: "2026-11-03", amount_minor: 100_000, clicks: 2 },
      // Outside the period: not counted.
      { campaign_id: "501", campaign_name: "Lagos Clinics", day: "2026-11-07", amount_minor: 999_999 },
    ]);
    await importSpend(
      [{ campaign_id: "902", campaign_name: "Abuja Schools", day: "2026-11-03", amount_minor: 10_000, clicks: 30 }],
      "google",
      "USD",
    );

    const key = (n: number) => n.toString(16).padStart(64, "0");
    const views: [number, string | undefined, string][] = [
      [1, "501", "Lagos Clinics"],
      [2, "501", "lagos clinics "],
      [3, undefined, "Lagos Clinics"],
      [4, "902", "abuja"],
      [5, undefined, "Newsletter"],
    ];
    for (const [visitor, utm_id, utm_campaign] of views)
      await service().rpc("record_page_view", {
        visitor: key(visitor),
        kind: "pageview",
        path: "/",
        device: "phone",
        utm_campaign,
        ...(utm_id ? { utm_id } : {}),
      });
    await sql(`update public.page_views set created_at = '2026-11-03T09:00:00Z'`);
  });

  it("joins spend to visitors, leads, calls and revenue by id, then by name, with the costs and the return", async () => {
    const lines = await report();
    const clinics = lines.find((line) => line.campaign_id === "501")!;
    expect(clinics).toMatchObject({
      platform: "meta",
      campaign_name: "Lagos Clinics",
      spend_currency: "NGN",
      spend_account_minor: 5_000_000,
      spend_minor: 5_000_000,
      clicks: 200,
      impressions: 15_000,
      visitors: 3,
      leads: 3,
      calls_booked: 2,
      clients_won: 2,
      revenue_minor: 60_000_000,
      cost_per_lead_minor: 1_666_667,
      cost_per_call_minor: 2_500_000,
      cost_per_client_minor: 2_500_000,
      roas: 12,
      rates: [],
      missing_rates: [],
    });
  });

  it("lists a campaign with spend and no visits, and one with visits and no spend, with '–' figures as nulls", async () => {
    const lines = await report();
    expect(lines.find((line) => line.campaign_id === "503")).toMatchObject({
      campaign_name: "Silent Test",
      spend_minor: 100_000,
      visitors: 0,
      leads: 0,
      cost_per_lead_minor: null,
      cost_per_client_minor: null,
      roas: null,
    });
    expect(lines.find((line) => line.campaign_name === "Newsletter")).toMatchObject({
      platform: null,
      campaign_id: null,
      spend_minor: null,
      spend_account_minor: null,
      visitors: 1,
      leads: 1,
      cost_per_lead_minor: null,
      roas: null,
    });
  });

  it("converts a dollar account's spend with the month's rate, says which, and gives no spend without one", async () => {
    let abuja = (await report()).find((line) => line.campaign_id === "902")!;
    expect(abuja).toMatchObject({
      spend_account_minor: 10_000,
      spend_currency: "USD",
      spend_minor: null,
      missing_rates: ["USD 2026-11"],
      cost_per_lead_minor: null,
    });

    await sql(
      `insert into public.exchange_rates (from_currency, to_currency, month, rate) values ('USD', 'NGN', '2026-11-01', 1550.25)`,
    );
    abuja = (await report()).find((line) => line.campaign_id === "902")!;
    expect(abuja).toMatchObject({
      platform: "google",
      campaign_name: "Abuja Schools",
      spend_minor: 15_502_500,
      visitors: 1,
      leads: 1,
      cost_per_lead_minor: 15_502_500,
      revenue_minor: 0,
      roas: null,
      missing_rates: [],
      rates: [{ from: "USD", to: "NGN", month: "2026-11", rate: 1550.25 }],
    });
    // The other way round, with the same rate inverted: the naira campaign's spend in dollars.
    const clinics = (await report("USD")).find((line) => line.campaign_id === "501")!;
    expect(clinics.spend_minor).toBe(Math.round(5_000_000 / 1550.25));
    expect(clinics.revenue_minor).toBe(Math.round(60_000_000 / 1550.25));
  });

  it("gives spend against revenue by week", async () => {
    await sql(
      `insert into public.exchange_rates (from_currency, to_currency, month, rate) values ('USD', 'NGN', '2026-11-01', 1500)`,
    );
    const { data, error } = await as(members.sales, "aal2").rpc("ad_spend_weekly", WEEK);
    expect(error).toBeNull();
    expect(data).toEqual([
      { week: "2026-10-26", spend_minor: 0, revenue_minor: 0 },
      { week: "2026-11-02", spend_minor: 5_000_000 + 100_000 + 15_000_000, revenue_minor: 60_000_000 },
    ]);
  });
});
