import { Eye as ViewIcon, FileSearch, Pencil, Trash2 } from "lucide-react";
import { Link } from "react-router-dom";
import { adminCopy } from "../../../content/admin";
import { trafficCopy } from "../../../content/traffic";
import { cn } from "../../../lib/cn";
import { formatLongDate } from "../../../lib/format";
import { formatLagosDateTime } from "../../../lib/lagos-time";
import type { AdminPostSummary as AdminPost } from "../data/posts";
import type { PostTrafficLine } from "../../../lib/database";
import { stageOf } from "../editor/post-stage";

const copy = adminCopy.dashboard;

const actionClasses = "inline-flex items-center gap-1.5 rounded-full px-3 py-1.5 text-sm font-semibold focus-ring";

const badgeClasses = {
  draft: "bg-slate-100 text-slate-700",
  scheduled: "bg-amber-100 text-amber-900",
  published: "bg-emerald-50 text-emerald-800",
} as const;

function StatusBadge({ post }: { post: AdminPost }) {
  const stage = stageOf(post);
  const label =
    stage.kind === "scheduled" ? copy.status.scheduled(formatLagosDateTime(stage.at)) : copy.status[stage.kind];
  return (
    <span className={cn("inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold", badgeClasses[stage.kind])}>
      {label}
    </span>
  );
}

const trafficText = trafficCopy.posts;

/** A post's views and leads over the last 30 days, labelled; '—' for none. Nothing while they load or could not be read. */
function PostTraffic({ line }: { line: PostTrafficLine | null }) {
  const figure = (value: number | undefined) => (value ? value.toLocaleString("en-US") : trafficText.none);
  return (
    <dl className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm">
      {(["views", "leads"] as const).map((key) => (
        <div key={key} className="flex gap-1.5">
          <dt className="text-ink-muted">
            {trafficText[key]} <span className="text-xs">({trafficText.period})</span>
          </dt>
          <dd className="font-semibold tabular-nums text-ink">{figure(line?.[key])}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * Pure view of the post list with its actions. The policies let an admin change only their own
 * posts, so posts by other authors (such as the seeded ones) are listed without edit and delete.
 * Live posts link to their public page; drafts and scheduled posts to the admin-only preview.
 */
export function PostList({
  posts,
  currentUserId,
  traffic,
  onDelete,
}: {
  posts: AdminPost[];
  currentUserId: string | undefined;
  /** Each post's views and leads by path (`/blog/<slug>`); undefined while they load or when they could not be read. */
  traffic?: Map<string, PostTrafficLine> | undefined;
  onDelete: (post: AdminPost) => void;
}) {
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
              {traffic ? <PostTraffic line={traffic.get(`/blog/${post.slug}`) ?? null} /> : null}
            </div>
            <div className="flex shrink-0 flex-wrap gap-2">
              {live ? (
                <Link
                  to={`/blog/${encodeURIComponent(post.slug)}`}
                  aria-label={`${copy.view}: ${post.title}`}
                  className={`${actionClasses} text-brand-700 hover:bg-brand-50`}
                >
                  <ViewIcon aria-hidden="true" className="h-4 w-4" />
                  {copy.view}
                </Link>
              ) : (
                <Link
                  to={`/admin/posts/${post.id}/preview`}
                  aria-label={`${copy.preview}: ${post.title}`}
                  className={`${actionClasses} text-brand-700 hover:bg-brand-50`}
                >
                  <FileSearch aria-hidden="true" className="h-4 w-4" />
                  {copy.preview}
                </Link>
              )}
              {post.author_id !== currentUserId ? (
                <span className="px-3 py-1.5 text-sm text-ink-muted">{copy.otherAuthor}</span>
              ) : (
                <>
                  <Link
                    to={`/admin/posts/${post.id}/edit`}
                    aria-label={`${copy.edit}: ${post.title}`}
                    className={`${actionClasses} text-brand-700 hover:bg-brand-50`}
                  >
                    <Pencil aria-hidden="true" className="h-4 w-4" />
                    {copy.edit}
                  </Link>
                  <button
                    type="button"
                    onClick={() => onDelete(post)}
                    aria-label={`${copy.delete}: ${post.title}`}
                    className={`${actionClasses} text-red-700 hover:bg-red-50`}
                  >
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
