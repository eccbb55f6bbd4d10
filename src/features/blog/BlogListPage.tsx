import { Rss } from "lucide-react";
import { useLocation } from "react-router-dom";
import { Section, SectionHeading } from "../../components/ui/Section";
import { Seo } from "../../components/ui/Seo";
import { blogCopy } from "../../content/blog";
import { site } from "../../content/site";
import { FEED_PATH } from "../../lib/feed-paths";
import { useRouteData } from "../../lib/route-data";
import { getPublicReader } from "../../lib/supabase";
import type { NotFound, Unavailable } from "../../lib/blog-data";
import { loadBlogListPage, type BlogListPageData } from "../../lib/list-data";
import { socialCardAlt } from "../../content/social-card-alt";
import { SOCIAL_CARD_SIZE, socialCardPath } from "../../lib/social-card-path";
import { blogDataKey, blogListPath, matchBlogPath, type BlogRoute } from "../../lib/blog-paths";
import { BlogNotFound } from "./BlogStatus";
import { CategoryNav } from "./CategoryNav";
import { PostsOfPage } from "./PostsOfPage";
import { SearchForm } from "./SearchForm";
import { blogJsonLd } from "./structured-data";

const copy = blogCopy.list;

type ListRoute = Extract<BlogRoute, { kind: "list" }>;

function headFor(route: ListRoute, data: BlogListPageData) {
  const { category, page } = data;
  const path = blogListPath(route.page, route.categorySlug);
  const baseTitle = category ? copy.categoryTitle(category.name) : copy.seoTitle;
  const title = route.page > 1 ? `${baseTitle}, page ${route.page}` : baseTitle;
  const description = category ? copy.categoryDescription(category.name) : copy.seoDescription;
  return {
    path,
    title: `${title} | ${site.name}`,
    description,
    prev: route.page > 1 ? blogListPath(route.page - 1, route.categorySlug) : undefined,
    next: route.page < page.pageCount ? blogListPath(route.page + 1, route.categorySlug) : undefined,
    // Every page of a list shares page 1's card.
    image: socialCardPath(blogListPath(1, route.categorySlug)),
    imageAlt: category ? socialCardAlt.category(category.name) : socialCardAlt.list,
    imageSize: SOCIAL_CARD_SIZE,
    jsonLd: blogJsonLd({
      path,
      name: category ? copy.categoryTitle(category.name) : copy.heading,
      description,
      posts: page.posts,
    }),
  };
}

/**
 * /blog, /blog/page/{n}, /blog/category/{slug}[/page/{n}]: 12 posts a page, newest first. Rendered
 * on the server with its rows (see src/server); after a client-side navigation the rows load here.
 */
export default function BlogListPage() {
  const { pathname } = useLocation();
  const matched = matchBlogPath(pathname);
  // A path the router sends here that is no list page (/blog/page/0): shown as a missing page.
  const route: ListRoute = matched?.kind === "list" ? matched : { kind: "list", page: 0, categorySlug: null };
  const { state, retry } = useRouteData<BlogListPageData | NotFound | Unavailable>(blogDataKey(route), async () =>
    route.page === 0 ? { status: "not-found" } : loadBlogListPage(await getPublicReader(), route),
  );
  const path = blogListPath(route.page, route.categorySlug);

  if (route.page === 0 || (state.status === "ready" && state.data.status === "not-found")) {
    return <BlogNotFound path={path} heading={copy.pageNotFound} body={copy.pageNotFoundBody} />;
  }
  const data = state.status === "ready" && state.data.status === "found" ? state.data : null;
  // Until its rows arrive (a navigation in the browser), the page still has its title and feed.
  const head = data
    ? headFor(route, data)
    : { title: `${copy.seoTitle} | ${site.name}`, description: copy.seoDescription, path };
  const category = data?.category ?? null;

  return (
    <Section className="bg-gradient-to-b from-brand-50/60 to-white">
      <Seo {...head} feeds={[{ title: copy.feedTitle, href: FEED_PATH }]} />
      <SectionHeading
        as="h1"
        eyebrow={category ? copy.categoryEyebrow : copy.eyebrow}
        title={category ? copy.categoryTitle(category.name) : copy.heading}
        description={category ? copy.categoryTagline(category.name, category.post_count) : copy.tagline}
        spacing="sm"
      />
      <div className="mb-10 flex flex-col items-center gap-6">
        <SearchForm id="blog-search" className="w-full max-w-xl" size="lg" />
        {data ? <CategoryNav categories={data.categories} current={route.categorySlug} /> : null}
        {/* A plain link: the feed is XML for readers' apps, not a page of the app. */}
        <a
          href={FEED_PATH}
          className="inline-flex items-center gap-2 rounded text-sm font-semibold text-brand-700 hover:text-brand-900 focus-ring"
        >
          <Rss aria-hidden="true" className="h-4 w-4" />
          {copy.feed}
        </a>
      </div>
      <PostsOfPage
        state={state}
        retry={retry}
        path={path}
        loadingLabel={copy.loading}
        list={data ? { page: data.page, href: (page) => blogListPath(page, route.categorySlug) } : null}
        featured={data?.featured ?? null}
      />
    </Section>
  );
}
