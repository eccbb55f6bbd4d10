import { UserRound } from "lucide-react";
import { blogCopy } from "../../content/blog";
import type { PostWithAuthor } from "../../lib/posts";
import { PostBody, TableOfContents } from "./PostBody";
import { PostImage } from "./PostImage";
import { CategoryLabel, PostMetaItem, PostMetaLine } from "./PostMeta";
import type { RenderedPost } from "../../lib/blog-data";
import { authorName } from "./structured-data";

/**
 * The article itself: category, title, author, date, optional image and content, from the body its
 * loader rendered (blog-data.ts). The admin's previews render Markdown as it is typed instead
 * (MarkdownPostArticle).
 */
export function PostArticle({
  post,
  body,
}: {
  post: PostWithAuthor;
  body: Pick<RenderedPost, "html" | "headings" | "minutes">;
}) {
  return (
    <article className="rounded-card border border-slate-100 bg-white p-6 shadow-soft sm:p-10">
      {post.category ? <CategoryLabel category={post.category} size="sm" /> : null}
      <h1 className="mt-3 text-3xl font-extrabold tracking-tight text-ink text-balance break-words sm:text-4xl md:text-5xl">
        {post.title}
      </h1>
      <PostMetaLine date={post.published_at} minutes={body.minutes} variant="article" className="mt-6">
        <PostMetaItem icon={UserRound} variant="article">
          <span>
            <span className="sr-only">{blogCopy.post.by} </span>
            {authorName(post)}
          </span>
        </PostMetaItem>
      </PostMetaLine>
      <PostImage
        src={post.image_url}
        alt={post.image_alt || post.title}
        width={1200}
        height={675}
        priority
        className="mt-8 aspect-video w-full rounded-2xl"
      />
      <TableOfContents headings={body.headings} />
      <PostBody html={body.html} />
    </article>
  );
}
