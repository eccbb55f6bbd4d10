/**
 * scripts/chromium.ts: the order in which `npm test` looks for Chromium, and what it tries when
 * there is none, against a pretend machine whose files and commands the test decides.
 */
import { describe, expect, it } from "vitest";
import { findChromium, MISSING_MESSAGE, provisionChromium, type ChromiumHost } from "../../scripts/chromium";

interface Machine {
  files?: string[];
  env?: Record<string, string>;
  platform?: NodeJS.Platform;
  cache?: string;
  debian?: boolean;
  root?: boolean;
  sudo?: boolean;
  /** What a command puts on disk when it runs (and whether it succeeds). */
  commands?: Record<string, { ok: boolean; adds?: string[] }>;
}

function host(machine: Machine): ChromiumHost & { ran: string[]; logs: string[] } {
  const files = new Set(machine.files ?? []);
  const ran: string[] = [];
  const logs: string[] = [];
  return {
    ran,
    logs,
    env: { PATH: "/usr/local/bin:/usr/bin", ...machine.env },
    platform: machine.platform ?? "linux",
    isExecutable: (path) => files.has(path),
    playwrightExecutable: () => machine.cache ?? "/home/dev/.cache/ms-playwright/chromium-1255/chrome-linux64/chrome",
    run(command, args) {
      const line = [command, ...args].join(" ");
      ran.push(line);
      const key = Object.keys(machine.commands ?? {}).find((prefix) => line.includes(prefix));
      const outcome = key ? machine.commands![key]! : { ok: false };
      for (const file of outcome.adds ?? []) files.add(file);
      return outcome.ok;
    },
    isDebian: () => machine.debian ?? false,
    isRoot: () => machine.root ?? false,
    canSudo: () => machine.sudo ?? false,
    log: (message) => logs.push(message),
  };
}

const CACHE = "/home/dev/.cache/ms-playwright/chromium-1255/chrome-linux64/chrome";

describe("findChromium", () => {
  it("takes PLAYWRIGHT_CHROMIUM_EXECUTABLE first, over everything else", () => {
    const found = findChromium(
      host({
        env: { PLAYWRIGHT_CHROMIUM_EXECUTABLE: "/opt/chrome/chrome" },
        files: ["/opt/chrome/chrome", CACHE, "/usr/bin/chromium"],
      }),
    );
    expect(found).toEqual({ path: "/opt/chrome/chrome", via: "PLAYWRIGHT_CHROMIUM_EXECUTABLE" });
  });

  it("refuses a PLAYWRIGHT_CHROMIUM_EXECUTABLE that does not exist instead of silently using another browser", () => {
    expect(() =>
      findChromium(host({ env: { PLAYWRIGHT_CHROMIUM_EXECUTABLE: "/nope/chrome" }, files: ["/usr/bin/chromium"] })),
    ).toThrow(/PLAYWRIGHT_CHROMIUM_EXECUTABLE is \/nope\/chrome, which is not an executable file/);
  });

  it("then Playwright's own cached browser, before anything on PATH", () => {
    expect(findChromium(host({ files: [CACHE, "/usr/bin/chromium"] }))).toEqual({
      path: CACHE,
      via: "Playwright's cache",
    });
  });

  it("then chromium-headless-shell, chromium, chromium-browser, google-chrome on PATH, in that order of names", () => {
    expect(
      findChromium(
        host({ files: ["/usr/bin/chromium", "/usr/local/bin/chromium", "/usr/bin/chromium-headless-shell"] }),
      ),
    ).toEqual({ path: "/usr/bin/chromium-headless-shell", via: "PATH" });
    expect(findChromium(host({ files: ["/usr/bin/google-chrome", "/usr/local/bin/chromium-browser"] }))).toEqual({
      path: "/usr/local/bin/chromium-browser",
      via: "PATH",
    });
    expect(findChromium(host({ files: ["/usr/bin/google-chrome", "/usr/bin/chromium"] }))).toEqual({
      path: "/usr/bin/chromium",
      via: "PATH",
    });
    expect(findChromium(host({ files: ["/usr/bin/google-chrome"] }))).toEqual({
      path: "/usr/bin/google-chrome",
      via: "PATH",
    });
    expect(findChromium(host({ files: ["/usr/bin/google-chrome"], env: { PATH: "/usr/local/bin" } }))).toBeNull();
  });

  it("on macOS, then the Chrome or Chromium application", () => {
    const chrome = "/Applications/Google Chrome.app/Contents/MacOS/Google Chrome";
    expect(findChromium(host({ platform: "darwin", files: [chrome] }))).toEqual({ path: chrome, via: "applications" });
    expect(findChromium(host({ platform: "linux", files: [chrome] }))).toBeNull();
  });
});

describe("provisionChromium", () => {
  it("installs nothing when a browser is there", () => {
    const machine = host({ files: ["/usr/bin/chromium"] });
    expect(provisionChromium(machine).path).toBe("/usr/bin/chromium");
    expect(machine.ran).toEqual([]);
  });

  it("tries `playwright install chromium` first, and uses what it downloaded", () => {
    const machine = host({
      debian: true,
      root: true,
      commands: { "playwright install chromium": { ok: true, adds: [CACHE] } },
    });
    expect(provisionChromium(machine)).toEqual({ path: CACHE, via: "Playwright's cache" });
    expect(machine.ran).toEqual(["npx --no-install playwright install chromium"]);
  });

  it("when the download fails on Debian as root, installs Debian's chromium-headless-shell with apt-get", () => {
    const machine = host({
      debian: true,
      root: true,
      commands: {
        "apt-get update": { ok: true },
        "--no-install-recommends chromium-headless-shell": { ok: true, adds: ["/usr/bin/chromium-headless-shell"] },
      },
    });
    expect(provisionChromium(machine)).toEqual({ path: "/usr/bin/chromium-headless-shell", via: "PATH" });
    expect(machine.ran).toEqual([
      "npx --no-install playwright install chromium",
      "env DEBIAN_FRONTEND=noninteractive apt-get update -qq",
      "env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends chromium-headless-shell fonts-dejavu-core",
    ]);
  });

  it("installs the full chromium where apt has no headless shell", () => {
    const machine = host({
      debian: true,
      root: true,
      commands: {
        "apt-get update": { ok: true },
        "--no-install-recommends chromium fonts-dejavu-core": { ok: true, adds: ["/usr/bin/chromium"] },
      },
    });
    expect(provisionChromium(machine)).toEqual({ path: "/usr/bin/chromium", via: "PATH" });
    expect(machine.ran.slice(2)).toEqual([
      "env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends chromium-headless-shell fonts-dejavu-core",
      "env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends chromium fonts-dejavu-core",
    ]);
  });

  it("uses password-less sudo when not root, and Ubuntu's chromium-browser when there is no chromium package", () => {
    const machine = host({
      debian: true,
      sudo: true,
      commands: {
        "apt-get update": { ok: true },
        "install -y -qq chromium-browser": { ok: true, adds: ["/usr/bin/chromium-browser"] },
      },
    });
    expect(provisionChromium(machine).path).toBe("/usr/bin/chromium-browser");
    expect(machine.ran.slice(1)).toEqual([
      "sudo -n env DEBIAN_FRONTEND=noninteractive apt-get update -qq",
      "sudo -n env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends chromium-headless-shell fonts-dejavu-core",
      "sudo -n env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends chromium fonts-dejavu-core",
      "sudo -n env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium-browser",
    ]);
  });

  it("does not try apt-get without root or sudo, or off Debian, and then says exactly what to run", () => {
    for (const machine of [
      host({ debian: true }),
      host({ debian: false, root: true }),
      host({ platform: "darwin", debian: true, root: true }),
    ]) {
      expect(() => provisionChromium(machine)).toThrow(MISSING_MESSAGE);
      expect(machine.ran).toEqual(["npx --no-install playwright install chromium"]);
    }
    expect(MISSING_MESSAGE).toContain("sudo apt-get install chromium");
    expect(MISSING_MESSAGE).toContain("npx playwright install chromium");
    expect(MISSING_MESSAGE).toContain("PLAYWRIGHT_CHROMIUM_EXECUTABLE=");
  });

  it("stops with the message when apt-get fails too", () => {
    const machine = host({ debian: true, root: true, commands: { "apt-get update": { ok: true } } });
    expect(() => provisionChromium(machine)).toThrow(MISSING_MESSAGE);
    expect(machine.ran).toHaveLength(5);
  });
});
