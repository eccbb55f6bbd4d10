import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { playwrightFiles, slowestFiles, vitestFiles } from "../../scripts/test-timings";

/** A Playwright JSON report's shape: a suite per file, describes nested, a result per attempt. */
const playwrightReport = {
  config: { rootDir: join(process.cwd(), "tests", "e2e") },
  suites: [
    {
      title: "a11y.spec.ts",
      file: "a11y.spec.ts",
      specs: [{ tests: [{ results: [{ duration: 4000 }] }] }],
      suites: [
        {
          title: "at 390 px",
          file: "a11y.spec.ts",
          specs: [
            // Failed once, passed on the retry: both attempts cost the run.
            { tests: [{ results: [{ duration: 3000 }, { duration: 2500 }] }] },
            { tests: [{ results: [{ duration: 500 }] }] },
          ],
        },
      ],
    },
    { title: "home.spec.ts", file: "home.spec.ts", specs: [{ tests: [{ results: [{ duration: 1200 }] }] }] },
    // The same file again, as a second project lists it.
    { title: "home.spec.ts", file: "home.spec.ts", specs: [{ tests: [{ results: [{ duration: 800 }] }] }] },
  ],
};

const vitestReport = {
  files: [
    { file: "src/lib/format.test.ts", seconds: 0.4, tests: 12 },
    { file: "supabase/tests/calls.test.ts", seconds: 9.5, tests: 33 },
    { file: 7, seconds: "no", tests: 1 },
  ],
};

describe("the slowest test files", () => {
  it("sums a Playwright file's attempts over its nested suites and projects", () => {
    expect(playwrightFiles(playwrightReport)).toEqual([
      { runner: "playwright", file: "tests/e2e/a11y.spec.ts", seconds: 10, tests: 3 },
      { runner: "playwright", file: "tests/e2e/home.spec.ts", seconds: 2, tests: 2 },
    ]);
  });

  it("keeps the Vitest files that are well formed", () => {
    expect(vitestFiles(vitestReport).map((file) => file.file)).toEqual([
      "src/lib/format.test.ts",
      "supabase/tests/calls.test.ts",
    ]);
  });

  it("lists both runners' files slowest first, as many as asked", () => {
    expect(slowestFiles(vitestReport, playwrightReport, 3).map((file) => [file.file, file.seconds])).toEqual([
      ["tests/e2e/a11y.spec.ts", 10],
      ["supabase/tests/calls.test.ts", 9.5],
      ["tests/e2e/home.spec.ts", 2],
    ]);
  });

  it("lists nothing from a report that is missing or not a report", () => {
    expect(slowestFiles(null, undefined, 10)).toEqual([]);
    expect(slowestFiles({ files: "x" }, { suites: {} }, 10)).toEqual([]);
    expect(slowestFiles(vitestReport, null, 10)).toHaveLength(2);
  });
});
