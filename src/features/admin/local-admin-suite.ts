import { afterAll, afterEach, beforeAll, vi } from "vitest";
import { dismissToast } from "../../components/ui/toast-store";
import { allowForServerAnswers, startLocalAdmin, type LocalAdmin } from "./testing";

/**
 * The local admin (testing.tsx's startLocalAdmin) for a suite of the admin's screens: started in a
 * `beforeAll`, then `arrange` (the suite's rows), and closed in an `afterAll`; after each
 * test the toasts are dismissed and the spies (on fetch, say) restored, so that the next test starts
 * clean. Call it at the top of the file; what it answers is read inside tests and hooks, and can be
 * given to testing.tsx's renderAdmin as it is.
 */
export function localAdminForSuite(arrange?: () => Promise<void>): LocalAdmin {
  allowForServerAnswers();
  let started: LocalAdmin | undefined;
  const admin = (): LocalAdmin => {
    if (!started) throw new Error("The local admin is started in beforeAll; read it inside a test or hook");
    return started;
  };

  beforeAll(async () => {
    started = await startLocalAdmin();
    await arrange?.();
  }, 120_000);
  afterAll(async () => {
    await started?.server.close();
  });
  afterEach(() => {
    dismissToast();
    vi.restoreAllMocks();
  });

  return {
    get server() {
      return admin().server;
    },
    get client() {
      return admin().client;
    },
    get user() {
      return admin().user;
    },
  };
}
