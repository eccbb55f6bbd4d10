import { ArrowLeft } from "lucide-react";
import { lazy, Suspense } from "react";
import { useLocation } from "react-router-dom";
import { Link } from "../../components/ui/Link";
import { lazyIsland } from "../../components/ui/Island";
import { Seo } from "../../components/ui/Seo";
import { blogCopy } from "../../content/blog";
import { site } from "../../content/site";
import { config } from "../../config";
import { useRouteData, type RouteDataState } from "../../lib/route-data";
import type { BlogPostData, NotFound, Unavailable } from "../../lib/blog-data";
import { blogDataKey, blogPostPath, matchBlogPath } from "../../lib/blog-paths";
import { PostArticle } from "./PostArticle";

// Below the article and beside it, hydrated when they come near the screen (or at the first
// interaction): the article is interactive first, and a reader who never scrolls loads neither.
const AfterArticle = lazyIsland(
  () => import("./AfterArticle").then((module) => module.default),
  "visible",
  "after-article",
);
const BlogSidebar = lazyIsland(
  () => import("./BlogSidebar").then((module) => module.BlogSidebar),
  "visible",
  "blog-sidebar",
);
// The loading, not-found and unavailable views: a found post, the usual case, needs none of them.
const BlogLoading = lazy(() => import("./BlogStatus").then((module) => ({ default: module.BlogLoading })));
const BlogNotFound = lazy(() => import("./BlogStatus").then((module) => ({ default: module.BlogNotFound })));
const BlogUnavailable = lazy(() => import("./BlogStatus").then((module) => ({ default: module.BlogUnavailable })));

export type PostPageState = RouteDataState<BlogPostData | NotFound | Unavailable>;

function BackLink({ label }: { label: string }) {
  return (
    <Link
      to="/blog"
      className="inline-flex items-center gap-2 rounded font-semibold text-brand-700 hover:text-brand-900 focus-ring"
    >
      <ArrowLeft aria-hidden="true" className="h-4 w-4" />
      {label}
    </Link>
  );
}

/** Pure view of the post page for each state; the page below feeds it. */
export function BlogPostView(props: { state: PostPageState; path: string; onRetry?: () => void }) {
  return (
    <Suspense fallback={null}>
      <PostStateView {...props} />
    </Suspense>
  );
}

function PostStateView({ state, path, onRetry }: { state: PostPageState; path: string; onRetry?: () => void }) {
  if (state.status === "loading") {
    return (
      <div className="px-4 py-24 text-center">
        <Seo
          title={`${blogCopy.post.loading} | ${site.name}`}
          description={site.defaultDescription}
          path={path}
          noIndex
        />
        <BlogLoading label={blogCopy.post.loading} />
      </div>
    );
  }
  if (state.status === "error" || state.data.status === "unavailable") {
    return (
      <div className="px-4 py-24">
        <BlogUnavailable path={path} onRetry={onRetry} />
      </div>
    );
  }
  if (state.data.status === "not-found") {
    return <BlogNotFound path={path} heading={blogCopy.post.notFound} body={blogCopy.post.notFoundBody} />;
  }
  const { post, body, meta, recentPosts, categories, related, previous, next } = state.data;
  // The head was made where the post was loaded (post-page-meta.ts): this page only hands it over.
  return (
    <div className="bg-gradient-to-b from-brand-50/60 to-white px-4 py-12 sm:px-6 md:py-16 lg:px-8">
      <Seo
        title={meta.title}
        description={meta.description}
        path={blogPostPath(post.slug)}
        canonical={meta.canonical}
        socialTitle={meta.socialTitle}
        socialDescription={meta.socialDescription}
        type="article"
        image={meta.image.url}
        imageSize={meta.image.size}
        imageAlt={meta.image.alt}
        article={{
          publishedTime: post.published_at ?? post.created_at,
          modifiedTime: post.updated_at,
          section: post.category,
        }}
        jsonLd={meta.jsonLd}
      />
      <div className="mx-auto max-w-7xl">
        <BackLink label={blogCopy.post.backToAll} />
        <div className="mt-6 grid gap-10 lg:grid-cols-[minmax(0,1fr)_20rem]">
          <div className="min-w-0">
            <PostArticle post={post} body={body} />
            <AfterArticle
              shareUrl={`${config.siteUrl}${blogPostPath(post.slug)}`}
              title={post.title}
              previous={previous}
              next={next}
              related={related}
            />
          </div>
          <BlogSidebar recentPosts={recentPosts} categories={categories} author={post.author} />
        </div>
      </div>
    </div>
  );
}

/** /blog/{slug}: rendered on the server with its post; after a client-side navigation it loads here. */
export default function BlogPostPage() {
  const { pathname } = useLocation();
  const route = matchBlogPath(pathname);
  const slug = route?.kind === "post" ? route.slug : "";
  // The queries and the reader load only when a post is fetched here (after a client-side
  // navigation): a post rendered on the server comes with its data.
  const { state, retry } = useRouteData<BlogPostData | NotFound | Unavailable>(
    blogDataKey({ kind: "post", slug }),
    async () => {
      const { loadPostInBrowser } = await import("./post-loader");
      return loadPostInBrowser(slug);
    },
  );
  return <BlogPostView state={state} path={blogPostPath(slug)} onRetry={retry} />;
}
