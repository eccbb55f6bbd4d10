/**
 * The outside services' health as the team sees it on the admin's Integrations screen
 * (public.integration_health, 20261129130000_integration_health.sql): for each service, whether the
 * server is configured for it, its last success and its last failure. Only the server writes it,
 * through record_integration_health with the service-role key:
 * - each outbox run (../outbox/run.ts) collects the outcomes its sends had, per service, and records
 *   them with which services the environment configures, in one call at the end of the run;
 * - the calls function records the free/busy read's failure (and, at most every few minutes, its
 *   success), which otherwise only the log would show: busy times are then left out of the slots.
 *
 * A failure that says the credentials are no longer good (Google's OAuth server answering
 * invalid_grant, an API answering 401 to a token just refreshed) carries `reconnect`: the database
 * marks the service "needs reconnecting" and queues one e-mail to the Owner (team_notices), however
 * many retries repeat it, until the next success clears the mark.
 *
 * Recording never breaks a send: it is one call, its failure is logged and forgotten.
 */
import type { PostgrestClient } from "@supabase/postgrest-js";
import type { Database } from "../../lib/database.js";
import { runDetached } from "../../lib/detached.js";
import type { ServerSettings } from "../settings.js";
import { createServiceClient, serviceTarget } from "../supabase.js";

/** The services the product talks to, as the database names them. */
export type ServiceKey = "smtp" | "whatsapp" | "meta" | "google_ads" | "google_calendar" | "newsletter" | "crm_webhook";

/** One outcome a send had with a service. */
export interface HealthOutcome {
  service: ServiceKey;
  ok: boolean;
  at: string;
  /** The failure's message (the database keeps 500 characters). */
  message?: string;
  /** The credentials were refused as invalid: the service needs reconnecting. */
  reconnect?: boolean;
}

type RecordArgs = Database["public"]["Functions"]["record_integration_health"]["Args"];

/** Which services the environment configures: what the database cannot know. */
export function configuredServices(settings: ServerSettings): Record<ServiceKey, boolean> {
  return {
    smtp: settings.messages.smtp !== null,
    whatsapp: settings.messages.whatsapp !== null || settings.messages.clientWhatsapp !== null,
    meta: settings.conversions.meta !== null,
    google_ads: settings.conversions.google !== null,
    google_calendar: settings.googleCalendar !== null,
    newsletter: settings.newsletter.formUrl !== "",
    crm_webhook: settings.leadsWebhook.url !== "",
  };
}

/**
 * A send's outcome as health: delivered is a success, a retry or a failure is a failure (with
 * `reconnect` when the outcome says so); a skipped row says nothing of the service (null).
 */
export function healthOf(
  service: ServiceKey,
  outcome: { kind: string; error?: string; reconnect?: boolean },
  at: Date,
): HealthOutcome | null {
  if (outcome.kind === "delivered") return { service, ok: true, at: at.toISOString() };
  if (outcome.kind !== "retry" && outcome.kind !== "failed") return null;
  return {
    service,
    ok: false,
    at: at.toISOString(),
    message: (outcome.error ?? "Failed.").slice(0, 500),
    ...(outcome.reconnect ? { reconnect: true } : {}),
  };
}

/**
 * Records the outcomes (and, when given, which services are configured) in one call. Never throws:
 * the sends are done whatever happens here.
 */
export async function recordHealth(
  db: PostgrestClient<Database>,
  outcomes: HealthOutcome[],
  configured?: Record<ServiceKey, boolean>,
): Promise<void> {
  if (outcomes.length === 0 && !configured) return;
  try {
    const { error } = await db.rpc("record_integration_health", {
      outcomes: outcomes as unknown as RecordArgs["outcomes"],
      ...(configured ? { configured_services: configured } : {}),
    });
    if (error) console.error("integrations: could not record the services' health:", error.message);
  } catch (caught) {
    console.error("integrations: could not record the services' health:", (caught as Error).message);
  }
}

/**
 * Records one outcome a function saw outside the outbox (the newsletter's sign-up, the free/busy
 * read) with the service-role key. Never throws; without a key (a deployment without
 * SUPABASE_SERVICE_ROLE_KEY) nothing is recorded.
 */
export function recordServiceOutcome(
  settings: ServerSettings,
  requestUrl: string,
  outcome: HealthOutcome,
  dbFetch?: typeof fetch,
): Promise<void> {
  const target = serviceTarget(settings, requestUrl);
  if (!target) return Promise.resolve();
  const db = createServiceClient(target.url, target.key, dbFetch ? { fetch: dbFetch } : {});
  return recordHealth(db, [outcome]);
}

/** How often an unchanged free/busy outcome is recorded again: the read runs on every slot listing. */
const BUSY_RECORD_EVERY_MS = 5 * 60_000;

interface BusyHealthRuntime {
  settings: () => ServerSettings;
  /** How the function reaches Supabase (the local servers pass an in-process one). */
  dbFetch?: typeof fetch;
  /**
   * Where the local Supabase answers when no Supabase URL is configured (a request's origin for the
   * other functions; this read has no request). Default: any host, which the local servers'
   * in-process dbFetch accepts.
   */
  localOrigin?: () => string;
  /** Keeps the function alive until the record is written (Vercel's waitUntil). */
  waitUntil?: (work: Promise<unknown>) => void;
  now?: () => Date;
}

/**
 * The calls function's recorder of the free/busy read (google-calendar.ts's calendarBusy
 * `onOutcome`): a failure, which used to show only in the log while the slots silently ignored
 * the busy times, shows on the Integrations screen, and a refused token marks "needs reconnecting".
 * The read runs on every slot listing, so an outcome is written when it differs from the last one
 * this instance wrote, or when that is older than five minutes: one write, not one per visitor.
 */
export function busyReadHealth(runtime: BusyHealthRuntime) {
  let last: { state: string; at: number } | null = null;
  return (outcome: { ok: boolean; message?: string; reconnect?: boolean }): void => {
    const now = (runtime.now ?? (() => new Date()))();
    const state = `${outcome.ok}:${outcome.reconnect === true}`;
    if (last && last.state === state && now.getTime() - last.at < BUSY_RECORD_EVERY_MS) return;
    last = { state, at: now.getTime() };
    const work = recordServiceOutcome(
      runtime.settings(),
      runtime.localOrigin?.() ?? "http://localhost",
      { service: "google_calendar", at: now.toISOString(), ...outcome },
      runtime.dbFetch,
    );
    if (runtime.waitUntil) runtime.waitUntil(work);
    else runDetached(work, "integrations: recording the free/busy read");
  };
}
