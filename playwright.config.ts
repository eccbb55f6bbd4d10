import { existsSync } from "node:fs";
import { defineConfig, devices } from "@playwright/test";

/**
 * End-to-end tests run against the production build (`npm run build`) served by `vite preview`,
 * which also serves the local Supabase and the functions in api/.
 * Chromium: PLAYWRIGHT_CHROMIUM_EXECUTABLE, else Debian's /usr/bin/chromium, else Playwright's own.
 */
const port = Number(process.env.E2E_PORT ?? 4173);
const outDir = process.env.E2E_OUT ?? "dist";

function chromiumExecutable(): string | undefined {
  const fromEnv = process.env.PLAYWRIGHT_CHROMIUM_EXECUTABLE;
  if (fromEnv) {
    if (!existsSync(fromEnv)) throw new Error(`PLAYWRIGHT_CHROMIUM_EXECUTABLE points to ${fromEnv}, which does not exist.`);
    return fromEnv;
  }
  if (existsSync("/usr/bin/chromium")) return "/usr/bin/chromium";
  // Falls back to Playwright's own browser; if that is missing too, Playwright says so and how to get
  // one (`apt-get install chromium`, or `npx playwright install chromium` where downloads work).
  return undefined;
}

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  workers: process.env.CI ? 2 : undefined,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [["list"]] : [["list"]],
  timeout: 30_000,
  expect: { timeout: 7_000 },
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: "off",
    launchOptions: {
      executablePath: chromiumExecutable(),
      args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-quic"],
    },
  },
  projects: [{ name: "chromium", use: { ...devices["Desktop Chrome"] } }],
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
  ],
});
