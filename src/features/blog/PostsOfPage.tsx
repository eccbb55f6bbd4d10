import type { ComponentProps } from "react";
import { lazyIsland } from "../../components/ui/Island";
import type { PostPage } from "../../lib/posts";
import type { RouteDataState } from "../../lib/route-data";
import type { BlogListView } from "./BlogListView";
import { BlogLoading, BlogUnavailable } from "./BlogStatus";
import { Pagination } from "./Pagination";

/**
 * The grid of cards, hydrated at the visitor's first interaction (src/lib/island-gate.ts): its cards
 * are links and text, which work as the server's HTML, so a reader who only reads and follows a link
 * runs none of its script. Hydrating it was most of a list page's script: at full speed, /blog's
 * load ran 137 ms of script, /services' 77 (docs/performance.md).
 */
const PostGrid = lazyIsland(
  () => import("./BlogListView").then((module) => module.BlogListView),
  "interaction",
  "post-grid",
);

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
          <PostGrid
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
