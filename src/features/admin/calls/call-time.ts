/**
 * Calls in the agency's time (AGENCY_TIME_ZONE), whatever the admin's browser is set to: the day a call
 * falls on, its time, and the Monday-to-Sunday week the week view shows. Wall-clock parts come from
 * lib/lagos-time.ts's inLagos, as the editor's and src/lib/calls/slots.ts's do.
 */
import { TZDate } from "@date-fns/tz";
import { addDays } from "date-fns/addDays";
import { startOfDay } from "date-fns/startOfDay";
import { AGENCY_TIME_ZONE } from "../../../lib/agency-zone";
import { inLagos } from "../../../lib/lagos-time";

const pad = (value: number) => String(value).padStart(2, "0");

/** "2026-12-01": the Lagos date of `date`. */
export function lagosDay(date: Date): string {
  const local = inLagos(date);
  return `${local.getFullYear()}-${pad(local.getMonth() + 1)}-${pad(local.getDate())}`;
}

/** "09:30": the Lagos time of `date`, 24-hour. */
export function lagosTime(date: Date): string {
  const local = inLagos(date);
  return `${pad(local.getHours())}:${pad(local.getMinutes())}`;
}

const dayFormat = new Intl.DateTimeFormat("en-GB", {
  timeZone: AGENCY_TIME_ZONE,
  weekday: "short",
  day: "numeric",
  month: "short",
});
const longDayFormat = new Intl.DateTimeFormat("en-GB", {
  timeZone: AGENCY_TIME_ZONE,
  weekday: "long",
  day: "numeric",
  month: "long",
  year: "numeric",
});

/** "Tue 1 Dec" in Lagos. */
export function lagosDayLabel(date: Date): string {
  return dayFormat.format(date);
}

/** "Tuesday 1 December 2026" in Lagos. */
export function lagosLongDay(date: Date): string {
  return longDayFormat.format(date);
}

/** "Tuesday 1 December 2026, 09:30": a call's start in Lagos. */
export function lagosMoment(date: Date): string {
  return `${lagosLongDay(date)}, ${lagosTime(date)}`;
}

/** The instant a "YYYY-MM-DD" Lagos date begins. */
export function lagosDayStart(day: string): Date {
  const [year, month, date] = day.split("-").map(Number) as [number, number, number];
  return new Date(new TZDate(year, month - 1, date, AGENCY_TIME_ZONE).getTime());
}

/** The 7 Lagos days (Monday first) of the week holding `date`, shifted by `offset` weeks, each with its start. */
export function lagosWeek(date: Date, offset = 0): { day: string; start: Date }[] {
  const local = startOfDay(inLagos(date));
  const monday = addDays(local, -((local.getDay() + 6) % 7) + offset * 7);
  return Array.from({ length: 7 }, (_, index) => {
    const start = addDays(monday, index);
    return { day: lagosDay(start), start: new Date(start.getTime()) };
  });
}
