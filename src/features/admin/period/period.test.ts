import { describe, expect, it } from "vitest";
import { periodDays, periodOf } from "./period";

describe("a report's period", () => {
  it("takes whole Lagos days for a chosen range, and refuses an end before the start", () => {
    expect(periodOf("custom", "2026-11-01", "2026-11-30")).toEqual({
      from: new Date("2026-10-31T23:00:00Z"),
      to: new Date("2026-11-30T23:00:00Z"),
    });
    expect(periodOf("custom", "2026-11-30", "2026-11-01")).toBeNull();
  });

  it("counts the last 7, 30 or 90 days back from now", () => {
    const now = new Date("2026-11-24T12:00:00Z");
    expect(periodOf("7", "", "", now)).toEqual({ from: new Date("2026-11-17T12:00:00Z"), to: now });
    expect(periodOf("90", "", "", now)).toEqual({ from: new Date("2026-08-26T12:00:00Z"), to: now });
  });

  it("names its first and last Lagos days", () => {
    expect(periodDays(periodOf("custom", "2026-11-01", "2026-11-30")!)).toEqual({
      first: "2026-11-01",
      last: "2026-11-30",
    });
  });
});
