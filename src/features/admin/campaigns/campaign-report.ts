import type { CampaignReportLine } from "../../../lib/database";
import { medianText } from "../leads/response-time";
import { fromLagosInput, toLagosInput } from "../../../lib/lagos-time";

export type PeriodChoice = "30" | "90" | "custom";

/** The report's period as [from, to): the last 30 or 90 days up to now, or whole Lagos days chosen. */
export function periodOf(
  choice: PeriodChoice,
  fromDay: string,
  toDay: string,
  now = new Date(),
): { from: Date; to: Date } | null {
  if (choice !== "custom") return { from: new Date(now.getTime() - Number(choice) * 86_400_000), to: now };
  const from = fromLagosInput(`${fromDay}T00:00`);
  const lastDay = fromLagosInput(`${toDay}T00:00`);
  if (!from || !lastDay || lastDay < from) return null;
  return { from, to: new Date(lastDay.getTime() + 86_400_000) };
}

/** A Lagos calendar day (yyyy-mm-dd) for a date input. */
export function lagosDay(date: Date): string {
  return toLagosInput(date).slice(0, 10);
}

/** Qualified leads (qualified or won) as a share of all leads, e.g. '33.3%'. */
export function qualifiedRate(row: Pick<CampaignReportLine, "leads" | "qualified">): string {
  return row.leads ? `${((row.qualified / row.leads) * 100).toFixed(1)}%` : "—";
}

/**
 * The period's totals. A median cannot be added up from the campaigns' medians: the total's is the
 * period's own (lead_response_stats), given by the page.
 */
export function totalsOf(
  rows: CampaignReportLine[],
): Omit<CampaignReportLine, "source" | "medium" | "campaign" | "median_response_seconds"> {
  const sum = (key: "leads" | "qualified" | "won" | "events_delivered" | "events_failed") =>
    rows.reduce((total, row) => total + row[key], 0);
  return {
    leads: sum("leads"),
    qualified: sum("qualified"),
    won: sum("won"),
    events_delivered: sum("events_delivered"),
    events_failed: sum("events_failed"),
  };
}

export const CAMPAIGN_CSV_COLUMNS = [
  "source",
  "medium",
  "campaign",
  "leads",
  "qualified",
  "won",
  "qualified_rate",
  "events_delivered",
  "events_failed",
  "median_response_seconds",
  "median_response",
] as const;

export function campaignCsvRows(rows: CampaignReportLine[]) {
  return rows.map((row) => ({
    ...row,
    qualified_rate: qualifiedRate(row),
    median_response_seconds: row.median_response_seconds ?? "",
    median_response: row.median_response_seconds === null ? "" : medianText(row.median_response_seconds),
  }));
}
