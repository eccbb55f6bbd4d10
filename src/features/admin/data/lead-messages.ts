/**
 * The admin's reads of the messages a lead causes (public.lead_messages, the outbox the dispatcher
 * sends: supabase/migrations/*_lead_messages.sql) and of the response times. RLS lets admins read
 * them and nobody else; Retry now is the one write, through `retry_lead_message`.
 */
import type { AppSupabaseClient } from "../../../lib/supabase";
import type { LeadMessageRow, LeadResponseStats } from "../../../lib/database";

/** A lead's messages in the order they were queued (the team's e-mail first, a reminder last). */
export async function listLeadMessages(client: AppSupabaseClient, leadId: string): Promise<LeadMessageRow[]> {
  const { data, error } = await client
    .from("lead_messages")
    .select("*")
    .eq("lead_id", leadId)
    .order("created_at", { ascending: true })
    .order("id", { ascending: true });
  if (error) throw error;
  return (data ?? []) as LeadMessageRow[];
}

/** Puts a failed message (or one skipped as not configured) back in the queue; false when it cannot be. */
export async function retryLeadMessage(client: AppSupabaseClient, messageId: number): Promise<boolean> {
  const { data, error } = await client.rpc("retry_lead_message", { message: messageId });
  if (error) throw error;
  return data === true;
}

/** The response figures of the leads received in [from, to). */
export async function getLeadResponseStats(
  client: AppSupabaseClient,
  from: Date,
  to: Date,
): Promise<LeadResponseStats> {
  const { data, error } = await client.rpc("lead_response_stats", {
    from_time: from.toISOString(),
    to_time: to.toISOString(),
  });
  if (error) throw error;
  const [row] = (data ?? []) as LeadResponseStats[];
  return row ?? { leads: 0, answered: 0, median_response_seconds: null, answered_within_hour: 0, decided: 0 };
}

/**
 * Whether the newest team e-mail the dispatcher has decided on was skipped because e-mail is not
 * configured (no SMTP server, or no LEADS_NOTIFY_EMAILS). The team's e-mail is the one that needs
 * both settings, so it tells best whether the team hears of new leads; false with no such row yet.
 */
export async function isEmailNotConfigured(client: AppSupabaseClient): Promise<boolean> {
  const { data, error } = await client
    .from("lead_messages")
    .select("status, skip_reason")
    .eq("kind", "team_email")
    .neq("status", "waiting")
    .order("created_at", { ascending: false })
    .order("id", { ascending: false })
    .limit(1);
  if (error) throw error;
  const [latest] = data ?? [];
  return latest?.status === "skipped" && latest.skip_reason === "not_configured";
}
