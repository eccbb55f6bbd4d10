import { describe, expect, it } from "vitest";
import { basisPointsToPercent, evenShares, partsPaid, percentToBasisPoints, planAmounts } from "./plan";

const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);

describe("a payment plan's amounts", () => {
  it("halves an even total", () => {
    expect(planAmounts(48_000_000, [5000, 5000])).toEqual([24_000_000, 24_000_000]);
  });

  it("splits an odd amount three ways so that the parts add up, the rest on the last", () => {
    const amounts = planAmounts(100_001, evenShares(3));
    expect(amounts).toEqual([33_330, 33_330, 33_341]);
    expect(sum(amounts)).toBe(100_001);
  });

  it("never asks the leftover kobo early: the deposit is rounded down", () => {
    expect(planAmounts(3, [5000, 5000])).toEqual([1, 2]);
    expect(planAmounts(7, [3000, 7000])).toEqual([2, 5]);
  });

  it("adds up for every total and split tried", () => {
    const splits = [[10_000], [5000, 5000], [3333, 3333, 3334], [1, 9999], [2500, 2500, 2500, 2500], [7000, 2999, 1]];
    for (const shares of splits) {
      for (const total of [0, 1, 99, 100_001, 987_654_321, 9_007_199_254_740]) {
        expect(sum(planAmounts(total, shares)), `${total} by ${shares.join("/")}`).toBe(total);
      }
    }
  });

  it("refuses shares that do not make 100%, or a part of nothing", () => {
    expect(() => planAmounts(100, [5000, 4000])).toThrow(RangeError);
    expect(() => planAmounts(100, [10_000, 0])).toThrow(RangeError);
    expect(() => planAmounts(100, [])).toThrow(RangeError);
    expect(() => planAmounts(1.5, [10_000])).toThrow(RangeError);
  });
});

describe("even shares", () => {
  it("gives the basis points left over to the last part", () => {
    expect(evenShares(1)).toEqual([10_000]);
    expect(evenShares(2)).toEqual([5000, 5000]);
    expect(evenShares(3)).toEqual([3333, 3333, 3334]);
    expect(sum(evenShares(7))).toBe(10_000);
  });
});

describe("percentages as typed", () => {
  it("reads whole and decimal percentages, with or without the sign", () => {
    expect(percentToBasisPoints("50")).toBe(5000);
    expect(percentToBasisPoints(" 33.33 % ")).toBe(3333);
    expect(percentToBasisPoints("12.5")).toBe(1250);
    expect(percentToBasisPoints("100")).toBe(10_000);
  });

  it("refuses what is not a percentage of the whole", () => {
    for (const text of ["", "abc", "-5", "100.01", "150", "1.234", "1,5"])
      expect(percentToBasisPoints(text)).toBeNull();
  });

  it("writes basis points back as they are typed", () => {
    expect(basisPointsToPercent(5000)).toBe("50");
    expect(basisPointsToPercent(3333)).toBe("33.33");
    expect(basisPointsToPercent(1250)).toBe("12.5");
    expect(basisPointsToPercent(5)).toBe("0.05");
  });
});

describe("parts paid", () => {
  it("counts parts in order as what was paid covers them", () => {
    expect(partsPaid([500, 500], 0)).toEqual([false, false]);
    expect(partsPaid([500, 500], 500)).toEqual([true, false]);
    expect(partsPaid([500, 500], 999)).toEqual([true, false]);
    expect(partsPaid([500, 500], 1000)).toEqual([true, true]);
  });
});
