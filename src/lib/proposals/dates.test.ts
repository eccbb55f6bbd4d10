import { describe, expect, it } from "vitest";
import { dayInWords, monthInWords } from "./dates";

describe("a proposal's dates in words", () => {
  it("names a month from the month or any day of it, and a day, the same in every time zone", () => {
    expect(monthInWords("2027-01")).toBe("January 2027");
    expect(monthInWords("2027-01-01")).toBe("January 2027");
    expect(monthInWords("2026-12-31")).toBe("December 2026");
    expect(dayInWords("2026-12-14")).toBe("14 December 2026");
    expect(dayInWords("2027-01-01")).toBe("1 January 2027");
  });
});
