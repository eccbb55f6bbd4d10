import { readdirSync, readFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { defineConfig, devices } from "@playwright/test";
import { findChromium, QUIET_CHROMIUM_FLAGS, systemHost } from "./scripts/chromium";
import { E2E_PORT, E2E_SERVERS_READY, e2eOrigin } from "./scripts/e2e-origins";
import { answeredConsentState } from "./tests/e2e/consent-state";

/**
 * End-to-end tests run against the production build (`npm run build`) served by `vite preview`,
 * which also serves the local Supabase and the functions in api/.
 * Chromium: PLAYWRIGHT_CHROMIUM_EXECUTABLE, Playwright's own, or one on PATH (scripts/chromium.ts).
 */
const outDir = process.env.E2E_OUT ?? "dist";
const tsxCli = fileURLToPath(import.meta.resolve("tsx/cli"));

/** The browser `scripts/chromium.ts` found (or installed) before the run; Playwright's own if none. */
function chromiumExecutable(): string | undefined {
  const found = findChromium(systemHost());
  return found && found.via !== "Playwright's cache" ? found.path : undefined;
}

function launchOptions(extraFlags: string[] = []) {
  return { executablePath: chromiumExecutable(), args: [...QUIET_CHROMIUM_FLAGS, "--disable-quic", ...extraFlags] };
}

/**
 * For the specs that time the page's main thread at a phone's slowdown (hydration-cost.spec.ts): the
 * young generation's garbage collections done by the main thread alone. Chromium slows only that
 * thread; V8 shares a collection with helper threads, which ran at the machine's full speed on its
 * other core, and when the machine's other work held them the main thread waited: the same heap's
 * collection (3.6-4.1 MB before, one per load) read 7-18 ms at 9.6x in 15 of 16 loads of `/` and
 * `/contact`, and 57 ms in the other; at the low-tier phone, 2 of 39 loads failed the 50 ms line on
 * one (50 and 56 ms inside a slice of React's). On the main thread alone all of a collection is
 * slowed, as a phone's slow cores would do it: 13-22 ms in 16 of 16 loads, and 8-22 ms wherever one
 * fell in a longest task in 78 loads at the low-tier phone (docs/performance.md, "The garbage
 * collector slowed with the page").
 */
const SERIAL_GC_FLAGS = ["--js-flags=--single-threaded-gc"];

/**
 * The specs that run their tests in order, in one worker: those that say
 * `test.describe.configure({ mode: "serial" })`, read from the files so that no list falls behind.
 */
const SERIAL_SPECS = serialSpecs(fileURLToPath(new URL("./tests/e2e", import.meta.url)));

function serialSpecs(folder: string): RegExp {
  const names = readdirSync(folder)
    .filter((name) => name.endsWith(".spec.ts"))
    .filter((name) => /\bdescribe\.configure\(\{\s*mode:\s*"serial"/.test(readFileSync(join(folder, name), "utf8")))
    .map((name) => name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"));
  // A pattern that matches no file when none is serial.
  return names.length ? new RegExp(`[\\\\/](${names.join("|")})$`) : /$^/;
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
    baseURL: e2eOrigin("site"),
    // Every test starts having answered the consent question (tests/e2e/consent-state.ts).
    storageState: answeredConsentState(),
    trace: "off",
    launchOptions: launchOptions(),
  },
  projects: [
    // The specs whose tests run one after another (`mode: "serial"`) go first. Playwright hands out
    // the tests in the order of the projects, then of the files, so a chain of 20 s whose file sorts
    // late (team.spec.ts) started when most of the suite was done and ran on one core while the
    // other waited: in a CI run, 20 s at the end with the machine 40% idle.
    { name: "chromium-chains", use: { ...devices["Desktop Chrome"] }, testMatch: SERIAL_SPECS },
    {
      name: "chromium",
      use: { ...devices["Desktop Chrome"] },
      testIgnore: [/hydration-cost\.spec\.ts$/, SERIAL_SPECS],
    },
    // Hydration's longest task at 4x CPU is a timing: measured after every other spec has finished,
    // one test at a time, so the other worker's Chromium does not share the 2 cores with it (beside
    // another worker, /contact's measured 54-62 ms in a CI run, over its 50 ms line; alone, 6 of 6
    // runs passed).
    {
      name: "chromium-measured",
      // V8's garbage collector on the page's main thread alone, slowed with it (SERIAL_GC_FLAGS).
      use: { ...devices["Desktop Chrome"], launchOptions: launchOptions(SERIAL_GC_FLAGS) },
      testMatch: /hydration-cost\.spec\.ts$/,
      dependencies: ["chromium-chains", "chromium"],
      fullyParallel: false,
    },
  ],
  // The two preview servers (the site; the same over HTTPS and HTTP/2 with an unreachable newsletter
  // provider), started side by side by one process: scripts/e2e-servers.ts says why.
  webServer: {
    command: `node ${JSON.stringify(tsxCli)} scripts/e2e-servers.ts`,
    wait: { stdout: new RegExp(E2E_SERVERS_READY) },
    timeout: 90_000,
    env: { E2E_PORT: String(E2E_PORT), E2E_OUT: outDir },
  },
});
