import { describe, expect, it } from "vitest";
import { callTimeCopy } from "../../content/calls";
import {
  confirmationLine,
  FIELDS,
  formatBookingMoment,
  groupSlotsByDay,
  isValidTimeZone,
  NUMERIC_LOCALE,
  zoneLabel,
} from "./display";

const LAGOS = "Africa/Lagos";
const slot = (utc: string) => new Date(utc);

describe("groupSlotsByDay across the visitor's 2026 clock changes", () => {
  it.each([
    {
      change: "London, clocks forward on 29 March",
      zone: "Europe/London",
      slots: ["2026-03-27T09:00:00Z", "2026-03-30T09:00:00Z"],
      expected: [
        { day: "2026-03-27", label: "Friday 27 March", time: "09:00", agencyTime: "10:00 Lagos" },
        { day: "2026-03-30", label: "Monday 30 March", time: "10:00", agencyTime: null },
      ],
    },
    {
      change: "London, clocks back on 25 October",
      zone: "Europe/London",
      slots: ["2026-10-23T09:00:00Z", "2026-10-26T09:00:00Z"],
      expected: [
        { day: "2026-10-23", label: "Friday 23 October", time: "10:00", agencyTime: null },
        { day: "2026-10-26", label: "Monday 26 October", time: "09:00", agencyTime: "10:00 Lagos" },
      ],
    },
    {
      change: "New York, clocks forward on 8 March",
      zone: "America/New_York",
      slots: ["2026-03-06T14:00:00Z", "2026-03-09T14:00:00Z"],
      expected: [
        { day: "2026-03-06", label: "Friday 6 March", time: "09:00", agencyTime: "15:00 Lagos" },
        { day: "2026-03-09", label: "Monday 9 March", time: "10:00", agencyTime: "15:00 Lagos" },
      ],
    },
    {
      change: "New York, clocks back on 1 November",
      zone: "America/New_York",
      slots: ["2026-10-30T14:00:00Z", "2026-11-02T14:00:00Z"],
      expected: [
        { day: "2026-10-30", label: "Friday 30 October", time: "10:00", agencyTime: "15:00 Lagos" },
        { day: "2026-11-02", label: "Monday 2 November", time: "09:00", agencyTime: "15:00 Lagos" },
      ],
    },
  ])("$change: the visitor's wall time on each side", ({ zone, slots, expected }) => {
    const days = groupSlotsByDay(slots.map(slot), zone, LAGOS, callTimeCopy);
    expect(
      days.flatMap(({ day, label, slots }) => slots.map(({ time, agencyTime }) => ({ day, label, time, agencyTime }))),
    ).toEqual(expected);
  });

  it.each(["Europe/London", "America/New_York", "Asia/Kolkata", "Australia/Lord_Howe", "Pacific/Chatham", "UTC"])(
    "%s: every quarter hour of a week around a clock change reads as Intl's own parts say",
    (zone) => {
      // The day's key and time are read from format()'s digits; formatToParts is the reference.
      const reference = new Intl.DateTimeFormat(NUMERIC_LOCALE, { ...FIELDS.numeric, timeZone: zone });
      for (const week of ["2026-03-26T00:00:00Z", "2026-10-21T00:00:00Z", "2026-04-02T00:00:00Z"]) {
        const starts = Array.from({ length: 7 * 96 }, (_, index) => new Date(Date.parse(week) + index * 900_000));
        const read = groupSlotsByDay(starts, zone, LAGOS, callTimeCopy).flatMap(({ day, slots }) =>
          slots.map(({ time }) => `${day} ${time}`),
        );
        const expected = starts.map((start) => {
          const part = Object.fromEntries(reference.formatToParts(start).map(({ type, value }) => [type, value]));
          return `${part.year}-${part.month}-${part.day} ${part.hour}:${part.minute}`;
        });
        expect(read).toEqual(expected);
      }
    },
  );

  it("reads no further than the days asked for", () => {
    const starts = ["2026-03-09T08:00:00Z", "2026-03-09T09:00:00Z", "2026-03-10T08:00:00Z", "2026-03-11T08:00:00Z"];
    const all = groupSlotsByDay(starts.map(slot), "Europe/London", LAGOS, callTimeCopy);
    expect(all.map(({ day }) => day)).toEqual(["2026-03-09", "2026-03-10", "2026-03-11"]);
    expect(groupSlotsByDay(starts.map(slot), "Europe/London", LAGOS, callTimeCopy, 2)).toEqual(all.slice(0, 2));
    expect(groupSlotsByDay(starts.map(slot), "Europe/London", LAGOS, callTimeCopy, 5)).toEqual(all);
  });

  it("groups by the visitor's day, not the agency's", () => {
    // 09:00 and 23:30 Lagos on Monday 9 March: 04:00 and 18:30 in New York (EDT since Sunday) on the
    // Monday; 04:30 Lagos on Tuesday is still Monday, 23:30, in New York.
    const days = groupSlotsByDay(
      ["2026-03-09T08:00:00Z", "2026-03-09T22:30:00Z", "2026-03-10T03:30:00Z", "2026-03-10T12:00:00Z"].map(slot),
      "America/New_York",
      LAGOS,
      callTimeCopy,
    );
    expect(days.map(({ day, label, slots }) => [day, label, slots.map((s) => s.time)])).toEqual([
      ["2026-03-09", "Monday 9 March", ["04:00", "18:30", "23:30"]],
      ["2026-03-10", "Tuesday 10 March", ["08:00"]],
    ]);
    expect(days[0]!.slots[2]).toEqual({
      start: new Date("2026-03-10T03:30:00Z"),
      iso: "2026-03-10T03:30:00.000Z",
      time: "23:30",
      agencyTime: "04:30 Lagos",
    });
  });

  it("a visitor in Lagos sees no second time, and no slots no days", () => {
    const days = groupSlotsByDay([slot("2026-12-01T09:30:00Z")], LAGOS, LAGOS, callTimeCopy);
    expect(days).toEqual([
      {
        day: "2026-12-01",
        label: "Tuesday 1 December",
        slots: [
          { start: slot("2026-12-01T09:30:00Z"), iso: "2026-12-01T09:30:00.000Z", time: "10:30", agencyTime: null },
        ],
      },
    ]);
    expect(groupSlotsByDay([], LAGOS, LAGOS, callTimeCopy)).toEqual([]);
  });
});

describe("formatBookingMoment and confirmationLine", () => {
  const start = slot("2026-12-01T09:30:00Z");

  it.each([
    [LAGOS, "Tuesday 1 December, 10:30"],
    ["Europe/London", "Tuesday 1 December, 09:30"],
    ["America/New_York", "Tuesday 1 December, 04:30"],
    ["Pacific/Auckland", "Tuesday 1 December, 22:30"],
  ])("in %s: %s", (zone, expected) => {
    expect(formatBookingMoment(start, zone, callTimeCopy)).toBe(expected);
  });

  it.each([
    ["a visitor in Lagos", LAGOS, start, "You're booked in for Tuesday 1 December, 10:30 (Lagos time)"],
    [
      "a visitor in London",
      "Europe/London",
      start,
      "You're booked in for Tuesday 1 December, 09:30 (London time) — 10:30 in Lagos",
    ],
    [
      "a visitor in London in summer (same clock as Lagos, still both named)",
      "Europe/London",
      slot("2026-07-07T09:30:00Z"),
      "You're booked in for Tuesday 7 July, 10:30 (London time) — 10:30 in Lagos",
    ],
    [
      "a visitor in New York whose evening is Lagos's next morning",
      "America/New_York",
      slot("2026-12-02T04:30:00Z"),
      "You're booked in for Tuesday 1 December, 23:30 (New York time) — Wednesday 2 December, 05:30 in Lagos",
    ],
  ])("%s", (_, zone, when, expected) => {
    expect(confirmationLine(when, zone, LAGOS, callTimeCopy)).toBe(expected);
  });
});

describe("time zones", () => {
  it.each([
    ["Africa/Lagos", true],
    ["Europe/London", true],
    ["America/New_York", true],
    ["UTC", true],
    ["Mars/Olympus_Mons", false],
    ["Lagos", false],
    ["", false],
  ])("%j is valid: %s", (zone, valid) => {
    expect(isValidTimeZone(zone)).toBe(valid);
  });

  it.each([
    ["Europe/London", "London time"],
    ["Africa/Lagos", "Lagos time"],
    ["America/New_York", "New York time"],
    ["America/Argentina/Buenos_Aires", "Buenos Aires time"],
  ])("%s is called %j", (zone, label) => {
    expect(zoneLabel(zone, callTimeCopy)).toBe(label);
  });
});
