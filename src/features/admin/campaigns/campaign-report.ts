import type { CampaignReportLine } from "../../../lib/database";
import type { CampaignFunnelLine } from "../../../lib/database";
import { CURRENCIES, CURRENCY_INFO, type Currency } from "../../../lib/money";
import type { CampaignRevenueLine } from "../data/campaign-revenue";
import { medianText } from "../leads/response-time";

/** Money collected in one currency, in its minor units. */
export interface Collected {
  currency: Currency;
  minor: number;
}

/**
 * One line of the Campaigns page: a source, medium and campaign from its visitors to won
 * (campaign_funnel), with the conversion events sent for its leads and their proposals
 * (campaign_report), and the revenue collected from them (campaign_revenue).
 */
export interface CampaignLine extends CampaignReportLine {
  visitors: number;
  intake_clicks: number;
  /** Of the line's leads, those with a call booked that was not cancelled. */
  calls_booked: number;
  /** Counted payments less refunds, one entry per currency paid in (in CURRENCIES' order); never added across currencies. */
  revenue: Collected[];
}

/** A share as a percentage with one decimal ('33.3%'), or '—' when there is nothing to divide by. */
export function rateText(part: number, whole: number): string {
  return whole > 0 ? `${((part / whole) * 100).toFixed(1)}%` : "—";
}

type FunnelCounts = Pick<CampaignLine, "visitors" | "intake_clicks" | "leads" | "calls_booked" | "qualified" | "won">;

/** Proposals accepted as a share of those sent. */
export function acceptedRate(row: Pick<CampaignLine, "proposals_sent" | "proposals_accepted">): string {
  return rateText(row.proposals_accepted, row.proposals_sent);
}

/** Amounts added up per currency, naira to naira and dollars to dollars, in CURRENCIES' order. */
export function sumByCurrency(amounts: readonly Collected[]): Collected[] {
  return CURRENCIES.flatMap((currency) => {
    const of = amounts.filter((amount) => amount.currency === currency);
    return of.length ? [{ currency, minor: of.reduce((total, amount) => total + amount.minor, 0) }] : [];
  });
}

/**
 * An amount in major units as a spreadsheet reads it, without symbol or grouping ("440000.00",
 * "-12.50"), written from the integer so that no float rounding enters.
 */
export function majorUnitsText(minor: number, currency: Currency): string {
  const { minorUnitsPerMajor, fractionDigits } = CURRENCY_INFO[currency];
  const size = Math.abs(minor);
  const fraction = size % minorUnitsPerMajor;
  const whole = (size - fraction) / minorUnitsPerMajor;
  return `${minor < 0 ? "-" : ""}${whole}.${String(fraction).padStart(fractionDigits, "0")}`;
}

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
 * The three reports joined by source, medium and campaign. A campaign with visits and no lead yet
 * has no events, proposals or revenue; one with leads and no counted visit (before counting began,
 * or blocked) has no visitors. All three count the period's leads the same way; the report's
 * figures are kept where it and the funnel both have a line, and revenue joins the line of the
 * leads that paid it. Most visitors first, then most leads.
 */
export function mergeCampaigns(
  report: CampaignReportLine[],
  funnel: CampaignFunnelLine[],
  revenue: CampaignRevenueLine[] = [],
): CampaignLine[] {
  const lines = new Map<string, CampaignLine>();
  for (const row of funnel)
    lines.set(keyOf(row), {
      ...row,
      events_delivered: 0,
      events_failed: 0,
      proposals_sent: 0,
      proposals_accepted: 0,
      revenue: [],
    });
  for (const row of report) {
    const visits = lines.get(keyOf(row));
    lines.set(keyOf(row), {
      ...row,
      visitors: visits?.visitors ?? 0,
      intake_clicks: visits?.intake_clicks ?? 0,
      calls_booked: visits?.calls_booked ?? 0,
      revenue: [],
    });
  }
  for (const row of revenue) {
    const line = lines.get(keyOf(row));
    if (line) line.revenue = sumByCurrency([...line.revenue, { currency: row.currency, minor: row.collected_minor }]);
  }
  return [...lines.values()].sort(
    (a, b) => b.visitors - a.visitors || b.leads - a.leads || keyOf(a).localeCompare(keyOf(b)),
  );
}

type Summed =
  | "visitors"
  | "intake_clicks"
  | "leads"
  | "calls_booked"
  | "qualified"
  | "won"
  | "events_delivered"
  | "events_failed"
  | "proposals_sent"
  | "proposals_accepted";

/** The figures of a line, or of the totals, after its source, medium and campaign. */
export type CampaignFigures = Pick<CampaignLine, Summed | "revenue">;

/**
 * The period's totals. A median cannot be added up from the campaigns' medians: the total's is the
 * period's own (lead_response_stats), given by the page. Visitors add up: a range's visitors are the
 * sum of each day's. Revenue adds up within each currency, never across.
 */
export function totalsOf(rows: CampaignLine[]): CampaignFigures {
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
    proposals_sent: sum("proposals_sent"),
    proposals_accepted: sum("proposals_accepted"),
    revenue: sumByCurrency(rows.flatMap((row) => row.revenue)),
  };
}

/** The export's column of each currency's revenue collected, in major units: revenue_ngn, revenue_usd. */
const revenueColumn = (currency: Currency) => `revenue_${currency.toLowerCase()}` as const;

/**
 * The export's columns: those it always had, then the funnel's, then the calls booked, then the
 * proposals and the revenue collected, one column per currency in major units.
 */
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
  "proposals_sent",
  "proposals_accepted",
  "proposals_accepted_rate",
  ...CURRENCIES.map(revenueColumn),
] as const;

export function campaignCsvRows(rows: CampaignLine[]) {
  return rows.map(({ revenue, ...row }) => {
    const rates = funnelRates(row);
    const collected = Object.fromEntries(
      CURRENCIES.map((currency) => [
        revenueColumn(currency),
        majorUnitsText(revenue.find((amount) => amount.currency === currency)?.minor ?? 0, currency),
      ]),
    );
    return {
      ...row,
      ...collected,
      proposals_accepted_rate: acceptedRate(row),
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
