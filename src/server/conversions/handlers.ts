/**
 * The conversions' server entry points, as Web-standard handlers:
 * - `POST /api/conversions-dispatch` `{ leadId }`: sends one lead's due events now. The admin's
 *   browser calls it right after moving a lead to qualified or won (or pressing Retry now), with the
 *   admin's own access token; the function checks it by reading that lead's outbox rows through RLS
 *   with that token (only admins can), so the database decides who may ask.
 * - `GET /api/cron-conversions`: the schedule's call, every minute from Supabase Cron (and daily
 *   from Vercel Cron as a safety net; docs/ARCHITECTURE.md), with `Authorization: Bearer
 *   <CRON_SECRET>`; queues the reminders of leads left new, then sends every due row of both
 *   outboxes, retries included, and rolls finished days of traffic into their daily aggregates
 *   (rollup_traffic). (The name predates the messages; it is the outbox's dispatcher.)
 * And the contact function's two hooks: the consent columns of a new lead, and its dispatch.
 *
 * One run (runDispatch) sends the ad conversions (conversion_events) and the messages
 * (lead_messages, src/server/messages/dispatcher.ts); a failure of one half never stops the other.
 */
import { timingSafeEqual } from "node:crypto";
import { isIP } from "node:net";
import { PostgrestClient } from "@supabase/postgrest-js";
import { CONSENT_COOKIE, FBP_COOKIE, isFbp, parseConsentCookie, readCookie } from "../../lib/consent.js";
import type { Database, LeadInsert } from "../../lib/database.js";
import { clientIp } from "../http.js";
import type { ServerSettings } from "../settings.js";
import { dispatchMessages, type MessageSummary } from "../messages/dispatcher.js";
import { createServiceClient, serviceTarget, supabaseTarget } from "../supabase.js";
import { dispatchConversions, type DispatchSummary } from "./dispatcher.js";

export interface ConversionRuntime {
  /** The settings for a request (the adapters pass readSettings). */
  settings: () => ServerSettings;
  /** How the functions reach Supabase (the local servers pass an in-process one). */
  dbFetch?: typeof fetch;
  /** How they reach Meta, Google and Google's OAuth server. */
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

function reply(status: number, body: Record<string, unknown>): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { "content-type": "application/json; charset=utf-8", "cache-control": "no-store" },
  });
}

function siteUrl(request: Request, settings: ServerSettings): string {
  return settings.siteUrl || new URL(request.url).origin;
}

/**
 * A PostgREST client with the service-role key, or null when none is configured. The key comes from
 * the server-only SUPABASE_SERVICE_ROLE_KEY (never a VITE_ variable, so never in the browser bundle).
 */
function serviceClient(request: Request, runtime: ConversionRuntime): PostgrestClient<Database> | null {
  const settings = runtime.settings();
  const target = serviceTarget(settings, request.url);
  if (!target) return null;
  const local = settings.supabase.url ? null : (runtime.localServiceRoleKey?.() ?? null);
  return createServiceClient(target.url, local ?? target.anonKey, { fetch: runtime.dbFetch });
}

/** What one run did: the conversions' counts (as before), the messages', and the reminders it queued. */
/** What the scheduled run's traffic rollup did (rollup_traffic), or why it could not. */
type TrafficRollup = { rolledDays: number; deletedRows: number } | { error: string };

export type RunSummary = DispatchSummary & {
  messages: MessageSummary | { error: string };
  reminders: number;
  /** Only on the schedule: finished days rolled into page_view_daily, raw rows past 90 days deleted. */
  traffic?: TrafficRollup;
};

/** The traffic's daily rollup (idempotent, one run at a time in the database). Never throws. */
async function rollupTraffic(db: PostgrestClient<Database>): Promise<TrafficRollup> {
  try {
    const { data, error } = await db.rpc("rollup_traffic");
    if (error) {
      console.error("traffic: the rollup failed:", error.message);
      return { error: error.message };
    }
    const row = data?.[0];
    return { rolledDays: row?.rolled_days ?? 0, deletedRows: row?.deleted_rows ?? 0 };
  } catch (caught) {
    console.error("traffic: the rollup failed:", errorText(caught));
    return { error: errorText(caught) };
  }
}

const errorText = (caught: unknown) => (caught instanceof Error ? caught.message : String(caught));

/**
 * One run of the dispatcher: on the schedule (no lead given), first queues the reminders of leads
 * still new after LEADS_REMINDER_MINUTES; then sends the due conversion events and the due messages
 * (one lead's, or all), or says why it cannot. Never throws.
 */
export async function runDispatch(
  request: Request,
  runtime: ConversionRuntime,
  onlyLead?: string,
): Promise<RunSummary | { error: string }> {
  const settings = runtime.settings();
  const db = serviceClient(request, runtime);
  if (!db)
    return { error: "SUPABASE_SERVICE_ROLE_KEY is not set, so conversion events and messages wait in the outbox." };
  const site = siteUrl(request, settings);
  let reminders = 0;
  // The scheduled run also rolls finished days of traffic into the daily aggregates, beside the outbox.
  const traffic = onlyLead ? undefined : rollupTraffic(db);
  if (!onlyLead) {
    const queued = await db.rpc("queue_lead_reminders", { after_minutes: settings.messages.reminderMinutes });
    if (queued.error) console.error("messages: could not queue reminders:", queued.error.message);
    else reminders = queued.data ?? 0;
  }
  const [conversions, messages] = await Promise.allSettled([
    dispatchConversions({
      db,
      settings: settings.conversions,
      fetch: runtime.platformFetch ?? fetch,
      siteUrl: site,
      ...(runtime.now ? { now: runtime.now } : {}),
      ...(onlyLead ? { onlyLead } : { maxRows: 50 }),
    }),
    dispatchMessages({
      db,
      settings,
      fetch: runtime.messageFetch ?? fetch,
      siteUrl: site,
      ...(runtime.now ? { now: runtime.now } : {}),
      ...(onlyLead ? { onlyLead } : { maxRows: 50 }),
    }),
  ]);
  if (conversions.status === "rejected" && messages.status === "rejected")
    return { error: `${errorText(conversions.reason)}; ${errorText(messages.reason)}` };
  if (conversions.status === "rejected") console.error("conversions:", errorText(conversions.reason));
  const base: DispatchSummary =
    conversions.status === "fulfilled"
      ? conversions.value
      : { claimed: 0, delivered: 0, retrying: 0, failed: 0, skipped: 0 };
  return {
    ...base,
    messages: messages.status === "fulfilled" ? messages.value : { error: errorText(messages.reason) },
    reminders,
    ...(traffic ? { traffic: await traffic } : {}),
  };
}

/** What a new lead stores of the visitor's consent (cookie `ad_consent`) and, with it, of the browser. */
export function consentColumns(
  request: Request,
  now: Date = new Date(),
): Pick<
  LeadInsert,
  "ad_user_data" | "ad_personalization" | "consent_given_at" | "fbp" | "client_ip" | "client_user_agent"
> {
  const cookies = request.headers.get("cookie");
  const consent = parseConsentCookie(readCookie(cookies, CONSENT_COOKIE), now);
  if (!consent) return { ad_user_data: false, ad_personalization: false, consent_given_at: null };
  const base = {
    ad_user_data: consent.adUserData,
    ad_personalization: consent.adPersonalization,
    consent_given_at: consent.givenAt.toISOString(),
  };
  if (!consent.adUserData) return base;
  const fbp = readCookie(cookies, FBP_COOKIE);
  const ip = clientIp(request);
  return {
    ...base,
    fbp: isFbp(fbp) ? fbp : null,
    // Anyone can send X-Forwarded-For; only a real address is kept (a malformed one would fail the insert).
    client_ip: ip && isIP(ip) ? ip : null,
    client_user_agent: request.headers.get("user-agent")?.slice(0, 512) || null,
  };
}

/**
 * The contact function's hook: the new lead's conversion events and messages as background work,
 * right after the visitor has their answer. Never rejects; what it could not send waits for the
 * schedule.
 */
export function dispatchNewLead(request: Request, runtime: ConversionRuntime, leadId: string): Promise<void> {
  return runDispatch(request, runtime, leadId).then((outcome) => {
    if ("error" in outcome) console.error(`dispatch: lead ${leadId}: ${outcome.error}`);
  });
}

function bearer(request: Request): string | null {
  const match = /^Bearer\s+(\S+)$/i.exec(request.headers.get("authorization") ?? "");
  return match?.[1] ?? null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function createDispatchHandler(runtime: ConversionRuntime) {
  return async function handleDispatch(request: Request): Promise<Response> {
    if (request.method !== "POST")
      return new Response(JSON.stringify({ message: "Method Not Allowed" }), {
        status: 405,
        headers: { allow: "POST", "content-type": "application/json; charset=utf-8" },
      });
    const token = bearer(request);
    if (!token) return reply(401, { message: "Sign in as an admin first." });
    if (Number(request.headers.get("content-length") ?? 0) > 1024)
      return reply(413, { message: "Send only the lead's id." });
    const body = (await request.json().catch(() => null)) as { leadId?: unknown } | null;
    const leadId = typeof body?.leadId === "string" ? body.leadId : "";
    if (!UUID.test(leadId)) return reply(400, { message: "Send the lead's id as leadId." });
    const target = supabaseTarget(runtime.settings(), request.url);
    if (!target) return reply(503, { message: "The database is not configured." });
    // The admin's own rights: RLS shows leads (and their outbox rows) to admins only.
    const asUser = new PostgrestClient<Database>(`${target.url}/rest/v1`, {
      headers: { apikey: target.anonKey, Authorization: `Bearer ${token}` },
      ...(runtime.dbFetch ? { fetch: runtime.dbFetch } : {}),
    });
    const visible = await asUser.from("leads").select("id").eq("id", leadId).limit(1);
    if (visible.error)
      return reply(visible.status === 401 ? 401 : 503, {
        message: visible.status === 401 ? "Sign in as an admin first." : "The database could not be reached.",
      });
    if (!visible.data?.length)
      return reply(403, { message: "Only admins can send a lead's conversion events and messages." });
    const outcome = await runDispatch(request, runtime, leadId);
    return "error" in outcome ? reply(503, { message: outcome.error }) : reply(200, { ...outcome });
  };
}

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

export function createCronHandler(runtime: ConversionRuntime) {
  return async function handleCron(request: Request): Promise<Response> {
    if (request.method !== "GET" && request.method !== "POST") return reply(405, { message: "Method Not Allowed" });
    const secret = runtime.settings().conversions.cronSecret;
    const token = bearer(request);
    if (!secret) return reply(503, { message: "CRON_SECRET is not set." });
    if (!token || !sameSecret(token, secret)) return reply(401, { message: "Unauthorized" });
    const outcome = await runDispatch(request, runtime);
    return "error" in outcome ? reply(503, { message: outcome.error }) : reply(200, { ...outcome });
  };
}
