/**
 * The outbox's server entry points, as Web-standard handlers:
 * - `POST /api/conversions-dispatch` `{ leadId }`: sends one lead's due rows now. The admin's browser
 *   calls it right after moving a lead to qualified or won (or pressing Retry now), with the admin's
 *   own access token; the function checks it by reading that lead through RLS with that token (only
 *   admins can), so the database decides who may ask.
 * - `GET /api/cron-conversions`: the schedule's call, every minute from Supabase Cron (and daily from
 *   Vercel Cron as a safety net; docs/ARCHITECTURE.md), with `Authorization: Bearer <CRON_SECRET>`;
 *   one scheduled run (run.ts): reminders, every kind's due rows, retries included, and the traffic
 *   rollup.
 */
import { timingSafeEqual } from "node:crypto";
import { PostgrestClient } from "@supabase/postgrest-js";
import type { Database } from "../../lib/database.js";
import { BodyError, json, readFields } from "../http.js";
import { supabaseTarget } from "../supabase.js";
import { runDispatch, type OutboxRuntime } from "./run.js";

/** The dispatch request's body: a lead's id, nothing more. */
const MAX_DISPATCH_BODY_BYTES = 1024;

const DISPATCH_BODY_MESSAGES = {
  tooLarge: "Send only the lead's id.",
  malformedJson: "Send the lead's id as leadId.",
  malformedForm: "Send the lead's id as leadId.",
  unsupportedType: "Send the lead's id as JSON.",
};

function bearer(request: Request): string | null {
  const match = /^Bearer\s+(\S+)$/i.exec(request.headers.get("authorization") ?? "");
  return match?.[1] ?? null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The lead's id from the dispatch request's body, or the answer that refuses the body. */
async function leadIdOf(request: Request): Promise<string | Response> {
  let fields: Record<string, unknown> | undefined;
  try {
    fields = await readFields(request, MAX_DISPATCH_BODY_BYTES, DISPATCH_BODY_MESSAGES);
  } catch (error) {
    if (error instanceof BodyError) return json(error.status, { message: error.message });
    throw error;
  }
  const leadId = typeof fields?.leadId === "string" ? fields.leadId : "";
  return UUID.test(leadId) ? leadId : json(400, { message: DISPATCH_BODY_MESSAGES.malformedJson });
}

export function createDispatchHandler(runtime: OutboxRuntime) {
  return async function handleDispatch(request: Request): Promise<Response> {
    if (request.method !== "POST") return json(405, { message: "Method Not Allowed" }, { allow: "POST" });
    const token = bearer(request);
    if (!token) return json(401, { message: "Sign in as an admin first." });
    const leadId = await leadIdOf(request);
    if (leadId instanceof Response) return leadId;
    const target = supabaseTarget(runtime.settings(), request.url);
    if (!target) return json(503, { message: "The database is not configured." });
    // The admin's own rights: RLS shows leads (and their outbox rows) to admins only.
    const asUser = new PostgrestClient<Database>(`${target.url}/rest/v1`, {
      headers: { apikey: target.key, Authorization: `Bearer ${token}` },
      ...(runtime.dbFetch ? { fetch: runtime.dbFetch } : {}),
    });
    const visible = await asUser.from("leads").select("id").eq("id", leadId).limit(1);
    if (visible.error)
      return json(visible.status === 401 ? 401 : 503, {
        message: visible.status === 401 ? "Sign in as an admin first." : "The database could not be reached.",
      });
    if (!visible.data?.length)
      return json(403, { message: "Only admins can send a lead's conversion events and messages." });
    const outcome = await runDispatch(request, runtime, leadId);
    return "error" in outcome ? json(503, { message: outcome.error }) : json(200, { ...outcome });
  };
}

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

export function createCronHandler(runtime: OutboxRuntime) {
  return async function handleCron(request: Request): Promise<Response> {
    if (request.method !== "GET" && request.method !== "POST") return json(405, { message: "Method Not Allowed" });
    const secret = runtime.settings().conversions.cronSecret;
    const token = bearer(request);
    if (!secret) return json(503, { message: "CRON_SECRET is not set." });
    if (!token || !sameSecret(token, secret)) return json(401, { message: "Unauthorized" });
    const outcome = await runDispatch(request, runtime);
    return "error" in outcome ? json(503, { message: outcome.error }) : json(200, { ...outcome });
  };
}
