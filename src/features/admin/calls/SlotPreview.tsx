import { useMemo } from "react";
import { callsAdminCopy } from "../../../content/calls-admin";
import { listSlots, type Availability } from "../../../lib/calls/slots";
import { inLagos } from "../../../lib/lagos-time";
import { lagosDay, lagosDayLabel, lagosTime } from "./call-time";

const copy = callsAdminCopy.settings;

/**
 * The offered days from the first one until a weekday comes round again: every weekday that has
 * times appears once, so a change to any day's hours shows whatever day today is (on a Sunday
 * afternoon, the next Sunday is six days off and after more than a hundred weekday times).
 */
function oneWeekOf(slots: Date[]): Map<string, Date[]> {
  const days = new Map<string, Date[]>();
  const weekdays = new Set<number>();
  for (const slot of slots) {
    const day = lagosDay(slot);
    const times = days.get(day);
    if (times) {
      times.push(slot);
      continue;
    }
    const weekday = inLagos(slot).getDay();
    if (weekdays.has(weekday)) break;
    weekdays.add(weekday);
    days.set(day, [slot]);
  }
  return days;
}

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

  const days = oneWeekOf(slots);
  const shown = [...days.values()].reduce((sum, times) => sum + times.length, 0);
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
      {slots.length > shown ? <p className="text-sm text-ink-muted">{copy.previewMore(slots.length - shown)}</p> : null}
    </div>
  );
}
