import { AlertTriangle } from "lucide-react";
import { leadsCopy } from "../../../content/leads";
import type { LeadResponseStats } from "../../../lib/database";
import { AdminDataView } from "../DataStates";
import { PeriodFigureCards, pendingCards } from "../PeriodFigures";
import { LeadPanel } from "./LeadPanel";
import { useEmailNotConfigured, useResponseTimes } from "./queries";
import { medianText } from "./response-time";

const copy = leadsCopy.responseStats;
const LABELS = [copy.median, copy.withinHour];

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
  const notConfigured = useEmailNotConfigured();
  // The notice stands above the figures: both are shown once both are in, so that neither moves the other.
  const figures = { ...times, isPending: times.isPending || notConfigured.isPending };
  return (
    <LeadPanel
      id="response-times-heading"
      title={copy.heading}
      subtitle={<p className="mt-1 text-sm text-ink-muted">{copy.intro}</p>}
    >
      <AdminDataView
        query={figures}
        loading={copy.loading}
        placeholder={<PeriodFigureCards heading={copy.period} cards={pendingCards(LABELS)} />}
        error={copy.error}
        className="mt-4"
      >
        {(periods) => (
          <>
            {notConfigured.data === true ? <EmailNotConfigured /> : null}
            <PeriodFigureCards
              heading={copy.period}
              cards={periods.map(({ days, stats }) => ({
                days,
                figures: [
                  { label: copy.median, value: medianText(stats.median_response_seconds) },
                  { label: copy.withinHour, value: withinHourText(stats) },
                ],
                note: copy.leads(stats.leads, stats.answered),
              }))}
            />
          </>
        )}
      </AdminDataView>
    </LeadPanel>
  );
}
