import { lazy, Suspense } from "react";
import { leadsCopy } from "../../../content/leads";
import { cn } from "../../../lib/cn";
import type { LeadStatus } from "../../../lib/database";
import { LEAD_STATUSES, type LeadStats as Stats } from "../data/leads";
import { AdminDataView } from "../DataStates";
import { formatWeek, serviceLabel, statusBadgeClasses, statusLabel } from "./lead-format";
import { useLeadStats } from "./queries";

const copy = leadsCopy.stats;
// Chart.js (about 60 KB gzipped even tree-shaken) loads only here, after the figures have arrived.
const LeadsChart = lazy(() => import("./LeadsChart"));

/**
 * The inbox's figures: leads per week for the last 12 weeks by source (a chart, with the same
 * figures as a table for screen readers and for reading exact numbers), and counts by status (each
 * a shortcut to that filter) and by service.
 */
export function LeadStats({ onStatus }: { onStatus: (status: LeadStatus) => void }) {
  const figures = useLeadStats();
  return (
    <AdminDataView query={figures} loading={copy.loading} error={copy.error} className="mt-8">
      {(stats) => <StatsPanels stats={stats} onStatus={onStatus} />}
    </AdminDataView>
  );
}

function StatsPanels({ stats, onStatus }: { stats: Stats; onStatus: (status: LeadStatus) => void }) {
  const total = stats.bySource.reduce((sum, series) => sum + series.counts.reduce((a, b) => a + b, 0), 0);
  return (
    <section aria-labelledby="lead-stats-heading" className="mt-8 grid gap-4 lg:grid-cols-3">
      <div className="rounded-card border border-slate-100 bg-white p-5 shadow-soft lg:col-span-2">
        <h2 id="lead-stats-heading" className="font-bold text-ink">
          {copy.heading}
        </h2>
        {total === 0 ? (
          <p className="mt-4 text-sm text-ink-muted">{copy.none}</p>
        ) : (
          <>
            <Suspense fallback={<div className="mt-4 h-64 animate-pulse rounded-xl bg-slate-100" />}>
              <LeadsChart stats={stats} label={copy.chartLabel(total, stats.bySource[0]?.source ?? "")} />
            </Suspense>
            <details className="mt-3 text-sm">
              <summary className="cursor-pointer rounded font-semibold text-brand-700 focus-ring">
                {copy.showTable}
              </summary>
              <div className="mt-3 overflow-x-auto">
                <table className="w-full text-left text-sm">
                  <caption className="sr-only">{copy.heading}</caption>
                  <thead>
                    <tr className="border-b border-slate-200">
                      <th scope="col" className="py-2 pr-4 font-semibold">
                        {copy.week}
                      </th>
                      {stats.bySource.map((series) => (
                        <th key={series.source} scope="col" className="py-2 pr-4 font-semibold">
                          {series.source}
                        </th>
                      ))}
                    </tr>
                  </thead>
                  <tbody>
                    {stats.weeks.map((week, index) => (
                      <tr key={week} className="border-b border-slate-100">
                        <th scope="row" className="py-1.5 pr-4 font-normal text-ink-muted">
                          {formatWeek(week)}
                        </th>
                        {stats.bySource.map((series) => (
                          <td key={series.source} className="py-1.5 pr-4 tabular-nums">
                            {series.counts[index]}
                          </td>
                        ))}
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            </details>
          </>
        )}
      </div>
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-1">
        <div className="rounded-card border border-slate-100 bg-white p-5 shadow-soft">
          <h2 className="font-bold text-ink">{copy.byStatus}</h2>
          <ul className="mt-3 flex flex-wrap gap-2">
            {LEAD_STATUSES.map((status) => (
              <li key={status}>
                <button
                  type="button"
                  onClick={() => onStatus(status)}
                  className={cn(
                    "inline-flex min-h-9 items-center gap-2 rounded-full px-3 text-sm font-semibold focus-ring",
                    statusBadgeClasses[status],
                  )}
                >
                  {statusLabel(status)}
                  <span className="tabular-nums">{stats.byStatus[status]}</span>
                </button>
              </li>
            ))}
          </ul>
        </div>
        <div className="rounded-card border border-slate-100 bg-white p-5 shadow-soft">
          <h2 className="font-bold text-ink">{copy.byService}</h2>
          {stats.byService.length === 0 ? (
            <p className="mt-3 text-sm text-ink-muted">—</p>
          ) : (
            <dl className="mt-3 space-y-1.5 text-sm">
              {stats.byService.map((row) => (
                <div key={row.value} className="flex justify-between gap-4">
                  <dt className="text-ink">{serviceLabel(row.value)}</dt>
                  <dd className="font-semibold tabular-nums text-ink">{row.leads}</dd>
                </div>
              ))}
            </dl>
          )}
        </div>
      </div>
    </section>
  );
}
