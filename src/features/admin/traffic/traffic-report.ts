import { trafficCopy } from "../../../content/traffic";
import type { TrafficReport } from "../../../lib/database";

const copy = trafficCopy;

// Made on first use, like the blog's date format (src/lib/format.ts): Intl loads locale data.
let regions: Intl.DisplayNames | undefined;
let dayFormat: Intl.DateTimeFormat | undefined;

/** A country's name from its ISO code ('NG' → 'Nigeria'); 'Unknown' without one, the code itself when Intl has no name. */
export function countryName(code: string | null): string {
  if (!code || !/^[A-Za-z]{2}$/.test(code) || code.toUpperCase() === "XX") return copy.unknown;
  regions ??= new Intl.DisplayNames(["en"], { type: "region", fallback: "code" });
  const name = regions.of(code.toUpperCase());
  return !name || name === "Unknown Region" ? copy.unknown : name;
}

/** A device class in words ('phone' → 'Phone'), or as given when the page knows no word for it. */
export function deviceName(device: string | null): string {
  return device ? (copy.devices[device] ?? device) : copy.unknown;
}

/** A day of the report ('2026-11-03') as 'Nov 3'; the report's days are calendar days, so read as UTC. */
export function formatDay(day: string): string {
  dayFormat ??= new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", timeZone: "UTC" });
  const date = new Date(`${day}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? day : dayFormat.format(date);
}

/** The day with the most page views (the first of equals), or null when none had any. */
export function busiestDay(days: TrafficReport["days"]): TrafficReport["days"][number] | null {
  return days.reduce<TrafficReport["days"][number] | null>(
    (best, day) => (day.views > (best?.views ?? 0) ? day : best),
    null,
  );
}

/** Whether the period has nothing to show: no page view and no intake click. */
export function isEmptyReport(report: TrafficReport): boolean {
  return report.totals.views === 0 && report.totals.intake === 0;
}

export type TrafficListKey = keyof typeof copy.lists;

/** A top list's line as the page shows it: what it is, in words, and its counts. */
export interface TrafficListLine {
  name: string;
  visitors: number;
  views: number;
}

/**
 * The report's top lists in the page's order, each line named as the admin reads it. A line with
 * neither a visitor nor a view (a value seen only on intake clicks) is left out.
 */
export function trafficLists(report: TrafficReport): { key: TrafficListKey; lines: TrafficListLine[] }[] {
  const line = (name: string, row: { visitors: number; views: number }) => ({
    name,
    visitors: row.visitors,
    views: row.views,
  });
  const lists: { key: TrafficListKey; lines: TrafficListLine[] }[] = [
    { key: "pages", lines: report.pages.map((row) => line(row.path, row)) },
    { key: "sources", lines: report.sources.map((row) => line(row.source || copy.direct, row)) },
    { key: "referrers", lines: report.referrers.map((row) => line(row.referrer || copy.direct, row)) },
    {
      key: "campaigns",
      lines: report.campaigns.map((row) =>
        line([row.source || copy.direct, row.medium || "(none)", row.campaign || "(none)"].join(" / "), row),
      ),
    },
    { key: "countries", lines: report.countries.map((row) => line(countryName(row.country), row)) },
    { key: "devices", lines: report.devices.map((row) => line(deviceName(row.device), row)) },
  ];
  return lists.map(({ key, lines }) => ({ key, lines: lines.filter((l) => l.visitors > 0 || l.views > 0) }));
}

/** The export: one section per part of the report (the totals, each day, each top list), a line per row. */
export const TRAFFIC_CSV_COLUMNS = ["section", "name", "visitors", "views", "intake_clicks"] as const;

const SECTIONS: Record<TrafficListKey, string> = {
  pages: "page",
  sources: "source",
  referrers: "referrer",
  campaigns: "campaign",
  countries: "country",
  devices: "device",
};

export function trafficCsvRows(report: TrafficReport) {
  const { totals } = report;
  return [
    { section: "total", name: "", visitors: totals.visitors, views: totals.views, intake_clicks: totals.intake },
    ...report.days.map((day) => ({ section: "day", name: day.day, visitors: day.visitors, views: day.views })),
    ...trafficLists(report).flatMap(({ key, lines }) => lines.map((line) => ({ section: SECTIONS[key], ...line }))),
  ];
}
