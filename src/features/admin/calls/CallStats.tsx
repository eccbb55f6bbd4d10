import { Link } from "../../../components/ui/Link";
import { callsAdminCopy } from "../../../content/calls-admin";
import type { CallBookingStats } from "../../../lib/database";
import { AdminDataView } from "../DataStates";
import { LeadPanel } from "../leads/LeadPanel";
import { PeriodFigureCards, pendingCards } from "../PeriodFigures";
import { useCallStats } from "./queries";

const copy = callsAdminCopy.dashboard;
const LABELS = [copy.booked, copy.share];

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
      <AdminDataView
        query={stats}
        loading={copy.loading}
        placeholder={<PeriodFigureCards heading={copy.period} cards={pendingCards(LABELS)} />}
        error={copy.error}
        className="mt-4"
      >
        {(periods) => (
          <PeriodFigureCards
            heading={copy.period}
            cards={periods.map(({ days, stats: figures }) => ({
              days,
              figures: [
                { label: copy.booked, value: figures.calls_booked },
                { label: copy.share, value: shareText(figures) },
              ],
              note: copy.cancelled(figures.calls_cancelled),
            }))}
          />
        )}
      </AdminDataView>
    </LeadPanel>
  );
}
