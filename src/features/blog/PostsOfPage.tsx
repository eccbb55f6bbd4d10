import type { ComponentProps } from "react";
import type { PostPage } from "../../lib/posts";
import type { RouteDataState } from "../../lib/route-data";
import { BlogListView } from "./BlogListView";
import { BlogLoading, BlogUnavailable } from "./BlogStatus";
import { Pagination } from "./Pagination";

/**
 * The posts of a list page (/blog, a category, an author, a tag) below its header: the skeleton
 * while they load, the "unavailable" notice with a retry, or the grid and its pagination. Room is
 * kept for the grid while the posts load, so the footer does not jump when they arrive.
 */
export function PostsOfPage({
  state,
  retry,
  path,
  loadingLabel,
  list,
  featured,
}: {
  state: RouteDataState<{ status: string }>;
  retry: () => void;
  path: string;
  loadingLabel: string;
  /** The page's posts once they are here, and each page's path. */
  list: { page: PostPage; href: (page: number) => string } | null;
  featured?: ComponentProps<typeof BlogListView>["featured"];
}) {
  return (
    <div className={list ? undefined : "min-h-[100svh]"}>
      {state.status === "loading" ? <BlogLoading label={loadingLabel} /> : null}
      {state.status === "error" || (state.status === "ready" && state.data.status === "unavailable") ? (
        <BlogUnavailable path={path} onRetry={retry} />
      ) : null}
      {list ? (
        <>
          <BlogListView
            posts={list.page.posts}
            {...(featured === undefined ? {} : { featured })}
            animate={state.status === "ready" && !state.fromServer}
          />
          <Pagination page={list.page.page} pageCount={list.page.pageCount} href={list.href} />
        </>
      ) : null}
    </div>
  );
}
