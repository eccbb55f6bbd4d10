/**
 * The ad spend section's figures as the page and its CSV show them. The database computes each
 * campaign's costs and return (ad_campaign_report); the totals are computed here the same way from
 * the summed spend, revenue and counts (a total cost per lead is the total spend over all leads,
 * never an average of the campaigns' costs). A figure that cannot be computed is null and shows "–":
 * no spend, no revenue, nothing to divide by, or a month without an exchange rate.
 */
import { AD_REPORT_CURRENCY, adSpendCopy as copy } from "../../../content/ad-spend";
import { AGENCY_TIME_ZONE } from "../../../lib/agency-zone";
import { formatMoney, isCurrency } from "../../../lib/money";
import type { AdCampaignLine, SpendImport } from "../data/ad-spend";

/** The figures of a line, or of the totals. */
export type AdFigures = Pick<
  AdCampaignLine,
  | "spend_minor"
  | "clicks"
  | "visitors"
  | "leads"
  | "calls_booked"
  | "clients_won"
  | "revenue_minor"
  | "cost_per_lead_minor"
  | "cost_per_call_minor"
  | "cost_per_client_minor"
  | "roas"
>;

/** The digits of a currency's minor unit (ISO 4217's exponent, as Intl knows it). */
function minorDigits(currency: string): number {
  return new Intl.NumberFormat("en", { style: "currency", currency }).resolvedOptions().maximumFractionDigits ?? 2;
}

/** An amount of any currency, as the admin reads it: "₦50,000", "$100.50", "€12.00"; "–" for none. */
export function amountText(minor: number | null, currency: string = AD_REPORT_CURRENCY): string {
  if (minor === null) return copy.none;
  if (isCurrency(currency)) return formatMoney(minor, currency);
  const digits = minorDigits(currency);
  return new Intl.NumberFormat("en", { style: "currency", currency }).format(minor / 10 ** digits);
}

/** An amount in major units as a spreadsheet reads it ("50000.00"), from the integer; "" for none. */
export function majorText(minor: number | null, currency: string = AD_REPORT_CURRENCY): string {
  if (minor === null) return "";
  const digits = minorDigits(currency);
  if (digits === 0) return String(minor);
  const size = 10 ** digits;
  const whole = Math.trunc(Math.abs(minor) / size);
  return `${minor < 0 ? "-" : ""}${whole}.${String(Math.abs(minor) % size).padStart(digits, "0")}`;
}

/** The return on ad spend as "3.4x", or "–". */
export function roasText(roas: number | null): string {
  return roas === null || !Number.isFinite(roas) ? copy.none : copy.roas(roas);
}

/** `amount` over `count`, rounded to the minor unit, or null when either is missing or nothing. */
function per(amount: number | null, count: number): number | null {
  return amount !== null && amount > 0 && count > 0 ? Math.round(amount / count) : null;
}

/** A sum that is unknown when any part of it is (a month without a rate). */
function sumKnown(values: (number | null)[]): number | null {
  return values.some((value) => value === null) ? null : values.reduce<number>((total, value) => total + value!, 0);
}

/**
 * The period's totals: spend of the campaigns that had any (unknown if one could not be converted),
 * revenue likewise, every count summed, and the costs and return of those sums.
 */
export function adTotals(lines: AdCampaignLine[]): AdFigures {
  const sum = (key: "clicks" | "visitors" | "leads" | "calls_booked" | "clients_won") =>
    lines.reduce((total, line) => total + line[key], 0);
  const spend = sumKnown(lines.filter((line) => line.spend_account_minor !== null).map((line) => line.spend_minor));
  const revenue = sumKnown(lines.map((line) => line.revenue_minor));
  const totals = {
    clicks: sum("clicks"),
    visitors: sum("visitors"),
    leads: sum("leads"),
    calls_booked: sum("calls_booked"),
    clients_won: sum("clients_won"),
  };
  return {
    ...totals,
    spend_minor: lines.some((line) => line.spend_account_minor !== null) ? spend : null,
    revenue_minor: revenue,
    cost_per_lead_minor: per(spend, totals.leads),
    cost_per_call_minor: per(spend, totals.calls_booked),
    cost_per_client_minor: per(spend, totals.clients_won),
    roas:
      spend !== null && spend > 0 && revenue !== null && revenue > 0
        ? Math.round((revenue / spend) * 10_000) / 10_000
        : null,
  };
}

/** The rates a line was converted with, as one sentence's list ("2026-11: 1 USD = 1,550.25 NGN"). */
export function ratesText(line: Pick<AdCampaignLine, "rates">): string | null {
  if (!line.rates.length) return null;
  return line.rates
    .map((rate) =>
      copy.rate(rate.from, rate.to, rate.month, rate.rate.toLocaleString("en-US", { maximumFractionDigits: 8 })),
    )
    .join("; ");
}

const LAGOS_DAY = new Intl.DateTimeFormat("en-GB", { dateStyle: "long", timeZone: AGENCY_TIME_ZONE });

/** A Lagos day as the admin reads it: "27 November 2026". */
function dayText(instant: string): string {
  return LAGOS_DAY.format(new Date(instant));
}

/**
 * What to say of each platform whose latest import failed: its spend is that of the last good
 * import (or none yet), as of that import's day.
 */
export function spendAsOfNotes(imports: SpendImport[]): string[] {
  return imports
    .filter(
      (state) =>
        state.last_error !== null &&
        (state.last_success_at === null || (state.last_error_at ?? "") > state.last_success_at),
    )
    .map((state) =>
      copy.spendAsOf(
        copy.platforms[state.platform] ?? state.platform,
        state.last_success_at ? dayText(state.last_success_at) : null,
        state.last_error!,
      ),
    );
}

/** The CSV's columns: the campaign, its spend (in the account's currency and converted), counts, costs, revenue and return. */
export const AD_SPEND_CSV_COLUMNS = [
  "platform",
  "campaign_id",
  "campaign",
  "spend_currency",
  "spend_in_account_currency",
  `spend_${AD_REPORT_CURRENCY.toLowerCase()}`,
  "rates_used",
  "missing_rates",
  "impressions",
  "clicks",
  "visitors",
  "leads",
  `cost_per_lead_${AD_REPORT_CURRENCY.toLowerCase()}`,
  "calls_booked",
  `cost_per_call_${AD_REPORT_CURRENCY.toLowerCase()}`,
  "clients_won",
  `cost_per_client_${AD_REPORT_CURRENCY.toLowerCase()}`,
  `revenue_${AD_REPORT_CURRENCY.toLowerCase()}`,
  "roas",
] as const;

export function adSpendCsvRows(lines: AdCampaignLine[]) {
  const currency = AD_REPORT_CURRENCY.toLowerCase();
  return lines.map((line) => ({
    platform: line.platform ?? "",
    campaign_id: line.campaign_id ?? "",
    campaign: line.campaign_name ?? "",
    spend_currency: line.spend_currency ?? "",
    spend_in_account_currency: line.spend_currency ? majorText(line.spend_account_minor, line.spend_currency) : "",
    [`spend_${currency}`]: majorText(line.spend_minor),
    rates_used: line.rates.map((rate) => `${rate.month} ${rate.from}/${rate.to} ${rate.rate}`).join("; "),
    missing_rates: line.missing_rates.join("; "),
    impressions: line.impressions,
    clicks: line.clicks,
    visitors: line.visitors,
    leads: line.leads,
    [`cost_per_lead_${currency}`]: majorText(line.cost_per_lead_minor),
    calls_booked: line.calls_booked,
    [`cost_per_call_${currency}`]: majorText(line.cost_per_call_minor),
    clients_won: line.clients_won,
    [`cost_per_client_${currency}`]: majorText(line.cost_per_client_minor),
    [`revenue_${currency}`]: majorText(line.revenue_minor),
    roas: line.roas === null ? "" : line.roas.toFixed(2),
  }));
}
