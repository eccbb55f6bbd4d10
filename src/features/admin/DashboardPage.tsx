import { Eye as ViewIcon, FileSearch, Pencil, Trash2 } from "lucide-react";
import { useMemo, useState } from "react";
import { Link } from "react-router-dom";
import { ButtonLink } from "../../components/ui/Button";
import { Seo } from "../../components/ui/Seo";
import { toast } from "../../components/ui/toast-store";
import { adminCopy } from "../../content/admin";
import { site } from "../../content/site";
import { cn } from "../../lib/cn";
import { formatLongDate } from "../../lib/format";
import { formatLagosDateTime } from "../../lib/lagos-time";
import { deletePost, listPostsForAdmin, type AdminPostSummary as AdminPost } from "../../lib/posts";
import { useAuth } from "../auth";
import { AdminPageHeader } from "./AdminPageHeader";
import { ConfirmDialog } from "./ConfirmDialog";
import { AdminDataView, EmptyState } from "./DataStates";
import { stageOf } from "./editor/post-stage";
import { useAdminData } from "./use-admin-data";

const copy = adminCopy.dashboard;

export type StageFilter = "all" | "draft" | "scheduled" | "published";

const actionClasses =
  "inline-flex items-center gap-1.5 rounded-full px-3 py-1.5 text-sm font-semibold focus-ring";

const badgeClasses = { draft: "bg-slate-100 text-slate-700", scheduled: "bg-amber-100 text-amber-900", published: "bg-emerald-50 text-emerald-800" } as const;

function StatusBadge({ post }: { post: AdminPost }) {
  const stage = stageOf(post);
  const label = stage.kind === "scheduled" ? copy.status.scheduled(formatLagosDateTime(stage.at)) : copy.status[stage.kind];
  return <span className={cn("inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold", badgeClasses[stage.kind])}>{label}</span>;
}

/**
 * Pure view of the post list with its actions. The policies let an admin change only their own
 * posts, so posts by other authors (such as the seeded ones) are listed without edit and delete.
 * Live posts link to their public page; drafts and scheduled posts to the admin-only preview.
 */
export function PostList({ posts, currentUserId, onDelete }: { posts: AdminPost[]; currentUserId: string | undefined; onDelete: (post: AdminPost) => void }) {
  return (
    <ul className="divide-y divide-slate-100 rounded-card border border-slate-100 bg-white shadow-soft">
      {posts.map((post) => {
        const live = stageOf(post).kind === "published";
        return (
          <li key={post.id} className="flex flex-col gap-3 p-4 sm:p-5 lg:flex-row lg:items-center lg:justify-between">
            <div className="min-w-0">
              <h2 className="font-bold text-ink break-words">{post.title}</h2>
              <p className="mt-1 flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-ink-muted">
                <span className="sr-only">{copy.columns.status}: </span>
                <StatusBadge post={post} />
                <span className="sr-only">{copy.columns.category}: </span>
                {post.category || "—"}
                {live && post.published_at ? (
                  <>
                    <span aria-hidden="true">·</span>
                    <span className="sr-only">{copy.columns.date}: </span>
                    <time dateTime={post.published_at}>{formatLongDate(post.published_at)}</time>
                  </>
                ) : null}
              </p>
            </div>
            <div className="flex shrink-0 flex-wrap gap-2">
              {live ? (
                <Link to={`/blog/${encodeURIComponent(post.slug)}`} aria-label={`${copy.view}: ${post.title}`} className={`${actionClasses} text-brand-700 hover:bg-brand-50`}>
                  <ViewIcon aria-hidden="true" className="h-4 w-4" />
                  {copy.view}
                </Link>
              ) : (
                <Link to={`/admin/posts/${post.id}/preview`} aria-label={`${copy.preview}: ${post.title}`} className={`${actionClasses} text-brand-700 hover:bg-brand-50`}>
                  <FileSearch aria-hidden="true" className="h-4 w-4" />
                  {copy.preview}
                </Link>
              )}
              {post.author_id !== currentUserId ? (
                <span className="px-3 py-1.5 text-sm text-ink-muted">{copy.otherAuthor}</span>
              ) : (
                <>
                  <Link to={`/admin/posts/${post.id}/edit`} aria-label={`${copy.edit}: ${post.title}`} className={`${actionClasses} text-brand-700 hover:bg-brand-50`}>
                    <Pencil aria-hidden="true" className="h-4 w-4" />
                    {copy.edit}
                  </Link>
                  <button type="button" onClick={() => onDelete(post)} aria-label={`${copy.delete}: ${post.title}`} className={`${actionClasses} text-red-700 hover:bg-red-50`}>
                    <Trash2 aria-hidden="true" className="h-4 w-4" />
                    {copy.delete}
                  </button>
                </>
              )}
            </div>
          </li>
        );
      })}
    </ul>
  );
}

/** All, Drafts, Scheduled, Published, each with its count; the chosen one is pressed. */
export function StageFilters({ posts, value, onChange }: { posts: AdminPost[]; value: StageFilter; onChange: (value: StageFilter) => void }) {
  const counts = { all: posts.length, draft: 0, scheduled: 0, published: 0 };
  for (const post of posts) counts[stageOf(post).kind] += 1;
  return (
    <div role="group" aria-label={copy.filterLabel} className="flex flex-wrap gap-2">
      {(["all", "draft", "scheduled", "published"] as const).map((filter) => (
        <button
          key={filter}
          type="button"
          aria-pressed={value === filter}
          onClick={() => onChange(filter)}
          className={cn(
            "inline-flex min-h-11 items-center gap-2 rounded-full border px-4 text-sm font-semibold focus-ring",
            value === filter ? "border-brand-700 bg-brand-700 text-white" : "border-slate-200 bg-white text-ink hover:bg-brand-50",
          )}
        >
          {copy.filters[filter]}
          <span className={cn("rounded-full px-1.5 text-xs", value === filter ? "bg-white/20" : "bg-slate-100")}>{counts[filter]}</span>
        </button>
      ))}
    </div>
  );
}

/** /admin: every post with its status, a filter, and preview, view, edit and delete (after a confirmation). */
export function DashboardPage() {
  const { user } = useAuth();
  const posts = useAdminData(listPostsForAdmin, [], (list) => list.length === 0);
  const [filter, setFilter] = useState<StageFilter>("all");
  const [pending, setPending] = useState<AdminPost | null>(null);
  const [deleting, setDeleting] = useState(false);

  const shown = useMemo(() => (posts.data ?? []).filter((post) => filter === "all" || stageOf(post).kind === filter), [posts.data, filter]);

  async function confirmDelete() {
    if (!pending) return;
    setDeleting(true);
    try {
      await deletePost(pending.id);
      const removedId = pending.id;
      posts.update((list) => list.filter((post) => post.id !== removedId));
      toast({ ...copy.deleted, variant: "success" });
      setPending(null);
    } catch (error) {
      toast({ title: copy.deleteFailed, description: error instanceof Error ? error.message : String(error), variant: "error" });
    } finally {
      setDeleting(false);
    }
  }

  return (
    <div className="mx-auto max-w-5xl">
      <Seo title={`${copy.seoTitle} | ${site.name}`} description={site.defaultDescription} path="/admin" noIndex />
      <AdminPageHeader
        title={copy.heading}
        intro={copy.intro}
        actions={
          <ButtonLink to="/admin/create-post" size="sm">
            {adminCopy.nav.newPost}
          </ButtonLink>
        }
      />
      <div className="mt-8 space-y-6">
        <AdminDataView data={posts} loading={copy.loading} error={copy.error} empty={<EmptyState message={copy.empty} />}>
          {(list) => (
            <>
              <StageFilters posts={list} value={filter} onChange={setFilter} />
              {shown.length === 0 ? <EmptyState message={copy.emptyFilter} /> : <PostList posts={shown} currentUserId={user?.id} onDelete={setPending} />}
            </>
          )}
        </AdminDataView>
      </div>
      <ConfirmDialog
        open={pending !== null}
        title={copy.confirmTitle}
        description={pending ? copy.confirmBody(pending.title) : ""}
        confirmLabel={copy.confirmDelete}
        busyLabel={copy.deleting}
        cancelLabel={copy.cancel}
        busy={deleting}
        onConfirm={confirmDelete}
        onCancel={() => setPending(null)}
      />
    </div>
  );
}
