import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { e2ePort } from "../../scripts/e2e-port";

/** The HTTPS server's port is 20,000 above the site's (scripts/e2e-origins.ts). */
const HTTPS_OFFSET = 20_000;

let lockDir: string;
const held: Server[] = [];

/** Listens on `port` of 127.0.0.1, as another run's server would; whether it could. */
function hold(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once("error", () => resolve(false));
    server.listen(port, "127.0.0.1", () => {
      held.push(server);
      resolve(true);
    });
  });
}

/** A base port below 40,000 (its HTTPS port stays a valid port) where this test can hold the site's port. */
async function heldBase(): Promise<number> {
  for (;;) {
    const base = 10_000 + Math.floor(Math.random() * 30_000);
    if (await hold(base)) return base;
  }
}

beforeEach(() => {
  lockDir = mkdtempSync(join(tmpdir(), "e2e-port-"));
});

afterEach(async () => {
  await Promise.all(held.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
  rmSync(lockDir, { recursive: true, force: true });
});

describe("the preview servers' port for npm test's Playwright step", () => {
  it("is E2E_PORT when it is given, without looking further", async () => {
    expect(await e2ePort({ E2E_PORT: "4600" }, { lockDir })).toBe("4600");
    expect(existsSync(join(lockDir, "agency-site-e2e-4600.lock"))).toBe(false);
  });

  it("skips a port another server listens on, and a port whose HTTPS twin is taken", async () => {
    const base = await heldBase();
    const chosen = Number(await e2ePort({}, { from: base, to: base + 50, lockDir }));
    expect(chosen).toBeGreaterThan(base);

    // The first port above it whose HTTPS twin this test can hold (another process may hold one).
    let next = chosen + 1;
    while (!(await hold(next + HTTPS_OFFSET))) next++;
    const after = Number(await e2ePort({}, { from: next, to: next + 50, lockDir }));
    expect(after).toBeGreaterThan(next);
  });

  it("is never the same for two runs that ask at the same moment, each claiming its own", async () => {
    const base = await heldBase();
    const [first, second] = await Promise.all([
      e2ePort({}, { from: base + 1, to: base + 50, lockDir }),
      e2ePort({}, { from: base + 1, to: base + 50, lockDir }),
    ]);
    expect(first).not.toBe(second);
    for (const port of [first, second])
      expect(readFileSync(join(lockDir, `agency-site-e2e-${port}.lock`), "utf8")).toBe(String(process.pid));
  });

  it("takes over a claim left by a run that has stopped, and not one of a run still going", async () => {
    // The claims alone: every port counts as free. A real port 20,000 above a test's base can be in
    // the range the system hands out to outgoing connections, held for a moment by any process.
    const allFree = async () => true;
    const stopped = spawnSync(process.execPath, ["-e", "console.log(process.pid)"], { encoding: "utf8" });
    const stoppedPid = Number(stopped.stdout.trim());
    expect(stoppedPid).toBeGreaterThan(0);
    writeFileSync(join(lockDir, "agency-site-e2e-5000.lock"), String(stoppedPid));
    writeFileSync(join(lockDir, "agency-site-e2e-5001.lock"), String(process.ppid));
    expect(await e2ePort({}, { from: 5000, to: 5010, lockDir, isFree: allFree })).toBe("5000");
    expect(readFileSync(join(lockDir, "agency-site-e2e-5000.lock"), "utf8")).toBe(String(process.pid));
    expect(await e2ePort({}, { from: 5001, to: 5010, lockDir, isFree: allFree })).toBe("5002");
  });

  it("says to set E2E_PORT when every port in the range is taken", async () => {
    const base = await heldBase();
    await expect(e2ePort({}, { from: base, to: base + 1, lockDir })).rejects.toThrow(/set E2E_PORT/);
  });
});
