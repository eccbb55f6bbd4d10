/**
 * The agency works in Lagos time (Africa/Lagos); the database stores UTC. The editor shows and takes
 * publication times as `datetime-local` values ("2026-11-23T09:00") meaning Lagos wall-clock time.
 * The offset comes from the time zone database through Intl, not a constant, so the conversion
 * stays right if the zone's rules ever change.
 */
const AGENCY_TIME_ZONE = "Africa/Lagos";

const partsFormat = new Intl.DateTimeFormat("en-US", {
  timeZone: AGENCY_TIME_ZONE,
  hourCycle: "h23",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
});

function wallClock(date: Date): Record<string, number> {
  const parts: Record<string, number> = {};
  for (const part of partsFormat.formatToParts(date))
    if (part.type !== "literal") parts[part.type] = Number(part.value);
  return parts;
}

/** Milliseconds Lagos is ahead of UTC at `date`. */
function offsetAt(date: Date): number {
  const p = wallClock(date);
  const asUtc = Date.UTC(p.year!, p.month! - 1, p.day!, p.hour!, p.minute!, p.second!);
  return asUtc - Math.floor(date.getTime() / 1000) * 1000;
}

const pad = (value: number) => String(value).padStart(2, "0");

/** A `datetime-local` value for `date` in Lagos time, to the minute. */
export function toLagosInput(date: Date): string {
  const p = wallClock(date);
  return `${p.year}-${pad(p.month!)}-${pad(p.day!)}T${pad(p.hour!)}:${pad(p.minute!)}`;
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
  // Subtract the offset in force at that moment (looked up at the naive guess, then refined once).
  const first = naive - offsetAt(new Date(naive));
  return new Date(naive - offsetAt(new Date(first)));
}

const display = new Intl.DateTimeFormat("en-US", { timeZone: AGENCY_TIME_ZONE, dateStyle: "long", timeStyle: "short" });

/** 'November 23, 2026 at 9:00 AM', in Lagos time. */
export function formatLagosDateTime(value: string | Date): string {
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? "" : display.format(date);
}
