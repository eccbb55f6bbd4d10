import { readdirSync, readFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import { join } from "node:path";
import { defineConfig } from "vitest/config";
import react from "@vitejs/plugin-react";

/**
 * Two kinds of test, chosen by place and by suffix: components and pages run in jsdom; the functions
 * (api/, src/server/), the local Supabase, the database suites (supabase/tests/) and the build checks
 * run in Node, and so does any `*.db.test.ts`, a database test that sits beside the module it tests.
 *
 * Each kind is two projects. A file that changes what outlives it in its worker and no setup file
 * undoes (module mocks, fresh module instances, assigned globals or variables), or that imports a
 * module during a test to see it load, or that says `@vitest-isolate` in a comment (STATEFUL below),
 * runs isolated, in a worker of its own with fresh modules and a fresh environment ("dom", "node").
 * Every other file runs in a shared worker that keeps its modules and its jsdom from one file to the
 * next ("dom-shared", "node-shared"): the import of React, supabase-js, PGlite and jsdom is paid once
 * per worker instead of once per file, which halves the DOM files' time. What a shared file could
 * still leave behind in the document (nodes, listeners on window and document, storage, cookies, the
 * address), and the spies, stubs and fake timers of either kind, the setup files clear after each file.
 */
/**
 * A file's spies, stubbed globals and variables and fake timers are undone after it by its kind's
 * setup file (tests/setup-dom.ts, tests/setup-node.ts), so those alone do not keep it out of the
 * shared worker (which saves it its own import of React, supabase-js, PGlite and jsdom); module mocks
 * and fresh module instances still do.
 */
const STATEFUL = new RegExp(
  [
    String.raw`\bvi\.(mock|doMock|unmock|resetModules)\(`,
    // A module loaded during a test: the test may see it before and after it loads, which holds only
    // in a worker that has not loaded it yet.
    String.raw`\bawait import\(`,
    String.raw`process\.env\.\w+\s*=[^=]`,
    String.raw`process\.env\[[^\]]+\]\s*=[^=]`,
    String.raw`delete process\.env`,
    // An assignment as a statement, at the start of its line: not the same text inside a string (a
    // hostile payload such as "<script>window.hacked = 1</script>" that a test sends as data).
    String.raw`^\s*(globalThis|window)\.\w+\s*=[^=]`,
    String.raw`Object\.(assign|defineProperty)\((window|globalThis|navigator|document)\b`,
    // What no pattern sees (a module's own state a test relies on), said in the file.
    String.raw`@vitest-isolate\b`,
  ].join("|"),
  "m",
);

const DOM_INCLUDE = ["src/**/*.test.{ts,tsx}"];
const DOM_EXCLUDE = ["src/server/**", "**/*.db.test.ts"];
const NODE_INCLUDE = [
  "api/**/*.test.ts",
  "src/server/**/*.test.ts",
  "supabase/local/**/*.test.ts",
  "supabase/tests/**/*.test.ts",
  "src/**/*.db.test.ts",
  "tests/unit/**/*.test.ts",
];

/** The test files under the suites' folders whose text matches STATEFUL, as paths from the root. */
function statefulFiles(): string[] {
  const root = import.meta.dirname;
  return ["api", "src", "supabase", "tests/unit"].flatMap((folder) =>
    readdirSync(join(root, folder), { recursive: true, encoding: "utf8" })
      .filter((path) => /\.test\.tsx?$/.test(path) && !path.includes("node_modules"))
      .map((path) => `${folder}/${path.split("\\").join("/")}`)
      .filter((path) => STATEFUL.test(readFileSync(join(root, path), "utf8"))),
  );
}

const stateful = statefulFiles();

/** A test file of the Node kind (NODE_INCLUDE); the rest under src/ are the DOM kind. */
function isNodeFile(path: string): boolean {
  return !path.startsWith("src/") || path.startsWith("src/server/") || path.endsWith(".db.test.ts");
}

const DOM = { environment: "jsdom", setupFiles: ["./tests/setup-dom.ts"], css: false };
/**
 * The admin's charts draw with Chart.js on a canvas, which jsdom does not have: in the DOM kind they
 * are the empty chart of tests/support/no-canvas-chart.tsx, and the figures are tested in the table
 * each chart has beside it (Playwright draws the real ones). Set here rather than by a module mock in
 * each file, which would keep those files out of the shared worker.
 */
const DOM_RESOLVE = {
  alias: [
    {
      find: /^\.\/(LeadsChart|TrafficChart|SpendChart)$/,
      replacement: join(import.meta.dirname, "tests/support/no-canvas-chart.tsx"),
    },
  ],
};
const NODE = { environment: "node", setupFiles: ["./tests/setup-node.ts"], testTimeout: 30_000, hookTimeout: 60_000 };

export default defineConfig({
  plugins: [react()],
  test: {
    // The migrated database the suites boot from, built once before them (tests/global-setup.ts).
    globalSetup: ["./tests/global-setup.ts"],
    // Worker threads, not child processes: a file's worker starts without a Node process of its own
    // and its own copy of Node's startup. Each thread still has its own modules, globals and
    // process.env, so an isolated file is as isolated as in a process. Measured on the 2 cores, whole
    // runs alone, one after another: child processes (each with a 64 MB young generation,
    // scripts/node-flags.ts) 137.9 and 127.7 s (266 and 248 CPU-s); threads 112.5 and 113.0 s (215
    // and 217 CPU-s); threads with that young generation, which worker threads can only take from
    // the whole process, 123.7 s.
    pool: "threads",
    // One more worker than the cores, as Playwright has (playwright.config.ts): the suites wait on
    // their local servers and timers often enough that one per core left the 2 cores 11% idle.
    maxWorkers: Number(process.env.VITEST_MAX_WORKERS) || availableParallelism() + 1,
    projects: [
      {
        extends: true,
        resolve: DOM_RESOLVE,
        test: {
          name: "dom",
          include: stateful.filter((file) => !isNodeFile(file)),
          exclude: DOM_EXCLUDE,
          ...DOM,
          isolate: true,
        },
      },
      {
        extends: true,
        resolve: DOM_RESOLVE,
        test: {
          name: "dom-shared",
          include: DOM_INCLUDE,
          exclude: [...DOM_EXCLUDE, ...stateful],
          ...DOM,
          isolate: false,
        },
      },
      {
        extends: true,
        test: { name: "node", include: stateful.filter(isNodeFile), ...NODE, isolate: true },
      },
      {
        extends: true,
        test: { name: "node-shared", include: NODE_INCLUDE, exclude: stateful, ...NODE, isolate: false },
      },
    ],
  },
});
