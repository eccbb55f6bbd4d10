import { describe, expect, it } from "vitest";
import { toCsv } from "../leads/leads-csv";
import { CAMPAIGN_CSV_COLUMNS, campaignCsvRows, periodOf, qualifiedRate, totalsOf } from "./campaign-report";

const rows = [
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

describe("the Campaigns report", () => {
  it("gives the qualified rate and the totals", () => {
    expect(qualifiedRate(rows[0]!)).toBe("33.3%");
    expect(qualifiedRate({ leads: 0, qualified: 0 })).toBe("—");
    expect(totalsOf(rows)).toEqual({ leads: 5, qualified: 1, won: 1, events_delivered: 5, events_failed: 1 });
  });

  it("takes whole Lagos days for a chosen range, and refuses an end before the start", () => {
    expect(periodOf("custom", "2026-11-01", "2026-11-30")).toEqual({
      from: new Date("2026-10-31T23:00:00Z"),
      to: new Date("2026-11-30T23:00:00Z"),
    });
    expect(periodOf("custom", "2026-11-30", "2026-11-01")).toBeNull();
    const now = new Date("2026-11-24T12:00:00Z");
    expect(periodOf("90", "", "", now)).toEqual({ from: new Date("2026-08-26T12:00:00Z"), to: now });
  });

  it("exports a CSV as the leads export does: quoted, formula-safe, with a byte order mark, and the median response", () => {
    const csv = toCsv(CAMPAIGN_CSV_COLUMNS, campaignCsvRows(rows));
    const lines = csv
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    expect(csv.startsWith("\uFEFF")).toBe(true);
    expect(lines[0]).toBe(
      '"source","medium","campaign","leads","qualified","won","qualified_rate","events_delivered","events_failed","median_response_seconds","median_response"',
    );
    expect(lines[1]).toBe('"facebook","paid","launch","3","1","1","33.3%","4","0","840","14 min"');
    expect(lines[2]).toContain(`"'=HYPERLINK(""x"")"`);
    // No lead of the campaign answered yet: empty cells, not a zero.
    expect(lines[2]).toMatch(/"1","1","",""$/);
  });
});
