import { Eye as ViewIcon, FileSearch, Pencil, Trash2 } from "lucide-react";
import { Link } from "../../../components/ui/Link";
import { adminCopy } from "../../../content/admin";
import { rolesCopy } from "../../../content/roles";
import { trafficCopy } from "../../../content/traffic";
import { cn } from "../../../lib/cn";
import { formatLongDate } from "../../../lib/format";
import { formatLagosDateTime } from "../../../lib/lagos-time";
import type { AdminPostSummary as AdminPost } from "../data/posts";
import type { PostTrafficLine } from "../../../lib/database";
import { stageOf } from "../editor/post-stage";
import type { Member } from "../member";
import { mayChangePost } from "../roles";

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

/**
 * A post's views (and leads, for the roles that work them) over the last 30 days, labelled; '—' for
 * none. Nothing while they load or could not be read.
 */
function PostTraffic({ line, withLeads }: { line: PostTrafficLine | null; withLeads: boolean }) {
  const figure = (value: number | undefined) => (value ? value.toLocaleString("en-US") : trafficText.none);
  return (
    <dl className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm">
      {(withLeads ? (["views", "leads"] as const) : (["views"] as const)).map((key) => (
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

/** Why a post the member may not change is listed without edit and delete. */
function readOnlyReason(member: Member, post: AdminPost): string {
  if (post.author_id === member.userId && member.can.writes_posts) return rolesCopy.posts.publishedReadOnly;
  return member.can.writes_posts ? copy.otherAuthor : rolesCopy.posts.readOnly;
}

/**
 * Pure view of the post list with its actions. The policies let an Editor (and the Owner and
 * Administrators) change every post, an Author their own, a Contributor their own drafts, Sales none,
 * so the others are listed without edit and delete, saying why. Live posts link to their public page;
 * drafts and scheduled posts to the admin-only preview.
 */
export function PostList({
  posts,
  member,
  traffic,
  onDelete,
}: {
  posts: AdminPost[];
  /** The signed-in member, whose role decides which posts they may change and whether leads are shown. */
  member: Member;
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
              {traffic ? (
                <PostTraffic line={traffic.get(`/blog/${post.slug}`) ?? null} withLeads={member.can.works_leads} />
              ) : null}
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
              {!mayChangePost(member.can, member.userId, post) ? (
                <span className="px-3 py-1.5 text-sm text-ink-muted">{readOnlyReason(member, post)}</span>
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
