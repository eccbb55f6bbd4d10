/**
 * The agency works in Lagos time (AGENCY_TIME_ZONE); the database stores UTC. The editor shows and takes
 * publication times as `datetime-local` values ("2026-11-23T09:00") meaning Lagos wall-clock time.
 * The wall-clock parts come from @date-fns/tz (the time zone database through Intl), not a fixed
 * offset, so the conversion stays right if the zone's rules ever change; the admin's Calls screens
 * (features/admin/calls/call-time.ts) and the slots (lib/calls/slots.ts) read Lagos time the same way.
 */
import { TZDate } from "@date-fns/tz";
import { AGENCY_TIME_ZONE } from "./agency-zone.js";

/** `date` as Lagos wall-clock time: its getFullYear(), getHours() and the rest read in Lagos. */
export function inLagos(date: Date | number): TZDate {
  return new TZDate(typeof date === "number" ? date : date.getTime(), AGENCY_TIME_ZONE);
}

const pad = (value: number) => String(value).padStart(2, "0");

/** A `datetime-local` value for `date` in Lagos time, to the minute. */
export function toLagosInput(date: Date): string {
  const p = inLagos(date);
  return `${p.getFullYear()}-${pad(p.getMonth() + 1)}-${pad(p.getDate())}T${pad(p.getHours())}:${pad(p.getMinutes())}`;
}

/** The instant a Lagos `datetime-local` value names (seconds optional), or null when it is not a date and time. */
export function fromLagosInput(value: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(value.trim());
  if (!match) return null;
  const [year, month, day, hour, minute, second = 0] = match
    .slice(1)
    .map((part) => (part === undefined ? undefined : Number(part))) as [
    number,
    number,
    number,
    number,
    number,
    number?,
  ];
  if (second > 59) return null;
  const naive = Date.UTC(year, month - 1, day, hour, minute, second);
  const check = new Date(naive);
  if (
    check.getUTCFullYear() !== year ||
    check.getUTCMonth() !== month - 1 ||
    check.getUTCDate() !== day ||
    hour > 23 ||
    minute > 59
  )
    return null;
  return new Date(new TZDate(year, month - 1, day, hour, minute, second, AGENCY_TIME_ZONE).getTime());
}

const display = new Intl.DateTimeFormat("en-US", { timeZone: AGENCY_TIME_ZONE, dateStyle: "long", timeStyle: "short" });

/** 'November 23, 2026 at 9:00 AM', in Lagos time. */
export function formatLagosDateTime(value: string | Date): string {
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? "" : display.format(date);
}
