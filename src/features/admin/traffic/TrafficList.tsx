import { useId, useState, type ReactNode } from "react";
import { cn } from "../../../lib/cn";
import { trafficCopy } from "../../../content/traffic";
import type { TrafficListLine } from "./traffic-report";

const copy = trafficCopy;
/** Lines shown before 'Show all': the top of the list is what is read; the rest is a click away. */
const FIRST_LINES = 10;
const number = (value: number) => value.toLocaleString("en-US");

/** One of the report's top lists (pages, sources, …) as a compact table, most visitors first. */
export function TrafficList({
  heading,
  column,
  caption,
  lines,
}: {
  heading: string;
  column: string;
  caption: string;
  lines: TrafficListLine[];
}) {
  const headingId = useId();
  const [all, setAll] = useState(false);
  const shown = all ? lines : lines.slice(0, FIRST_LINES);
  return (
    <section
      aria-labelledby={headingId}
      className="min-w-0 rounded-card border border-slate-100 bg-white p-5 shadow-soft"
    >
      <h2 id={headingId} className="font-bold text-ink">
        {heading}
      </h2>
      {lines.length === 0 ? (
        <p className="mt-3 text-sm text-ink-muted">{copy.noRows}</p>
      ) : (
        <>
          <FiguresTable
            className="mt-3 table-fixed"
            caption={caption}
            columns={{ name: column, visitors: copy.columns.visitors, views: copy.columns.views }}
            rows={shown.map((line, index) => ({ key: `${index}:${line.name}`, ...line }))}
          />
          {lines.length > FIRST_LINES ? (
            <button
              type="button"
              onClick={() => setAll(!all)}
              aria-expanded={all}
              className="mt-3 rounded text-sm font-semibold text-brand-700 hover:underline focus-ring"
            >
              {all ? copy.showFewer(FIRST_LINES) : copy.showAll(lines.length)}
            </button>
          ) : null}
        </>
      )}
    </section>
  );
}

/**
 * Visitors and views by something (a page, a source, a day): the traffic page's tables, its top
 * lists and the chart's figures alike. The row's name is a row header, the figures right-aligned.
 */
export function FiguresTable({
  caption,
  columns,
  rows,
  className,
}: {
  caption: string;
  columns: { name: string; visitors: string; views: string };
  rows: { key: string; name: ReactNode; visitors: number; views: number }[];
  className?: string;
}) {
  return (
    <table className={cn("w-full text-left text-sm", className)}>
      <caption className="sr-only">{caption}</caption>
      <thead>
        <tr className="border-b border-slate-200 text-ink-muted">
          <th scope="col" className="py-1.5 pr-3 font-semibold">
            {columns.name}
          </th>
          <th scope="col" className="w-20 py-1.5 pr-3 text-right font-semibold">
            {columns.visitors}
          </th>
          <th scope="col" className="w-16 py-1.5 text-right font-semibold">
            {columns.views}
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.key} className="border-b border-slate-100 last:border-0">
            <th scope="row" className="py-1.5 pr-3 font-normal text-ink break-words">
              {row.name}
            </th>
            <td className="py-1.5 pr-3 text-right tabular-nums">{number(row.visitors)}</td>
            <td className="py-1.5 text-right tabular-nums">{number(row.views)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
