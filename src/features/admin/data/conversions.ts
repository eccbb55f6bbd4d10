import type { AppSupabaseClient } from "../../../lib/supabase";
import type { CampaignReportLine, ConversionEventRow } from "../../../lib/database";

/** A lead's conversion events, Meta first, the lead's event before the qualified one. */
export async function listConversionEvents(client: AppSupabaseClient, leadId: string): Promise<ConversionEventRow[]> {
  const { data, error } = await client
    .from("conversion_events")
    .select("*")
    .eq("lead_id", leadId)
    .order("event", { ascending: true })
    .order("platform", { ascending: false });
  if (error) throw error;
  return (data ?? []) as ConversionEventRow[];
}

/** Puts a failed event (or one skipped as not configured) back in the queue; false when it cannot be. */
export async function retryConversionEvent(client: AppSupabaseClient, eventId: number): Promise<boolean> {
  const { data, error } = await client.rpc("retry_conversion_event", { event_id: eventId });
  if (error) throw error;
  return data === true;
}

/**
 * Asks the server to send this lead's due events now (POST /api/conversions-dispatch, signed with
 * the admin's session). Best effort: the cron job sends them anyway.
 */
export async function requestDispatch(client: AppSupabaseClient, leadId: string): Promise<void> {
  const { data } = await client.auth.getSession();
  if (!data.session) return;
  await fetch("/api/conversions-dispatch", {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${data.session.access_token}` },
    body: JSON.stringify({ leadId }),
  }).catch(() => undefined);
}

/** The Campaigns report for leads received in [from, to), with each line's median seconds to first response. */
export async function getCampaignReport(
  client: AppSupabaseClient,
  from: Date,
  to: Date,
): Promise<CampaignReportLine[]> {
  const { data, error } = await client.rpc("campaign_report", {
    from_time: from.toISOString(),
    to_time: to.toISOString(),
  });
  if (error) throw error;
  return (data ?? []) as CampaignReportLine[];
}
