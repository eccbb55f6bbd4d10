import { Plus, Trash2 } from "lucide-react";
import { Button } from "../../../components/ui/Button";
import { Field } from "../../../components/ui/Field";
import { callsAdminCopy } from "../../../content/calls-admin";
import { newWindow, type WindowDraft } from "./settings-form";

const copy = callsAdminCopy.settings;
const DAY_NAMES = callsAdminCopy.weekdays;
/** Monday first, as a working week reads; the data's index stays 0 = Sunday. */
const WEEK_ORDER = [1, 2, 3, 4, 5, 6, 0];

/** The week's windows per weekday: add, change and remove them; an error under a window that is wrong. */
export function WeeklyHoursEditor({
  week,
  errors,
  onChange,
}: {
  week: WindowDraft[][];
  errors: Record<string, string>;
  onChange: (week: WindowDraft[][]) => void;
}) {
  const setDay = (weekday: number, day: WindowDraft[]) =>
    onChange(week.map((old, index) => (index === weekday ? day : old)));

  return (
    <ul className="divide-y divide-slate-100">
      {WEEK_ORDER.map((weekday) => {
        const name = DAY_NAMES[weekday]!;
        const day = week[weekday] ?? [];
        return (
          <li key={weekday} className="flex flex-col gap-3 py-4 sm:flex-row sm:items-start">
            <p className="w-32 shrink-0 pt-2 font-semibold text-ink">{name}</p>
            <div className="min-w-0 flex-1 space-y-3">
              {day.length === 0 ? <p className="pt-2 text-sm text-ink-muted">{copy.closed}</p> : null}
              {day.map((window, index) => {
                const change = (part: "start" | "end", value: string) =>
                  setDay(
                    weekday,
                    day.map((item) => (item.key === window.key ? { ...item, [part]: value } : item)),
                  );
                const error = errors[window.key];
                const errorId = `${window.key}-error`;
                return (
                  <div key={window.key}>
                    <div className="grid grid-cols-[1fr_1fr_auto] items-end gap-1.5 sm:flex sm:gap-3">
                      <TimeField
                        id={`${window.key}-start`}
                        label={copy.from(name, index + 1)}
                        value={window.start}
                        errorId={error ? errorId : undefined}
                        onChange={(value) => change("start", value)}
                      />
                      <span aria-hidden="true" className="hidden pb-3 text-ink-muted sm:inline">
                        –
                      </span>
                      <TimeField
                        id={`${window.key}-end`}
                        label={copy.to(name, index + 1)}
                        value={window.end}
                        errorId={error ? errorId : undefined}
                        onChange={(value) => change("end", value)}
                      />
                      <button
                        type="button"
                        aria-label={copy.removeWindow(name, window.start, window.end)}
                        onClick={() =>
                          setDay(
                            weekday,
                            day.filter((item) => item.key !== window.key),
                          )
                        }
                        className="mb-1.5 rounded-full p-2 text-brand-700 hover:bg-brand-50 focus-ring"
                      >
                        <Trash2 aria-hidden="true" className="h-4 w-4" />
                      </button>
                    </div>
                    {error ? (
                      <p id={errorId} className="mt-1 text-sm font-medium text-red-700">
                        {error}
                      </p>
                    ) : null}
                  </div>
                );
              })}
              <Button
                size="sm"
                variant="outline"
                aria-label={copy.addWindowFor(name)}
                onClick={() => setDay(weekday, [...day, newWindow(day)])}
              >
                <Plus aria-hidden="true" className="h-4 w-4" />
                {copy.addWindow}
              </Button>
            </div>
          </li>
        );
      })}
    </ul>
  );
}

/** One end of a window: a time input on a five-minute step, its label read by screen readers only. */
function TimeField(props: {
  id: string;
  label: string;
  value: string;
  /** The window's error message, when it has one. */
  errorId: string | undefined;
  onChange: (value: string) => void;
}) {
  return (
    <Field
      id={props.id}
      label={props.label}
      className="min-w-0 [&_label]:sr-only"
      variant="inline"
      controlClassName="w-full text-sm sm:w-40 sm:text-base"
      invalid={Boolean(props.errorId)}
      describedBy={props.errorId}
    >
      {(control) => (
        <input
          {...control}
          type="time"
          step={300}
          value={props.value}
          onChange={(event) => props.onChange(event.target.value)}
        />
      )}
    </Field>
  );
}
