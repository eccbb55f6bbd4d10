/**
 * The Chromium that Playwright drives, found or provisioned before `playwright test` runs
 * (`npm test` and `npm run test:e2e` call this file first; playwright.config.ts asks `findChromium`).
 *
 * Looked for in this order:
 * 1. `PLAYWRIGHT_CHROMIUM_EXECUTABLE` (must exist: a wrong path is an error, not a fallback);
 * 2. Playwright's own cached browser (`npx playwright install chromium`);
 * 3. `chromium-headless-shell`, `chromium`, `chromium-browser`, `google-chrome`, `google-chrome-stable`
 *    on PATH, then the usual macOS application bundles. The headless shell first: it is what
 *    Playwright itself runs for headless tests, the same engine without the full browser's per-tab
 *    services, and it costs the browser process less than half the CPU per page (measured here:
 *    199 against 477 ms a page load, the e2e suite 6.0 against 7.0 minutes on 2 cores).
 * When none is there, `provisionChromium` tries `playwright install chromium`; if that cannot
 * download and the machine is Debian or Ubuntu with root (or password-less sudo), `apt-get install
 * chromium-headless-shell` (Debian), or `chromium`; and only if all of that fails it stops with one
 * message that says what to run.
 *
 * Everything the lookup touches (environment, files, commands) comes in through `ChromiumHost`, so
 * the order is tested without changing the machine (tests/unit/chromium.test.ts).
 */
import { spawnSync } from "node:child_process";
import { accessSync, constants, existsSync, statSync } from "node:fs";
import { delimiter, join } from "node:path";
import { pathToFileURL } from "node:url";
import { chromium } from "@playwright/test";

/**
 * The flags of every headless Chromium the project starts (Playwright's and the Lighthouse bench's):
 * no sandbox (CI runs as root), no GPU, and none of the browser's own background traffic (updates,
 * sync, first-run pages), which would add requests and CPU time to what the run checks or measures.
 */
export const QUIET_CHROMIUM_FLAGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];

export const PATH_NAMES = [
  "chromium-headless-shell",
  "chromium",
  "chromium-browser",
  "google-chrome",
  "google-chrome-stable",
];
export const MAC_APPS = [
  "/Applications/Chromium.app/Contents/MacOS/Chromium",
  "/Applications/Google Chrome.app/Contents/MacOS/Google Chrome",
];

export interface ChromiumHost {
  env: Record<string, string | undefined>;
  platform: NodeJS.Platform;
  /** Whether `path` is an executable file. */
  isExecutable(path: string): boolean;
  /** Where Playwright keeps its own Chromium (whether or not it is there). */
  playwrightExecutable(): string | null;
  /** Runs a command, its output shown (or, when `quiet`, only the last line of a failure); whether it succeeded. */
  run(command: string, args: string[], quiet?: boolean): boolean;
  /** Debian or Ubuntu (apt-get present and /etc/debian_version). */
  isDebian(): boolean;
  /** The user is root. */
  isRoot(): boolean;
  /** `sudo` works without a password. */
  canSudo(): boolean;
  log(message: string): void;
}

export type Found = {
  path: string;
  via: "PLAYWRIGHT_CHROMIUM_EXECUTABLE" | "Playwright's cache" | "PATH" | "applications";
};

/** The first Chromium in the documented order, or null. Throws when the variable names a missing file. */
export function findChromium(host: ChromiumHost): Found | null {
  const fromEnv = host.env.PLAYWRIGHT_CHROMIUM_EXECUTABLE?.trim();
  if (fromEnv) {
    if (!host.isExecutable(fromEnv)) {
      throw new Error(
        `PLAYWRIGHT_CHROMIUM_EXECUTABLE is ${fromEnv}, which is not an executable file. Fix the path or unset it.`,
      );
    }
    return { path: fromEnv, via: "PLAYWRIGHT_CHROMIUM_EXECUTABLE" };
  }
  const cached = host.playwrightExecutable();
  if (cached && host.isExecutable(cached)) return { path: cached, via: "Playwright's cache" };

  const dirs = (host.env.PATH ?? "").split(delimiter).filter(Boolean);
  for (const name of PATH_NAMES) {
    for (const dir of dirs) {
      const candidate = join(dir, name);
      if (host.isExecutable(candidate)) return { path: candidate, via: "PATH" };
    }
  }
  if (host.platform === "darwin") {
    const app = MAC_APPS.find((path) => host.isExecutable(path));
    if (app) return { path: app, via: "applications" };
  }
  return null;
}

export const MISSING_MESSAGE = [
  "Playwright needs Chromium, and none was found or could be installed.",
  "Do one of these, then run the command again:",
  "  - Debian:  sudo apt-get install chromium-headless-shell   (Ubuntu: chromium-browser)",
  "  - any system with internet access:  npx playwright install chromium",
  "  - a Chrome or Chromium you already have:  export PLAYWRIGHT_CHROMIUM_EXECUTABLE=/path/to/chrome",
].join("\n");

/** Finds Chromium, installing it when it is missing; throws MISSING_MESSAGE when that fails. */
export function provisionChromium(host: ChromiumHost): Found {
  const found = findChromium(host);
  if (found) return found;

  host.log("No Chromium found for Playwright: trying `playwright install chromium`...");
  if (host.run("npx", ["--no-install", "playwright", "install", "chromium"], true)) {
    const installed = findChromium(host);
    if (installed) return installed;
  }

  if (host.platform === "linux" && host.isDebian() && (host.isRoot() || host.canSudo())) {
    host.log("Playwright could not download its browser: installing Debian's chromium with apt-get...");
    const sudo = host.isRoot() ? [] : ["sudo", "-n"];
    const aptEnv = ["env", "DEBIAN_FRONTEND=noninteractive"];
    const apt = (...args: string[]) => {
      const [command, ...rest] = [...sudo, ...aptEnv, "apt-get", ...args];
      return host.run(command!, rest);
    };
    // Debian packages the headless shell on its own; where it is missing, the full browser (Ubuntu
    // names it chromium-browser). fonts-dejavu-core gives pages a fallback font.
    if (
      apt("update", "-qq") &&
      (apt("install", "-y", "-qq", "--no-install-recommends", "chromium-headless-shell", "fonts-dejavu-core") ||
        apt("install", "-y", "-qq", "--no-install-recommends", "chromium", "fonts-dejavu-core") ||
        apt("install", "-y", "-qq", "chromium-browser"))
    ) {
      const installed = findChromium(host);
      if (installed) return installed;
    }
  }
  throw new Error(MISSING_MESSAGE);
}

function isExecutable(path: string): boolean {
  try {
    if (!statSync(path).isFile()) return false;
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** This machine. */
export function systemHost(): ChromiumHost {
  return {
    env: process.env,
    platform: process.platform,
    isExecutable,
    playwrightExecutable() {
      try {
        return chromium.executablePath();
      } catch {
        return null;
      }
    },
    run(command, args, quiet = false) {
      const result = spawnSync(command, args, {
        stdio: quiet ? "pipe" : "inherit",
        encoding: "utf8",
        timeout: 10 * 60_000,
      });
      if (quiet && result.status !== 0) {
        const lines = `${result.stderr ?? ""}${result.stdout ?? ""}`
          .split("\n")
          .map((line) => line.trim())
          .filter(Boolean);
        const reason = lines.find((line) => /^Error:/.test(line)) ?? lines.at(-1) ?? `exit ${result.status}`;
        console.log(`  ${command} ${args.join(" ")} failed: ${reason}`);
      }
      return result.status === 0;
    },
    isDebian: () => existsSync("/etc/debian_version") && spawnSync("sh", ["-c", "command -v apt-get"]).status === 0,
    isRoot: () => typeof process.getuid === "function" && process.getuid() === 0,
    canSudo: () => spawnSync("sudo", ["-n", "true"], { stdio: "ignore" }).status === 0,
    log: (message) => console.log(message),
  };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  try {
    const found = provisionChromium(systemHost());
    console.log(`Chromium for Playwright (${found.via}): ${found.path}`);
  } catch (error) {
    console.error(`\n${(error as Error).message}\n`);
    process.exit(1);
  }
}
