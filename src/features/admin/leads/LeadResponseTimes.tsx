import { AlertTriangle } from "lucide-react";
import { leadsCopy } from "../../../content/leads";
import type { LeadResponseStats } from "../../../lib/database";
import { AdminDataView } from "../DataStates";
import { LeadPanel } from "./LeadPanel";
import { useEmailNotConfigured, useResponseTimes } from "./queries";
import { medianText } from "./response-time";

const copy = leadsCopy.responseStats;

/** The share answered within an hour of the leads decided (answered, or older than an hour): '67% (2 of 3)', or '—'. */
function withinHourText(stats: LeadResponseStats): string {
  if (stats.decided === 0) return leadsCopy.response.none;
  return copy.share(
    Math.round((stats.answered_within_hour / stats.decided) * 100),
    stats.answered_within_hour,
    stats.decided,
  );
}

/** Shown only when the newest team e-mail was skipped for want of settings: nobody is told of new leads. */
function EmailNotConfigured() {
  const notConfigured = useEmailNotConfigured();
  if (notConfigured.data !== true) return null;
  return (
    <div
      role="status"
      className="mt-4 flex items-start gap-3 rounded-xl border border-amber-200 bg-amber-50 p-4 text-amber-900"
    >
      <AlertTriangle aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0" />
      <div className="min-w-0">
        <p className="font-semibold">{copy.emailNotConfigured}</p>
        <p className="mt-0.5 text-sm break-words">{copy.emailNotConfiguredHint}</p>
      </div>
    </div>
  );
}

/**
 * The dashboard's speed to lead: for the last 7 and 30 days, the median time to the first response
 * and the share of leads answered within an hour (lead_response_stats), and a notice when e-mail is
 * not configured. Read again when a status change or a note records an answer.
 */
export function LeadResponseTimes() {
  const times = useResponseTimes();
  return (
    <LeadPanel
      id="response-times-heading"
      title={copy.heading}
      subtitle={<p className="mt-1 text-sm text-ink-muted">{copy.intro}</p>}
    >
      <EmailNotConfigured />
      <AdminDataView query={times} loading={copy.loading} error={copy.error} className="mt-4">
        {(periods) => (
          <div className="mt-4 grid gap-4 sm:grid-cols-2">
            {periods.map(({ days, stats }) => (
              <div key={days} className="min-w-0 rounded-xl border border-slate-100 p-4">
                <h3 className="text-sm font-bold uppercase tracking-wide text-ink-muted">{copy.period(days)}</h3>
                <dl className="mt-3 space-y-3">
                  <div>
                    <dt className="text-sm text-ink-muted">{copy.median}</dt>
                    <dd className="text-2xl font-extrabold tabular-nums text-ink">
                      {medianText(stats.median_response_seconds)}
                    </dd>
                  </div>
                  <div>
                    <dt className="text-sm text-ink-muted">{copy.withinHour}</dt>
                    <dd className="text-2xl font-extrabold tabular-nums text-ink">{withinHourText(stats)}</dd>
                  </div>
                </dl>
                <p className="mt-3 text-sm text-ink-muted">{copy.leads(stats.leads, stats.answered)}</p>
              </div>
            ))}
          </div>
        )}
      </AdminDataView>
    </LeadPanel>
  );
}
