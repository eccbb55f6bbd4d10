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

export function createLocalClient(url: string, key: string = LOCAL_DEFAULTS.anonKey): SupabaseClient {
  return createClient(url, key, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: NoRealtimeSocket as unknown as typeof WebSocket },
  });
}
