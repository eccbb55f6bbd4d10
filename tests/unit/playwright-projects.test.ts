import { describe, expect, it } from "vitest";
import config from "../../playwright.config";

/**
 * The project that times the page's main thread at a phone's slowdown (tests/e2e/hydration-cost.spec.ts)
 * runs V8's collections on that thread, slowed with it; the other projects keep Chromium's own.
 */
describe("the Playwright projects", () => {
  const serialGc = "--js-flags=--single-threaded-gc";
  const measured = config.projects?.find((project) => project.name === "chromium-measured");

  it("run the measured spec with the collections on the main thread", () => {
    expect(measured?.testMatch).toEqual(/hydration-cost\.spec\.ts$/);
    expect(measured?.use?.launchOptions?.args).toContain(serialGc);
  });

  it("launch the same browser with the same flags otherwise", () => {
    const shared = config.use?.launchOptions;
    expect(shared?.args).not.toContain(serialGc);
    expect(measured?.use?.launchOptions?.args?.filter((flag) => flag !== serialGc)).toEqual(shared?.args);
    expect(measured?.use?.launchOptions?.executablePath).toBe(shared?.executablePath);
  });
});
