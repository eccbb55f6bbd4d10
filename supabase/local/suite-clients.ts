import type { SupabaseClient } from "@supabase/supabase-js";
import { LOCAL_DEFAULTS } from "./index.ts";
import { createLocalClient, mintToken, type Aal, type SuiteSupabase } from "./testing.ts";

/**
 * How a database suite reaches its local Supabase: SQL as the database's owner (its rows), and
 * supabase-js as a visitor, as a member holding a token minted at `aal`, and with the service-role
 * key, as the functions call it.
 */
export function suiteClients(supabase: SuiteSupabase) {
  return {
    sql: <T>(text: string, params: unknown[] = []) => supabase.db.query<T>(text, params).then((result) => result.rows),
    as: (userId: string, aal: Aal): SupabaseClient =>
      createLocalClient(supabase.url, undefined, mintToken(userId, aal)),
    anon: () => createLocalClient(supabase.url),
    service: () => createLocalClient(supabase.url, LOCAL_DEFAULTS.serviceRoleKey),
  };
}
