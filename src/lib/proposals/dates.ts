/**
 * A proposal's days and months in words, the same in the client's page, the admin, the e-mails and
 * the PDF. A proposal's dates are days in Lagos stored without a time (valid until, the retainer's
 * month), so they are read at midnight UTC and written in UTC: every reader sees the same day. Its
 * moments (the acceptance) are instants, written in Lagos time. All in British order, day before
 * month, as Nigeria writes dates, so that one page never shows two orders.
 */
import { AGENCY_TIME_ZONE } from "../agency-zone.js";

const MONTH = new Intl.DateTimeFormat("en-GB", { month: "long", year: "numeric", timeZone: "UTC" });
const DAY = new Intl.DateTimeFormat("en-GB", { dateStyle: "long", timeZone: "UTC" });

/** "January 2027" for "2027-01" or any day of it ("2027-01-01"). */
export function monthInWords(month: string): string {
  return MONTH.format(new Date(`${month.slice(0, 7)}-01T00:00:00Z`));
}

/** "14 December 2026" for "2026-12-14". */
export function dayInWords(day: string): string {
  return DAY.format(new Date(`${day}T00:00:00Z`));
}

const MOMENT = new Intl.DateTimeFormat("en-GB", { dateStyle: "long", timeStyle: "short", timeZone: AGENCY_TIME_ZONE });

/** "2 November 2031 at 11:30" for an instant, in Lagos time; "" when it is not a date. */
export function momentInWords(value: string | Date): string {
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? "" : MOMENT.format(date);
}
