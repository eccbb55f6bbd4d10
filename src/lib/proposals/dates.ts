/**
 * A proposal's days and months in words, the same in the client's page, the admin, the e-mails and
 * the PDF. A proposal's dates are days in Lagos stored without a time (valid until, the retainer's
 * month), so they are read at midnight UTC and written in UTC: every reader sees the same day. Its
 * moments (the acceptance) are instants, written in Lagos time. All in British order, day before
 * month, as Nigeria writes dates, so that one page never shows two orders.
 */
import { AGENCY_TIME_ZONE } from "../agency-zone.js";

/**
 * A formatter made on its first use, not as the module loads: a page's first Intl.DateTimeFormat costs
 * ICU's start (35-50 ms on a phone, docs/performance.md), and a page that imports this module for one
 * of these need not pay for the others.
 */
function britishFormat(options: Intl.DateTimeFormatOptions): (date: Date) => string {
  let made: Intl.DateTimeFormat | undefined;
  return (date) => (made ??= new Intl.DateTimeFormat("en-GB", options)).format(date);
}

const MONTH = britishFormat({ month: "long", year: "numeric", timeZone: "UTC" });
const DAY = britishFormat({ dateStyle: "long", timeZone: "UTC" });
const MOMENT = britishFormat({ dateStyle: "long", timeStyle: "short", timeZone: AGENCY_TIME_ZONE });
const RECORDED = britishFormat({ dateStyle: "long", timeStyle: "long", timeZone: AGENCY_TIME_ZONE });

/** "January 2027" for "2027-01" or any day of it ("2027-01-01"). */
export function monthInWords(month: string): string {
  return MONTH(new Date(`${month.slice(0, 7)}-01T00:00:00Z`));
}

/** "14 December 2026" for "2026-12-14". */
export function dayInWords(day: string): string {
  return DAY(new Date(`${day}T00:00:00Z`));
}

/** "2 November 2031 at 11:30" for an instant, in Lagos time; "" when it is not a date. */
export function momentInWords(value: string | Date): string {
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? "" : MOMENT(date);
}

/**
 * "14 December 2026 at 10:32:05 GMT+1": an instant in Lagos to the second, with the zone (as the
 * runtime's ICU names it), as the acceptance's record (the PDF, the e-mails) keeps it.
 */
export function recordedMomentInWords(iso: string): string {
  return RECORDED(new Date(iso));
}
