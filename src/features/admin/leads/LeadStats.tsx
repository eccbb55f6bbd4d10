import { lazy, Suspense, type ReactNode } from "react";
import { serviceOptions } from "../../../content/contact";
import { leadsCopy } from "../../../content/leads";
import { cn } from "../../../lib/cn";
import type { LeadStatus } from "../../../lib/database";
import { LEAD_STATUSES, type LeadStats as Stats } from "../data/leads";
import { AdminDataView, PendingFigure } from "../DataStates";
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
    <AdminDataView
      query={figures}
      loading={copy.loading}
      placeholder={<PendingPanels />}
      error={copy.error}
      className="mt-8"
    >
      {(stats) => <StatsPanels stats={stats} onStatus={onStatus} />}
    </AdminDataView>
  );
}

const card = "rounded-card border border-slate-100 bg-white p-5 shadow-soft";
const chartBox = "mt-4 h-64 animate-pulse rounded-xl bg-slate-100 motion-reduce:animate-none";
const statusButton = "inline-flex min-h-9 items-center gap-2 rounded-full px-3 text-sm font-semibold";

/**
 * The figures' three panels: the chart with its table, the counts by status, the counts by service.
 * Loaded and pending alike, so that the inbox under them stays where it is when the figures arrive.
 */
function PanelsFrame({ chart, statuses, services }: { chart: ReactNode; statuses: ReactNode; services: ReactNode }) {
  return (
    <section aria-labelledby="lead-stats-heading" className="mt-8 grid gap-4 lg:grid-cols-3">
      <div className={cn(card, "lg:col-span-2")}>
        <h2 id="lead-stats-heading" className="font-bold text-ink">
          {copy.heading}
        </h2>
        {chart}
      </div>
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-1">
        <div className={card}>
          <h2 className="font-bold text-ink">{copy.byStatus}</h2>
          <ul className="mt-3 flex flex-wrap gap-2">{statuses}</ul>
        </div>
        <div className={card}>
          <h2 className="font-bold text-ink">{copy.byService}</h2>
          {services}
        </div>
      </div>
    </section>
  );
}

/**
 * The panels while the figures load: the chart's space, each status and each service offered with its
 * count pending.
 */
function PendingPanels() {
  return (
    <PanelsFrame
      chart={
        <>
          <div className={chartBox} />
          {/* The line of the table's toggle, which works once the figures are in. */}
          <p className="mt-3 text-sm">
            <PendingFigure className="h-3.5 w-48" onBadge />
          </p>
        </>
      }
      statuses={LEAD_STATUSES.map((status) => (
        <li key={status} className={cn(statusButton, statusBadgeClasses[status])}>
          {statusLabel(status)}
          <PendingFigure className="h-3.5 w-4" onBadge />
        </li>
      ))}
      services={
        <dl className="mt-3 space-y-1.5 text-sm">
          {serviceOptions.map((option) => (
            <div key={option.value} className="flex justify-between gap-4">
              <dt className="text-ink">{option.label}</dt>
              <dd className="text-ink">
                <PendingFigure className="h-3.5 w-4" onBadge />
              </dd>
            </div>
          ))}
        </dl>
      }
    />
  );
}

/**
 * The counts by service: every service offered, in the contact form's order and with 0 when it has no
 * lead, then any other value the leads carry (no service chosen), the most leads first. A fixed list
 * reads the same from one visit to the next, and is the size of the panel while it loads.
 */
function serviceRows(byService: Stats["byService"]): Stats["byService"] {
  const offered = serviceOptions.map((option) => ({
    value: option.value as string,
    leads: byService.find((row) => row.value === option.value)?.leads ?? 0,
  }));
  const others = byService.filter((row) => !offered.some((service) => service.value === row.value));
  return [...offered, ...others];
}

function StatsPanels({ stats, onStatus }: { stats: Stats; onStatus: (status: LeadStatus) => void }) {
  const total = stats.bySource.reduce((sum, series) => sum + series.counts.reduce((a, b) => a + b, 0), 0);
  return (
    <PanelsFrame
      chart={
        total === 0 ? (
          // The height of the chart and the line under it (h-64, mt-3 and a line of text).
          <p className="mt-4 flex h-72 items-center justify-center rounded-xl border border-dashed border-slate-200 text-sm text-ink-muted">
            {copy.none}
          </p>
        ) : (
          <>
            <Suspense fallback={<div className={chartBox} />}>
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
        )
      }
      statuses={LEAD_STATUSES.map((status) => (
        <li key={status}>
          <button
            type="button"
            onClick={() => onStatus(status)}
            className={cn(statusButton, "focus-ring", statusBadgeClasses[status])}
          >
            {statusLabel(status)}
            <span className="tabular-nums">{stats.byStatus[status]}</span>
          </button>
        </li>
      ))}
      services={
        <dl className="mt-3 space-y-1.5 text-sm">
          {serviceRows(stats.byService).map((row) => (
            <div key={row.value} className="flex justify-between gap-4">
              <dt className="text-ink">{serviceLabel(row.value)}</dt>
              <dd className="font-semibold tabular-nums text-ink">{row.leads}</dd>
            </div>
          ))}
        </dl>
      }
    />
  );
}
