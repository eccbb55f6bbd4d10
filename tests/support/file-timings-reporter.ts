import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, relative } from "node:path";
import type { Reporter, TestModule } from "vitest/node";

/**
 * A Vitest reporter that writes, per test file, the seconds it cost its worker: the environment,
 * the setup files, the import of the file, then its tests and hooks (a suite's database boot is in
 * its `beforeAll`). Vitest's JSON report has only the span of the tests, which leaves the boots out.
 * `npm test` (scripts/test.ts) reads the file to print the slowest ones; the path is the option
 * `outputFile`, given on the command line as `--reporter=./tests/support/file-timings-reporter.ts`
 * with VITEST_FILE_TIMINGS set to it.
 */
export default class FileTimingsReporter implements Reporter {
  private readonly files: { file: string; seconds: number; tests: number }[] = [];

  onTestModuleEnd(module: TestModule): void {
    const diagnostic = module.diagnostic();
    const ms =
      diagnostic.environmentSetupDuration +
      diagnostic.prepareDuration +
      diagnostic.setupDuration +
      diagnostic.collectDuration +
      diagnostic.duration;
    this.files.push({
      file: relative(process.cwd(), module.moduleId),
      seconds: Math.round(ms) / 1000,
      tests: [...module.children.allTests()].length,
    });
  }

  onTestRunEnd(): void {
    const target = process.env.VITEST_FILE_TIMINGS;
    if (!target) return;
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, JSON.stringify({ files: this.files }, null, 1));
  }
}
