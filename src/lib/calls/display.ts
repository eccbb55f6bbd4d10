/**
 * Call times as a visitor reads them: in their own zone, with the agency's time beside it when the
 * two clocks differ. Wall-clock parts come from Intl.DateTimeFormat with the `timeZone` option (the
 * time zone database), never from an offset worked out here. The words and their order are the
 * caller's (`CallTimeCopy`, content/calls.ts's `callTimeCopy`); times use the 24-hour clock ("09:30"),
 * which reads the same in Lagos, London and New York.
 */

/** What the display needs of the copy: content/calls.ts's `callTimeCopy`. */
export interface CallTimeCopy {
  locale: string;
  dayLabel: (weekday: string, day: string, month: string) => string;
  moment: (dayLabel: string, time: string) => string;
  zoneLabel: (city: string) => string;
  agencyTime: (time: string, city: string) => string;
  confirmation: (moment: string, zoneLabel: string) => string;
  confirmationBothZones: (moment: string, zoneLabel: string, agencyMoment: string, agencyCity: string) => string;
}

export interface SlotDay {
  /** "YYYY-MM-DD" in the visitor's zone */
  day: string;
  /** "Tuesday 2 December" */
  label: string;
  /** `iso`: the start as the API writes it (toISOString), the radio's value. */
  slots: { start: Date; iso: string; time: string; agencyTime: string | null }[];
}

/** Whether Intl (and so the formatting here) knows the zone, e.g. a zone the browser reported. */
export function isValidTimeZone(zone: string): boolean {
  if (!zone) return false;
  try {
    new Intl.DateTimeFormat("en", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** The city of an IANA zone, as people say it: "America/New_York" gives "New York". */
function zoneCity(zone: string): string {
  return (zone.split("/").pop() ?? zone).replace(/_/g, " ");
}

/** "London time", "Lagos time", "New York time". */
export function zoneLabel(zone: string, copy: CallTimeCopy): string {
  return copy.zoneLabel(zoneCity(zone));
}

interface WallClock {
  /** "YYYY-MM-DD" */
  day: string;
  label: string;
  /** "HH:MM", 24-hour */
  time: string;
}

// Made once per kind, locale and zone: making a formatter costs far more than using it.
const formatters = new Map<string, Intl.DateTimeFormat>();

/** The locale of the numeric parts (the day's key and the time), whatever the copy's locale. */
export const NUMERIC_LOCALE = "en-US";

/** The two kinds of formatter made here; the worker of warm-intl.ts makes the same first. */
export const FIELDS = {
  // The day's key and the time, from numeric parts whatever the locale.
  numeric: { year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", hourCycle: "h23" },
  // The day's label, in the copy's locale.
  named: { weekday: "long", month: "long", day: "numeric" },
} satisfies Record<string, Intl.DateTimeFormatOptions>;

function formatter(kind: keyof typeof FIELDS, locale: string, zone: string): Intl.DateTimeFormat {
  const id = `${kind} ${locale} ${zone}`;
  let made = formatters.get(id);
  if (!made) {
    made = new Intl.DateTimeFormat(locale, { ...FIELDS[kind], timeZone: zone });
    formatters.set(id, made);
  }
  return made;
}

function parts(format: Intl.DateTimeFormat, date: Date): Partial<Record<Intl.DateTimeFormatPartTypes, string>> {
  const found: Partial<Record<Intl.DateTimeFormatPartTypes, string>> = {};
  for (const part of format.formatToParts(date)) found[part.type] = part.value;
  return found;
}

/**
 * The day's key and the time from the numeric formatter (`FIELDS.numeric`, en-US: "12/02/2026, 14:30"):
 * its digits in en-US's order, month, day, year, hour, minute. Read from `format`, not `formatToParts`,
 * which builds an object per part: `/book` groups two weeks of times on the page's load, 324 calls
 * (two zones), and as parts that was one task of 12-16 ms at full speed on the 2-core machine, 100 ms
 * and more on a low-tier phone. `format` costs about a fifth as much per call (docs/performance.md).
 */
function numericClock(date: Date, numeric: Intl.DateTimeFormat): Pick<WallClock, "day" | "time"> {
  const [month, day, year, hour, minute] = numeric.format(date).match(/\d+/g) ?? [];
  return { day: `${year}-${month}-${day}`, time: `${hour}:${minute}` };
}

function numericFormatter(zone: string): Intl.DateTimeFormat {
  return formatter("numeric", NUMERIC_LOCALE, zone);
}

/** "Tuesday 2 December" in `zone`, in the copy's words. */
function dayLabel(date: Date, zone: string, copy: CallTimeCopy): string {
  const named = parts(formatter("named", copy.locale, zone), date);
  return copy.dayLabel(named.weekday ?? "", named.day ?? "", named.month ?? "");
}

function wallClock(date: Date, zone: string, copy: CallTimeCopy): WallClock {
  return { ...numericClock(date, numericFormatter(zone)), label: dayLabel(date, zone, copy) };
}

/**
 * Free starts grouped by the visitor's calendar day, in order. Each start carries the agency's wall
 * time ("09:30 Lagos") only when it differs from the visitor's. `slots` is ascending.
 *
 * A day is named once, with its first start, and the agency's clock is read only when the zones
 * differ: weeks of times are one formatter call each, not four (the picker renders them on a phone).
 * With `maxDays`, the starts after that many days are not read at all: the picker shows the first day
 * as the page loads, and needs to know only whether another follows.
 */
export function groupSlotsByDay(
  slots: Date[],
  visitorZone: string,
  agencyZone: string,
  copy: CallTimeCopy,
  maxDays = Number.POSITIVE_INFINITY,
): SlotDay[] {
  const days: SlotDay[] = [];
  const agencyCity = zoneCity(agencyZone);
  const visitorClock = numericFormatter(visitorZone);
  const agencyClock = visitorZone === agencyZone ? null : numericFormatter(agencyZone);
  for (const start of slots) {
    const visitor = numericClock(start, visitorClock);
    const agencyTime = agencyClock ? numericClock(start, agencyClock).time : visitor.time;
    let last = days[days.length - 1];
    if (!last || last.day !== visitor.day) {
      if (days.length === maxDays) break;
      last = { day: visitor.day, label: dayLabel(start, visitorZone, copy), slots: [] };
      days.push(last);
    }
    last.slots.push({
      start,
      iso: start.toISOString(),
      time: visitor.time,
      agencyTime: agencyTime === visitor.time ? null : copy.agencyTime(agencyTime, agencyCity),
    });
  }
  return days;
}

/** "Tuesday 2 December, 10:30" in `zone`. */
export function formatBookingMoment(start: Date, zone: string, copy: CallTimeCopy): string {
  const clock = wallClock(start, zone, copy);
  return copy.moment(clock.label, clock.time);
}

/**
 * The line that confirms a booking: "You're booked in for Tuesday 2 December, 10:30 (Lagos time)";
 * for a visitor in another zone, their time first and the agency's after it ("… 09:30 (London time) —
 * 10:30 in Lagos"), with the agency's day too when it is not the visitor's.
 */
export function confirmationLine(start: Date, visitorZone: string, agencyZone: string, copy: CallTimeCopy): string {
  const moment = formatBookingMoment(start, visitorZone, copy);
  if (visitorZone === agencyZone) return copy.confirmation(moment, zoneLabel(agencyZone, copy));
  const visitor = wallClock(start, visitorZone, copy);
  const agency = wallClock(start, agencyZone, copy);
  const agencyMoment = agency.day === visitor.day ? agency.time : copy.moment(agency.label, agency.time);
  return copy.confirmationBothZones(moment, zoneLabel(visitorZone, copy), agencyMoment, zoneCity(agencyZone));
}
