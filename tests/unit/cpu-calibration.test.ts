import type { Page } from "@playwright/test";
import { describe, expect, it } from "vitest";
import {
  calibrate,
  calibrateToPhone,
  describeCalibration,
  LOW_TIER_BENCHMARK_INDEX,
  MID_RANGE_BENCHMARK_INDEX,
  slowdownFor,
} from "../../scripts/cpu-calibration";

const fives = (reading: number) => [reading, reading, reading, reading, reading];

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
    expect(
      describeCalibration({ benchmarkIndex: 2_400, samples: [2_400], slowdown: 7.1, indexAtSlowdown: 262.4 }),
    ).toBe(
      "benchmark index 2,400 (samples 2,400) → 7.1x CPU slowdown, where a page ran as a phone of index 262, Chrome's low-tier phone (index 264)",
    );
  });

  it("corrects the rate by the index the page measures at it, in one DevTools session that holds the slowdown", async () => {
    // The machine unslowed (a first run left out, then five), then the page at 9.1x, then at the
    // corrected rate, within 5% of the phone, where it stops.
    const readings = [2_600, ...fives(2_400), 200, 210, 205, 205, 205, 260, 266, 262, 262, 262];
    const rates: number[] = [];
    let sessions = 0;
    const session = {
      send: async (method: string, params: { rate: number }) => {
        expect(method).toBe("Emulation.setCPUThrottlingRate");
        rates.push(params.rate);
      },
    };
    const page = {
      evaluate: async () => readings.shift(),
      context: () => ({
        newCDPSession: async () => {
          sessions += 1;
          return session;
        },
      }),
    } as unknown as Page;
    const calibration = await calibrateToPhone(page);
    // Full speed first, then 2,400 / 264 = 9.1x, where the page ran as a phone of 205: 9.1 × 205 / 264 = 7.1x.
    expect(rates).toEqual([1, 9.1, 7.1]);
    expect(calibration.benchmarkIndex).toBe(2_400);
    expect(calibration.slowdown).toBe(7.1);
    expect(calibration.indexAtSlowdown).toBe(262);
    expect(sessions).toBe(1);
    expect(readings).toEqual([]);
  });

  it("never corrects below full speed on a machine slower than the phone", async () => {
    const readings = [300, ...fives(280), ...fives(150), ...fives(150)];
    const session = { send: async () => undefined };
    const page = {
      evaluate: async () => readings.shift(),
      context: () => ({ newCDPSession: async () => session }),
    } as unknown as Page;
    const calibration = await calibrateToPhone(page);
    expect(calibration.slowdown).toBe(1);
    expect(calibration.indexAtSlowdown).toBe(150);
  });

  it("corrects three times at most", async () => {
    const readings = [2_600, ...fives(2_400), ...fives(200), ...fives(300), ...fives(230)];
    const rates: number[] = [];
    const session = { send: async (_method: string, params: { rate: number }) => void rates.push(params.rate) };
    const page = {
      evaluate: async () => readings.shift(),
      context: () => ({ newCDPSession: async () => session }),
    } as unknown as Page;
    const calibration = await calibrateToPhone(page);
    // 9.1 × 200 / 264 = 6.9; 6.9 × 300 / 264 = 7.8, where the page measured 230 and the rounds ran out.
    expect(rates).toEqual([1, 9.1, 6.9, 7.8]);
    expect(calibration.slowdown).toBe(7.8);
    expect(calibration.indexAtSlowdown).toBe(230);
  });
});
