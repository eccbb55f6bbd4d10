/**
 * The Integrations screen's read (20261129130000_integration_health.sql's integration_status): each
 * outside service's health as the server last recorded it, with its outbox rows waiting or failed
 * and the latest failed rows' errors. The database refuses anyone but the Owner and Administrators.
 */
import { INTEGRATION_SERVICES, type IntegrationService } from "../../../content/integrations";
import type { AppSupabaseClient } from "../../../lib/supabase";

export interface IntegrationStatus {
  service: IntegrationService;
  configured: boolean;
  /** When a server run last said whether it is configured; null: never. */
  configuredSeenAt: string | null;
  lastSuccessAt: string | null;
  lastFailureAt: string | null;
  lastFailureMessage: string | null;
  needsReconnect: boolean;
  reconnectNotifiedAt: string | null;
  waiting: number;
  failed: number;
  recentFailures: { at: string; error: string }[];
}

const known = (service: string): service is IntegrationService =>
  (INTEGRATION_SERVICES as readonly string[]).includes(service);

export async function listIntegrations(client: AppSupabaseClient): Promise<IntegrationStatus[]> {
  const { data, error } = await client.rpc("integration_status");
  if (error) throw error;
  return (data ?? [])
    .filter((row) => known(row.service))
    .map((row) => ({
      service: row.service as IntegrationService,
      configured: row.configured,
      configuredSeenAt: row.configured_seen_at ?? null,
      lastSuccessAt: row.last_success_at ?? null,
      lastFailureAt: row.last_failure_at ?? null,
      lastFailureMessage: row.last_failure_message ?? null,
      needsReconnect: row.needs_reconnect,
      reconnectNotifiedAt: row.reconnect_notified_at ?? null,
      waiting: Number(row.waiting),
      failed: Number(row.failed),
      recentFailures: Array.isArray(row.recent_failures)
        ? (row.recent_failures as { at?: unknown; error?: unknown }[]).map((failure) => ({
            at: String(failure?.at ?? ""),
            error: String(failure?.error ?? ""),
          }))
        : [],
    }));
}
