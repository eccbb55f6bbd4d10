import { describe, expect, it } from "vitest";
import { formatLagosDateTime, fromLagosInput, toLagosInput } from "./lagos-time";

describe("Lagos time", () => {
  it("reads a Lagos wall-clock time as the UTC instant an hour earlier", () => {
    expect(fromLagosInput("2026-11-23T09:00")?.toISOString()).toBe("2026-11-23T08:00:00.000Z");
    expect(fromLagosInput("2027-01-01T00:30")?.toISOString()).toBe("2026-12-31T23:30:00.000Z");
    expect(fromLagosInput("2026-11-23T09:00:45")?.toISOString()).toBe("2026-11-23T08:00:45.000Z");
  });

  it("shows a UTC instant as Lagos wall-clock time, and round-trips", () => {
    expect(toLagosInput(new Date("2026-11-23T08:00:00Z"))).toBe("2026-11-23T09:00");
    expect(toLagosInput(fromLagosInput("2026-07-04T17:45")!)).toBe("2026-07-04T17:45");
    expect(formatLagosDateTime("2026-11-23T08:00:00Z")).toBe("November 23, 2026 at 9:00 AM");
  });

  it("refuses what is not a date and time", () => {
    for (const value of [
      "",
      "tomorrow",
      "2026-02-30T10:00",
      "2026-11-23T24:00",
      "2026-11-23 09:00",
      "2026-11-23T09:00:61",
    ])
      expect(fromLagosInput(value), value).toBeNull();
  });
});
