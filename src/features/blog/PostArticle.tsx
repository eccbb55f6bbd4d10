import { CalendarDays, Clock, UserRound } from "lucide-react";
import { blogCopy } from "../../content/blog";
import { formatLongDate } from "../../lib/format";
import type { PostWithAuthor } from "../../lib/posts";
import { PostBody, TableOfContents } from "./PostBody";
import { PostImage } from "./PostImage";
import type { RenderedPost } from "./blog-data";
import { authorName } from "./structured-data";

/**
 * The article itself: category, title, author, date, optional image and content, from the body its
 * loader rendered (blog-data.ts). The admin's previews render Markdown as it is typed instead
 * (MarkdownPostArticle).
 */
export function PostArticle({ post, body }: { post: PostWithAuthor; body: Pick<RenderedPost, "html" | "headings" | "minutes"> }) {
  return (
    <article className="rounded-card border border-slate-100 bg-white p-6 shadow-soft sm:p-10">
      {post.category ? <p className="text-sm font-semibold uppercase tracking-[0.16em] text-brand-700">{post.category}</p> : null}
      <h1 className="mt-3 text-3xl font-extrabold tracking-tight text-ink text-balance break-words sm:text-4xl md:text-5xl">{post.title}</h1>
      <div className="mt-6 flex flex-wrap items-center gap-x-6 gap-y-2 text-sm text-ink-muted">
        <span className="flex items-center gap-2">
          <UserRound aria-hidden="true" className="h-4 w-4" />
          <span>
            <span className="sr-only">{blogCopy.post.by} </span>
            {authorName(post)}
          </span>
        </span>
        <span className="flex items-center gap-2">
          <CalendarDays aria-hidden="true" className="h-4 w-4" />
          <time dateTime={post.published_at ?? undefined}>{formatLongDate(post.published_at ?? "")}</time>
        </span>
        <span className="flex items-center gap-2">
          <Clock aria-hidden="true" className="h-4 w-4" />
          {blogCopy.readingTime(body.minutes)}
        </span>
      </div>
      <PostImage src={post.image_url} alt={post.title} width={1200} height={675} fallback={false} priority className="mt-8 aspect-video w-full rounded-2xl" />
      <TableOfContents headings={body.headings} />
      <PostBody html={body.html} />
    </article>
  );
}
