import { lazy, Suspense } from "react";
import { rolesCopy } from "../../../content/roles";
import { trafficCopy } from "../../../content/traffic";
import type { TrafficReport } from "../../../lib/database";
import { useMember } from "../member";
import { periodDays, type Period } from "../period/period";
import { PeriodReportPage } from "../period/PeriodReportPage";
import { useTrafficReport } from "./queries";
import * as traffic from "./traffic-report";
import { FiguresTable, TrafficList } from "./TrafficList";

const copy = trafficCopy;
// Chart.js loads only here, after the figures have arrived (as the leads chart does).
const TrafficChart = lazy(() => import("./TrafficChart"));
const number = (value: number) => value.toLocaleString("en-US");

/**
 * /admin/traffic: visitors and page views counted first-party, for the last 7, 30 or 90 days or
 * chosen dates: the totals, each day (a chart, and the same figures as a table), and the top pages,
 * sources, referring sites, campaigns, countries and devices. Exported as CSV. An Author gets the
 * same page over their own posts' pages only (the database gives them nothing else), and is told so.
 */
export function TrafficPage() {
  const { can } = useMember();
  return (
    <PeriodReportPage
      path="/admin/traffic"
      name="traffic"
      copy={
        !can.reads_site_traffic && can.reads_own_traffic
          ? { ...copy, intro: `${copy.intro} ${rolesCopy.traffic.ownPosts}` }
          : copy
      }
      useReport={useTrafficReport}
      isEmpty={traffic.isEmptyReport}
      csv={{ columns: traffic.TRAFFIC_CSV_COLUMNS, rows: traffic.trafficCsvRows }}
    >
      {(report, period) => <TrafficFigures report={report} period={period} />}
    </PeriodReportPage>
  );
}

function TrafficFigures({ report, period }: { report: TrafficReport; period: Period }) {
  const { first, last } = periodDays(period);
  const { totals, days } = report;
  const busiest = traffic.busiestDay(days);
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
              busiest ? `${traffic.formatDay(busiest.day)} (${number(busiest.views)})` : "—",
            )}
          />
        </Suspense>
        <details className="mt-3 text-sm">
          <summary className="cursor-pointer rounded font-semibold text-brand-700 focus-ring">
            {copy.chart.showTable}
          </summary>
          <div className="mt-3 max-h-96 overflow-auto">
            <FiguresTable
              caption={copy.chart.heading}
              columns={{ name: copy.chart.day, visitors: copy.chart.visitors, views: copy.chart.views }}
              rows={days.map((day) => ({
                key: day.day,
                name: <time dateTime={day.day}>{traffic.formatDay(day.day)}</time>,
                visitors: day.visitors,
                views: day.views,
              }))}
            />
          </div>
        </details>
      </section>

      <div className="grid gap-4 lg:grid-cols-2">
        {traffic.trafficLists(report).map(({ key, lines }) => (
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
