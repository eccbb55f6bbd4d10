import type { ReactNode } from "react";
import { cn } from "../../../lib/cn";

/** The row's name stays in view while the table is scrolled sideways on a phone. */
const stickyColumn = "sticky left-0 z-10 bg-white";

/** The class of a row's name, its first cell (`<th scope="row">`). */
export const rowName = cn(stickyColumn, "py-2 pr-4 align-top font-semibold text-ink break-words");

/** A column's heading, with a line under it saying what a rate is of (`rate`) or what it counts (`note`). */
export interface ReportColumn {
  label: string;
  rate?: string;
  note?: string;
}

/**
 * The Campaigns page's wide reports (the funnel's and the ad spend's): a caption for screen readers,
 * a row of headings and a totals row, each with its first cell kept in view; the report's rows go
 * between (`children`), and `totals` holds the totals row's cells after its label.
 */
export function ReportTable({
  caption,
  columns,
  totalLabel,
  totals,
  children,
}: {
  caption: string;
  columns: readonly ReportColumn[];
  totalLabel: string;
  totals: ReactNode;
  children: ReactNode;
}) {
  return (
    <table className="w-full min-w-[72rem] text-left text-sm">
      <caption className="sr-only">{caption}</caption>
      <thead>
        <tr className="border-b border-slate-200 text-ink-muted">
          {columns.map((column, index) => {
            const under = column.rate ?? column.note;
            return (
              <th
                key={column.label}
                scope="col"
                className={cn(index === 0 && stickyColumn, "py-2 pr-4 align-bottom font-semibold")}
              >
                {column.label}
                {under !== undefined ? <span className="block text-xs font-normal">{under}</span> : null}
              </th>
            );
          })}
        </tr>
      </thead>
      <tbody>{children}</tbody>
      <tfoot>
        <tr className="font-semibold text-ink">
          <th scope="row" className={cn(stickyColumn, "py-2 pr-4 align-top")}>
            {totalLabel}
          </th>
          {totals}
        </tr>
      </tfoot>
    </table>
  );
}
