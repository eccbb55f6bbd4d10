import { AGENCY_TIME_ZONE } from "../agency-zone";
import type { SlotList } from "./contract";
import { groupSlotsByDay, type CallTimeCopy, type SlotDay } from "./display";

/**
 * /book's free times in the page the server rendered (src/server/blog.ts renders /book at request
 * time): the list, and its first days as the server wrote them, in the agency's zone. The picker
 * (features/calls/SlotPicker.tsx) hydrates with these days as they are, so the first day's times are
 * in the HTML, drawn with the page's first paint, and hydration formats nothing: drawn after the
 * load instead, they were two tasks of style, layout and paint of 40-57 ms each on a low-tier phone
 * (docs/performance.md, "`/book`'s times in the HTML").
 */
export interface BookTimes {
  list: SlotList;
  /** The zone the days are written in: the picker's before it knows the visitor's (AGENCY_TIME_ZONE). */
  zone: string;
  /** The first days (FIRST_DAYS, and one more: whether there is more). */
  days: SlotDay[];
}

/** The data key of /book's times in the page's seed (src/lib/route-data.tsx). */
export const BOOK_TIMES_KEY = "book:times";

/** Days whose times come with the list; the next a day at a time as the visitor nears them (SlotPicker). */
export const FIRST_DAYS = 1;

/**
 * The seed's data for `list` (the server's side): its first days in the zone the picker starts in,
 * the agency's time beside each if the admin's zone is another.
 */
export function bookTimesOf(list: SlotList, copy: CallTimeCopy): BookTimes {
  const starts = list.slots.map((slot) => new Date(slot));
  const zone = AGENCY_TIME_ZONE;
  return { list, zone, days: groupSlotsByDay(starts, zone, list.timeZone, copy, FIRST_DAYS + 1) };
}

/** The seed's data read back in the browser (each start a Date again); null when it is not /book's times. */
export function readBookTimes(data: unknown): BookTimes | null {
  const times = data as Partial<BookTimes> | null;
  if (!times || typeof times.zone !== "string" || !Array.isArray(times.days) || !Array.isArray(times.list?.slots))
    return null;
  return {
    list: times.list,
    zone: times.zone,
    days: times.days.map((day) => ({
      ...day,
      slots: day.slots.map((slot) => ({ ...slot, start: new Date(slot.iso) })),
    })),
  };
}
