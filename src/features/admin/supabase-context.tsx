/**
 * The admin's Supabase client, given by context. The admin area (AdminRoutes) gives the app's
 * shared client, which loads on first use in its own chunk (lib/supabase.ts), so a screen renders
 * its loading state before the client arrives; a test gives its own (the local Supabase signed in as
 * the admin, or a stand-in). Queries and mutations take the client from here and pass it to the
 * data modules (data/), which never find a client themselves.
 */
import { createContext, useContext, useMemo, type ReactNode } from "react";
import { getSupabase, type AppSupabaseClient } from "../../lib/supabase";

/** Resolves to the admin's client. */
export type SupabaseLoader = () => Promise<AppSupabaseClient>;

// Outside a provider a screen still renders; only reading data fails, and says why.
const missingProvider: SupabaseLoader = () =>
  Promise.reject(new Error("No Supabase client: render the admin inside a SupabaseProvider."));

const SupabaseContext = createContext<SupabaseLoader>(missingProvider);

/** Gives `client`, or without one the app's shared client, to everything below. */
export function SupabaseProvider({ client, children }: { client?: AppSupabaseClient; children: ReactNode }) {
  const load = useMemo<SupabaseLoader>(() => (client ? () => Promise.resolve(client) : getSupabase), [client]);
  return <SupabaseContext.Provider value={load}>{children}</SupabaseContext.Provider>;
}

/** The admin's client loader: `await supabase()` in a query, a mutation or a handler. */
export function useSupabase(): SupabaseLoader {
  return useContext(SupabaseContext);
}
