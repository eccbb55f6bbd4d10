/**
 * The one way server code reaches Supabase: PostgREST with the project's anon key, so RLS decides
 * what a function may do, exactly as for a visitor's browser (src/lib/supabase.ts is the browser's
 * client). The service-role key (`serviceTarget`, `createServiceClient`) is the server's own door,
 * for what no visitor may do through the public API: storing a lead (the contact function), a
 * booking's and its manage link's steps (calls), counting a visit (collect), counting a hit of the
 * rate limiter (contact, newsletter, blog search, calls, proposals), the outbox dispatcher (every
 * kind: conversions, messages, calls, team notices, proposals), which runs with no user present, and
 * its health record (integrations), the Team page's invitations (Supabase Auth's admin API), a
 * client's proposal (view, accept, decline, pay, verify: the client is no signed-in user), and
 * Paystack's webhook (a signed event, no user). Each of those calls a fixed query or function;
 * nothing else uses the key.
 *
 * Where: SUPABASE_URL / SUPABASE_ANON_KEY, else the VITE_ names the build uses (see settings.ts).
 * With no URL configured off Vercel (`npm run dev`, `npm run preview`, tests), the local Supabase
 * answers at the request's own origin with the local anon key, as it does for the browser.
 */
import { PostgrestClient } from "@supabase/postgrest-js";
import type { Database } from "../lib/database.js";
import { LOCAL_SUPABASE_ANON_KEY } from "../config-defaults.js";
import { LOCAL_SUPABASE_SERVICE_ROLE_KEY } from "./local-service-key.js";
import type { ServerSettings } from "./settings.js";

/** PostgREST as one key sees it: the anon key (RLS decides) or the service-role key (it bypasses RLS). */
export type DbClient = PostgrestClient<Database>;

/** Where a Supabase answers and the key to present: the anon key, or the service-role key (`serviceTarget`). */
export interface SupabaseTarget {
  url: string;
  key: string;
}

/** The Supabase a request to `requestUrl` should use, or null when none is configured where one must be. */
export function supabaseTarget(settings: ServerSettings, requestUrl: string): SupabaseTarget | null {
  const { url, anonKey, localAnonKey } = settings.supabase;
  if (url) return anonKey ? { url, key: anonKey } : null;
  if (settings.onVercel) return null;
  return { url: new URL(requestUrl).origin, key: localAnonKey || LOCAL_SUPABASE_ANON_KEY };
}

/**
 * Where and with which key the server's own door opens: SUPABASE_SERVICE_ROLE_KEY with the configured
 * URL; off Vercel with no URL configured, the local Supabase at the request's origin with its
 * service-role key; else null (a deployment without the key).
 */
export function serviceTarget(settings: ServerSettings, requestUrl: string): SupabaseTarget | null {
  const { url, localServiceRoleKey } = settings.supabase;
  const key = settings.conversions.serviceRoleKey;
  if (url) return key ? { url, key } : null;
  if (settings.onVercel) return null;
  return { url: new URL(requestUrl).origin, key: localServiceRoleKey || LOCAL_SUPABASE_SERVICE_ROLE_KEY };
}

export interface DbClientOptions {
  /** How requests travel (the local servers pass an in-process one; default: global fetch). */
  fetch?: typeof fetch;
  /** Each call is abandoned after this long. */
  timeoutMs?: number;
  /** postgrest-js's retries of failed reads; false answers at once (the blog: the CDN serves the last good page). */
  retry?: boolean;
}

/** A PostgREST client for `target` with its key (the anon key but in createServiceClient), each call bounded by `timeoutMs`. */
export function createAnonClient(
  target: SupabaseTarget,
  { fetch: transport = fetch, timeoutMs = 8_000, retry }: DbClientOptions = {},
): DbClient {
  const bounded: typeof fetch = (input, init) =>
    transport(input, { ...init, signal: init?.signal ?? AbortSignal.timeout(timeoutMs) });
  return new PostgrestClient<Database>(`${target.url}/rest/v1`, {
    headers: { apikey: target.key, Authorization: `Bearer ${target.key}` },
    fetch: bounded,
    ...(retry === undefined ? {} : { retry }),
  });
}

/**
 * A PostgREST client with the service-role key, which bypasses RLS: only for the uses listed at the
 * top. The key comes from the server-only SUPABASE_SERVICE_ROLE_KEY (settings.ts), never a VITE_
 * variable, so never the browser.
 */
export function createServiceClient(url: string, serviceRoleKey: string, options: DbClientOptions = {}): DbClient {
  return createAnonClient({ url, key: serviceRoleKey }, options);
}
