import type { CampaignReportLine } from "../../../lib/database";
import type { CampaignFunnelLine } from "../../../lib/database";
import { medianText } from "../leads/response-time";

/**
 * One line of the Campaigns page: a source, medium and campaign from its visitors to won
 * (campaign_funnel), with the conversion events sent for its leads (campaign_report).
 */
export interface CampaignLine extends CampaignReportLine {
  visitors: number;
  intake_clicks: number;
  /** Of the line's leads, those with a call booked that was not cancelled. */
  calls_booked: number;
}

/** A share as a percentage with one decimal ('33.3%'), or '—' when there is nothing to divide by. */
export function rateText(part: number, whole: number): string {
  return whole > 0 ? `${((part / whole) * 100).toFixed(1)}%` : "—";
}

type FunnelCounts = Pick<CampaignLine, "visitors" | "intake_clicks" | "leads" | "calls_booked" | "qualified" | "won">;

/**
 * The funnel's conversion rates, each step over the one before it: intake clicks and enquiries
 * (leads) over visitors, calls booked and qualified over leads, won over qualified.
 */
export function funnelRates(row: FunnelCounts) {
  return {
    intake: rateText(row.intake_clicks, row.visitors),
    lead: rateText(row.leads, row.visitors),
    calls: rateText(row.calls_booked, row.leads),
    qualified: rateText(row.qualified, row.leads),
    won: rateText(row.won, row.qualified),
  };
}

const keyOf = (row: { source: string; medium: string; campaign: string }) =>
  `${row.source}\n${row.medium}\n${row.campaign}`;

/**
 * The two reports joined by source, medium and campaign. A campaign with visits and no lead yet
 * has no events; one with leads and no counted visit (before counting began, or blocked) has no
 * visitors. Both count leads the same way; the report's figures are kept where both have a line.
 * Most visitors first, then most leads.
 */
export function mergeCampaigns(report: CampaignReportLine[], funnel: CampaignFunnelLine[]): CampaignLine[] {
  const lines = new Map<string, CampaignLine>();
  for (const row of funnel) lines.set(keyOf(row), { ...row, events_delivered: 0, events_failed: 0 });
  for (const row of report) {
    const visits = lines.get(keyOf(row));
    lines.set(keyOf(row), {
      ...row,
      visitors: visits?.visitors ?? 0,
      intake_clicks: visits?.intake_clicks ?? 0,
      calls_booked: visits?.calls_booked ?? 0,
    });
  }
  return [...lines.values()].sort(
    (a, b) => b.visitors - a.visitors || b.leads - a.leads || keyOf(a).localeCompare(keyOf(b)),
  );
}

type Summed =
  "visitors" | "intake_clicks" | "leads" | "calls_booked" | "qualified" | "won" | "events_delivered" | "events_failed";

/**
 * The period's totals. A median cannot be added up from the campaigns' medians: the total's is the
 * period's own (lead_response_stats), given by the page. Visitors add up: a range's visitors are the
 * sum of each day's.
 */
export function totalsOf(rows: CampaignLine[]): Pick<CampaignLine, Summed> {
  const sum = (key: Summed) => rows.reduce((total, row) => total + row[key], 0);
  return {
    visitors: sum("visitors"),
    intake_clicks: sum("intake_clicks"),
    leads: sum("leads"),
    calls_booked: sum("calls_booked"),
    qualified: sum("qualified"),
    won: sum("won"),
    events_delivered: sum("events_delivered"),
    events_failed: sum("events_failed"),
  };
}

/** The export's columns: those it always had, then the funnel's, then the calls booked. */
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
  "visitors",
  "intake_clicks",
  "intake_rate",
  "lead_rate",
  "won_rate",
  "calls_booked",
  "calls_booked_rate",
] as const;

export function campaignCsvRows(rows: CampaignLine[]) {
  return rows.map((row) => {
    const rates = funnelRates(row);
    return {
      ...row,
      qualified_rate: rates.qualified,
      median_response_seconds: row.median_response_seconds ?? "",
      median_response: row.median_response_seconds === null ? "" : medianText(row.median_response_seconds),
      intake_rate: rates.intake,
      lead_rate: rates.lead,
      won_rate: rates.won,
      calls_booked_rate: rates.calls,
    };
  });
}
