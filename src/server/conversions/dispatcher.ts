/**
 * The dispatcher: claims due outbox rows (public.conversion_events), sends each to its platform and
 * records the outcome on the row. Called right after a lead is stored (the contact function's
 * waitUntil), right after an admin moves a lead to qualified or won (POST /api/conversions-dispatch),
 * and by the Vercel Cron job (/api/cron-conversions), which retries with backoff.
 *
 * It is the one place that uses the service-role key: no user is present when the cron job runs,
 * and the outbox must be read and written by no one else (RLS lets admins only read it), so the
 * database exposes two functions for it (claim_conversion_events, finish_conversion_event) that
 * only the service role may call. The claim holds each row for two minutes, so concurrent
 * dispatchers never send a row twice; the platforms' own deduplication (Meta's event_id, Google's
 * order_id) covers a send whose answer was lost.
 */
import type { PostgrestClient } from "@supabase/postgrest-js";
import type { Database } from "../../lib/database.js";
import { memoryTokenCache, sendToGoogle, type TokenCache } from "./google-ads.js";
import { sendToMeta } from "./meta.js";
import type { ConversionSettings } from "./settings.js";
import type { ClaimedEvent, SendContext, SendOutcome } from "./types.js";

/** Attempts before a row is 'failed'; the waits between them (after attempt 1, 2, ...). */
export const MAX_ATTEMPTS = 6;
const RETRY_DELAYS_MS = [60_000, 5 * 60_000, 30 * 60_000, 2 * 3_600_000, 12 * 3_600_000];
export const DEFAULT_SEND_TIMEOUT_MS = 8_000;

export interface DispatchOptions {
  /** A PostgREST client signed with the service-role key. */
  db: PostgrestClient<Database>;
  settings: ConversionSettings;
  /** How the platforms are reached. */
  fetch: typeof fetch;
  siteUrl: string;
  now?: () => Date;
  /** Only this lead's due rows (after a submit or a status change). */
  onlyLead?: string;
  maxRows?: number;
  timeoutMs?: number;
  tokenCache?: TokenCache;
}

export interface DispatchSummary {
  claimed: number;
  delivered: number;
  retrying: number;
  failed: number;
  skipped: number;
}

const fallbackCache = memoryTokenCache();

export function retryDelayMs(attempts: number): number {
  return RETRY_DELAYS_MS[Math.min(attempts, RETRY_DELAYS_MS.length) - 1] ?? RETRY_DELAYS_MS[0]!;
}

async function send(event: ClaimedEvent, options: DispatchOptions, context: SendContext): Promise<SendOutcome> {
  // The triggers queue a row as waiting only with consent; this repeats the rule where it is used.
  if (!event.ad_user_data) return { kind: "skipped", reason: "no_consent" };
  if (event.platform === "meta")
    return options.settings.meta
      ? sendToMeta(event, options.settings.meta, context)
      : { kind: "skipped", reason: "not_configured" };
  return options.settings.google
    ? sendToGoogle(event, options.settings.google, context, options.tokenCache ?? fallbackCache)
    : { kind: "skipped", reason: "not_configured" };
}

export async function dispatchConversions(options: DispatchOptions): Promise<DispatchSummary> {
  const now = options.now ?? (() => new Date());
  const summary: DispatchSummary = { claimed: 0, delivered: 0, retrying: 0, failed: 0, skipped: 0 };
  const claim = await options.db.rpc("claim_conversion_events", {
    max_rows: options.maxRows ?? 20,
    ...(options.onlyLead ? { only_lead: options.onlyLead } : {}),
  });
  if (claim.error) throw new Error(`Could not claim conversion events: ${claim.error.message}`);
  const events = (claim.data ?? []) as unknown as ClaimedEvent[];
  summary.claimed = events.length;

  for (const event of events) {
    const context: SendContext = {
      fetch: options.fetch,
      now: now(),
      timeoutMs: options.timeoutMs ?? DEFAULT_SEND_TIMEOUT_MS,
      siteUrl: options.siteUrl,
    };
    let outcome: SendOutcome;
    try {
      outcome = await send(event, options, context);
    } catch (caught) {
      outcome = {
        kind: "retry",
        error: `The send failed unexpectedly: ${caught instanceof Error ? caught.message : String(caught)}`,
      };
    }
    if (outcome.kind === "retry" && event.attempts >= MAX_ATTEMPTS)
      outcome = { ...outcome, kind: "failed", error: `${outcome.error} (after ${event.attempts} attempts)` };

    const args: Database["public"]["Functions"]["finish_conversion_event"]["Args"] = {
      event_id: event.id,
      token: event.claim_token,
      outcome: outcome.kind,
    };
    if (outcome.kind === "skipped") args.detail = outcome.reason;
    if (outcome.kind === "retry" || outcome.kind === "failed") args.detail = outcome.error;
    if (outcome.kind === "retry")
      args.retry_at = new Date(context.now.getTime() + retryDelayMs(event.attempts)).toISOString();
    if (outcome.kind !== "skipped" && outcome.response !== undefined)
      args.platform_response =
        outcome.response as Database["public"]["Functions"]["finish_conversion_event"]["Args"]["platform_response"];
    if (outcome.kind === "delivered" && outcome.value) {
      args.sent_value = outcome.value.amount;
      args.sent_currency = outcome.value.currency;
    }
    const finished = await options.db.rpc("finish_conversion_event", args);
    if (finished.error || finished.data !== true)
      console.error(
        `conversions: could not record the outcome of event ${event.id}:`,
        finished.error?.message ?? "the claim had expired",
      );

    if (outcome.kind === "delivered") summary.delivered += 1;
    else if (outcome.kind === "retry") summary.retrying += 1;
    else if (outcome.kind === "failed") summary.failed += 1;
    else summary.skipped += 1;
    if (outcome.kind === "retry" || outcome.kind === "failed")
      console.error(`conversions: ${event.platform} ${event.event} for lead ${event.lead_id}: ${outcome.error}`);
  }
  return summary;
}
