/**
 * The admin's data goes through TanStack Query, and only the admin's: this module, the provider
 * (AdminRoutes) and every query hook live in the lazy /admin chunk, so the public pages, which keep
 * their request-time seeded data (`useRouteData`), never download it.
 *
 * Why TanStack Query rather than React Router loaders: the admin is a client-only shell (never
 * rendered on the server, so a loader would only move the fetch, not remove it), and what it needs
 * is a client cache: one change shows on several screens at once (a lead's status on its page, in
 * the inbox, in the figures and in the side panel's new-leads badge), so queries are cached by key
 * and a mutation invalidates the keys it touches instead of screens telling each other; a status
 * change is shown at once and rolled back if the server refuses it (`onMutate`/`onError`), which
 * loaders and actions do not do for us; and a second visit to a screen shows what was loaded while
 * it loads again.
 */
import { QueryClient } from "@tanstack/react-query";

/**
 * A new client for one admin session (AdminRoutes makes one per mount, tests one per test).
 * No automatic retries: a failed read shows its error state with 'Try again' at once.
 * No refetch on window focus: the post editor's data must not change under the admin's typing;
 * queries that should stay fresh on their own (the new-leads badge) say so themselves.
 */
export function createAdminQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}
