import { useId, useState } from "react";
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
          <table className="mt-3 w-full table-fixed text-left text-sm">
            <caption className="sr-only">{caption}</caption>
            <thead>
              <tr className="border-b border-slate-200 text-ink-muted">
                <th scope="col" className="py-1.5 pr-3 font-semibold">
                  {column}
                </th>
                <th scope="col" className="w-20 py-1.5 pr-3 text-right font-semibold">
                  {copy.columns.visitors}
                </th>
                <th scope="col" className="w-16 py-1.5 text-right font-semibold">
                  {copy.columns.views}
                </th>
              </tr>
            </thead>
            <tbody>
              {shown.map((line, index) => (
                <tr key={`${index}:${line.name}`} className="border-b border-slate-100 last:border-0">
                  <th scope="row" className="py-1.5 pr-3 font-normal text-ink break-words">
                    {line.name}
                  </th>
                  <td className="py-1.5 pr-3 text-right tabular-nums">{number(line.visitors)}</td>
                  <td className="py-1.5 text-right tabular-nums">{number(line.views)}</td>
                </tr>
              ))}
            </tbody>
          </table>
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
