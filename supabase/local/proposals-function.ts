import { createProposalsHandler } from "../../src/server/proposals/handler.ts";
import { readSettings } from "../../src/server/settings.ts";

/**
 * api/proposals for a component test that renders the admin against a local Supabase started on its
 * own (testing.tsx's startLocalAdmin): the real handler, with no environment, so the local
 * Supabase at the request's origin is its database. `answer(init)` hands it what the page's
 * `fetch("/api/proposals", init)` sent, addressed to `origin`.
 */
export function localProposalsFunction(origin: string): (init: RequestInit | undefined) => Promise<Response> {
  const handle = createProposalsHandler({ settings: () => readSettings({}) });
  return (init) => handle(new Request(`${origin}/api/proposals`, init));
}
