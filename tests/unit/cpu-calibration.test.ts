import type { Page } from "@playwright/test";
import { describe, expect, it } from "vitest";
import {
  calibrate,
  describeCalibration,
  LOW_TIER_BENCHMARK_INDEX,
  MID_RANGE_BENCHMARK_INDEX,
  slowdownFor,
} from "../../scripts/cpu-calibration";

/** The benchmark's phone is Chrome's low-tier one on any machine: the slowdown follows the machine's index. */
describe("the calibrated CPU slowdown", () => {
  it("is the machine's index over the low-tier phone's, to a tenth", () => {
    expect(LOW_TIER_BENCHMARK_INDEX).toBe(264);
    expect(slowdownFor(1_056)).toBe(4);
    expect(slowdownFor(1_900)).toBe(7.2);
    expect(slowdownFor(1_000)).toBe(3.8);
  });

  it("makes the machine any other phone when given that phone's index (hydration-cost.spec's mid-range one)", () => {
    expect(MID_RANGE_BENCHMARK_INDEX).toBe(1_000);
    expect(slowdownFor(3_950, MID_RANGE_BENCHMARK_INDEX)).toBe(4);
    expect(slowdownFor(2_017, MID_RANGE_BENCHMARK_INDEX)).toBe(2);
    expect(slowdownFor(800, MID_RANGE_BENCHMARK_INDEX)).toBe(1);
  });

  it("never speeds a slow machine up, and refuses what is not an index", () => {
    expect(slowdownFor(200)).toBe(1);
    expect(() => slowdownFor(0)).toThrow(/Not a benchmark index/);
    expect(() => slowdownFor(Number.NaN)).toThrow(/Not a benchmark index/);
  });

  it("leaves out a page's first run of the benchmark, which reads high, and takes the median of the rest", async () => {
    const readings = [3_081, 2_523, 2_514, 2_573, 2_461, 2_422];
    const page = { evaluate: async () => readings.shift() } as unknown as Page;
    const calibration = await calibrate(page, 5);
    expect(calibration.samples).toEqual([2_523, 2_514, 2_573, 2_461, 2_422]);
    expect(calibration.benchmarkIndex).toBe(2_514);
    expect(calibration.slowdown).toBe(9.5);
    expect(readings).toEqual([]);
  });

  it("says what it measured and what it chose", () => {
    expect(describeCalibration({ benchmarkIndex: 1_234, samples: [1_210, 1_234, 1_260], slowdown: 4.7 })).toBe(
      "benchmark index 1,234 (samples 1,210, 1,234, 1,260) → 4.7x CPU slowdown, Chrome's low-tier phone (index 264)",
    );
  });
});
