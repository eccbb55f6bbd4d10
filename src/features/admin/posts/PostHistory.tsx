import { LabelledCard } from "../../../components/ui/LabelledSection";
import { assignmentCopy } from "../../../content/assignment";
import { formatLagosDateTime } from "../../../lib/lagos-time";
import { AdminDataView, EmptyState } from "../DataStates";
import { useTeamNames } from "../people/queries";
import { usePostEvents } from "./queries";

const copy = assignmentCopy;

/**
 * The post's history (public.post_events, written by the database on every save): what happened,
 * who did it and when, newest first. Read again after each save.
 */
export function PostHistory({ postId }: { postId: string }) {
  const events = usePostEvents(postId);
  const { name } = useTeamNames();
  return (
    <LabelledCard id="post-history" heading={copy.postHistory} className="mt-6 p-6 sm:p-8">
      <div className="mt-4">
        <AdminDataView
          query={events}
          loading={copy.postHistoryLoading}
          error={copy.postHistoryError}
          isEmpty={(found) => found.length === 0}
          empty={<EmptyState message={copy.postHistoryEmpty} />}
        >
          {(found) => (
            <ol aria-label={copy.postHistoryLabel} className="divide-y divide-slate-100">
              {found.map((event) => {
                const who = name(event.actor_id);
                return (
                  <li key={event.id} className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 py-2.5">
                    <span className="text-sm text-ink">
                      <span className="font-semibold">{copy.postEvents[event.kind]}</span>
                      {who ? ` ${copy.by(who)}` : null}
                    </span>
                    <time dateTime={event.created_at} className="text-xs text-ink-muted">
                      {formatLagosDateTime(event.created_at)}
                    </time>
                  </li>
                );
              })}
            </ol>
          )}
        </AdminDataView>
      </div>
    </LabelledCard>
  );
}
