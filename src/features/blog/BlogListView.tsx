import { blogCopy } from "../../content/blog";
import type { PostSummary } from "../../lib/posts";
import { PostCard } from "./PostCard";

/**
 * The grid of post cards (1, 2 or 3 columns by width). Cards enter with a stagger only when they
 * arrive after a navigation: cards the server rendered are on screen before any script runs.
 */
export function BlogListView({
  posts,
  animate = false,
  featured = null,
}: {
  posts: PostSummary[];
  animate?: boolean;
  /** The featured post, leading /blog's first page in a larger card (and left out of the grid). */
  featured?: PostSummary | null;
}) {
  if (featured) {
    const rest = posts.filter((post) => post.id !== featured.id);
    return (
      <>
        <div className="mb-8 flex">
          <PostCard post={featured} index={0} animate={animate} featured />
        </div>
        {rest.length ? <BlogListView posts={rest} animate={animate} /> : null}
      </>
    );
  }
  if (posts.length === 0) {
    return <p className="py-16 text-center text-lg text-ink-muted">{blogCopy.list.empty}</p>;
  }
  return (
    <ul className="grid gap-8 md:grid-cols-2 lg:grid-cols-3">
      {posts.map((post, index) => (
        <li key={post.id} className="flex">
          <PostCard post={post} index={index} animate={animate} />
        </li>
      ))}
    </ul>
  );
}
