import type { Database } from "../../../lib/database";
import { isCurrency, type Currency } from "../../../lib/money";
import type { AppSupabaseClient } from "../../../lib/supabase";

type RevenueRow = Database["public"]["Functions"]["campaign_revenue"]["Returns"][number];

/** One line's revenue collected in one currency: counted payments less refunds, in minor units. */
export type CampaignRevenueLine = Omit<RevenueRow, "currency"> & { currency: Currency };

/**
 * The Campaigns report's revenue for the leads received in [from, to): one row per source, medium,
 * campaign and currency (campaign_revenue). A payment is only counted in a currency a proposal may
 * be priced in, so any other is the database breaking its own rule, said rather than dropped.
 */
export async function getCampaignRevenue(
  client: AppSupabaseClient,
  from: Date,
  to: Date,
): Promise<CampaignRevenueLine[]> {
  const { data, error } = await client.rpc("campaign_revenue", {
    from_time: from.toISOString(),
    to_time: to.toISOString(),
  });
  if (error) throw error;
  return (data ?? []).map((row) => {
    if (!isCurrency(row.currency)) throw new Error(`Revenue in an unknown currency: ${row.currency}`);
    return { ...row, currency: row.currency };
  });
}
