/**
 * A proposal's days and months in words, the same in the client's page, the admin, the e-mails and
 * the PDF. A proposal's dates are days in Lagos stored without a time (valid until, the retainer's
 * month), so they are read at midnight UTC and written in UTC: every reader sees the same day.
 */

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
