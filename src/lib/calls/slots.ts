/**
 * STAND-IN for branch wt-slots' module of the same path, with its declared signatures, so that
 * api/calls compiles and is tested before that branch lands. When main has the real module, merging
 * main takes theirs for this file (it replaces this one whole).
 *
 * Free start times of discovery calls in the agency's zone, computed with Intl.
 */
export interface WeeklyWindow {
  start: string;
  end: string;
}
export interface Availability {
  timeZone: string;
  weeklyHours: WeeklyWindow[][];
  callMinutes: number;
  slotStepMinutes: number;
  bufferBeforeMinutes: number;
  bufferAfterMinutes: number;
  minNoticeHours: number;
  horizonDays: number;
  maxPerDay: number | null;
  daysOff: string[];
}
export interface Interval {
  start: Date;
  end: Date;
}
export type SlotRefusal =
  "invalid" | "past" | "notice" | "horizon" | "day-off" | "outside-hours" | "off-grid" | "day-cap" | "taken" | "busy";

const weekdays: WeeklyWindow[] = [{ start: "09:00", end: "17:00" }];
export const DEFAULT_AVAILABILITY: Availability = {
  timeZone: "Africa/Lagos",
  weeklyHours: [[], weekdays, weekdays, weekdays, weekdays, weekdays, []],
  callMinutes: 30,
  slotStepMinutes: 30,
  bufferBeforeMinutes: 0,
  bufferAfterMinutes: 15,
  minNoticeHours: 12,
  horizonDays: 21,
  maxPerDay: 6,
  daysOff: [],
};

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/** The local calendar day (YYYY-MM-DD) and minutes since its midnight of `at` in `zone`. */
function local(at: Date, zone: string): { day: string; minutes: number; weekday: number } {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-US", {
      timeZone: zone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      weekday: "short",
    })
      .formatToParts(at)
      .map((part) => [part.type, part.value]),
  );
  const day = `${parts.year}-${parts.month}-${parts.day}`;
  return {
    day,
    minutes: Number(parts.hour) * 60 + Number(parts.minute),
    weekday: new Date(`${day}T00:00:00Z`).getUTCDay(),
  };
}

/** The instant of `minutes` after midnight of local `day` in `zone`. */
function instant(day: string, minutes: number, zone: string): Date {
  let guess = Date.parse(`${day}T00:00:00Z`) + minutes * MINUTE;
  for (let i = 0; i < 2; i++) {
    const seen = local(new Date(guess), zone);
    const seenAt = Date.parse(`${seen.day}T00:00:00Z`) + seen.minutes * MINUTE;
    guess += Date.parse(`${day}T00:00:00Z`) + minutes * MINUTE - seenAt;
  }
  return new Date(guess);
}

const toMinutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
const overlaps = (a: Interval, b: Interval) => a.start < b.end && b.start < a.end;

function blockedRange(start: Date, end: Date, availability: Availability): Interval {
  return {
    start: new Date(start.getTime() - availability.bufferBeforeMinutes * MINUTE),
    end: new Date(end.getTime() + availability.bufferAfterMinutes * MINUTE),
  };
}

export function checkSlot(input: {
  availability: Availability;
  now: Date;
  booked: Interval[];
  busy: Interval[];
  start: Date;
}): { ok: true; end: Date } | { ok: false; reason: SlotRefusal } {
  const { availability: a, now, start } = input;
  if (Number.isNaN(start.getTime())) return { ok: false, reason: "invalid" };
  const end = new Date(start.getTime() + a.callMinutes * MINUTE);
  if (start <= now) return { ok: false, reason: "past" };
  if (start.getTime() < now.getTime() + a.minNoticeHours * 60 * MINUTE) return { ok: false, reason: "notice" };
  if (start.getTime() > now.getTime() + a.horizonDays * DAY) return { ok: false, reason: "horizon" };
  const at = local(start, a.timeZone);
  if (a.daysOff.includes(at.day)) return { ok: false, reason: "day-off" };
  const window = (a.weeklyHours[at.weekday] ?? []).find(
    (w) => toMinutes(w.start) <= at.minutes && at.minutes + a.callMinutes <= toMinutes(w.end),
  );
  if (!window) return { ok: false, reason: "outside-hours" };
  if ((at.minutes - toMinutes(window.start)) % a.slotStepMinutes !== 0 || start.getUTCSeconds() !== 0)
    return { ok: false, reason: "off-grid" };
  if (
    a.maxPerDay !== null &&
    input.booked.filter((b) => local(b.start, a.timeZone).day === at.day).length >= a.maxPerDay
  )
    return { ok: false, reason: "day-cap" };
  const blocked = blockedRange(start, end, a);
  if (input.booked.some((b) => overlaps(blocked, blockedRange(b.start, b.end, a))))
    return { ok: false, reason: "taken" };
  if (input.busy.some((b) => overlaps(blocked, b))) return { ok: false, reason: "busy" };
  return { ok: true, end };
}

export function listSlots(input: {
  availability: Availability;
  now: Date;
  booked: Interval[];
  busy: Interval[];
  from?: Date;
  days?: number;
}): Date[] {
  const a = input.availability;
  const from = input.from ?? input.now;
  const slots: Date[] = [];
  for (let offset = 0; offset <= (input.days ?? a.horizonDays + 1); offset++) {
    const day = local(new Date(from.getTime() + offset * DAY), a.timeZone);
    for (const window of a.weeklyHours[day.weekday] ?? []) {
      for (let m = toMinutes(window.start); m + a.callMinutes <= toMinutes(window.end); m += a.slotStepMinutes) {
        const start = instant(day.day, m, a.timeZone);
        if (start >= from && checkSlot({ ...input, start }).ok) slots.push(start);
      }
    }
  }
  return slots;
}

export function nearestSlots(slots: Date[], wanted: Date, count = 3): Date[] {
  return [...slots]
    .sort((x, y) => Math.abs(x.getTime() - wanted.getTime()) - Math.abs(y.getTime() - wanted.getTime()))
    .slice(0, count)
    .sort((x, y) => x.getTime() - y.getTime());
}

const REFUSALS: Record<SlotRefusal, string> = {
  invalid: "Choose a time for the call.",
  past: "That time has passed. Please choose another.",
  notice: "That time is too soon for us to prepare. Please choose a later one.",
  horizon: "That time is too far ahead. Please choose an earlier one.",
  "day-off": "We are not taking calls that day. Please choose another.",
  "outside-hours": "That time is outside our hours. Please choose another.",
  "off-grid": "Please choose one of the times offered.",
  "day-cap": "That day is fully booked. Please choose another.",
  taken: "Sorry, that time was just taken. Please choose another.",
  busy: "Sorry, that time is no longer free. Please choose another.",
};

export function refusalMessage(reason: SlotRefusal): string {
  return REFUSALS[reason];
}
