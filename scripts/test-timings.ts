/**
 * The slowest test files of a run, read from the reports of Vitest (tests/support/
 * file-timings-reporter.ts) and Playwright (`--reporter=json`), for the summary `npm test` prints (scripts/test.ts).
 *
 * A Vitest file's time is what it cost its worker: environment, setup, import, tests and hooks
 * (tests/support/file-timings-reporter.ts writes them). A Playwright file's time is the sum of its
 * tests' attempts, retries included: its tests run on several workers at once, so the sum is what
 * the file costs the run, not a stretch of the clock.
 */

import { join, relative } from "node:path";

export interface FileTiming {
  runner: "vitest" | "playwright";
  file: string;
  seconds: number;
  tests: number;
}

interface PlaywrightSuite {
  file?: unknown;
  specs?: { tests?: { results?: { duration?: unknown }[] }[] }[];
  suites?: PlaywrightSuite[];
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null;

/** The files of tests/support/file-timings-reporter.ts's report. */
export function vitestFiles(report: unknown): FileTiming[] {
  if (!isObject(report) || !Array.isArray(report.files)) return [];
  return (report.files as unknown[]).flatMap((entry) => {
    if (!isObject(entry)) return [];
    const { file, seconds, tests } = entry;
    if (typeof file !== "string" || typeof seconds !== "number" || typeof tests !== "number") return [];
    return [{ runner: "vitest" as const, file, seconds, tests }];
  });
}

/** Milliseconds and tests under one suite and its nested ones. */
function suiteTotals(suite: PlaywrightSuite): { ms: number; tests: number } {
  let ms = 0;
  let tests = 0;
  for (const spec of suite.specs ?? []) {
    for (const test of spec.tests ?? []) {
      tests += 1;
      for (const result of test.results ?? []) ms += typeof result.duration === "number" ? result.duration : 0;
    }
  }
  for (const child of suite.suites ?? []) {
    const totals = suiteTotals(child);
    ms += totals.ms;
    tests += totals.tests;
  }
  return { ms, tests };
}

/** Playwright's files, named from the working folder (the report gives them from its `config.rootDir`). */
export function playwrightFiles(report: unknown): FileTiming[] {
  if (!isObject(report) || !Array.isArray(report.suites)) return [];
  const rootDir = isObject(report.config) && typeof report.config.rootDir === "string" ? report.config.rootDir : "";
  const byFile = new Map<string, { ms: number; tests: number }>();
  for (const suite of report.suites as PlaywrightSuite[]) {
    if (typeof suite.file !== "string") continue;
    const totals = suiteTotals(suite);
    const kept = byFile.get(suite.file) ?? { ms: 0, tests: 0 };
    byFile.set(suite.file, { ms: kept.ms + totals.ms, tests: kept.tests + totals.tests });
  }
  return [...byFile].map(([file, totals]) => ({
    runner: "playwright" as const,
    file: relative(process.cwd(), join(rootDir, file)),
    seconds: totals.ms / 1000,
    tests: totals.tests,
  }));
}

/** The `count` slowest files of both reports, slowest first; a missing or unreadable report adds none. */
export function slowestFiles(vitestReport: unknown, playwrightReport: unknown, count: number): FileTiming[] {
  return [...vitestFiles(vitestReport), ...playwrightFiles(playwrightReport)]
    .sort((a, b) => b.seconds - a.seconds || a.file.localeCompare(b.file))
    .slice(0, count);
}
