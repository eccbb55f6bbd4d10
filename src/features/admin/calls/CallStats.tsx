import { Link } from "react-router-dom";
import { callsAdminCopy } from "../../../content/calls-admin";
import type { CallBookingStats } from "../../../lib/database";
import { AdminDataView } from "../DataStates";
import { LeadPanel } from "../leads/LeadPanel";
import { useCallStats } from "./queries";

const copy = callsAdminCopy.dashboard;

/** '40% (2 of 5)': the period's leads who booked a call, or '—' without leads. */
function shareText(stats: CallBookingStats): string {
  if (stats.leads === 0) return copy.none;
  return copy.shareValue(Math.round((stats.leads_booked / stats.leads) * 100), stats.leads_booked, stats.leads);
}

/** The dashboard's discovery calls for the last 7 and 30 days (call_booking_stats), beside speed to lead. */
export function CallStats() {
  const stats = useCallStats();
  return (
    <LeadPanel
      id="call-stats-heading"
      title={copy.heading}
      subtitle={
        <p className="mt-1 flex flex-wrap justify-between gap-2 text-sm text-ink-muted">
          {copy.intro}
          <Link to="/admin/calls" className="rounded font-semibold text-brand-700 hover:underline focus-ring">
            {copy.open}
          </Link>
        </p>
      }
    >
      <AdminDataView query={stats} loading={copy.loading} error={copy.error} className="mt-4">
        {(periods) => (
          <div className="mt-4 grid gap-4 sm:grid-cols-2">
            {periods.map(({ days, stats: figures }) => (
              <div key={days} className="min-w-0 rounded-xl border border-slate-100 p-4">
                <h3 className="text-sm font-bold uppercase tracking-wide text-ink-muted">{copy.period(days)}</h3>
                <dl className="mt-3 space-y-3">
                  <div>
                    <dt className="text-sm text-ink-muted">{copy.booked}</dt>
                    <dd className="text-2xl font-extrabold tabular-nums text-ink">{figures.calls_booked}</dd>
                  </div>
                  <div>
                    <dt className="text-sm text-ink-muted">{copy.share}</dt>
                    <dd className="text-2xl font-extrabold tabular-nums text-ink">{shareText(figures)}</dd>
                  </div>
                </dl>
                <p className="mt-3 text-sm text-ink-muted">{copy.cancelled(figures.calls_cancelled)}</p>
              </div>
            ))}
          </div>
        )}
      </AdminDataView>
    </LeadPanel>
  );
}
