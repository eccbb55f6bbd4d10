import { AlertTriangle } from "lucide-react";
import { Button } from "../../components/ui/Button";
import { blogCopy } from "../../content/blog";
import type { Post } from "../../lib/posts";
import { PostCard } from "./PostCard";

export type BlogListState = { status: "loading" } | { status: "error" } | { status: "ready"; posts: Post[] };

/** The grid below the blog header, for each state of the list. */
export function BlogListView({ state, onRetry }: { state: BlogListState; onRetry?: () => void }) {
  if (state.status === "loading") {
    return (
      <div role="status" aria-live="polite" className="flex flex-col items-center gap-4 py-16 text-ink-muted">
        <span aria-hidden="true" className="h-10 w-10 animate-spin rounded-full border-4 border-brand-100 border-t-brand-600 motion-reduce:animate-none" />
        <p>{blogCopy.list.loading}</p>
      </div>
    );
  }
  if (state.status === "error") {
    return (
      <div role="alert" className="mx-auto flex max-w-md flex-col items-center gap-3 rounded-card border border-red-100 bg-red-50 p-8 text-center">
        <AlertTriangle aria-hidden="true" className="h-8 w-8 text-red-600" />
        <p className="font-semibold text-ink">{blogCopy.list.errorTitle}</p>
        <p className="text-ink-muted">{blogCopy.list.errorBody}</p>
        {onRetry ? (
          <Button variant="outline" size="sm" onClick={onRetry} className="mt-2">
            {blogCopy.list.retry}
          </Button>
        ) : null}
      </div>
    );
  }
  if (state.posts.length === 0) {
    return <p className="py-16 text-center text-lg text-ink-muted">{blogCopy.list.empty}</p>;
  }
  return (
    <ul className="grid gap-8 md:grid-cols-2 lg:grid-cols-3">
      {state.posts.map((post, index) => (
        <li key={post.id} className="flex">
          <PostCard post={post} index={index} />
        </li>
      ))}
    </ul>
  );
}
