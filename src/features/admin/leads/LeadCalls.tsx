import { Link } from "../../../components/ui/Link";
import { callsAdminCopy } from "../../../content/calls-admin";
import { lagosDay, lagosMoment } from "../calls/call-time";
import { CallStatusBadge } from "../calls/CallStatusBadge";
import { useLeadCalls } from "../calls/queries";
import { AdminDataView } from "../DataStates";
import { LeadPanel } from "./LeadPanel";

const copy = callsAdminCopy.leadCalls;

/** The lead's discovery calls, latest first: the time in Lagos, the status, and the call's week on the Calls page. */
export function LeadCalls({ leadId }: { leadId: string }) {
  const calls = useLeadCalls(leadId);
  return (
    <LeadPanel id="lead-calls-heading" title={copy.heading}>
      <AdminDataView query={calls} loading={copy.loading} error={copy.error} className="mt-3">
        {(list) =>
          list.length === 0 ? (
            <p className="mt-3 text-sm text-ink-muted">{copy.none}</p>
          ) : (
            <ul className="mt-3 divide-y divide-slate-100">
              {list.map((call) => (
                <li key={call.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 py-2">
                  <time dateTime={call.starts_at} className="font-semibold text-ink">
                    {lagosMoment(new Date(call.starts_at))} ({callsAdminCopy.list.lagosTime})
                  </time>
                  <CallStatusBadge status={call.status} />
                  <Link
                    to={`/admin/calls?week=${lagosDay(new Date(call.starts_at))}`}
                    className="ml-auto rounded text-sm font-semibold text-brand-700 hover:underline focus-ring"
                  >
                    {copy.open}
                  </Link>
                </li>
              ))}
            </ul>
          )
        }
      </AdminDataView>
    </LeadPanel>
  );
}
