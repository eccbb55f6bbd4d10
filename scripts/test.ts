/**
 * `npm test`: every check, in the order that lets most of them share the machine's cores, then how
 * long each took and the ten slowest test files.
 *
 *   1. Chromium for Playwright, found or installed (scripts/chromium.ts).
 *   2. Side by side: ESLint, and beside it the build, the type check, Prettier and knip. None reads
 *      what another writes. A step's output is shown when it fails.
 *   3. Vitest, then Playwright, each with the whole machine (their own workers fill the cores).
 *
 * A failed step stops the run once the steps beside it have ended (all their errors are shown at
 * once); the summary still prints. The reports the slowest-files list is read from are written to
 * .cache/test-report/ (git-ignored).
 */
import { spawn } from "node:child_process";
import { mkdirSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { e2ePort } from "./e2e-port.ts";
import { YOUNG_GENERATION } from "./node-flags.ts";
import { slowestFiles, type FileTiming } from "./test-timings.ts";

const root = fileURLToPath(new URL("..", import.meta.url));
const reportDir = join(root, ".cache", "test-report");
const vitestReport = join(reportDir, "vitest.json");
const playwrightReport = join(reportDir, "playwright.json");

interface Step {
  name: string;
  command: string;
  args: string[];
  env?: Record<string, string>;
}

interface Outcome {
  name: string;
  seconds: number;
  ok: boolean;
}

const bin = (name: string) => join(root, "node_modules", ".bin", name);
const node = (script: string, ...args: string[]): Pick<Step, "command" | "args"> => ({
  command: process.execPath,
  args: [join(root, script), ...args],
});

const CHROMIUM: Step = { name: "chromium", command: bin("tsx"), args: ["scripts/chromium.ts"] };

/**
 * Two lanes, one per core: ESLint alone (its typed rules build TypeScript 5's programs and keep a core
 * and a half busy for about a minute), and the rest one after another beside it, which together take
 * about as long. All five at once finished later: each slowed the others more than it gained.
 */
const CHECK_LANES: Step[][] = [
  [
    {
      name: "eslint",
      // With a young generation of 64 MB (scripts/node-flags.ts): 72-76 CPU-s against 79-80.
      command: process.execPath,
      args: [YOUNG_GENERATION, join(root, "node_modules/eslint/bin/eslint.js"), "--max-warnings", "0", "."],
    },
  ],
  [
    { name: "build", command: "npm", args: ["run", "--silent", "build"] },
    // TypeScript 7's compiler (native): the same `tsc -b` over the same tsconfigs, in a third of the time.
    // On one thread: its parallel checkers each build their own types, which costs CPU that ESLint's
    // lane beside it needs. Alone, `tsc -b --force` twice each: 13.0-13.1 s and 25 CPU-s with the
    // checkers, 14.1-14.3 s and 16.4-16.7 CPU-s on one thread.
    { name: "typecheck", ...node("node_modules/typescript-7/bin/tsc", "-b", "--singleThreaded") },
    { name: "prettier", command: bin("prettier"), args: ["--check", "--log-level", "warn", "."] },
    { name: "knip", command: bin("knip"), args: [] },
  ],
];

const VITEST: Step = {
  name: "vitest",
  command: bin("vitest"),
  args: ["run", "--reporter=default", "--reporter=./tests/support/file-timings-reporter.ts"],
  env: { VITEST_FILE_TIMINGS: vitestReport },
};

const PLAYWRIGHT: Step = {
  name: "playwright",
  command: bin("playwright"),
  args: ["test", "--reporter=list,json"],
  env: { PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightReport },
};

function seconds(since: number): number {
  return (performance.now() - since) / 1000;
}

/** Runs one step; `live` streams its output, otherwise it is kept and printed when the step ends. */
function run(step: Step, live: boolean): Promise<Outcome> {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn(step.command, step.args, {
      cwd: root,
      env: { ...process.env, ...step.env, ...(live ? {} : { FORCE_COLOR: process.stdout.isTTY ? "1" : "0" }) },
      stdio: live ? "inherit" : ["ignore", "pipe", "pipe"],
    });
    const chunks: Buffer[] = [];
    child.stdout?.on("data", (chunk: Buffer) => chunks.push(chunk));
    child.stderr?.on("data", (chunk: Buffer) => chunks.push(chunk));
    const finish = (ok: boolean, note = "") => {
      const outcome = { name: step.name, seconds: seconds(started), ok };
      console.log(`\n▶ ${step.name} ${ok ? "passed" : "FAILED"} in ${outcome.seconds.toFixed(1)} s${note}`);
      // A kept output is shown when the step failed: a passing check's output is its list of files.
      const output = Buffer.concat(chunks).toString("utf8").trimEnd();
      if (!ok && output) console.log(output);
      resolve(outcome);
    };
    child.on("error", (error) => finish(false, ` (${error.message})`));
    child.on("close", (code, signal) => finish(code === 0, code === 0 ? "" : ` (${signal ?? `exit ${code}`})`));
  });
}

function readJson(path: string): unknown {
  try {
    return JSON.parse(readFileSync(path, "utf8"));
  } catch {
    return null;
  }
}

function printSummary(outcomes: Outcome[], total: number) {
  console.log("\nnpm test: time per step");
  for (const outcome of outcomes) {
    console.log(`  ${outcome.ok ? "✓" : "✗"} ${outcome.name.padEnd(12)} ${outcome.seconds.toFixed(1).padStart(6)} s`);
  }
  console.log(`  = in all       ${total.toFixed(1).padStart(6)} s`);
  const files: FileTiming[] = slowestFiles(readJson(vitestReport), readJson(playwrightReport), 10);
  if (files.length === 0) return;
  console.log("\nThe ten slowest test files (time spent in their tests)");
  for (const file of files) {
    console.log(
      `  ${file.seconds.toFixed(1).padStart(6)} s  ${file.runner.padEnd(10)} ${file.file} (${file.tests} tests)`,
    );
  }
}

async function main(): Promise<number> {
  const started = performance.now();
  rmSync(reportDir, { recursive: true, force: true });
  mkdirSync(reportDir, { recursive: true });
  const outcomes: Outcome[] = [];
  // Each stage is lanes run side by side, a lane's steps one after another; every check runs even
  // when one before it failed, so that all their findings show at once.
  const stages: { lanes: Step[][]; live: boolean }[] = [
    { lanes: [[CHROMIUM]], live: true },
    { lanes: CHECK_LANES, live: false },
    { lanes: [[VITEST]], live: true },
    { lanes: [[PLAYWRIGHT]], live: true },
  ];
  let ok = true;
  for (const stage of stages) {
    if (stage.lanes.length > 1)
      console.log(
        `\n▶ side by side: ${stage.lanes.map((lane) => lane.map((step) => step.name).join(" → ")).join(" | ")}`,
      );
    const lanes = await Promise.all(
      stage.lanes.map(async (lane) => {
        const done: Outcome[] = [];
        for (const step of lane) {
          // Chosen as Playwright starts, not at the start of the run: another run may take a port meanwhile.
          const env = step === PLAYWRIGHT ? { ...step.env, E2E_PORT: await e2ePort(process.env) } : step.env;
          done.push(await run({ ...step, env }, stage.live));
        }
        return done;
      }),
    );
    const results = lanes.flat();
    outcomes.push(...results);
    if (results.some((result) => !result.ok)) {
      ok = false;
      break;
    }
  }
  printSummary(outcomes, seconds(started));
  return ok ? 0 : 1;
}

process.exitCode = await main();
