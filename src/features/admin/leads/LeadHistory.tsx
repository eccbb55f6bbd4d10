import { assignmentCopy } from "../../../content/assignment";
import { leadsCopy } from "../../../content/leads";
import type { LeadEventRow } from "../../../lib/database";
import { formatLagosDateTime } from "../../../lib/lagos-time";
import { statusLabel } from "./lead-format";

const copy = leadsCopy.detail;

/** What a line of the history says happened (a note's text is shown as it was written). */
function change(event: LeadEventRow, name: (userId: string | null) => string | null): string | null {
  if (event.kind === "status")
    return copy.statusChange(event.from_status ? statusLabel(event.from_status) : "—", statusLabel(event.to_status!));
  if (event.kind === "assigned")
    return event.assignee_id
      ? assignmentCopy.assignedLine(name(event.assignee_id) ?? "…")
      : assignmentCopy.unassignedLine;
  return null;
}

/**
 * The lead's status changes, assignments and notes, newest first, each with its time and the name of
 * the member who made it (`name`, null while the team loads).
 */
export function LeadHistory({
  events,
  name,
}: {
  events: LeadEventRow[];
  name: (userId: string | null) => string | null;
}) {
  if (events.length === 0) return <p className="text-sm text-ink-muted">{copy.historyEmpty}</p>;
  return (
    <ol className="space-y-3">
      {events.map((event) => {
        const what = change(event, name);
        const who = name(event.author_id);
        return (
          <li key={event.id} className="rounded-xl border border-slate-100 bg-slate-50 p-4">
            <p className="text-xs text-ink-muted">
              <time dateTime={event.created_at}>{formatLagosDateTime(event.created_at)}</time>
              {who ? ` · ${assignmentCopy.by(who)}` : null}
            </p>
            {what ? (
              <p className="mt-1 text-sm font-semibold text-ink">{what}</p>
            ) : (
              <p className="mt-1 whitespace-pre-wrap text-sm text-ink break-words">{event.note}</p>
            )}
          </li>
        );
      })}
    </ol>
  );
}
