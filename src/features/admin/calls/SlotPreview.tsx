import { useMemo } from "react";
import { callsAdminCopy } from "../../../content/calls-admin";
import { listSlots, type Availability } from "../../../lib/calls/slots";
import { lagosDay, lagosDayLabel, lagosTime } from "./call-time";

const copy = callsAdminCopy.settings;
/** Enough to see the effect of a change without a wall of times. */
const SHOWN = 24;

/**
 * The next times a visitor would be offered with the values being edited: src/lib/calls/slots.ts's
 * listSlots, as the calls function runs it, around the calls already booked. Busy times of the
 * agency's Google Calendar are the server's to read, so they are left out here. Null `availability`:
 * the values are not valid yet.
 */
export function SlotPreview({
  availability,
  booked,
  now,
}: {
  availability: Availability | null;
  booked: { start: Date; end: Date }[];
  now: Date;
}) {
  const slots = useMemo(
    () => (availability ? listSlots({ availability, now, booked, busy: [] }) : null),
    [availability, booked, now],
  );
  if (!slots) return <p className="text-sm text-ink-muted">{copy.fixErrors}</p>;
  if (slots.length === 0) return <p className="text-sm font-medium text-ink">{copy.previewNone}</p>;

  const days = new Map<string, Date[]>();
  for (const slot of slots.slice(0, SHOWN)) {
    const day = lagosDay(slot);
    days.set(day, [...(days.get(day) ?? []), slot]);
  }
  return (
    <div className="space-y-3">
      <ul aria-label={copy.previewHeading} className="space-y-3">
        {[...days.entries()].map(([day, times]) => (
          <li key={day} className="flex flex-col gap-2 sm:flex-row sm:items-baseline">
            <span className="w-28 shrink-0 text-sm font-semibold text-ink">{lagosDayLabel(times[0]!)}</span>
            <span className="flex flex-wrap gap-1.5">
              {times.map((time) => (
                <time
                  key={time.toISOString()}
                  dateTime={time.toISOString()}
                  className="rounded-lg bg-brand-50 px-2 py-1 text-sm font-semibold text-brand-800 tabular-nums"
                >
                  {lagosTime(time)}
                </time>
              ))}
            </span>
          </li>
        ))}
      </ul>
      {slots.length > SHOWN ? <p className="text-sm text-ink-muted">{copy.previewMore(slots.length - SHOWN)}</p> : null}
    </div>
  );
}
