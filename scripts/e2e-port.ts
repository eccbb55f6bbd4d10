import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { isRunning } from "../supabase/local/process.ts";
import { E2E_SERVERS } from "./e2e-origins.ts";

/**
 * The port `npm test` gives Playwright's preview servers (E2E_PORT, scripts/e2e-origins.ts). Two runs
 * at once on one machine (two clones, two contributors' checks) would otherwise both start their
 * servers on 4173: the second's refuse to start (--strictPort), and without that it would test the
 * first's build and database.
 */

/** Whether `port` on 127.0.0.1 is free to listen on now. */
function canListen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once("error", () => resolve(false));
    server.listen(port, "127.0.0.1", () => server.close(() => resolve(true)));
  });
}

/**
 * Claims `base` for this process with a lock file only one process can create, removed when this
 * process exits, and taken over when the process that left it has stopped. The ports themselves are
 * taken only when the servers start, seconds later: two runs that reach Playwright at the same moment
 * both see them free, and the lock is what tells them apart.
 */
function claim(lockDir: string, base: number): boolean {
  const lock = join(lockDir, `agency-site-e2e-${base}.lock`);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(lock, String(process.pid), { flag: "wx" });
      process.once("exit", () => rmSync(lock, { force: true }));
      return true;
    } catch {
      const holder = Number(readFileSync(lock, "utf8"));
      if (holder > 0 && isRunning(holder)) return false;
      rmSync(lock, { force: true });
    }
  }
  return false;
}

export interface PortSearch {
  /** The first port tried (4173, Vite's preview port) and the one after the last. */
  from?: number;
  to?: number;
  /** Where the claims are kept: the system's temporary folder, shared by every run on the machine. */
  lockDir?: string;
  /** Whether a port is free to listen on: by default, tried on 127.0.0.1. */
  isFree?: (port: number) => Promise<boolean>;
}

/** E2E_PORT when given; else the first port from `from` that no other run claimed and whose servers' ports are free. */
export async function e2ePort(
  env: Record<string, string | undefined>,
  { from = 4173, to = 4273, lockDir = tmpdir(), isFree = canListen }: PortSearch = {},
): Promise<string> {
  if (env.E2E_PORT) return env.E2E_PORT;
  const offsets = Object.values(E2E_SERVERS).map((server) => server.port - E2E_SERVERS.site.port);
  for (let base = from; base < to; base++) {
    const free = await Promise.all(offsets.map((offset) => isFree(base + offset)));
    if (free.every(Boolean) && claim(lockDir, base)) return String(base);
  }
  throw new Error(`No free ports for the preview servers from ${from} to ${to - 1}: set E2E_PORT.`);
}
