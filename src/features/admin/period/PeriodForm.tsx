import { useId, useState, type FormEvent } from "react";
import { Button } from "../../../components/ui/Button";
import { Field, SelectField } from "../../../components/ui/Field";
import { adminCopy } from "../../../content/admin";
import { lagosDay, periodOf, type Period, type PeriodChoice } from "./period";

const copy = adminCopy.period;

/**
 * A report's period (the Campaigns and Traffic pages): the last 7, 30 or 90 days (applied when
 * chosen), or whole Lagos days from and to (applied with Show, once the range makes sense).
 */
export function PeriodForm({ onPeriod }: { onPeriod: (period: Period) => void }) {
  const ids = { period: useId(), from: useId(), to: useId() };
  const [choice, setChoice] = useState<PeriodChoice>("30");
  const [fromDay, setFromDay] = useState(() => lagosDay(new Date(Date.now() - 30 * 86_400_000)));
  const [toDay, setToDay] = useState(() => lagosDay(new Date()));
  const [rangeError, setRangeError] = useState("");

  function choose(next: PeriodChoice) {
    setChoice(next);
    if (next !== "custom") onPeriod(periodOf(next, "", "")!);
  }

  function showRange(event: FormEvent) {
    event.preventDefault();
    const period = periodOf("custom", fromDay, toDay);
    setRangeError(period ? "" : copy.badRange);
    if (period) onPeriod(period);
  }

  return (
    <form
      onSubmit={showRange}
      className="flex flex-wrap items-end gap-4 rounded-card border border-slate-100 bg-white p-4 shadow-soft"
    >
      <SelectField
        id={ids.period}
        label={copy.period}
        value={choice}
        onValueChange={(value) => choose(value as PeriodChoice)}
      >
        <option value="7">{copy.last(7)}</option>
        <option value="30">{copy.last(30)}</option>
        <option value="90">{copy.last(90)}</option>
        <option value="custom">{copy.custom}</option>
      </SelectField>
      {choice === "custom" ? (
        <>
          {/* Field rather than TextField: required without the asterisk (both are needed, and say so together when wrong). */}
          <Field id={ids.from} label={copy.from}>
            {(control) => (
              <input
                {...control}
                type="date"
                required
                value={fromDay}
                onChange={(event) => setFromDay(event.target.value)}
              />
            )}
          </Field>
          <Field id={ids.to} label={copy.to}>
            {(control) => (
              <input
                {...control}
                type="date"
                required
                value={toDay}
                onChange={(event) => setToDay(event.target.value)}
              />
            )}
          </Field>
          <Button type="submit" size="sm">
            {copy.show}
          </Button>
          {rangeError ? (
            <p role="alert" className="w-full text-sm font-medium text-red-700">
              {rangeError}
            </p>
          ) : null}
        </>
      ) : null}
    </form>
  );
}
