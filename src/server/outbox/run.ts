/**
 * One run of the outbox: every kind's due rows (the ad conversions, conversion_events; the lead
 * messages, lead_messages; what discovery calls send, call_messages; what proposals send,
 * proposal_messages; the team's notices, team_notices, on the schedule only), one lead's or all. Each send's outcome is recorded per
 * outside service, with which services the environment configures, in one call at the end
 * (../integrations/health.ts), for the admin's Integrations screen. The scheduled run (no lead given) first queues the
 * reminders of leads still new after LEADS_REMINDER_MINUTES and rolls finished days of traffic into
 * their daily aggregates, runs the proposals' daily step (expiry, the retainers' months), and imports
 * each ad platform's spend once a day (../adspend/import.ts). A failure
 * of one kind never stops another.
 *
 * It is the one place that uses the service-role key: no user is present when the schedule runs, and
 * the outboxes must be read and written by no one else, so the database exposes each kind's claim
 * and finish to the service role only.
 */
import type { PostgrestClient } from "@supabase/postgrest-js";
import type { Database } from "../../lib/database.js";
import { importAdSpend, type AdSpendImport } from "../adspend/import.js";
import { callsKind } from "../calls/outbox.js";
import { conversionsKind } from "../conversions/outbox.js";
import { configuredServices, healthOf, recordHealth, type HealthOutcome } from "../integrations/health.js";
import { noticesKind } from "../integrations/notices.js";
import { messagesKind } from "../messages/outbox.js";
import { proposalsKind } from "../proposals/outbox.js";
import { toLagosInput } from "../../lib/lagos-time.js";
import type { ServerSettings } from "../settings.js";
import { createServiceClient, serviceTarget } from "../supabase.js";
import {
  DEFAULT_SEND_TIMEOUT_MS,
  runOutbox,
  type OutboxKind,
  type OutboxOutcome,
  type OutboxRow,
  type OutboxSummary,
} from "./runner.js";

export interface OutboxRuntime {
  /** The settings for a request (the adapters pass readSettings). */
  settings: () => ServerSettings;
  /** How the functions reach Supabase (the local servers pass an in-process one). */
  dbFetch?: typeof fetch;
  /** How they reach Meta, Google (Ads, Calendar) and Google's OAuth server. */
  platformFetch?: typeof fetch;
  /** How the messages reach WhatsApp and the CRM webhook (e-mail goes over SMTP). */
  messageFetch?: typeof fetch;
  /**
   * The local Supabase's service-role key, when a caller wants another than settings.ts's (the
   * built-in local key, used only off Vercel with no Supabase URL configured; see serviceTarget).
   */
  localServiceRoleKey?: () => string | null;
  now?: () => Date;
}

/** What a kind's sends need beside their own settings. */
interface KindContext {
  db: PostgrestClient<Database>;
  settings: ServerSettings;
  runtime: OutboxRuntime;
  siteUrl: string;
  now: () => Date;
  timeoutMs: number;
}

/** The kinds one run sends, each under its name in the summary. */
function outboxKinds({ runtime, settings, ...shared }: KindContext): OutboxKind<OutboxRow, OutboxOutcome>[] {
  return [
    conversionsKind({ ...shared, settings: settings.conversions, fetch: runtime.platformFetch ?? fetch }),
    messagesKind({ ...shared, settings, fetch: runtime.messageFetch ?? fetch }),
    callsKind({ ...shared, settings, fetch: runtime.platformFetch ?? fetch }),
    proposalsKind({ ...shared, settings, fetch: runtime.messageFetch ?? fetch }),
    noticesKind({ ...shared, settings }),
  ];
}

/** What the scheduled run's proposals step did (run_proposal_schedule), or why it could not. */
type ProposalSchedule = { expired: number; retainersAsked: number; retainersUnpaid: number } | { error: string };

/** What the scheduled run's traffic rollup did (rollup_traffic), or why it could not. */
type TrafficRollup = { rolledDays: number; deletedRows: number } | { error: string };

export interface RunSummary {
  /** Each kind's counts by its name, or why its rows could not be claimed. */
  outboxes: Record<string, OutboxSummary | { error: string }>;
  /** Reminders the scheduled run queued. */
  reminders: number;
  /** Only on the schedule: finished days rolled into page_view_daily, raw rows past 90 days deleted. */
  traffic?: TrafficRollup;
  /** Only on the schedule: proposals expired, retainer months asked for, and months the team was told are unpaid. */
  proposals?: ProposalSchedule;
  /** Only on the schedule: each platform's ad spend import (once a day; a failure is retried on a later run). */
  adSpend?: AdSpendImport;
}

const errorText = (caught: unknown) => (caught instanceof Error ? caught.message : String(caught));

/**
 * A PostgREST client with the service-role key, or null when none is configured. The key comes from
 * the server-only SUPABASE_SERVICE_ROLE_KEY (never a VITE_ variable, so never in the browser bundle).
 */
function serviceClient(request: Request, runtime: OutboxRuntime): PostgrestClient<Database> | null {
  const settings = runtime.settings();
  const target = serviceTarget(settings, request.url);
  if (!target) return null;
  const local = settings.supabase.url ? null : (runtime.localServiceRoleKey?.() ?? null);
  return createServiceClient(target.url, local ?? target.key, { fetch: runtime.dbFetch });
}

/** The traffic's daily rollup (idempotent, one run at a time in the database). Never throws. */
async function rollupTraffic(db: PostgrestClient<Database>): Promise<TrafficRollup> {
  try {
    const { data, error } = await db.rpc("rollup_traffic");
    if (error) throw new Error(error.message);
    const row = data?.[0];
    return { rolledDays: row?.rolled_days ?? 0, deletedRows: row?.deleted_rows ?? 0 };
  } catch (caught) {
    console.error("traffic: the rollup failed:", errorText(caught));
    return { error: errorText(caught) };
  }
}

/**
 * The proposals' daily step on today's date in Lagos (idempotent: a month is asked once, however often
 * the schedule runs): unanswered proposals past their date expire, each running retainer's month is
 * asked for on the 1st, and the team hears of a month unpaid a week on. Its messages go out in this
 * same run. Never throws.
 */
async function runProposalSchedule(db: PostgrestClient<Database>, now: Date): Promise<ProposalSchedule> {
  const { data, error } = await db.rpc("run_proposal_schedule", { today: toLagosInput(now).slice(0, 10) });
  if (error) {
    console.error("proposals: the schedule failed:", error.message);
    return { error: error.message };
  }
  const row = data?.[0];
  return { expired: row?.expired ?? 0, retainersAsked: row?.asked ?? 0, retainersUnpaid: row?.unpaid ?? 0 };
}

/** Queues the reminders of leads left new; how many. Never throws. */
async function queueReminders(db: PostgrestClient<Database>, settings: ServerSettings): Promise<number> {
  const queued = await db.rpc("queue_lead_reminders", { after_minutes: settings.messages.reminderMinutes });
  if (queued.error) console.error("messages: could not queue reminders:", queued.error.message);
  return queued.data ?? 0;
}

/** One run of the outbox (see above), or why it cannot run. Never throws. */
export async function runDispatch(
  request: Request,
  runtime: OutboxRuntime,
  onlyLead?: string,
): Promise<RunSummary | { error: string }> {
  const settings = runtime.settings();
  const db = serviceClient(request, runtime);
  if (!db)
    return { error: "SUPABASE_SERVICE_ROLE_KEY is not set, so conversion events and messages wait in the outbox." };
  const now = runtime.now ?? (() => new Date());
  const traffic = onlyLead ? undefined : rollupTraffic(db);
  // Once a day per platform (the database says when one is due); never throws.
  const adSpend = onlyLead
    ? undefined
    : importAdSpend({
        db,
        settings: settings.adSpend,
        fetch: runtime.platformFetch ?? fetch,
        now: now(),
        timeoutMs: DEFAULT_SEND_TIMEOUT_MS,
      });
  const reminders = onlyLead ? 0 : await queueReminders(db, settings);
  const proposals = onlyLead ? undefined : await runProposalSchedule(db, now());
  const siteUrl = settings.siteUrl || new URL(request.url).origin;
  const kinds = outboxKinds({ db, settings, runtime, siteUrl, now, timeoutMs: DEFAULT_SEND_TIMEOUT_MS });
  // Each send's outcome per service, and which services are configured, recorded in one call once
  // the kinds are done (integration_health; a reconnect notice it queues goes out on the next run).
  const health: HealthOutcome[] = [];
  const run = {
    now,
    maxRows: onlyLead ? 20 : 50,
    ...(onlyLead ? { onlyLead } : {}),
    onOutcome: (service: Parameters<typeof healthOf>[0], outcome: OutboxOutcome) => {
      const seen = healthOf(service, outcome, now());
      if (seen) health.push(seen);
    },
  };
  const results = await Promise.allSettled(kinds.map((kind) => runOutbox(kind, run)));
  await recordHealth(db, health, configuredServices(settings));
  const outboxes: RunSummary["outboxes"] = {};
  const errors: string[] = [];
  results.forEach((result, index) => {
    const name = kinds[index]!.name;
    if (result.status === "fulfilled") outboxes[name] = result.value;
    else {
      console.error(`${name}:`, errorText(result.reason));
      errors.push(errorText(result.reason));
      outboxes[name] = { error: errorText(result.reason) };
    }
  });
  if (errors.length === kinds.length) return { error: errors.join("; ") };
  return {
    outboxes,
    reminders,
    ...(traffic ? { traffic: await traffic } : {}),
    ...(proposals ? { proposals } : {}),
    ...(adSpend ? { adSpend: await adSpend } : {}),
  };
}

/**
 * What the outbox holds for one lead, sent as background work right after the caller has their
 * answer: a new lead's conversion events and messages (the contact function), a call's invitation,
 * calendar event and team e-mail when it is confirmed, moved or cancelled (the calls function).
 * Never rejects; what it could not send waits for the schedule.
 */
export function dispatchForLead(request: Request, runtime: OutboxRuntime, leadId: string): Promise<void> {
  return runDispatch(request, runtime, leadId).then((outcome) => {
    if ("error" in outcome) console.error(`dispatch: lead ${leadId}: ${outcome.error}`);
  });
}
