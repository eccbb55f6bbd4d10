import { useLocation } from "react-router-dom";
import { Section } from "../../components/ui/Section";
import { Seo } from "../../components/ui/Seo";
import { blogCopy } from "../../content/blog";
import { site } from "../../content/site";
import { tagsCopy } from "../../content/tags";
import { FEED_PATH } from "../../lib/feed-paths";
import { useRouteData } from "../../lib/route-data";
import { getPublicReader } from "../../lib/supabase";
import type { NotFound, Unavailable } from "../../lib/blog-data";
import { loadBlogTag, type BlogTagData } from "../../lib/tag-data";
import { socialCardAlt } from "../../content/social-card-alt";
import { SOCIAL_CARD_SIZE, socialCardPath } from "../../lib/social-card-path";
import { blogDataKey, blogTagPath, matchBlogPath, type BlogRoute } from "../../lib/blog-paths";
import { BlogListView } from "./BlogListView";
import { BlogLoading, BlogNotFound, BlogUnavailable } from "./BlogStatus";
import { Pagination } from "./Pagination";
import { blogJsonLd } from "./structured-data";

type TagRoute = Extract<BlogRoute, { kind: "tag" }>;

function headFor(route: TagRoute, data: BlogTagData) {
  const baseTitle = tagsCopy.seoTitle(data.tag.name);
  const description = tagsCopy.seoDescription(data.tag.name);
  return {
    title: `${route.page > 1 ? `${baseTitle}, page ${route.page}` : baseTitle} | ${site.name}`,
    description,
    // The Blog with this page's posts, as a category page describes itself.
    jsonLd: blogJsonLd({
      path: blogTagPath(route.slug, route.page),
      name: baseTitle,
      description,
      posts: data.page.posts,
    }),
    prev: route.page > 1 ? blogTagPath(route.slug, route.page - 1) : undefined,
    next: route.page < data.page.pageCount ? blogTagPath(route.slug, route.page + 1) : undefined,
    // Every page of a tag shares page 1's card.
    image: socialCardPath(blogTagPath(route.slug)),
    imageAlt: socialCardAlt.tag(data.tag.name),
  };
}

/**
 * /blog/tag/{slug}[/page/{n}]: a tag's posts, 12 a page, newest first. Rendered on the server with
 * its rows, like the author pages; after a client-side navigation the rows load here. A tag no
 * published post has (RLS hides drafts' tags) is a missing page, as is a page past the last.
 */
export default function BlogTagPage() {
  const { pathname } = useLocation();
  const matched = matchBlogPath(pathname);
  // A path the router sends here that is no tag page (/blog/tag/x/y): shown as a missing page.
  const route: TagRoute = matched?.kind === "tag" ? matched : { kind: "tag", slug: "", page: 0 };
  const { state, retry } = useRouteData<BlogTagData | NotFound | Unavailable>(blogDataKey(route), async () =>
    route.page === 0 ? { status: "not-found" } : loadBlogTag(await getPublicReader(), route),
  );
  const path = blogTagPath(route.slug, Math.max(route.page, 1));

  if (route.page === 0 || (state.status === "ready" && state.data.status === "not-found")) {
    return <BlogNotFound path={path} heading={tagsCopy.notFound} body={tagsCopy.notFoundBody} />;
  }
  const data = state.status === "ready" && state.data.status === "found" ? state.data : null;
  const head = data ? headFor(route, data) : null;

  return (
    <Section className="bg-gradient-to-b from-brand-50/60 to-white">
      {head ? (
        <Seo
          title={head.title}
          description={head.description}
          path={path}
          prev={head.prev}
          next={head.next}
          image={head.image}
          imageAlt={head.imageAlt}
          imageSize={SOCIAL_CARD_SIZE}
          jsonLd={head.jsonLd}
          feeds={[{ title: blogCopy.list.feedTitle, href: FEED_PATH }]}
        />
      ) : (
        <Seo title={`${tagsCopy.eyebrow} | ${site.name}`} description={blogCopy.list.seoDescription} path={path} />
      )}
      {data ? (
        <header className="mx-auto mb-12 flex max-w-3xl flex-col items-center gap-4 text-center">
          <p className="text-sm font-semibold uppercase tracking-[0.16em] text-brand-700">{tagsCopy.eyebrow}</p>
          <h1 className="text-3xl font-extrabold tracking-tight break-words text-ink text-balance sm:text-4xl md:text-5xl">
            {data.tag.name}
          </h1>
          <p className="text-sm text-ink-soft">{tagsCopy.postCount(data.page.total, data.tag.name)}</p>
        </header>
      ) : null}
      {/* Room for the grid while the posts load, so the footer does not jump when they arrive. */}
      <div className={data ? undefined : "min-h-[100svh]"}>
        {state.status === "loading" ? <BlogLoading label={tagsCopy.loading} /> : null}
        {state.status === "error" || (state.status === "ready" && state.data.status === "unavailable") ? (
          <BlogUnavailable path={path} onRetry={retry} />
        ) : null}
        {data ? (
          <>
            <BlogListView posts={data.page.posts} animate={state.status === "ready" && !state.fromServer} />
            <Pagination
              page={route.page}
              pageCount={data.page.pageCount}
              href={(page) => blogTagPath(route.slug, page)}
            />
          </>
        ) : null}
      </div>
    </Section>
  );
}
