import type { ReactNode } from "react";
import { PendingFigure } from "./DataStates";
import { DASHBOARD_PERIODS } from "./period/period";

/** One card's figures: a label and its value each, and a line under them. */
export interface PeriodCard {
  days: number;
  figures: readonly { label: string; value: ReactNode }[];
  note: ReactNode;
}

/**
 * A dashboard panel's figures, one card per period (the last 7 and 30 days), side by side from the
 * small breakpoint. `pending` gives the cards with their headings and labels and the figures not in
 * yet, the same size as the cards once loaded (AdminDataView's placeholder).
 */
export function PeriodFigureCards({
  heading,
  cards,
}: {
  heading: (days: number) => string;
  cards: readonly PeriodCard[];
}) {
  return (
    <div className="mt-4 grid gap-4 sm:grid-cols-2">
      {cards.map(({ days, figures, note }) => (
        <div key={days} className="min-w-0 rounded-xl border border-slate-100 p-4">
          <h3 className="text-sm font-bold uppercase tracking-wide text-ink-muted">{heading(days)}</h3>
          <dl className="mt-3 space-y-3">
            {figures.map(({ label, value }) => (
              <div key={label}>
                <dt className="text-sm text-ink-muted">{label}</dt>
                <dd className="text-2xl font-extrabold tabular-nums text-ink">{value}</dd>
              </div>
            ))}
          </dl>
          <p className="mt-3 text-sm text-ink-muted">{note}</p>
        </div>
      ))}
    </div>
  );
}

/** The cards of `labels` for every dashboard period, their figures and notes pending. */
export function pendingCards(labels: readonly string[]): PeriodCard[] {
  return DASHBOARD_PERIODS.map((days) => ({
    days,
    figures: labels.map((label) => ({ label, value: <PendingFigure className="h-6 w-20" /> })),
    note: <PendingFigure className="h-3.5 w-40" />,
  }));
}
