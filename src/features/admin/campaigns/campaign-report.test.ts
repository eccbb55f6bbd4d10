import { describe, expect, it } from "vitest";
import { toCsv } from "../csv";
import {
  CAMPAIGN_CSV_COLUMNS,
  campaignCsvRows,
  funnelRates,
  majorUnitsText,
  mergeCampaigns,
  rateText,
  sumByCurrency,
  totalsOf,
} from "./campaign-report";

const report = [
  {
    source: "facebook",
    medium: "paid",
    campaign: "launch",
    leads: 3,
    qualified: 1,
    won: 1,
    events_delivered: 4,
    events_failed: 0,
    median_response_seconds: 840,
    proposals_sent: 2,
    proposals_accepted: 1,
  },
  {
    source: "google",
    medium: "cpc",
    campaign: '=HYPERLINK("x")',
    leads: 2,
    qualified: 0,
    won: 0,
    events_delivered: 1,
    events_failed: 1,
    median_response_seconds: null,
    proposals_sent: 1,
    proposals_accepted: 1,
  },
];

/** The facebook line's leads paid in naira and in dollars; google's in naira, less a refund. */
const revenue = [
  { source: "facebook", medium: "paid", campaign: "launch", currency: "NGN" as const, collected_minor: 48_000_000 },
  { source: "facebook", medium: "paid", campaign: "launch", currency: "USD" as const, collected_minor: 125_025 },
  {
    source: "google",
    medium: "cpc",
    campaign: '=HYPERLINK("x")',
    currency: "NGN" as const,
    collected_minor: 20_000_050,
  },
];

const funnel = [
  {
    source: "facebook",
    medium: "paid",
    campaign: "launch",
    visitors: 120,
    intake_clicks: 6,
    leads: 3,
    qualified: 1,
    won: 1,
    median_response_seconds: 840,
    calls_booked: 2,
  },
  {
    source: "instagram",
    medium: "social",
    campaign: "teaser",
    visitors: 400,
    intake_clicks: 0,
    leads: 0,
    qualified: 0,
    won: 0,
    median_response_seconds: null,
    calls_booked: 0,
  },
];

describe("rates", () => {
  it("gives a share with one decimal, and '—' when there is nothing to divide by", () => {
    expect(rateText(1, 3)).toBe("33.3%");
    expect(rateText(1, 1)).toBe("100.0%");
    expect(rateText(1, 8)).toBe("12.5%");
    expect(rateText(0, 7)).toBe("0.0%");
    expect(rateText(0, 0)).toBe("—");
  });

  it("takes each step of the funnel over the one before it", () => {
    expect(funnelRates({ visitors: 120, intake_clicks: 6, leads: 3, calls_booked: 2, qualified: 1, won: 1 })).toEqual({
      intake: "5.0%",
      lead: "2.5%",
      calls: "66.7%",
      qualified: "33.3%",
      won: "100.0%",
    });
    expect(funnelRates({ visitors: 0, intake_clicks: 0, leads: 2, calls_booked: 0, qualified: 0, won: 0 })).toEqual({
      intake: "—",
      lead: "—",
      calls: "0.0%",
      qualified: "0.0%",
      won: "—",
    });
  });
});

describe("money", () => {
  it("adds amounts up within each currency, never across, naira first", () => {
    expect(
      sumByCurrency([
        { currency: "USD", minor: 100 },
        { currency: "NGN", minor: 5_000 },
        { currency: "USD", minor: 25 },
      ]),
    ).toEqual([
      { currency: "NGN", minor: 5_000 },
      { currency: "USD", minor: 125 },
    ]);
    expect(sumByCurrency([])).toEqual([]);
  });

  it("writes an amount in major units from the integer, as a spreadsheet reads it", () => {
    expect(majorUnitsText(48_000_000, "NGN")).toBe("480000.00");
    expect(majorUnitsText(125_025, "USD")).toBe("1250.25");
    expect(majorUnitsText(5, "USD")).toBe("0.05");
    expect(majorUnitsText(-1_250, "NGN")).toBe("-12.50");
    expect(majorUnitsText(900_719_925_474_099, "NGN")).toBe("9007199254740.99");
  });
});

describe("the Campaigns report", () => {
  const rows = mergeCampaigns(report, funnel, revenue);

  it("joins the visitors to the leads and their events by source, medium and campaign, most visitors first", () => {
    expect(rows.map((row) => [row.source, row.visitors, row.intake_clicks, row.leads, row.events_delivered])).toEqual([
      ["instagram", 400, 0, 0, 0],
      ["facebook", 120, 6, 3, 4],
      // Leads with no counted visit stay, with no visitors.
      ["google", 0, 0, 2, 1],
    ]);
  });

  it("carries each line's calls booked; a line with leads and no funnel line has none", () => {
    expect(rows.map((row) => [row.source, row.calls_booked])).toEqual([
      ["instagram", 0],
      ["facebook", 2],
      ["google", 0],
    ]);
  });

  it("carries each line's proposals and its revenue per currency; a line with no lead has none", () => {
    expect(rows.map((row) => [row.source, row.proposals_sent, row.proposals_accepted, row.revenue])).toEqual([
      ["instagram", 0, 0, []],
      [
        "facebook",
        2,
        1,
        [
          { currency: "NGN", minor: 48_000_000 },
          { currency: "USD", minor: 125_025 },
        ],
      ],
      ["google", 1, 1, [{ currency: "NGN", minor: 20_000_050 }]],
    ]);
  });

  it("adds up the totals, the revenue per currency", () => {
    expect(totalsOf(rows)).toEqual({
      visitors: 520,
      intake_clicks: 6,
      leads: 5,
      calls_booked: 2,
      qualified: 1,
      won: 1,
      events_delivered: 5,
      events_failed: 1,
      proposals_sent: 3,
      proposals_accepted: 2,
      revenue: [
        { currency: "NGN", minor: 68_000_050 },
        { currency: "USD", minor: 125_025 },
      ],
    });
  });

  it("exports a CSV as the leads export does: quoted, formula-safe, with a byte order mark, the median response, the funnel, the proposals and each currency's revenue", () => {
    const csv = toCsv(CAMPAIGN_CSV_COLUMNS, campaignCsvRows(rows));
    const lines = csv
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    expect(csv.startsWith("\uFEFF")).toBe(true);
    expect(lines[0]).toBe(
      '"source","medium","campaign","leads","qualified","won","qualified_rate","events_delivered","events_failed","median_response_seconds","median_response","visitors","intake_clicks","intake_rate","lead_rate","won_rate","calls_booked","calls_booked_rate","proposals_sent","proposals_accepted","proposals_accepted_rate","revenue_ngn","revenue_usd"',
    );
    expect(lines[1]).toBe(
      '"instagram","social","teaser","0","0","0","—","0","0","","","400","0","0.0%","0.0%","—","0","—","0","0","—","0.00","0.00"',
    );
    expect(lines[2]).toBe(
      '"facebook","paid","launch","3","1","1","33.3%","4","0","840","14 min","120","6","5.0%","2.5%","100.0%","2","66.7%","2","1","50.0%","480000.00","1250.25"',
    );
    expect(lines[3]).toContain(`"'=HYPERLINK(""x"")"`);
    // No lead of the campaign answered yet: empty cells, not a zero; no visit counted: no rate.
    expect(lines[3]).toMatch(/"1","1","","","0","0","—","—","—","0","0.0%","1","1","100.0%","200000.50","0.00"$/);
  });
});
