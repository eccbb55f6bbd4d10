import { useState } from "react";
import { LabelledCard } from "../../../components/ui/LabelledSection";
import { revisionsCopy } from "../../../content/revisions";
import { formatLagosDateTime } from "../../../lib/lagos-time";
import type { SearchSocialColumn } from "../../../lib/post-meta";
import type { Post } from "../../../lib/posts";
import { useConfirmation } from "../confirmation";
import { ConfirmDialog } from "../ConfirmDialog";
import { AdminDataView, EmptyState } from "../DataStates";
import type { PostRevision } from "../data/post-revisions";
import { searchSocialInput } from "../data/posts";
import { useTeamNames } from "../people/queries";
import { RevisionDiff } from "./RevisionDiff";
import { usePostRevisions } from "./revision-queries";

const copy = revisionsCopy;

interface RevisionHistoryProps {
  /** The post as saved now: the diff's other side. */
  post: Pick<Post, "id" | "title" | "content" | "excerpt" | "updated_at" | SearchSocialColumn>;
  /** Saves the revision's fields as a new save; resolves true on success. Absent: no restore. */
  onRestore?: (revision: PostRevision) => Promise<boolean>;
}

/**
 * The post's versions (public.post_revisions): every save and the members' autosaves, newest
 * first, who and when. Choosing one shows what changed from it to the post as saved now, and
 * "Restore this version" saves its text as a new save, which is itself kept, so a restore can be
 * undone by restoring the version before it.
 */
export function RevisionHistory({ post, onRestore }: RevisionHistoryProps) {
  const revisions = usePostRevisions(post.id, post.updated_at);
  const { name } = useTeamNames();
  const [chosenId, setChosenId] = useState<number | null>(null);
  const chosen = revisions.data?.find((revision) => revision.id === chosenId) ?? null;
  const restoring = useConfirmation(async (revision: PostRevision) => {
    if (await onRestore?.(revision)) setChosenId(null);
  }, "Restoring a version");

  return (
    <LabelledCard id="post-versions" heading={copy.heading} className="mt-6 p-6 sm:p-8">
      <p className="mt-1 text-sm text-ink-muted">{copy.intro}</p>
      <div className="mt-4 grid gap-6 lg:grid-cols-[minmax(0,16rem)_minmax(0,1fr)]">
        <AdminDataView
          query={revisions}
          loading={copy.loading}
          error={copy.error}
          isEmpty={(found) => found.length === 0}
          empty={<EmptyState message={copy.empty} />}
        >
          {(found) => (
            <ol aria-label={copy.listLabel} className="max-h-96 divide-y divide-slate-100 overflow-auto">
              {found.map((revision) => {
                const who = name(revision.author_id);
                const selected = revision.id === chosenId;
                return (
                  <li key={revision.id}>
                    <button
                      type="button"
                      aria-pressed={selected}
                      onClick={() => setChosenId(revision.id)}
                      className={`w-full rounded px-2 py-2.5 text-left text-sm focus-ring ${
                        selected ? "bg-brand-50" : "hover:bg-slate-50"
                      }`}
                    >
                      <span className="flex flex-wrap items-center gap-2">
                        <span className="font-semibold text-ink">{copy.kinds[revision.kind]}</span>
                        {revision.published ? (
                          <span className="rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-semibold text-emerald-800">
                            {copy.published}
                          </span>
                        ) : null}
                      </span>
                      <span className="mt-0.5 block text-xs text-ink-muted">
                        <time dateTime={revision.created_at}>{formatLagosDateTime(revision.created_at)}</time>
                        {who ? ` ${copy.by(who)}` : null}
                      </span>
                      <span className="mt-0.5 block truncate text-xs text-ink">{revision.title}</span>
                    </button>
                  </li>
                );
              })}
            </ol>
          )}
        </AdminDataView>
        <div>
          {chosen ? (
            <div className="space-y-4">
              <h3 className="text-sm font-semibold text-ink">{copy.compareHeading}</h3>
              <RevisionDiff
                from={{
                  title: chosen.title,
                  content: chosen.content,
                  excerpt: chosen.excerpt ?? "",
                  searchSocial: searchSocialInput(chosen),
                }}
                to={{
                  title: post.title,
                  content: post.content,
                  excerpt: post.excerpt ?? "",
                  searchSocial: searchSocialInput(post),
                }}
              />
              {onRestore ? (
                <button
                  type="button"
                  onClick={() => restoring.ask(chosen)}
                  className="rounded-lg border border-brand-600 px-4 py-2 text-sm font-semibold text-brand-700 hover:bg-brand-50 focus-ring"
                >
                  {copy.restore}
                </button>
              ) : null}
            </div>
          ) : (
            <p className="text-sm text-ink-muted">{copy.choose}</p>
          )}
        </div>
      </div>
      <ConfirmDialog
        {...restoring.dialog}
        title={copy.confirmTitle}
        description={copy.confirmBody}
        confirmLabel={copy.confirm}
        busyLabel={copy.restoring}
        cancelLabel={copy.cancel}
      />
    </LabelledCard>
  );
}
