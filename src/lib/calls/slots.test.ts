import { describe, expect, it } from "vitest";
import { slotRefusalMessages } from "../../content/calls";
import {
  blockedRange,
  checkSlot,
  DEFAULT_AVAILABILITY,
  listSlots,
  nearestSlots,
  refusalMessage,
  type Availability,
  type BookedCall,
  type Interval,
  type SlotRefusal,
  type WeeklyWindow,
} from "./slots";

// Lagos is UTC+1 all year, so "2026-12-01T10:00+01:00" is 10:00 on the agency's clock. Expected
// instants are written out here, not computed with the library under test.
const at = (lagos: string) => new Date(`${lagos}+01:00`);
const call = (lagos: string, minutes = 30): Interval => {
  const start = at(lagos);
  return { start, end: new Date(start.getTime() + minutes * 60_000) };
};
const iso = (dates: Date[]) => dates.map((date) => date.toISOString());
const lagosTimes = (day: string, times: string[]) => times.map((time) => at(`${day}T${time}`).toISOString());

const weekdays = (windows: WeeklyWindow[]) => [[], windows, windows, windows, windows, windows, []];

/** Plain rules to vary one at a time: Mon–Fri 09:00–12:00, no buffers, notice, cap or days off. */
const plain: Availability = {
  ...DEFAULT_AVAILABILITY,
  weeklyHours: weekdays([{ start: "09:00", end: "12:00" }]),
  bufferBeforeMinutes: 0,
  bufferAfterMinutes: 0,
  minNoticeHours: 0,
  maxPerDay: null,
};
const MONDAY_MORNING = at("2026-11-30T07:00"); // Monday 30 November 2026, 07:00 Lagos
const TUESDAY = at("2026-12-01T00:00");

describe("listSlots on one day (Tuesday 1 December 2026, Lagos)", () => {
  const cases: {
    name: string;
    availability?: Partial<Availability>;
    booked?: BookedCall[];
    busy?: Interval[];
    now?: Date;
    expected: string[];
  }[] = [
    {
      name: "every half hour of the window whose call ends by its end",
      expected: ["09:00", "09:30", "10:00", "10:30", "11:00", "11:30"],
    },
    {
      name: "two windows a day",
      availability: {
        weeklyHours: weekdays([
          { start: "09:00", end: "10:30" },
          { start: "14:00", end: "15:00" },
        ]),
      },
      expected: ["09:00", "09:30", "10:00", "14:00", "14:30"],
    },
    {
      name: "a 45-minute grid: starts are window.start + k × 45",
      availability: { slotStepMinutes: 45 },
      expected: ["09:00", "09:45", "10:30", "11:15"],
    },
    {
      name: "a 45-minute call never crosses the window's end",
      availability: { callMinutes: 45, weeklyHours: weekdays([{ start: "09:00", end: "10:30" }]) },
      expected: ["09:00", "09:30"],
    },
    {
      name: "an hour-long call in a window that is not a whole number of steps",
      availability: { callMinutes: 60, weeklyHours: weekdays([{ start: "09:00", end: "11:15" }]) },
      expected: ["09:00", "09:30", "10:00"],
    },
    {
      name: "no buffers: a booking takes its own start only; touching calls are allowed",
      booked: [call("2026-12-01T10:00")],
      expected: ["09:00", "09:30", "10:30", "11:00", "11:30"],
    },
    {
      name: "15/15 buffers: a 10:00–10:30 booking also takes 09:30 and 10:30 (blocked ranges meet at 09:45 and 10:45)",
      availability: { bufferBeforeMinutes: 15, bufferAfterMinutes: 15 },
      booked: [call("2026-12-01T10:00")],
      expected: ["09:00", "11:00", "11:30"],
    },
    {
      name: "0/30 buffers: the 30 minutes after a booking, and after a call, are kept",
      availability: { bufferBeforeMinutes: 0, bufferAfterMinutes: 30 },
      booked: [call("2026-12-01T10:00")],
      expected: ["09:00", "11:00", "11:30"],
    },
    {
      name: "a booking of another length (an older 45-minute call) blocks by its own end",
      availability: { bufferBeforeMinutes: 15, bufferAfterMinutes: 15 },
      booked: [call("2026-12-01T09:00", 45)],
      expected: ["10:30", "11:00", "11:30"],
    },
    {
      name: "a booking's stored blocked range (its row's, from older 30/30 buffers) wins over today's buffers",
      booked: [{ ...call("2026-12-01T10:00"), blocked: call("2026-12-01T09:30", 90) }],
      expected: ["09:00", "11:00", "11:30"],
    },
    {
      name: "a window to the end of the day (24:00)",
      availability: { weeklyHours: weekdays([{ start: "22:00", end: "24:00" }]) },
      expected: ["22:00", "22:30", "23:00", "23:30"],
    },
    {
      name: "a busy interval is not offered over",
      busy: [call("2026-12-01T10:15", 60)],
      expected: ["09:00", "09:30", "11:30"],
    },
    {
      name: "a busy interval meets the call's blocked range, but is not widened itself",
      availability: { bufferBeforeMinutes: 15, bufferAfterMinutes: 15 },
      busy: [call("2026-12-01T10:00", 15)],
      expected: ["09:00", "10:30", "11:00", "11:30"],
    },
    {
      name: "minimum notice: now 09:10 plus an hour leaves 10:30 on",
      availability: { minNoticeHours: 1 },
      now: at("2026-12-01T09:10"),
      expected: ["10:30", "11:00", "11:30"],
    },
    {
      name: "a start exactly at now + notice is allowed",
      availability: { minNoticeHours: 2 },
      now: at("2026-12-01T08:00"),
      expected: ["10:00", "10:30", "11:00", "11:30"],
    },
    {
      name: "the day's cap reached: nothing that day",
      availability: { maxPerDay: 2 },
      booked: [call("2026-12-01T09:00"), call("2026-12-01T11:30")],
      expected: [],
    },
    {
      name: "under the cap: the day stays open",
      availability: { maxPerDay: 3 },
      booked: [call("2026-12-01T09:00"), call("2026-12-01T11:30")],
      expected: ["09:30", "10:00", "10:30", "11:00"],
    },
    {
      name: "a day off",
      availability: { daysOff: ["2026-12-01"] },
      expected: [],
    },
    {
      name: "overlapping windows listed out of order: ascending, each start once",
      availability: {
        weeklyHours: weekdays([
          { start: "10:00", end: "12:00" },
          { start: "09:00", end: "11:00" },
        ]),
      },
      expected: ["09:00", "09:30", "10:00", "10:30", "11:00", "11:30"],
    },
  ];

  it.each(cases)("$name", ({ availability, booked = [], busy = [], now = MONDAY_MORNING, expected }) => {
    const slots = listSlots({
      availability: { ...plain, ...availability },
      now,
      booked,
      busy,
      from: TUESDAY,
      days: 1,
    });
    expect(iso(slots)).toEqual(lagosTimes("2026-12-01", expected));
  });
});

describe("listSlots over several days", () => {
  it.each(["9:00", "09:60", "24:30", "noon"])("refuses a window time it cannot read (%j)", (start) => {
    const availability = { ...plain, weeklyHours: weekdays([{ start, end: "12:00" }]) };
    expect(() => listSlots({ availability, now: MONDAY_MORNING, booked: [], busy: [] })).toThrow(RangeError);
  });

  it("closed days give nothing; the cap counts calls by the agency's day", () => {
    const slots = listSlots({
      availability: { ...plain, maxPerDay: 1, weeklyHours: weekdays([{ start: "09:00", end: "10:00" }]) },
      now: MONDAY_MORNING,
      // 23:30 UTC on Thursday is 00:30 Friday in Lagos: Friday's call, not Thursday's.
      booked: [{ start: new Date("2026-12-03T23:30:00Z"), end: new Date("2026-12-04T00:00:00Z") }],
      busy: [],
      from: at("2026-12-03T12:00"),
      days: 5,
    });
    expect(iso(slots)).toEqual([
      ...lagosTimes("2026-12-03", ["09:00", "09:30"]),
      ...lagosTimes("2026-12-07", ["09:00", "09:30"]),
    ]);
  });

  it("the horizon ends at the start of the agency's day of now, plus horizonDays days", () => {
    // 23:30 UTC on Monday is already Tuesday 00:30 in Lagos: two days are Tuesday and Wednesday.
    const now = new Date("2026-11-30T23:30:00Z");
    const slots = listSlots({
      availability: { ...plain, horizonDays: 2, weeklyHours: weekdays([{ start: "09:00", end: "10:00" }]) },
      now,
      booked: [],
      busy: [],
      days: 7,
    });
    expect(iso(slots)).toEqual([
      ...lagosTimes("2026-12-01", ["09:00", "09:30"]),
      ...lagosTimes("2026-12-02", ["09:00", "09:30"]),
    ]);
  });

  it("by default lists horizonDays days from now, ascending", () => {
    const slots = listSlots({ availability: DEFAULT_AVAILABILITY, now: MONDAY_MORNING, booked: [], busy: [] });
    // 14 days from Monday 30 November: ten working days of sixteen starts, the first day from 11:00
    // (07:00 plus four hours' notice) on, and no buffers in play with nothing booked.
    expect(slots).toHaveLength(160 - 4);
    expect(slots[0]!.toISOString()).toBe(at("2026-11-30T11:00").toISOString());
    expect(slots.at(-1)!.toISOString()).toBe(at("2026-12-11T16:30").toISOString());
    expect(slots.every((slot, index) => index === 0 || slot > slots[index - 1]!)).toBe(true);
  });

  it("takes 500 bookings in its stride, and offers nothing that clashes with one", () => {
    const availability = { ...DEFAULT_AVAILABILITY, maxPerDay: null, minNoticeHours: 0 };
    // Calls every 150 minutes, day and night, from Monday 08:07 on: many, off the grid, given unsorted.
    const booked = Array.from({ length: 500 }, (_, index) => {
      const start = new Date(MONDAY_MORNING.getTime() + (index * 150 + 67) * 60_000);
      return { start, end: new Date(start.getTime() + 30 * 60_000) };
    }).reverse();
    const slots = listSlots({ availability, now: MONDAY_MORNING, booked, busy: [] });
    expect(slots.length).toBeGreaterThan(0);
    const clashes = slots.filter((slot) => {
      const mine = blockedRange(slot, new Date(slot.getTime() + 30 * 60_000), availability);
      return booked.some((other) => {
        const theirs = blockedRange(other.start, other.end, availability);
        return mine.start < theirs.end && theirs.start < mine.end;
      });
    });
    expect(clashes).toEqual([]);
  });
});

describe("an agency zone with daylight saving (Europe/London)", () => {
  const london: Availability = {
    ...plain,
    timeZone: "Europe/London",
    weeklyHours: Array.from({ length: 7 }, () => [{ start: "09:00", end: "10:00" }]),
  };

  it.each([
    {
      change: "clocks forward on Sunday 29 March 2026",
      from: "2026-03-28T00:00:00Z",
      expected: [
        "2026-03-28T09:00:00.000Z",
        "2026-03-28T09:30:00.000Z",
        "2026-03-29T08:00:00.000Z",
        "2026-03-29T08:30:00.000Z",
        "2026-03-30T08:00:00.000Z",
        "2026-03-30T08:30:00.000Z",
      ],
    },
    {
      change: "clocks back on Sunday 25 October 2026",
      from: "2026-10-24T00:00:00Z",
      expected: [
        "2026-10-24T08:00:00.000Z",
        "2026-10-24T08:30:00.000Z",
        "2026-10-25T09:00:00.000Z",
        "2026-10-25T09:30:00.000Z",
        "2026-10-26T09:00:00.000Z",
        "2026-10-26T09:30:00.000Z",
      ],
    },
  ])("a 09:00 window is 09:00 on the local clock on both sides: $change", ({ from, expected }) => {
    const now = new Date(from);
    const slots = listSlots({ availability: london, now, booked: [], busy: [], days: 3 });
    expect(iso(slots)).toEqual(expected);
    for (const slot of slots)
      expect(checkSlot({ availability: london, now, booked: [], busy: [], start: slot }).ok).toBe(true);
  });

  it("a day is the local day: 23:30 UTC in summer is the next day's 00:30, for the cap and days off", () => {
    const availability = {
      ...london,
      maxPerDay: 1,
      weeklyHours: london.weeklyHours.map(() => [{ start: "00:00", end: "01:00" }]),
    };
    const booked = [{ start: new Date("2026-07-01T23:30:00Z"), end: new Date("2026-07-02T00:00:00Z") }];
    const now = new Date("2026-07-01T00:00:00Z");
    const slots = listSlots({ availability, now, booked, busy: [], days: 3 });
    // 1 July's 00:00–01:00 BST is 30 June 23:00–00:00 UTC, before now; 2 July already has its call.
    expect(iso(slots)).toEqual(["2026-07-02T23:00:00.000Z", "2026-07-02T23:30:00.000Z"]);
    expect(
      listSlots({
        availability: { ...availability, maxPerDay: null, daysOff: ["2026-07-03"] },
        now,
        booked: [],
        busy: [],
        days: 3,
      }),
    ).toEqual([new Date("2026-07-01T23:00:00Z"), new Date("2026-07-01T23:30:00Z")]);
  });
});

describe("checkSlot", () => {
  const availability: Availability = {
    ...DEFAULT_AVAILABILITY,
    minNoticeHours: 2,
    maxPerDay: 3,
    daysOff: ["2026-12-03"],
  };
  const booked = [
    call("2026-12-01T10:00"),
    call("2026-12-04T09:00"),
    call("2026-12-04T11:00"),
    call("2026-12-04T13:00"),
  ];
  const busy = [call("2026-12-01T14:00", 60)];
  const now = at("2026-11-30T08:00");
  const check = (start: Date) => checkSlot({ availability, now, booked, busy, start });

  const refusals: [SlotRefusal, string, Date][] = [
    ["invalid", "not a date", new Date("tomorrow at ten")],
    ["past", "before now", at("2026-11-30T07:30")],
    ["past", "before now, and off the grid too", at("2026-11-30T07:10")],
    ["notice", "inside the two hours' notice", at("2026-11-30T09:30")],
    ["horizon", "00:00 on the 15th day", at("2026-12-14T00:00")],
    ["horizon", "a working day past the horizon", at("2026-12-14T10:00")],
    ["day-off", "a day off", at("2026-12-03T10:00")],
    ["day-off", "a day off, off the grid too", at("2026-12-03T10:15")],
    ["outside-hours", "before the window opens", at("2026-12-01T08:30")],
    ["outside-hours", "a call that would end after the window closes", at("2026-12-01T16:45")],
    ["outside-hours", "a Saturday", at("2026-12-05T10:00")],
    ["off-grid", "a quarter past", at("2026-12-01T09:15")],
    ["off-grid", "half a minute past", new Date(at("2026-12-01T09:00").getTime() + 30_000)],
    ["day-cap", "a day with three calls", at("2026-12-04T15:00")],
    ["taken", "the booked call's own start", at("2026-12-01T10:00")],
    ["taken", "the buffers meet", at("2026-12-01T10:30")],
    ["busy", "inside a busy hour", at("2026-12-01T14:30")],
    ["busy", "the buffer after reaches into the busy hour", at("2026-12-01T13:30")],
    ["busy", "the buffer before reaches into the busy hour", at("2026-12-01T15:00")],
  ];

  it.each(refusals)("refuses %s: %s", (reason, _, start) => {
    expect(check(start)).toEqual({ ok: false, reason });
  });

  it("covers every reason, each with its own visitor-facing message", () => {
    const reasons = new Set(refusals.map(([reason]) => reason));
    expect(reasons.size).toBe(Object.keys(slotRefusalMessages).length);
    const messages = [...reasons].map((reason) => refusalMessage(reason, slotRefusalMessages));
    expect(new Set(messages).size).toBe(reasons.size);
    expect(refusalMessage("past", slotRefusalMessages)).toBe("That time has already passed. Please pick another.");
  });

  it.each([
    ["the first start after notice and buffers allow", at("2026-11-30T10:00")],
    ["the booked call's neighbour, blocked ranges touching", at("2026-12-01T11:00")],
    ["just clear of the busy hour", at("2026-12-01T15:30")],
    ["the last start of the horizon", at("2026-12-11T16:30")],
  ])("accepts %s, and gives the end", (_, start) => {
    expect(check(start)).toEqual({ ok: true, end: new Date(start.getTime() + 30 * 60_000) });
  });

  it("accepts exactly the starts listSlots offers (every five minutes over the horizon)", () => {
    const offered = new Set(listSlots({ availability, now, booked, busy }).map((slot) => slot.getTime()));
    expect(offered.size).toBeGreaterThan(50);
    const accepted = new Set<number>();
    for (let time = now.getTime(); time < at("2026-12-15T00:00").getTime(); time += 5 * 60_000)
      if (check(new Date(time)).ok) accepted.add(time);
    expect([...accepted]).toEqual([...offered]);
  });
});

describe("nearestSlots", () => {
  const slots = ["09:00", "09:30", "10:00", "11:00", "11:30"].map((time) => at(`2026-12-01T${time}`));

  it.each([
    { wanted: "10:30", count: 3, expected: ["09:30", "10:00", "11:00"] },
    { wanted: "10:30", count: 1, expected: ["10:00"] },
    { wanted: "08:00", count: 3, expected: ["09:00", "09:30", "10:00"] },
    { wanted: "13:00", count: 2, expected: ["11:00", "11:30"] },
    { wanted: "10:00", count: 2, expected: ["09:30", "10:00"] },
    { wanted: "10:30", count: 9, expected: ["09:00", "09:30", "10:00", "11:00", "11:30"] },
  ])("$count nearest to $wanted: $expected", ({ wanted, count, expected }) => {
    expect(iso(nearestSlots(slots, at(`2026-12-01T${wanted}`), count))).toEqual(lagosTimes("2026-12-01", expected));
  });

  it("defaults to three, and has nothing to offer from nothing", () => {
    expect(nearestSlots(slots, at("2026-12-01T11:45"))).toHaveLength(3);
    expect(nearestSlots([], at("2026-12-01T11:45"))).toEqual([]);
  });
});

describe("blockedRange", () => {
  it("widens a call by the buffers before and after", () => {
    const { start, end } = call("2026-12-01T10:00");
    expect(blockedRange(start, end, { ...plain, bufferBeforeMinutes: 15, bufferAfterMinutes: 20 })).toEqual({
      start: at("2026-12-01T09:45"),
      end: at("2026-12-01T10:50"),
    });
  });
});
