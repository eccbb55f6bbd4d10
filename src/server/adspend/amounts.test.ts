import { describe, expect, it } from "vitest";
import { countOf, currencyDigits, majorToMinor, microsToMinor } from "./amounts";
import { importWindow } from "./import";

describe("the platforms' amounts in minor units", () => {
  it("knows each currency's minor digits", () => {
    expect([currencyDigits("NGN"), currencyDigits("USD"), currencyDigits("JPY"), currencyDigits("KWD")]).toEqual([
      2, 2, 0, 3,
    ]);
    expect(() => currencyDigits("naira")).toThrow(RangeError);
  });

  it("reads Meta's decimal spend without a float, rounding half up past the minor unit", () => {
    expect(majorToMinor("5339.5", 2)).toBe(533_950);
    expect(majorToMinor("0.29", 2)).toBe(29);
    // 0.1 + 0.2 as floats is 0.30000000000000004; the strings are exact.
    expect(majorToMinor("0.3", 2)).toBe(30);
    expect(majorToMinor("12.345", 2)).toBe(1235);
    expect(majorToMinor("12.344", 2)).toBe(1234);
    expect(majorToMinor("1500", 0)).toBe(1500);
    expect(majorToMinor("1.2345", 3)).toBe(1235);
    expect(majorToMinor("0", 2)).toBe(0);
    for (const bad of ["", "-1", "1e3", "1,000.00", "NaN"]) expect(() => majorToMinor(bad, 2)).toThrow(RangeError);
  });

  it("reads Google's micros in the account currency's minor unit", () => {
    expect(microsToMinor("5339500000", 2)).toBe(533_950);
    expect(microsToMinor("5000", 2)).toBe(1); // 0.005 rounds up to a cent
    expect(microsToMinor("4999", 2)).toBe(0);
    expect(microsToMinor("1500000000", 0)).toBe(1500);
    expect(microsToMinor("1234567", 3)).toBe(1235);
    expect(microsToMinor(0, 2)).toBe(0);
    expect(() => microsToMinor("-10", 2)).toThrow(RangeError);
    expect(() => microsToMinor("99999999999999999999999999", 2)).toThrow(RangeError);
  });

  it("counts what a platform left out as zero, and refuses what is no count", () => {
    expect([countOf(undefined), countOf(null), countOf(""), countOf("361324"), countOf(7)]).toEqual([
      0, 0, 0, 361_324, 7,
    ]);
    expect(() => countOf("1.5")).toThrow(RangeError);
  });
});

describe("the import's window", () => {
  it("is the last 7 days to today in Lagos, across a month's end", () => {
    expect(importWindow(new Date("2026-12-03T10:00:00Z"))).toEqual({ since: "2026-11-27", until: "2026-12-03" });
    // 23:30 UTC is already the next day in Lagos.
    expect(importWindow(new Date("2026-11-30T23:30:00Z"))).toEqual({ since: "2026-11-25", until: "2026-12-01" });
  });
});
