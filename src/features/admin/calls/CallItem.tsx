import { AGENCY_TIME_ZONE } from "../../../lib/agency-zone";
import { Link } from "../../../components/ui/Link";
import { callsAdminCopy } from "../../../content/calls-admin";
import { cn } from "../../../lib/cn";
import type { CallListItem } from "../data/calls";
import { CallActions } from "./CallActions";
import { callName } from "./call-format";
import { lagosDayLabel, lagosTime } from "./call-time";
import { CallStatusBadge } from "./CallStatusBadge";

const copy = callsAdminCopy.list;

export interface CallHandlers {
  now: Date;
  busyId: string | null;
  onMark: (call: CallListItem, status: "completed" | "no_show") => void;
  onCancel: (call: CallListItem) => void;
}

/**
 * One call: its Lagos day and time, whom it is for (linked to the lead's page), its status, the
 * note sent when it was cancelled, and what can be done to it. `compact` in the week view's columns.
 */
export function CallItem({
  call,
  handlers,
  compact = false,
}: {
  call: CallListItem;
  handlers: CallHandlers;
  compact?: boolean;
}) {
  const start = new Date(call.starts_at);
  const end = new Date(call.ends_at);
  return (
    <li
      className={cn(
        "min-w-0 rounded-xl border border-slate-100 bg-white shadow-soft",
        compact ? "space-y-2 p-3" : "flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between",
      )}
    >
      <div className="min-w-0">
        <p className="text-sm font-semibold text-ink-muted tabular-nums">
          <time dateTime={call.starts_at}>
            {compact ? "" : `${lagosDayLabel(start)}, `}
            {lagosTime(start)}–{lagosTime(end)}
          </time>
        </p>
        <p className="mt-0.5 font-bold text-ink break-words">
          <Link to={`/admin/leads/${call.lead_id}`} className="rounded hover:underline focus-ring">
            {callName(call)}
          </Link>
        </p>
        <div className="mt-1 flex flex-wrap items-center gap-2 text-sm text-ink-muted">
          <CallStatusBadge status={call.status} />
          {!compact && call.lead?.company_name ? <span className="break-words">{call.lead.company_name}</span> : null}
          {!compact && call.visitor_time_zone !== AGENCY_TIME_ZONE ? (
            <span>{copy.visitorZone(call.visitor_time_zone)}</span>
          ) : null}
        </div>
        {call.status === "cancelled" && call.cancel_note ? (
          <p className="mt-1 text-sm text-ink-muted break-words">{copy.cancelNoteShown(call.cancel_note)}</p>
        ) : null}
      </div>
      <CallActions
        call={call}
        now={handlers.now}
        busy={handlers.busyId === call.id}
        onMark={handlers.onMark}
        onCancel={handlers.onCancel}
        compact={compact}
      />
    </li>
  );
}
