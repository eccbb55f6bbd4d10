import { leadsCopy } from "../../../content/leads";
import type { LeadEventRow } from "../../../lib/database";
import { formatLagosDateTime } from "../../../lib/lagos-time";
import { statusLabel } from "./lead-format";

const copy = leadsCopy.detail;

/** The lead's status changes and notes, newest first, each with its time and who made it. */
export function LeadHistory({ events, currentUserId }: { events: LeadEventRow[]; currentUserId: string | undefined }) {
  if (events.length === 0) return <p className="text-sm text-ink-muted">{copy.historyEmpty}</p>;
  return (
    <ol className="space-y-3">
      {events.map((event) => (
        <li key={event.id} className="rounded-xl border border-slate-100 bg-slate-50 p-4">
          <p className="text-xs text-ink-muted">
            <time dateTime={event.created_at}>{formatLagosDateTime(event.created_at)}</time>
            {event.author_id ? ` · ${event.author_id === currentUserId ? copy.byYou : copy.byOther}` : null}
          </p>
          {event.kind === "status" ? (
            <p className="mt-1 text-sm font-semibold text-ink">
              {copy.statusChange(
                event.from_status ? statusLabel(event.from_status) : "—",
                statusLabel(event.to_status!),
              )}
            </p>
          ) : (
            <p className="mt-1 whitespace-pre-wrap text-sm text-ink break-words">{event.note}</p>
          )}
        </li>
      ))}
    </ol>
  );
}
