import { describe, expect, it } from "vitest";
import { medianText, responseText } from "./response-time";

const at = (minutesAfter: number) => ({
  created_at: "2026-11-24T09:00:00.000Z",
  first_response_at: new Date(Date.parse("2026-11-24T09:00:00.000Z") + minutesAfter * 60_000).toISOString(),
});

describe("the time to first response", () => {
  it("says how soon a lead was answered, as a person would", () => {
    expect(responseText(at(14))).toBe("answered in 14 min");
    expect(responseText(at(14.4))).toBe("answered in 14 min");
    expect(responseText(at(0.2))).toBe("answered in under 1 min");
    expect(responseText(at(60))).toBe("answered in 1 h");
    expect(responseText(at(125))).toBe("answered in 2 h 5 min");
    expect(responseText(at(23 * 60 + 59))).toBe("answered in 23 h 59 min");
    expect(responseText(at(24 * 60))).toBe("answered in 1 day");
    expect(responseText(at(27 * 60))).toBe("answered in 1 day 3 h");
    expect(responseText(at(50 * 60))).toBe("answered in 2 days 2 h");
    expect(responseText(at(3 * 24 * 60))).toBe("answered in 3 days");
    expect(responseText(at(3 * 24 * 60 + 11 * 60))).toBe("answered in 3 days");
    expect(responseText(at(9.6 * 24 * 60))).toBe("answered in 10 days");
  });

  it("says a lead is not answered yet while it has no first response", () => {
    expect(responseText({ created_at: "2026-11-24T09:00:00.000Z", first_response_at: null })).toBe("not answered yet");
  });

  it("never shows a negative time (a clock a little off) or nonsense", () => {
    expect(responseText(at(-1))).toBe("answered in under 1 min");
    expect(responseText({ created_at: "not a date", first_response_at: "2026-11-24T09:00:00Z" })).toBe(
      "not answered yet",
    );
  });

  it("gives a report's median in the same words, and '—' when nothing was answered", () => {
    expect(medianText(840)).toBe("14 min");
    expect(medianText(7500)).toBe("2 h 5 min");
    expect(medianText(null)).toBe("—");
  });
});
