/**
 * Ad spend for the Campaigns page: each ad campaign's spend, costs and return for a period
 * (ad_campaign_report), spend against revenue by week (ad_spend_weekly), each platform's import
 * state for "spend as of", and the monthly exchange rates the agency sets. All read as the signed-in
 * member: RLS shows them to the roles that read the Campaigns page, and lets the Owner and
 * Administrators set rates.
 */
import type { Database } from "../../../lib/database";
import type { AppSupabaseClient } from "../../../lib/supabase";

type Functions = Database["public"]["Functions"];
type ReportRow = Functions["ad_campaign_report"]["Returns"][number];

/** A rate the report converted with: one `from` is `rate` `to` in `month` (yyyy-mm). */
interface RateUsed {
  from: string;
  to: string;
  month: string;
  rate: number;
}

/** The report's columns that are null where there is no figure (the generated types cannot say so of a function's). */
type Nullable<Row, Keys extends keyof Row> = Omit<Row, Keys> & { [Key in Keys]: Row[Key] | null };

/**
 * One line of the ad report: an imported campaign, or a campaign the site saw visits or leads from
 * (no platform, id or spend then). Spend, revenue and costs are null where they cannot be computed.
 */
export type AdCampaignLine = Nullable<
  Omit<ReportRow, "rates" | "missing_rates" | "roas">,
  | "platform"
  | "campaign_id"
  | "spend_currency"
  | "spend_account_minor"
  | "spend_minor"
  | "revenue_minor"
  | "cost_per_lead_minor"
  | "cost_per_call_minor"
  | "cost_per_client_minor"
> & {
  rates: RateUsed[];
  missing_rates: string[];
  roas: number | null;
};

/** A week's spend and revenue; null where a month's rate is missing. */
export type AdSpendWeek = Nullable<Functions["ad_spend_weekly"]["Returns"][number], "spend_minor" | "revenue_minor">;
export type SpendImport = Database["public"]["Tables"]["ad_spend_imports"]["Row"];
export type ExchangeRate = Database["public"]["Tables"]["exchange_rates"]["Row"];

const range = (from: Date, to: Date, currency: string) => ({
  from_time: from.toISOString(),
  to_time: to.toISOString(),
  report_currency: currency,
});

export async function getAdCampaignReport(
  client: AppSupabaseClient,
  from: Date,
  to: Date,
  currency: string,
): Promise<AdCampaignLine[]> {
  const { data, error } = await client.rpc("ad_campaign_report", range(from, to, currency));
  if (error) throw error;
  return (data ?? []).map((row) => ({
    ...row,
    rates: (row.rates as unknown as RateUsed[] | null) ?? [],
    missing_rates: row.missing_rates ?? [],
    roas: row.roas === null ? null : Number(row.roas),
  }));
}

export async function getAdSpendWeekly(
  client: AppSupabaseClient,
  from: Date,
  to: Date,
  currency: string,
): Promise<AdSpendWeek[]> {
  const { data, error } = await client.rpc("ad_spend_weekly", range(from, to, currency));
  if (error) throw error;
  return data ?? [];
}

/** Each platform's last good import and last error (a platform never imported has no row). */
export async function getSpendImports(client: AppSupabaseClient): Promise<SpendImport[]> {
  const { data, error } = await client.from("ad_spend_imports").select("*").order("platform");
  if (error) throw error;
  return data ?? [];
}

/** The rates set, the latest month first. */
export async function listExchangeRates(client: AppSupabaseClient): Promise<ExchangeRate[]> {
  const { data, error } = await client
    .from("exchange_rates")
    .select("*")
    .order("month", { ascending: false })
    .order("from_currency")
    .order("to_currency");
  if (error) throw error;
  return data ?? [];
}

/**
 * Sets a month's rate: changes the one set before for that pair and month, else adds it (an update
 * then an insert, not an upsert, which the local backend does not answer; a second admin adding the
 * same month meanwhile gets the primary key's refusal).
 */
export async function saveExchangeRate(
  client: AppSupabaseClient,
  rate: Pick<ExchangeRate, "from_currency" | "to_currency" | "month" | "rate">,
): Promise<void> {
  const changed = await client
    .from("exchange_rates")
    .update({ rate: rate.rate, updated_at: new Date().toISOString() })
    .eq("from_currency", rate.from_currency)
    .eq("to_currency", rate.to_currency)
    .eq("month", rate.month)
    .select("month");
  if (changed.error) throw changed.error;
  if (changed.data.length) return;
  const { error } = await client.from("exchange_rates").insert(rate);
  if (error) throw error;
}

export async function deleteExchangeRate(
  client: AppSupabaseClient,
  rate: Pick<ExchangeRate, "from_currency" | "to_currency" | "month">,
): Promise<void> {
  const { error } = await client
    .from("exchange_rates")
    .delete()
    .eq("from_currency", rate.from_currency)
    .eq("to_currency", rate.to_currency)
    .eq("month", rate.month);
  if (error) throw error;
}
