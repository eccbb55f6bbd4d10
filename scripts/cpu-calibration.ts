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
import type { CDPSession, Page } from "@playwright/test";
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
export function describeCalibration(calibration: Calibration | PhoneCalibration): string {
  const number = (value: number) => Math.round(value).toLocaleString("en-GB");
  const ranAs =
    "indexAtSlowdown" in calibration
      ? `, where a page ran as a phone of index ${number(calibration.indexAtSlowdown)}`
      : "";
  return `benchmark index ${number(calibration.benchmarkIndex)} (samples ${calibration.samples.map(number).join(", ")}) → ${calibration.slowdown}x CPU slowdown${ranAs}, Chrome's low-tier phone (index ${LOW_TIER_BENCHMARK_INDEX})`;
}

/**
 * The DevTools session that holds each page's slowdown: an emulation lasts as long as the session that
 * asked for it, so the session is kept open for the page's life.
 */
const slowdownSessions = new WeakMap<Page, Promise<CDPSession>>();

/** Slows `page`'s CPU `rate` times (Chromium's own slowdown, through the DevTools protocol); 1 is full speed. */
export async function setSlowdown(page: Page, rate: number): Promise<void> {
  let session = slowdownSessions.get(page);
  if (!session) {
    session = page.context().newCDPSession(page);
    slowdownSessions.set(page, session);
  }
  await (await session).send("Emulation.setCPUThrottlingRate", { rate });
}

/**
 * The phone as the page meets it: the benchmark index `page` measures at the slowdown it has now, the
 * median of `runs` (about a second each at the low-tier phone).
 *
 * The rate is not the phone. Chromium slows a page by holding its main thread busy from a thread of
 * its own, 200 µs at a time; when the machine's cores are busy that thread wakes late and the page
 * runs slower than the rate says. Measured on the 2-core machine (2026-12-05), with the rate set from
 * the index unslowed: on its two cores, quiet, 233-262 at 9.1x for a phone of 264; with both cores
 * also running a busy loop each, 200-244; on one core shared with a busy loop, 165-209 at 4.5x. A CI
 * machine read 6.9-7.6x and then ran hydration's slices at 94-171 ms where this one ran them at
 * 27-40 ms at 9.5x: the rate alone emulated a phone three times slower than the low-tier one.
 */
export async function indexAtSlowdown(page: Page, runs = 3): Promise<number> {
  const samples: number[] = [];
  for (let run = 0; run < runs; run += 1) samples.push(await page.evaluate(pageFunctions.computeBenchmarkIndex));
  return median(samples);
}

export interface PhoneCalibration extends Calibration {
  /** The index the page measured at `slowdown`: the phone it emulates on this machine now. */
  indexAtSlowdown: number;
}

/** How near the phone's index a page at the slowdown must measure for the calibration to stop correcting it. */
const PHONE_TOLERANCE = 0.05;

/**
 * The slowdown at which `page` runs as the phone of `phoneIndex` (the low-tier one unless said): first
 * the machine's index over the phone's (`calibrate`), then that rate corrected by what the page
 * measures at it (`indexAtSlowdown`, `runs` samples), until the page measures within 5% of the phone,
 * `rounds` measurements at most. Leaves `page` slowed. With three samples at each rate and one
 * correction, a page once measured 300 after it (6.4x): the noise of three samples corrected too far.
 */
export async function calibrateToPhone(
  page: Page,
  phoneIndex = LOW_TIER_BENCHMARK_INDEX,
  { runs = 5, rounds = 3 }: { runs?: number; rounds?: number } = {},
): Promise<PhoneCalibration> {
  await setSlowdown(page, 1);
  const unslowed = await calibrate(page, runs);
  let slowdown = slowdownFor(unslowed.benchmarkIndex, phoneIndex);
  let measured = phoneIndex;
  for (let round = 0; round < rounds; round += 1) {
    if (round > 0) slowdown = Math.max(1, Math.round(((slowdown * measured) / phoneIndex) * 10) / 10);
    await setSlowdown(page, slowdown);
    measured = await indexAtSlowdown(page, runs);
    if (Math.abs(measured - phoneIndex) <= phoneIndex * PHONE_TOLERANCE || slowdown === 1) break;
  }
  return { ...unslowed, slowdown, indexAtSlowdown: measured };
}
