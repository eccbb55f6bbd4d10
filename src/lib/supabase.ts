/**
 * The one owner of the Supabase client. supabase-js is loaded on first use through a dynamic
 * import, so it lands in its own chunk that only the blog, login and admin pages request; nothing
 * that the public layout or the marketing pages import may import this module statically.
 *
 * URL: the configured hosted project, else the page's own origin, where the dev and preview servers
 * serve the local Supabase (supabase/local).
 */
import type { SupabaseClient } from "@supabase/supabase-js";
import { config } from "../config";
import type { Database } from "./database.types";

export type AppSupabaseClient = SupabaseClient<Database>;

let clientPromise: Promise<AppSupabaseClient> | null = null;

function resolveUrl(): string {
  if (config.supabaseUrl) return config.supabaseUrl;
  if (typeof window === "undefined") {
    throw new Error("No Supabase URL is configured and there is no page origin to fall back to.");
  }
  return window.location.origin;
}

/** The shared client, created once on first call. Call it from effects and handlers only. */
export function getSupabase(): Promise<AppSupabaseClient> {
  if (!clientPromise) {
    clientPromise = import("@supabase/supabase-js")
      .then(({ createClient }) =>
        createClient<Database>(resolveUrl(), config.supabaseAnonKey, {
          auth: { persistSession: true, autoRefreshToken: true, detectSessionInUrl: false },
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

/**
 * Uses the given client instead of creating one: for Node tests and scripts, which talk to a
 * backend at another URL. Pass null to go back to the lazily created client.
 */
export function provideSupabaseClient(client: AppSupabaseClient | null): void {
  clientPromise = client ? Promise.resolve(client) : null;
}
