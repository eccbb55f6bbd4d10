import { afterAll, vi } from "vitest";

/*
 * Node files without module mocks share a worker (vitest.config.ts, "node-shared"), so after each
 * file what a test may have changed for the next is put back: real timers, no spies, no stubbed
 * globals or environment variables.
 */
afterAll(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
});
