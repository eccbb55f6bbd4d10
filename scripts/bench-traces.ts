/**
 * `npm run bench -- --traces <dir>` (scripts/bench.ts): each Lighthouse run's trace kept in a folder,
 * with the page's URL and the run's recorded TBT, for reading where a run's figures came from (the
 * traces are how the bench's renderers left off the real-time policy were found: docs/performance.md,
 * "The renderers the sweep missed").
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";

/** What one file holds: the run's page, its recorded TBT and the trace Lighthouse gathered. */
export interface KeptTrace {
  url: string;
  tbtMs: number | undefined;
  traceEvents: unknown[];
}

/** A run's file name from its label and time: "/ (no-script copy)" → "home-no-script-copy-<time>.json". */
export function traceFileName(label: string, at: number): string {
  const name = label
    .replace(/^\/(?= |$)/, "home")
    .replace(/[^a-z0-9]+/gi, "-")
    .replace(/^-|-$/g, "");
  return `${name}-${at}.json`;
}

/** Writes the run's trace into `dir` (made if missing) and returns the file's path. */
export function keepTrace(dir: string, label: string, trace: KeptTrace, at = Date.now()): string {
  mkdirSync(dir, { recursive: true });
  const file = join(dir, traceFileName(label, at));
  writeFileSync(file, JSON.stringify(trace));
  return file;
}
