import { ChevronLeft, ChevronRight } from "lucide-react";
import { Button } from "../../../components/ui/Button";
import { callsAdminCopy } from "../../../content/calls-admin";
import { cn } from "../../../lib/cn";
import { AdminDataView } from "../DataStates";
import { CallItem, type CallHandlers } from "./CallItem";
import { lagosDay, lagosDayLabel, lagosWeek } from "./call-time";
import { useCallWeek } from "./queries";

const copy = callsAdminCopy.list;

/**
 * A Monday-to-Sunday week of calls in Lagos time: seven columns on a wide screen, a day-by-day list
 * on a phone (the same markup stacked), today marked. `anchor` is a day of the week shown.
 */
export function CallWeek({
  anchor,
  onAnchor,
  handlers,
}: {
  anchor: Date;
  onAnchor: (day: Date) => void;
  handlers: CallHandlers;
}) {
  const days = lagosWeek(anchor);
  const first = days[0]!;
  const last = days[6]!;
  const end = lagosWeek(anchor, 1)[0]!.start;
  const calls = useCallWeek(first.start, end);
  const today = lagosDay(handlers.now);

  return (
    <section aria-labelledby="call-week-heading" className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="call-week-heading" className="text-lg font-bold text-ink">
          {copy.weekOf(lagosDayLabel(first.start), lagosDayLabel(last.start))}
        </h2>
        <div className="flex flex-wrap gap-2">
          <Button size="sm" variant="outline" onClick={() => onAnchor(lagosWeek(anchor, -1)[0]!.start)}>
            <ChevronLeft aria-hidden="true" className="h-4 w-4" />
            {copy.previousWeek}
          </Button>
          <Button size="sm" variant="outline" onClick={() => onAnchor(handlers.now)}>
            {copy.thisWeek}
          </Button>
          <Button size="sm" variant="outline" onClick={() => onAnchor(lagosWeek(anchor, 1)[0]!.start)}>
            {copy.nextWeek}
            <ChevronRight aria-hidden="true" className="h-4 w-4" />
          </Button>
        </div>
      </div>
      <AdminDataView query={calls} loading={copy.loading} error={copy.error}>
        {(list) => (
          <ol className="grid gap-3 md:grid-cols-7 md:gap-2">
            {days.map(({ day, start }) => {
              const ofDay = list.filter((call) => lagosDay(new Date(call.starts_at)) === day);
              return (
                <li
                  key={day}
                  aria-labelledby={`call-day-${day}`}
                  className={cn(
                    "min-w-0 rounded-card border bg-slate-50 p-2",
                    day === today ? "border-brand-300" : "border-slate-100",
                    ofDay.length === 0 && "hidden md:block",
                  )}
                >
                  <h3
                    id={`call-day-${day}`}
                    className={cn("px-1 pb-2 text-sm font-bold", day === today ? "text-brand-700" : "text-ink")}
                  >
                    {lagosDayLabel(start)}
                  </h3>
                  {ofDay.length === 0 ? (
                    <p className="px-1 text-xs text-ink-muted">{copy.noCallsThatDay}</p>
                  ) : (
                    <ul className="space-y-2">
                      {ofDay.map((call) => (
                        <CallItem key={call.id} call={call} handlers={handlers} compact />
                      ))}
                    </ul>
                  )}
                </li>
              );
            })}
          </ol>
        )}
      </AdminDataView>
      {calls.data?.length === 0 ? <p className="text-sm text-ink-muted md:hidden">{copy.noCallsThatWeek}</p> : null}
    </section>
  );
}
