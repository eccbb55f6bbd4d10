/**
 * What api/calls reads from the database (through the service-role functions of
 * 20261126200000_discovery_calls.sql): the availability the admin edits, turned into the slot
 * module's `Availability`; where calls happen; the times already booked. (The database's refusals
 * are refusals.ts's.)
 */
import { callsFunctionCopy } from "../../content/functions.js";
import type { CallPlace, PlaceKind } from "../../lib/calls/contract.js";
import type { Availability, BookedCall, WeeklyWindow } from "../../lib/calls/slots.js";
import type { DbClient } from "../supabase.js";

export type Place = CallPlace;

export interface CallCalendar {
  availability: Availability;
  place: Place;
}

interface StoredAvailability {
  settings: {
    time_zone: string;
    call_minutes: number;
    slot_step_minutes: number;
    buffer_before_minutes: number;
    buffer_after_minutes: number;
    min_notice_hours: number;
    horizon_days: number;
    max_per_day: number | null;
    place_kind: PlaceKind;
    video_link_url: string | null;
  };
  weekly_hours: { weekday: number; start: string; end: string }[];
  days_off: string[];
}

/** A database call that failed for a reason that is not the request's: the function answers 503. */
export class CalendarUnavailable extends Error {}

/** The availability and the meeting place, as the admin set them. */
export async function readCalendar(db: DbClient): Promise<CallCalendar> {
  const { data, error } = await db.rpc("call_availability");
  if (error || !data) throw new CalendarUnavailable(error?.message ?? "no availability");
  const stored = data as unknown as StoredAvailability;
  const s = stored.settings;
  const weeklyHours: WeeklyWindow[][] = Array.from({ length: 7 }, () => []);
  for (const window of stored.weekly_hours) weeklyHours[window.weekday]!.push({ start: window.start, end: window.end });
  return {
    availability: {
      timeZone: s.time_zone,
      weeklyHours,
      callMinutes: s.call_minutes,
      slotStepMinutes: s.slot_step_minutes,
      bufferBeforeMinutes: s.buffer_before_minutes,
      bufferAfterMinutes: s.buffer_after_minutes,
      minNoticeHours: s.min_notice_hours,
      horizonDays: s.horizon_days,
      maxPerDay: s.max_per_day,
      daysOff: stored.days_off,
    },
    place: {
      kind: s.place_kind,
      label: callsFunctionCopy.place[s.place_kind],
      ...(s.place_kind === "video_link" && s.video_link_url ? { url: s.video_link_url } : {}),
    },
  };
}

const DAY_MS = 86_400_000;

/**
 * The calls booked around the bookable window (a day either side, for buffers and day counts):
 * their own start and end with the blocked range their rows hold, cancelled ones left out, no names.
 */
export async function readBooked(db: DbClient, availability: Availability, now: Date): Promise<BookedCall[]> {
  const { data, error } = await db.rpc("booked_call_ranges", {
    from_time: new Date(now.getTime() - DAY_MS).toISOString(),
    to_time: new Date(now.getTime() + (availability.horizonDays + 2) * DAY_MS).toISOString(),
  });
  if (error || !data) throw new CalendarUnavailable(error?.message ?? "no booked ranges");
  return data.map((row) => ({
    start: new Date(row.starts_at),
    end: new Date(row.ends_at),
    blocked: { start: new Date(row.blocked_from), end: new Date(row.blocked_to) },
  }));
}
