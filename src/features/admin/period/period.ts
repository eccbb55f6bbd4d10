import { fromLagosInput, toLagosInput } from "../../../lib/lagos-time";

/** A report's period as [from, to). */
export interface Period {
  from: Date;
  to: Date;
}

/** The periods the dashboard's figure panels (speed to lead, calls) read, in days up to now. */
export const DASHBOARD_PERIODS = [7, 30] as const;

/** The last 7, 30 or 90 days, or whole Lagos days chosen in the form. */
export type PeriodChoice = "7" | "30" | "90" | "custom";

/** The report's period: the last 7, 30 or 90 days up to now, or whole Lagos days chosen (null when the end is before the start). */
export function periodOf(choice: PeriodChoice, fromDay: string, toDay: string, now = new Date()): Period | null {
  if (choice !== "custom") return { from: new Date(now.getTime() - Number(choice) * 86_400_000), to: now };
  const from = fromLagosInput(`${fromDay}T00:00`);
  const lastDay = fromLagosInput(`${toDay}T00:00`);
  if (!from || !lastDay || lastDay < from) return null;
  return { from, to: new Date(lastDay.getTime() + 86_400_000) };
}

/** A Lagos calendar day (yyyy-mm-dd) for a date input. */
export function lagosDay(date: Date): string {
  return toLagosInput(date).slice(0, 10);
}

/** The period's first and last Lagos days, for a caption or a file name. */
export function periodDays({ from, to }: Period): { first: string; last: string } {
  return { first: lagosDay(from), last: lagosDay(new Date(to.getTime() - 1)) };
}

/** The period as a query key's part: each period its own cached query. */
export function periodKey({ from, to }: Period): [string, string] {
  return [from.toISOString(), to.toISOString()];
}

/** A report's CSV file name for the period: `traffic-2026-03-01-to-2026-03-30.csv`. */
export function periodFileName(report: string, period: Period): string {
  const { first, last } = periodDays(period);
  return `${report}-${first}-to-${last}.csv`;
}
