import { describe, expect, it } from "vitest";
import { DEFAULT_AVAILABILITY, listSlots } from "../../../lib/calls/slots";
import { availabilityOf, checkDraft, hasErrors, inputOf, newWindow, type SettingsDraft } from "./settings-form";

const window = (key: string, start: string, end: string) => ({ key, start, end });

function draft(changes: Partial<SettingsDraft> = {}): SettingsDraft {
  return {
    week: [[], [window("mon", "09:00", "17:00")], [], [], [], [], []],
    callMinutes: "30",
    bufferBeforeMinutes: "15",
    bufferAfterMinutes: "15",
    minNoticeHours: "4",
    horizonDays: "14",
    maxPerDay: "6",
    placeKind: "google_meet",
    videoLinkUrl: "",
    ...changes,
  };
}

describe("the settings form's checks", () => {
  it("allows windows that touch and refuses one that overlaps, on the later window", () => {
    const touching = draft({
      week: [[], [window("a", "09:00", "12:00"), window("b", "12:00", "17:00")], [], [], [], [], []],
    });
    expect(hasErrors(checkDraft(touching))).toBe(false);
    const overlapping = draft({
      week: [[], [window("a", "13:00", "17:00"), window("b", "09:00", "13:30")], [], [], [], [], []],
    });
    expect(checkDraft(overlapping).windows).toEqual({ a: "This window overlaps another on the same day." });
  });

  it("refuses a window that ends before it starts, numbers out of the columns' bounds, and a link that is not https", () => {
    const errors = checkDraft(
      draft({
        week: [[window("sun", "10:00", "10:00")], [], [], [], [], [], []],
        callMinutes: "300",
        horizonDays: "0",
        bufferBeforeMinutes: "1.5",
        placeKind: "video_link",
        videoLinkUrl: "http://zoom.us/j/1",
      }),
    );
    expect(errors.windows).toEqual({ sun: "The end must be after the start." });
    expect(Object.keys(errors.numbers).sort()).toEqual(["bufferBeforeMinutes", "callMinutes", "horizonDays"]);
    expect(errors.videoLinkUrl).toMatch(/https/);
  });

  it("takes an empty daily cap as no cap", () => {
    const open = draft({ maxPerDay: "" });
    expect(hasErrors(checkDraft(open))).toBe(false);
    expect(inputOf(open).maxPerDay).toBeNull();
  });

  it("adds a window after a day's last one, or office hours to a closed day", () => {
    expect(newWindow([])).toMatchObject({ start: "09:00", end: "17:00" });
    expect(newWindow([window("a", "09:00", "12:00")])).toMatchObject({ start: "12:00", end: "13:00" });
    expect(newWindow([window("a", "09:00", "23:30")])).toMatchObject({ start: "23:30", end: "23:59" });
  });

  it("gives slots.ts the same availability as the defaults for the seeded values", () => {
    const seeded = draft({
      week: [[], ...[1, 2, 3, 4, 5].map((day) => [window(`d${day}`, "09:00", "17:00")]), []],
    });
    const now = new Date("2026-12-01T06:00:00Z");
    expect(listSlots({ availability: availabilityOf(seeded, 30, []), now, booked: [], busy: [] })).toEqual(
      listSlots({ availability: DEFAULT_AVAILABILITY, now, booked: [], busy: [] }),
    );
  });
});
