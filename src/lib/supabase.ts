/**
 * The one owner of the Supabase clients, both loaded on first use through a dynamic import, so
 * each lands in its own chunk; nothing that the public layout or the marketing pages import may
 * import this module statically.
 *
 * - `getSupabase()`: the whole supabase-js (auth, sessions; about 50 KB gzipped), for sign-in and
 *   the admin area.
 * - `getPublicReader()`: PostgREST alone (about 5 KB gzipped), for the anonymous reads the blog
 *   makes. Published posts and their authors' profiles are readable by everyone under RLS, so the
 *   blog needs no session, and a visitor's phone does not download and run the auth code to read
 *   an article.
 *
 * URL: the configured hosted project, else the page's own origin, where the dev and preview servers
 * serve the local Supabase (supabase/local).
 */
import type { PostgrestClient } from "@supabase/postgrest-js";
import type { SupabaseClient } from "@supabase/supabase-js";
import { config } from "../config";
import { JOIN_PATH, RESET_PASSWORD_PATH } from "./auth-paths";
import type { Database } from "./database";

export type AppSupabaseClient = SupabaseClient<Database>;

/** Reads public tables with the anon key; the same query builder as `supabase.from()`. */
export type PublicReader = PostgrestClient<Database>;

let clientPromise: Promise<AppSupabaseClient> | null = null;
let readerPromise: Promise<PublicReader> | null = null;
let retryAfterSeconds: number | null = null;

/**
 * The wait the last refused auth request (429) named in its `Retry-After` header, in seconds; null
 * when it named none or the header was not readable (a hosted project's CORS may hide it).
 * supabase-js's errors carry the status but not the headers, so the client's fetch notes it here.
 */
export function lastRetryAfterSeconds(): number | null {
  return retryAfterSeconds;
}

const fetchNotingRetryAfter: typeof fetch = async (input, init) => {
  const response = await fetch(input, init);
  if (response.status === 429) {
    const seconds = Number(response.headers.get("retry-after"));
    retryAfterSeconds = Number.isFinite(seconds) && seconds > 0 ? seconds : null;
  }
  return response;
};

/**
 * Only the recovery page and the join page take a session from the address (the e-mail's link lands
 * there with the tokens in the fragment, and supabase-js then reports PASSWORD_RECOVERY or
 * SIGNED_IN); everywhere else a fragment is the page's own.
 */
function isRecoveryCallback(url: URL, params: Record<string, string>): boolean {
  return (
    (url.pathname === RESET_PASSWORD_PATH || url.pathname === JOIN_PATH) &&
    Boolean(params.access_token || params.error_description)
  );
}

/** The Supabase project's URL: the configured one, else this page's origin (the local backend). */
export function resolveUrl(): string {
  if (config.supabaseUrl) return config.supabaseUrl;
  const page = (globalThis as { location?: { origin: string } }).location;
  if (!page) {
    throw new Error("No Supabase URL is configured and there is no page origin to fall back to.");
  }
  return page.origin;
}

/** The shared client, created once on first call. Call it from effects and handlers only. */
export function getSupabase(): Promise<AppSupabaseClient> {
  if (!clientPromise) {
    clientPromise = import("@supabase/supabase-js")
      .then(({ createClient }) =>
        createClient<Database>(resolveUrl(), config.supabaseAnonKey, {
          auth: { persistSession: true, autoRefreshToken: true, detectSessionInUrl: isRecoveryCallback },
          global: { fetch: fetchNotingRetryAfter },
        }),
      )
      .catch((error: unknown) => {
        // Let a later call try again (for example after a failed chunk download on a bad network).
        clientPromise = null;
        throw error;
      });
  }
  return clientPromise;
}

/** The anonymous PostgREST reader, created once on first call. Call it from effects only. */
export function getPublicReader(): Promise<PublicReader> {
  if (!readerPromise) {
    readerPromise = import("@supabase/postgrest-js")
      .then(({ PostgrestClient }) => {
        const key = config.supabaseAnonKey;
        // What supabase-js sends without a session: the key as apikey and as the bearer token.
        return new PostgrestClient<Database>(`${resolveUrl().replace(/\/+$/, "")}/rest/v1`, {
          headers: { apikey: key, Authorization: `Bearer ${key}` },
        });
      })
      .catch((error: unknown) => {
        readerPromise = null;
        throw error;
      });
  }
  return readerPromise;
}
