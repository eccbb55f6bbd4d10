/**
 * The phone `npm run bench` emulates: Chrome's low-tier mobile preset, a phone whose Lighthouse
 * benchmark index is about 264 (the Moto G4 Power class many of the agency's visitors carry). A fixed
 * 4x slowdown emulates a phone that depends on the machine (a 2-core machine here measures an index
 * of 1,000 to 1,900 from run to run), so the slowdown is set from the machine's own index at the
 * start of a run: index ÷ 264, about 4x here and more on a faster machine.
 *
 * The index is Lighthouse's own benchmark (computeBenchmarkIndex, the function Lighthouse runs in the
 * page before each audit and reports as `environment.benchmarkIndex`), run in the benchmark's Chromium.
 */
import type { Page } from "@playwright/test";
import { pageFunctions } from "lighthouse/core/lib/page-functions.js";

/** The benchmark index of the phone emulated: Chrome's low-tier mobile. */
export const LOW_TIER_BENCHMARK_INDEX = 264;

/** The benchmark index of a mid-range phone (a Pixel 5): what tests/e2e/hydration-cost.spec.ts emulates. */
export const MID_RANGE_BENCHMARK_INDEX = 1000;

/**
 * The CPU slowdown that makes a machine of `benchmarkIndex` run as a phone of `phoneIndex` (the
 * low-tier one unless said), to a tenth; never below 1.
 */
export function slowdownFor(benchmarkIndex: number, phoneIndex = LOW_TIER_BENCHMARK_INDEX): number {
  if (!Number.isFinite(benchmarkIndex) || benchmarkIndex <= 0)
    throw new Error(`Not a benchmark index: ${benchmarkIndex}`);
  return Math.max(1, Math.round((benchmarkIndex / phoneIndex) * 10) / 10);
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

export interface Calibration {
  /** The machine's benchmark index, the median of `samples`. */
  benchmarkIndex: number;
  samples: number[];
  /** The slowdown that emulates the low-tier phone on it. */
  slowdown: number;
}

/**
 * Measures the machine's index in `page` (unthrottled), `runs` times (about a second each), after a
 * run that is not counted: a page's first run read 15-25% above its next ones (2,858-3,081 against
 * 2,220-2,573 in five pages on the 2-core machine, 2026-12-05), which moved the median of five by up
 * to 3%.
 */
export async function calibrate(page: Page, runs = 5): Promise<Calibration> {
  await page.evaluate(pageFunctions.computeBenchmarkIndex);
  const samples: number[] = [];
  for (let run = 0; run < runs; run += 1) samples.push(await page.evaluate(pageFunctions.computeBenchmarkIndex));
  const benchmarkIndex = median(samples);
  return { benchmarkIndex, samples, slowdown: slowdownFor(benchmarkIndex) };
}

/** "benchmark index 1,234 (samples 1,210, 1,234, 1,260) → 4.7x CPU slowdown, Chrome's low-tier phone (index 264)". */
export function describeCalibration(calibration: Calibration): string {
  const number = (value: number) => Math.round(value).toLocaleString("en-GB");
  return `benchmark index ${number(calibration.benchmarkIndex)} (samples ${calibration.samples.map(number).join(", ")}) → ${calibration.slowdown}x CPU slowdown, Chrome's low-tier phone (index ${LOW_TIER_BENCHMARK_INDEX})`;
}
