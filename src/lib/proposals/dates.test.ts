import { describe, expect, it } from "vitest";
import { dayInWords, momentInWords, monthInWords, recordedMomentInWords } from "./dates";

describe("a proposal's dates in words", () => {
  it("names a month from the month or any day of it, and a day, the same in every time zone", () => {
    expect(monthInWords("2027-01")).toBe("January 2027");
    expect(monthInWords("2027-01-01")).toBe("January 2027");
    expect(monthInWords("2026-12-31")).toBe("December 2026");
    expect(dayInWords("2026-12-14")).toBe("14 December 2026");
    expect(dayInWords("2027-01-01")).toBe("1 January 2027");
  });

  it("names a moment in Lagos time, day before month, as the proposal's days are", () => {
    // 10:30 UTC is 11:30 in Lagos (UTC+1, no daylight saving); 23:30 UTC is the next day there.
    expect(momentInWords("2031-11-02T10:30:00Z")).toBe("2 November 2031 at 11:30");
    expect(momentInWords(new Date("2026-12-31T23:30:00Z"))).toBe("1 January 2027 at 00:30");
    expect(momentInWords("not a date")).toBe("");
    // The acceptance's record keeps the second and names the zone (as the runtime's ICU names it:
    // "GMT+1" or "WAT").
    expect(recordedMomentInWords("2026-12-01T09:32:05Z")).toMatch(/^1 December 2026 at 10:32:05 (GMT\+1|WAT)$/);
  });
});
