import { availableParallelism } from "node:os";
import { defineConfig, devices } from "@playwright/test";
import { findChromium, QUIET_CHROMIUM_FLAGS, systemHost } from "./scripts/chromium";
import { answeredConsentState } from "./tests/e2e/consent-state";

/**
 * End-to-end tests run against the production build (`npm run build`) served by `vite preview`,
 * which also serves the local Supabase and the functions in api/.
 * Chromium: PLAYWRIGHT_CHROMIUM_EXECUTABLE, Playwright's own, or one on PATH (scripts/chromium.ts).
 */
const port = Number(process.env.E2E_PORT ?? 4173);
const outDir = process.env.E2E_OUT ?? "dist";

/** The browser `scripts/chromium.ts` found (or installed) before the run; Playwright's own if none. */
function chromiumExecutable(): string | undefined {
  const found = findChromium(systemHost());
  return found && found.via !== "Playwright's cache" ? found.path : undefined;
}

export default defineConfig({
  testDir: "tests/e2e",
  // The specs are tooling: they resolve modules as Node does. Without this, Playwright would also
  // apply the browser project's `paths` (tsconfig.app.json) and find papaparse's types, not its code.
  tsconfig: "./tsconfig.node.json",
  fullyParallel: true,
  // One more than the cores. Playwright's default is half of them, which leaves a core of a 2-core
  // machine idle while the other runs the browser, the test and the server; with one per core a test
  // waiting on the network or a timer still left the machine idle 17% of the time. Measured on the 2
  // cores, the whole suite back to back: 398 s with 2 workers (83% busy), 355 s with 3 (94%); 4 were
  // no faster than 3 and pushed the longest tests past their timeout.
  workers: Number(process.env.PLAYWRIGHT_WORKERS) || availableParallelism() + 1,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [["list"]] : [["list"]],
  timeout: 30_000,
  expect: { timeout: 7_000 },
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    // Every test starts having answered the consent question (tests/e2e/consent-state.ts).
    storageState: answeredConsentState(),
    trace: "off",
    launchOptions: {
      executablePath: chromiumExecutable(),
      args: [...QUIET_CHROMIUM_FLAGS, "--disable-quic"],
    },
  },
  projects: [
    { name: "chromium", use: { ...devices["Desktop Chrome"] }, testIgnore: /hydration-cost\.spec\.ts$/ },
    // Hydration's longest task at 4x CPU is a timing: measured after every other spec has finished,
    // one test at a time, so the other worker's Chromium does not share the 2 cores with it (beside
    // another worker, /contact's measured 54-62 ms in a CI run, over its 50 ms line; alone, 6 of 6
    // runs passed).
    {
      name: "chromium-measured",
      use: { ...devices["Desktop Chrome"] },
      testMatch: /hydration-cost\.spec\.ts$/,
      dependencies: ["chromium"],
      fullyParallel: false,
    },
  ],
  webServer: [
    {
      command: `npx vite preview --port ${port} --strictPort --outDir ${outDir}`,
      url: `http://127.0.0.1:${port}/`,
      reuseExistingServer: false,
      timeout: 60_000,
      // An empty NEWSLETTER_FORM_URL makes the preview server record sign-ups with its local stand-in.
      env: { LOCAL_DB_IN_MEMORY: "1", NODE_ENV: "production", NEWSLETTER_FORM_URL: "" },
    },
    {
      // The same build with an unreachable newsletter provider (a closed port), for the failure case of
      // tests/e2e/newsletter.spec.ts, which computes this port the same way.
      command: `npx vite preview --port ${port + 10_000} --strictPort --outDir ${outDir}`,
      url: `http://127.0.0.1:${port + 10_000}/`,
      reuseExistingServer: false,
      timeout: 60_000,
      env: { LOCAL_DB_IN_MEMORY: "1", NODE_ENV: "production", NEWSLETTER_FORM_URL: "http://127.0.0.1:1/subscribe" },
    },
    {
      // The same build over HTTPS and HTTP/2 (a throwaway self-signed certificate), as Vercel serves it,
      // for tests/e2e/script-budget.spec.ts, which computes this port the same way: over HTTP/1.1 every
      // small file would pay its headers in full, where HTTP/2 compresses the repeated ones away.
      command: `npx vite preview --port ${port + 20_000} --strictPort --outDir ${outDir}`,
      url: `https://127.0.0.1:${port + 20_000}/`,
      ignoreHTTPSErrors: true,
      reuseExistingServer: false,
      timeout: 60_000,
      env: { LOCAL_DB_IN_MEMORY: "1", NODE_ENV: "production", NEWSLETTER_FORM_URL: "", PREVIEW_HTTPS: "1" },
    },
  ],
});
