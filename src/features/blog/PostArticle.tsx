import { UserRound } from "lucide-react";
import { Link } from "../../components/ui/Link";
import { blogCopy } from "../../content/blog";
import { blogAuthorPath } from "../../lib/blog-paths";
import type { PostWithAuthor } from "../../lib/posts";
import { PostBody, TableOfContents } from "./PostBody";
import { PostImage } from "./PostImage";
import { CategoryLabel, PostMetaLine } from "./PostMeta";
import type { RenderedPost } from "../../lib/blog-data";
import { authorName } from "./structured-data";

/**
 * The author's photo (else the person icon) and name, the name linking to their page when they have
 * one. Their bio is in the sidebar's About The Author card, which hydrates later (BlogSidebar).
 */
function Byline({ post }: { post: PostWithAuthor }) {
  const { author } = post;
  const name = authorName(post);
  return (
    <span className="flex items-center gap-2">
      {/* The database takes only http(s) addresses for a photo (profiles_avatar_url_http). */}
      {author?.avatar_url ? (
        <img src={author.avatar_url} alt="" width={32} height={32} className="h-8 w-8 rounded-full object-cover" />
      ) : (
        <UserRound aria-hidden="true" className="h-4 w-4" />
      )}
      <span>
        <span className="sr-only">{blogCopy.post.by} </span>
        {author?.slug ? (
          <Link
            to={blogAuthorPath(author.slug)}
            className="rounded font-semibold text-brand-700 hover:text-brand-900 focus-ring"
          >
            {name}
          </Link>
        ) : (
          name
        )}
      </span>
    </span>
  );
}

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
        <Byline post={post} />
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
