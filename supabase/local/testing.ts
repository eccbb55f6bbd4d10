import { createClient } from "@supabase/supabase-js";
import type { SupabaseClient } from "@supabase/supabase-js";
import { LOCAL_DEFAULTS } from "./index.ts";

/**
 * supabase-js for Node scripts and tests against the local backend. Node 20 has no WebSocket, and
 * realtime is not used by the product, so realtime gets a transport that refuses to connect.
 */
class NoRealtimeSocket {
  constructor() {
    throw new Error("Realtime is not available from the local Supabase");
  }
}

/**
 * With `accessToken`, every request carries that token (a token minted by the test, e.g. with a
 * chosen `aal`), as supabase-js does for third-party auth; `client.auth` is then unavailable.
 */
export function createLocalClient(
  url: string,
  key: string = LOCAL_DEFAULTS.anonKey,
  accessToken?: string,
): SupabaseClient {
  return createClient(url, key, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: NoRealtimeSocket as unknown as typeof WebSocket },
    ...(accessToken === undefined ? {} : { accessToken: async () => accessToken }),
  });
}
