/**
 * Which discovery-call start times are free: pure, with everything it depends on passed in (the
 * availability the admin edits, the clock, the booked calls, the agency calendar's busy times), so the
 * bookings function and the admin's preview compute the same answer. Wall-clock times are turned into
 * instants by @date-fns/tz (the time zone database through Intl), never by a fixed offset. Imports
 * carry `.js` specifiers because Vercel's Node builder compiles the function and this file as written.
 *
 * The rules (checkSlot refuses for the first that fails, in this order):
 *
 * - invalid: the start is not a date.
 * - past: start < now. notice: start < now + minNoticeHours.
 * - horizon: start ≥ the start (00:00) of the agency-local day of `now`, plus horizonDays calendar days
 *   in the agency's zone. With horizonDays 14 on a Monday, the last bookable day is the Sunday 13 days
 *   later: today counts as day one, whatever the hour.
 * - day-off: the start's agency-local date ("YYYY-MM-DD") is in daysOff.
 * - outside-hours: no window of that weekday holds the whole call [start, start + callMinutes).
 *   Window times are agency wall-clock times, turned into instants on that date, so a 09:00 window is
 *   09:00 local on both sides of a daylight-saving change.
 * - off-grid: the call fits a window, but not at window.start + k × slotStepMinutes (k ≥ 0, counted in
 *   elapsed minutes from the window's start).
 * - day-cap: maxPerDay calls already start on that agency-local day.
 * - taken: the blocked range of the call, [start − bufferBefore, start + callMinutes + bufferAfter),
 *   overlaps the blocked range of a booked call. `booked` holds booked calls' own times, not buffered;
 *   each is widened by the current buffers here, unless it brings the blocked range its row stores. Ranges are half-open: touching is not overlapping.
 *   This is the rule the database's exclusion constraint enforces (`&&` over the blocked tstzrange,
 *   '[)' bounds), so the two agree; the constraint, not this check, is what holds under concurrency.
 *   Two calls therefore sit at least bufferAfter + bufferBefore apart.
 * - busy: the call's blocked range overlaps a busy interval of the agency's calendar. The blocked
 *   range rather than the bare call: the buffers are there so that nobody walks out of one meeting into
 *   a call unprepared, and another meeting is as much a meeting as another call. A busy interval is not
 *   widened itself (it is someone else's event), so a call may start bufferBefore after it ends. The
 *   agency's own booked calls, once on its calendar, come back as busy intervals too; that is harmless,
 *   as the `taken` rule is the stricter of the two.
 *
 * listSlots returns every start the rules allow, ascending and without duplicates: exactly the starts
 * checkSlot accepts (a test walks both over the same days to prove it).
 */
import { AGENCY_TIME_ZONE } from "../agency-zone.js";
import { TZDate } from "@date-fns/tz";
import { addDays } from "date-fns/addDays";
import { startOfDay } from "date-fns/startOfDay";
import { DEFAULT_CALL_MINUTES } from "./call-length.js";

export interface WeeklyWindow {
  /** "HH:MM" in the agency's zone */
  start: string;
  /** "HH:MM" in the agency's zone, after start; "24:00" is the end of the day */
  end: string;
}

export interface Availability {
  /** The agency's IANA zone: AGENCY_TIME_ZONE unless the admin's settings say otherwise. */
  timeZone: string;
  /** Index 0 is Sunday … 6 Saturday; [] is closed that day. */
  weeklyHours: WeeklyWindow[][];
  callMinutes: number;
  /** The grid: starts are window.start + k × slotStepMinutes. */
  slotStepMinutes: number;
  bufferBeforeMinutes: number;
  bufferAfterMinutes: number;
  minNoticeHours: number;
  /** How many agency-local calendar days, today included, can be booked. */
  horizonDays: number;
  /** Calls per agency-local day; null is no cap. */
  maxPerDay: number | null;
  /** "YYYY-MM-DD" in the agency's zone. */
  daysOff: string[];
}

export interface Interval {
  start: Date;
  end: Date;
}

/**
 * A booked call: its own start and end. `blocked`, when given, is the range its row holds (the
 * buffers of the day it was booked), which the exclusion constraint compares; without it the call is
 * widened by the current buffers. Pass it, so that a change of buffers cannot make this module offer a
 * time the database then refuses.
 */
export interface BookedCall extends Interval {
  blocked?: Interval;
}

const officeHours: WeeklyWindow[] = [{ start: "09:00", end: "17:00" }];

/**
 * What a fresh installation offers until the admin edits it.
 * - Monday to Friday, 09:00–17:00 Lagos: the agency's working day.
 * - 30-minute calls on a 30-minute grid: a discovery call is a conversation, not a workshop, and
 *   half-hour starts are what people expect to see.
 * - 15 minutes before (read the enquiry) and after (notes into the CRM, or a call that runs over):
 *   with the grid, at most one call an hour.
 * - 4 hours' notice: a same-day call stays possible, but nobody is surprised by a call in ten minutes.
 * - 14 days ahead: far enough for a busy owner, near enough that the calendar is still reliable.
 * - 6 a day: the rest of the day is for client work.
 */
export const DEFAULT_AVAILABILITY: Availability = {
  timeZone: AGENCY_TIME_ZONE,
  weeklyHours: [[], officeHours, officeHours, officeHours, officeHours, officeHours, []],
  callMinutes: DEFAULT_CALL_MINUTES,
  slotStepMinutes: 30,
  bufferBeforeMinutes: 15,
  bufferAfterMinutes: 15,
  minNoticeHours: 4,
  horizonDays: 14,
  maxPerDay: 6,
  daysOff: [],
};

export type SlotRefusal =
  "invalid" | "past" | "notice" | "horizon" | "day-off" | "outside-hours" | "off-grid" | "day-cap" | "taken" | "busy";

/** The visitor-facing message of each refusal: content/calls.ts's `slotRefusalMessages`. */
export type RefusalMessages = Readonly<Record<SlotRefusal, string>>;

/** The message a visitor reads for a refused time (lib imports no content: the copy is passed in). */
export function refusalMessage(reason: SlotRefusal, messages: RefusalMessages): string {
  return messages[reason];
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** The range a call keeps to itself: its own time widened by the buffers. */
export function blockedRange(start: Date, end: Date, availability: Availability): Interval {
  return {
    start: new Date(start.getTime() - availability.bufferBeforeMinutes * MINUTE),
    end: new Date(end.getTime() + availability.bufferAfterMinutes * MINUTE),
  };
}

/** Minutes after midnight of an "HH:MM" wall-clock time (00:00 to 24:00). */
function wallMinutes(value: string): number {
  const match = /^(\d{2}):(\d{2})$/.exec(value);
  const minutes = match ? Number(match[1]) * 60 + Number(match[2]) : NaN;
  if (!match || Number(match[2]) > 59 || !(minutes <= 24 * 60)) throw new RangeError(`Not an HH:MM time: "${value}"`);
  return minutes;
}

/**
 * Disjoint, ascending ranges covering the given ones: any range overlaps one of the inputs exactly
 * when it overlaps one of these, and their ends ascend, so one binary search answers.
 */
class RangeSet {
  private readonly starts: number[] = [];
  private readonly ends: number[] = [];

  constructor(ranges: [number, number][]) {
    ranges.sort((a, b) => a[0] - b[0]);
    for (const [start, end] of ranges) {
      if (!(end > start)) continue;
      const last = this.ends.length - 1;
      if (last >= 0 && start < this.ends[last]!) this.ends[last] = Math.max(this.ends[last]!, end);
      else {
        this.starts.push(start);
        this.ends.push(end);
      }
    }
  }

  /** Whether [start, end) overlaps any range (half-open: touching is not overlapping). */
  overlaps(start: number, end: number): boolean {
    let low = 0;
    let high = this.ends.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (this.ends[middle]! <= start) low = middle + 1;
      else high = middle;
    }
    return low < this.starts.length && this.starts[low]! < end;
  }
}

/** The number of sorted values v with v < limit. */
function countBelow(sorted: number[], limit: number): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (sorted[middle]! < limit) low = middle + 1;
    else high = middle;
  }
  return low;
}

interface LocalDay {
  /** 00:00 of the day in the agency's zone */
  date: TZDate;
  key: string;
  start: number;
  end: number;
}

const pad = (value: number) => String(value).padStart(2, "0");

function localDay(date: TZDate): LocalDay {
  const start = startOfDay(date);
  // TZDate's getters read the agency's calendar; date-fns's format would add its whole formatter to
  // the admin's bundle for this one key.
  const key = `${start.getFullYear()}-${pad(start.getMonth() + 1)}-${pad(start.getDate())}`;
  return { date: start, key, start: start.getTime(), end: addDays(start, 1).getTime() };
}

interface WindowRange {
  start: number;
  end: number;
}

/** Everything listSlots and checkSlot derive from their input once, before looking at any start. */
function prepare(input: { availability: Availability; now: Date; booked: BookedCall[]; busy: Interval[] }) {
  const { availability, now } = input;
  const { timeZone, callMinutes, slotStepMinutes, bufferBeforeMinutes, bufferAfterMinutes } = availability;
  if (!(callMinutes > 0) || !(slotStepMinutes > 0)) throw new RangeError("callMinutes and slotStepMinutes must be > 0");
  const before = bufferBeforeMinutes * MINUTE;
  const after = bufferAfterMinutes * MINUTE;
  const today = localDay(new TZDate(now.getTime(), timeZone));
  const bookedStarts = input.booked.map((call) => call.start.getTime()).sort((a, b) => a - b);
  const taken = new RangeSet(
    input.booked.map(({ start, end, blocked }): [number, number] =>
      blocked ? [blocked.start.getTime(), blocked.end.getTime()] : [start.getTime() - before, end.getTime() + after],
    ),
  );
  const busy = new RangeSet(
    input.busy.map((event) => [event.start.getTime(), event.end.getTime()] as [number, number]),
  );
  const daysOff = new Set(availability.daysOff);

  return {
    length: callMinutes * MINUTE,
    step: slotStepMinutes * MINUTE,
    earliest: now.getTime() + availability.minNoticeHours * HOUR,
    horizonEnd: addDays(today.date, availability.horizonDays).getTime(),
    isDayOff: (day: LocalDay) => daysOff.has(day.key),
    isFull: (day: LocalDay) =>
      availability.maxPerDay !== null &&
      countBelow(bookedStarts, day.end) - countBelow(bookedStarts, day.start) >= availability.maxPerDay,
    isTaken: (start: number, end: number) => taken.overlaps(start - before, end + after),
    isBusy: (start: number, end: number) => busy.overlaps(start - before, end + after),
    /** The day's windows as instants: each wall-clock time read on that date in the agency's zone. */
    windows(day: LocalDay): WindowRange[] {
      const { date } = day;
      const at = (minutes: number) =>
        new TZDate(date.getFullYear(), date.getMonth(), date.getDate(), 0, minutes, timeZone).getTime();
      return (availability.weeklyHours[date.getDay()] ?? []).map((window) => ({
        start: at(wallMinutes(window.start)),
        end: at(wallMinutes(window.end)),
      }));
    },
  };
}

/**
 * The free starts on `days` agency-local days (default horizonDays) from the day holding `from`
 * (default now), ascending. Only whole days are listed: `from` picks the first day, not the first time.
 */
export function listSlots(input: {
  availability: Availability;
  now: Date;
  booked: BookedCall[];
  busy: Interval[];
  from?: Date;
  days?: number;
}): Date[] {
  const rules = prepare(input);
  const { timeZone, horizonDays } = input.availability;
  const starts: number[] = [];
  let day = localDay(new TZDate((input.from ?? input.now).getTime(), timeZone));
  for (let index = 0; index < (input.days ?? horizonDays); index += 1, day = localDay(addDays(day.date, 1))) {
    if (day.start >= rules.horizonEnd) break;
    if (day.end <= rules.earliest || rules.isDayOff(day) || rules.isFull(day)) continue;
    for (const window of rules.windows(day))
      for (let start = window.start; start + rules.length <= window.end; start += rules.step) {
        const end = start + rules.length;
        if (
          start >= rules.earliest &&
          start < rules.horizonEnd &&
          !rules.isTaken(start, end) &&
          !rules.isBusy(start, end)
        )
          starts.push(start);
      }
  }
  starts.sort((a, b) => a - b);
  return starts.filter((start, index) => start !== starts[index - 1]).map((start) => new Date(start));
}

/** Whether one start may be booked, and if not the first rule (in the module's order) it breaks. */
export function checkSlot(input: {
  availability: Availability;
  now: Date;
  booked: BookedCall[];
  busy: Interval[];
  start: Date;
}): { ok: true; end: Date } | { ok: false; reason: SlotRefusal } {
  const refuse = (reason: SlotRefusal) => ({ ok: false as const, reason });
  const start = input.start instanceof Date ? input.start.getTime() : NaN;
  if (!Number.isFinite(start)) return refuse("invalid");
  if (start < input.now.getTime()) return refuse("past");
  const rules = prepare(input);
  if (start < rules.earliest) return refuse("notice");
  if (start >= rules.horizonEnd) return refuse("horizon");
  const day = localDay(new TZDate(start, input.availability.timeZone));
  if (rules.isDayOff(day)) return refuse("day-off");
  const end = start + rules.length;
  const fitting = rules.windows(day).filter((window) => window.start <= start && end <= window.end);
  if (fitting.length === 0) return refuse("outside-hours");
  if (!fitting.some((window) => (start - window.start) % rules.step === 0)) return refuse("off-grid");
  if (rules.isFull(day)) return refuse("day-cap");
  if (rules.isTaken(start, end)) return refuse("taken");
  if (rules.isBusy(start, end)) return refuse("busy");
  return { ok: true, end: new Date(end) };
}

/**
 * The `count` free starts nearest to `wanted` (earlier first on a tie), ascending: what a refused
 * booking offers instead. `slots` is ascending, as listSlots returns it.
 */
export function nearestSlots(slots: Date[], wanted: Date, count = 3): Date[] {
  const target = wanted.getTime();
  let after = countBelow(
    slots.map((slot) => slot.getTime()),
    target,
  );
  let before = after - 1;
  const picked: Date[] = [];
  while (picked.length < count && (before >= 0 || after < slots.length)) {
    const earlier = slots[before];
    const later = slots[after];
    if (earlier && (!later || target - earlier.getTime() <= later.getTime() - target)) {
      picked.unshift(earlier);
      before -= 1;
    } else if (later) {
      picked.push(later);
      after += 1;
    }
  }
  return picked;
}
