/**
 * The admin's test helpers: the local Supabase (supabase/local) with a supabase-js client signed in
 * as the local admin, and the admin's screens rendered as AdminRoutes renders them (the layout, a
 * fresh query cache, the client given by context, toasts) but for the sign-in check, which
 * RequireAuth's own tests cover.
 */
import type { User } from "@supabase/supabase-js";
import { QueryClientProvider } from "@tanstack/react-query";
import { configure, render, within } from "@testing-library/react";
import { MemoryRouter, Route, Routes, type MemoryRouterProps } from "react-router-dom";
import { vi } from "vitest";
import { LOCAL_DEFAULTS, startLocalSupabaseServer, type LocalSupabaseServer } from "../../../supabase/local/index.ts";
import { createLocalClient } from "../../../supabase/local/testing.ts";
import { Toaster } from "../../components/ui/Toaster";
import type { AppSupabaseClient } from "../../lib/supabase";
import { AuthStateProvider, type AuthContextValue } from "../auth";
import { AdminLayout } from "./AdminLayout";
import { adminPages } from "./admin-pages";
import { teamRoleCapabilities } from "./data/admin-access";
import { MemberProvider, memberOf } from "./member";
import { createAdminQueryClient } from "./query-client";
import type { TeamRole } from "./roles";
import { SupabaseProvider } from "./supabase-context";

export interface LocalAdmin {
  server: LocalSupabaseServer;
  /** supabase-js, signed in as the local admin. */
  client: AppSupabaseClient;
  user: User;
}

/**
 * For a test file that talks to the local Supabase, called before its tests are declared: it waits
 * for the server's answers as long as the database tests do, since on a busy machine one answer can
 * take longer than the jsdom defaults (1 s for `findBy…`, 5 s a test).
 */
export function allowForServerAnswers() {
  vi.setConfig({ testTimeout: 30_000 });
  configure({ asyncUtilTimeout: 10_000 });
}

/** Starts the local Supabase (in memory, from the migrations and the seed) and signs in as its admin. */
export async function startLocalAdmin(): Promise<LocalAdmin> {
  // supabaseDir given: jsdom's URL cannot resolve the module's own file URL.
  const server = await startLocalSupabaseServer({ bcryptCost: 4, env: {}, supabaseDir: `${process.cwd()}/supabase` });
  const client = createLocalClient(server.url) as unknown as AppSupabaseClient;
  const { data, error } = await client.auth.signInWithPassword({
    email: LOCAL_DEFAULTS.adminEmail,
    password: LOCAL_DEFAULTS.adminPassword,
  });
  if (error) throw error;
  return { server, client, user: data.user };
}

/** The member's id when a test renders no user: nobody, so no post is theirs. */
const NO_USER = "00000000-0000-0000-0000-000000000000";

/**
 * Renders the admin at `path` (`/admin/leads`), reading with `client`, signed in as `user` with
 * `role` (the local admin is the Owner). What the role may do is read first from the database's
 * table (public.team_role_capabilities, as the Owner `client` is signed in as may read it), as
 * RequireAuth reads the member's before it shows a screen.
 */
export async function renderAdmin(
  path: NonNullable<MemoryRouterProps["initialEntries"]>[number],
  { client, user = null, role = "owner" }: { client: AppSupabaseClient; user?: User | null; role?: TeamRole },
) {
  const ok = async () => ({ error: null });
  const auth: AuthContextValue = { user, session: null, loading: false, signIn: ok, signUp: ok, signOut: ok };
  const capabilities = (await teamRoleCapabilities(client))
    .filter((row) => row.role === role)
    .map((row) => row.capability);
  const member = memberOf(user?.id ?? NO_USER, { role, capabilities });
  return render(
    <QueryClientProvider client={createAdminQueryClient()}>
      <SupabaseProvider client={client}>
        <AuthStateProvider value={auth}>
          <MemberProvider member={member}>
            <MemoryRouter initialEntries={[path]}>
              <Routes>
                <Route path="/admin" element={<AdminLayout />}>
                  {adminPages}
                </Route>
              </Routes>
            </MemoryRouter>
          </MemberProvider>
        </AuthStateProvider>
      </SupabaseProvider>
      <Toaster />
    </QueryClientProvider>,
  );
}

/**
 * A figure of a report table's row, by its column's header (the start of its text); a cell that
 * spans columns (a totals row's) stands under each of them.
 */
export function cellOf(row: HTMLElement, column: string): HTMLElement {
  const headers = within(row.closest("table")!).getAllByRole("columnheader");
  const index = headers.findIndex((header) => header.textContent?.startsWith(column));
  let start = 0;
  for (const cell of row.querySelectorAll<HTMLTableCellElement>("th, td")) {
    if (index < start + cell.colSpan) return cell;
    start += cell.colSpan;
  }
  throw new Error(`No cell under ${column}`);
}
