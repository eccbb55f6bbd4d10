/**
 * Where a server function reaches Supabase, and with which key: the project's URL and anon key
 * (SUPABASE_URL / SUPABASE_ANON_KEY, else the VITE_ names the build uses; Vercel gives functions the
 * project's variables at run time). Functions use the anon key only, so RLS decides what they may
 * do, exactly as for a visitor's browser.
 *
 * With no URL configured off Vercel (`npm run dev`, `npm run preview`, tests), the local Supabase
 * answers at the request's own origin with the local anon key, as it does for the browser.
 */
import { PostgrestClient } from "@supabase/postgrest-js";
import type { Database } from "../../src/lib/database.types.js";
import { LOCAL_SUPABASE_ANON_KEY } from "../../src/lib/local-supabase-key.js";

export interface SupabaseTarget {
  url: string;
  anonKey: string;
}

type Env = Record<string, string | undefined>;

const pick = (env: Env, ...names: string[]) => names.map((name) => env[name]?.trim()).find((value) => value) ?? "";

/** The Supabase this request should use, or null when none is configured where one must be. */
export function supabaseTarget(request: Request, env: Env = process.env): SupabaseTarget | null {
  const url = pick(env, "SUPABASE_URL", "VITE_SUPABASE_URL").replace(/\/+$/, "");
  if (url) {
    const anonKey = pick(env, "SUPABASE_ANON_KEY", "VITE_SUPABASE_ANON_KEY");
    return anonKey ? { url, anonKey } : null;
  }
  if (env.VERCEL) return null;
  return { url: new URL(request.url).origin, anonKey: pick(env, "LOCAL_SUPABASE_ANON_KEY") || LOCAL_SUPABASE_ANON_KEY };
}

/** A PostgREST client for `target`, each call bounded by `timeoutMs`. */
export function restClient(target: SupabaseTarget, fetchImpl: typeof fetch = fetch, timeoutMs = 8_000): PostgrestClient<Database> {
  const bounded: typeof fetch = (input, init) => fetchImpl(input, { ...init, signal: init?.signal ?? AbortSignal.timeout(timeoutMs) });
  return new PostgrestClient<Database>(`${target.url}/rest/v1`, {
    headers: { apikey: target.anonKey, Authorization: `Bearer ${target.anonKey}` },
    fetch: bounded,
  });
}
