import { describe, expect, it } from "vitest";
import { toCsv } from "../csv";
import {
  CAMPAIGN_CSV_COLUMNS,
  campaignCsvRows,
  funnelRates,
  mergeCampaigns,
  rateText,
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

describe("the Campaigns report", () => {
  const rows = mergeCampaigns(report, funnel);

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

  it("adds up the totals", () => {
    expect(totalsOf(rows)).toEqual({
      visitors: 520,
      intake_clicks: 6,
      leads: 5,
      calls_booked: 2,
      qualified: 1,
      won: 1,
      events_delivered: 5,
      events_failed: 1,
    });
  });

  it("exports a CSV as the leads export does: quoted, formula-safe, with a byte order mark, the median response and the funnel", () => {
    const csv = toCsv(CAMPAIGN_CSV_COLUMNS, campaignCsvRows(rows));
    const lines = csv
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    expect(csv.startsWith("\uFEFF")).toBe(true);
    expect(lines[0]).toBe(
      '"source","medium","campaign","leads","qualified","won","qualified_rate","events_delivered","events_failed","median_response_seconds","median_response","visitors","intake_clicks","intake_rate","lead_rate","won_rate","calls_booked","calls_booked_rate"',
    );
    expect(lines[1]).toBe(
      '"instagram","social","teaser","0","0","0","—","0","0","","","400","0","0.0%","0.0%","—","0","—"',
    );
    expect(lines[2]).toBe(
      '"facebook","paid","launch","3","1","1","33.3%","4","0","840","14 min","120","6","5.0%","2.5%","100.0%","2","66.7%"',
    );
    expect(lines[3]).toContain(`"'=HYPERLINK(""x"")"`);
    // No lead of the campaign answered yet: empty cells, not a zero; no visit counted: no rate.
    expect(lines[3]).toMatch(/"1","1","","","0","0","—","—","—","0","0.0%"$/);
  });
});
