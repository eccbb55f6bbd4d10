import { describe, expect, it } from "vitest";
import type { TrafficReport } from "../../../lib/database";
import { toCsv } from "../csv";
import {
  busiestDay,
  countryName,
  deviceName,
  formatDay,
  isEmptyReport,
  TRAFFIC_CSV_COLUMNS,
  trafficCsvRows,
  trafficLists,
} from "./traffic-report";

const report: TrafficReport = {
  totals: { visitors: 5, views: 9, intake: 1 },
  days: [
    { day: "2026-11-02", visitors: 2, views: 3 },
    { day: "2026-11-03", visitors: 3, views: 6 },
    { day: "2026-11-04", visitors: 0, views: 0 },
  ],
  pages: [
    { path: "/", visitors: 4, views: 5 },
    { path: "/blog/launch-notes", visitors: 1, views: 4 },
  ],
  sources: [
    { source: "facebook", visitors: 3, views: 6 },
    { source: "Direct", visitors: 2, views: 3 },
  ],
  referrers: [{ referrer: "news.ycombinator.com", visitors: 1, views: 1 }],
  campaigns: [{ source: "facebook", medium: "paid", campaign: "launch", visitors: 3, views: 6 }],
  countries: [
    { country: "NG", visitors: 4, views: 8 },
    { country: null, visitors: 1, views: 1 },
  ],
  devices: [
    { device: "phone", visitors: 4, views: 7 },
    { device: "desktop", visitors: 1, views: 2 },
    // Seen only on an intake click: no visitor, no view, not listed.
    { device: "tablet", visitors: 0, views: 0 },
  ],
};

describe("the Traffic report's words", () => {
  it("names countries by their ISO code, and says 'Unknown' without one", () => {
    expect(countryName("NG")).toBe("Nigeria");
    expect(countryName("gb")).toBe("United Kingdom");
    expect(countryName(null)).toBe("Unknown");
    expect(countryName("")).toBe("Unknown");
    expect(countryName("XX")).toBe("Unknown");
    expect(countryName("T1")).toBe("Unknown");
  });

  it("names devices, days and the busiest day", () => {
    expect(deviceName("phone")).toBe("Phone");
    expect(deviceName("console")).toBe("console");
    expect(formatDay("2026-11-03")).toBe("Nov 3");
    expect(busiestDay(report.days)).toEqual({ day: "2026-11-03", visitors: 3, views: 6 });
    expect(busiestDay([{ day: "2026-11-04", visitors: 0, views: 0 }])).toBeNull();
  });

  it("is empty with no page view and no intake click", () => {
    expect(isEmptyReport(report)).toBe(false);
    expect(isEmptyReport({ ...report, totals: { visitors: 0, views: 0, intake: 0 } })).toBe(true);
  });

  it("lists each part as the admin reads it", () => {
    const lists = Object.fromEntries(trafficLists(report).map(({ key, lines }) => [key, lines.map((l) => l.name)]));
    expect(lists).toEqual({
      pages: ["/", "/blog/launch-notes"],
      sources: ["facebook", "Direct"],
      referrers: ["news.ycombinator.com"],
      campaigns: ["facebook / paid / launch"],
      countries: ["Nigeria", "Unknown"],
      devices: ["Phone", "Desktop"],
    });
  });
});

describe("the Traffic export", () => {
  it("writes the totals, each day and each list, a section per part", () => {
    const lines = toCsv(TRAFFIC_CSV_COLUMNS, trafficCsvRows(report))
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    expect(lines).toEqual([
      '"section","name","visitors","views","intake_clicks"',
      '"total","","5","9","1"',
      '"day","2026-11-02","2","3",""',
      '"day","2026-11-03","3","6",""',
      '"day","2026-11-04","0","0",""',
      '"page","/","4","5",""',
      `"page","/blog/launch-notes","1","4",""`,
      '"source","facebook","3","6",""',
      '"source","Direct","2","3",""',
      '"referrer","news.ycombinator.com","1","1",""',
      '"campaign","facebook / paid / launch","3","6",""',
      '"country","Nigeria","4","8",""',
      '"country","Unknown","1","1",""',
      '"device","Phone","4","7",""',
      '"device","Desktop","1","2",""',
    ]);
  });
});
