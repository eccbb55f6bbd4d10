import { lazy, Suspense, useState } from "react";
import { Seo } from "../../../components/ui/Seo";
import { site } from "../../../content/site";
import { trafficCopy } from "../../../content/traffic";
import { AdminPageHeader } from "../AdminPageHeader";
import type { TrafficReport } from "../../../lib/database";
import { AdminDataView, EmptyState } from "../DataStates";
import { ExportCsvButton } from "../ExportCsvButton";
import { periodDays, periodOf, type Period } from "../period/period";
import { PeriodForm } from "../period/PeriodForm";
import { useTrafficReport } from "./queries";
import {
  busiestDay,
  formatDay,
  isEmptyReport,
  TRAFFIC_CSV_COLUMNS,
  trafficCsvRows,
  trafficLists,
} from "./traffic-report";
import { TrafficList } from "./TrafficList";

const copy = trafficCopy;
// Chart.js loads only here, after the figures have arrived (as the leads chart does).
const TrafficChart = lazy(() => import("./TrafficChart"));
const number = (value: number) => value.toLocaleString("en-US");

/**
 * /admin/traffic: visitors and page views counted first-party, for the last 7, 30 or 90 days or
 * chosen dates: the totals, each day (a chart, and the same figures as a table), and the top pages,
 * sources, referring sites, campaigns, countries and devices. Exported as CSV.
 */
export function TrafficPage() {
  const [period, setPeriod] = useState<Period>(() => periodOf("30", "", "")!);
  const report = useTrafficReport(period);
  const data = report.isError ? undefined : report.data;

  return (
    <div className="mx-auto max-w-6xl space-y-6">
      <Seo
        title={`${copy.seoTitle} | ${site.name}`}
        description={site.defaultDescription}
        path="/admin/traffic"
        noIndex
      />
      <AdminPageHeader
        title={copy.heading}
        intro={copy.intro}
        actions={
          <ExportCsvButton
            label={copy.export}
            disabled={!data || isEmptyReport(data)}
            file={() => {
              const { first, last } = periodDays(period);
              return {
                name: `traffic-${first}-to-${last}.csv`,
                columns: TRAFFIC_CSV_COLUMNS,
                rows: data ? trafficCsvRows(data) : [],
              };
            }}
            saved={() => ({ title: copy.exported })}
          />
        }
      />

      <PeriodForm onPeriod={setPeriod} />

      <AdminDataView
        query={report}
        loading={copy.loading}
        error={copy.error}
        isEmpty={isEmptyReport}
        empty={<EmptyState message={copy.empty} />}
      >
        {(traffic) => <TrafficFigures report={traffic} period={period} />}
      </AdminDataView>
    </div>
  );
}

function TrafficFigures({ report, period }: { report: TrafficReport; period: Period }) {
  const { first, last } = periodDays(period);
  const { totals, days } = report;
  const busiest = busiestDay(days);
  return (
    <div className="space-y-6">
      <section aria-label={copy.totalsLabel}>
        <dl className="grid grid-cols-3 gap-3 sm:gap-4">
          {(["visitors", "views", "intake"] as const).map((key) => (
            <div key={key} className="min-w-0 rounded-card border border-slate-100 bg-white p-3 shadow-soft sm:p-5">
              <dt className="text-sm text-ink-muted">{copy.totals[key]}</dt>
              <dd className="mt-1 text-2xl font-extrabold tabular-nums text-ink break-words sm:text-3xl">
                {number(totals[key])}
              </dd>
            </div>
          ))}
        </dl>
        <p className="mt-2 text-sm text-ink-muted">{copy.visitorsNote}</p>
      </section>

      <section
        aria-labelledby="traffic-days-heading"
        className="min-w-0 rounded-card border border-slate-100 bg-white p-5 shadow-soft"
      >
        <h2 id="traffic-days-heading" className="font-bold text-ink">
          {copy.chart.heading}
        </h2>
        <Suspense fallback={<div className="mt-4 h-64 animate-pulse rounded-xl bg-slate-100" />}>
          <TrafficChart
            days={days}
            label={copy.chart.label(
              days.length,
              totals.visitors,
              totals.views,
              busiest ? `${formatDay(busiest.day)} (${number(busiest.views)})` : "—",
            )}
          />
        </Suspense>
        <details className="mt-3 text-sm">
          <summary className="cursor-pointer rounded font-semibold text-brand-700 focus-ring">
            {copy.chart.showTable}
          </summary>
          <div className="mt-3 max-h-96 overflow-auto">
            <table className="w-full text-left text-sm">
              <caption className="sr-only">{copy.chart.heading}</caption>
              <thead>
                <tr className="border-b border-slate-200">
                  <th scope="col" className="py-2 pr-4 font-semibold">
                    {copy.chart.day}
                  </th>
                  <th scope="col" className="py-2 pr-4 text-right font-semibold">
                    {copy.chart.visitors}
                  </th>
                  <th scope="col" className="py-2 text-right font-semibold">
                    {copy.chart.views}
                  </th>
                </tr>
              </thead>
              <tbody>
                {days.map((day) => (
                  <tr key={day.day} className="border-b border-slate-100">
                    <th scope="row" className="py-1.5 pr-4 font-normal text-ink-muted">
                      <time dateTime={day.day}>{formatDay(day.day)}</time>
                    </th>
                    <td className="py-1.5 pr-4 text-right tabular-nums">{number(day.visitors)}</td>
                    <td className="py-1.5 text-right tabular-nums">{number(day.views)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </details>
      </section>

      <div className="grid gap-4 lg:grid-cols-2">
        {trafficLists(report).map(({ key, lines }) => (
          <TrafficList
            key={key}
            heading={copy.lists[key].heading}
            column={copy.lists[key].column}
            caption={copy.caption(copy.lists[key].heading, first, last)}
            lines={lines}
          />
        ))}
      </div>
    </div>
  );
}
