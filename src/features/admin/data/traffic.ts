/**
 * The admin's reads of the first-party traffic counts: the Traffic report, the campaign funnel and
 * each post's views and leads. All three are reports the database aggregates under RLS (admins
 * only); nothing here reads a page view row.
 */
import type { AppSupabaseClient } from "../../../lib/supabase";
import type { CampaignFunnelLine, PostTrafficLine, TrafficReport } from "../../../lib/database";

const range = (from: Date, to: Date) => ({ from_time: from.toISOString(), to_time: to.toISOString() });

/** The Traffic report for page views in [from, to). */
export async function getTrafficReport(client: AppSupabaseClient, from: Date, to: Date): Promise<TrafficReport> {
  const { data, error } = await client.rpc("traffic_report", range(from, to));
  if (error) throw error;
  return data as TrafficReport;
}

/** Visitors, intake clicks, leads, qualified, won and the median response per source, medium and campaign, in [from, to). */
export async function getCampaignFunnel(
  client: AppSupabaseClient,
  from: Date,
  to: Date,
): Promise<CampaignFunnelLine[]> {
  const { data, error } = await client.rpc("campaign_funnel", range(from, to));
  if (error) throw error;
  return (data ?? []) as CampaignFunnelLine[];
}

/** Each post's views, visitors and leads (first touch on it) in [from, to), by path (`/blog/<slug>`). */
export async function getPostTraffic(client: AppSupabaseClient, from: Date, to: Date): Promise<PostTrafficLine[]> {
  const { data, error } = await client.rpc("post_traffic", range(from, to));
  if (error) throw error;
  return (data ?? []) as PostTrafficLine[];
}
