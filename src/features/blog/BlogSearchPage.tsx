import { useLocation } from "react-router-dom";
import { lazyIsland } from "../../components/ui/Island";
import { Section, SectionHeading } from "../../components/ui/Section";
import { Seo } from "../../components/ui/Seo";
import { blogCopy } from "../../content/blog";
import { site } from "../../content/site";
import type { CategoryCount } from "../../lib/posts";
import { useRouteData } from "../../lib/route-data";
import { getPublicReader } from "../../lib/supabase";
import {
  loadBlogSearch,
  type BlogSearchData,
  type Limited,
  type NotFound,
  type Unavailable,
} from "../../lib/blog-data";
import {
  BLOG_SEARCH_PATH,
  blogCategoryPath,
  blogDataKey,
  blogSearchPath,
  matchBlogPath,
  type BlogRoute,
} from "../../lib/blog-paths";
import { BlogLimited, BlogLoading, BlogNotFound, BlogUnavailable } from "./BlogStatus";
import { CategoryChip } from "./CategoryChip";
import { Pagination } from "./Pagination";
import { SearchForm } from "./SearchForm";

/**
 * The results, hydrated at the visitor's first interaction (src/lib/island-gate.ts), as a list
 * page's cards are (PostsOfPage.tsx): links and text, which work as the server's HTML.
 */
const SearchResults = lazyIsland(
  () => import("./SearchResults").then((module) => module.SearchResults),
  "interaction",
  "search-results",
);

const copy = blogCopy.search;
type SearchRoute = Extract<BlogRoute, { kind: "search" }>;

function CategorySuggestions({ categories }: { categories: CategoryCount[] }) {
  return (
    <ul className="mt-4 flex flex-wrap gap-2">
      {categories.map((category) => (
        <li key={category.slug}>
          <CategoryChip to={blogCategoryPath(category.slug)}>{category.name}</CategoryChip>
        </li>
      ))}
    </ul>
  );
}

/** /blog/search?q=...: full-text results with highlighted snippets, paginated. */
export default function BlogSearchPage() {
  const { pathname, search } = useLocation();
  const route = (matchBlogPath(pathname, new URLSearchParams(search)) ?? {
    kind: "search",
    query: "",
    page: 1,
  }) as SearchRoute;
  const { state, retry } = useRouteData<BlogSearchData | NotFound | Unavailable | Limited>(
    blogDataKey(route),
    async () => loadBlogSearch(await getPublicReader(), route),
  );
  const path = blogSearchPath(route.query, route.page);

  if (state.status === "ready" && state.data.status === "not-found") {
    return <BlogNotFound path={path} heading={blogCopy.list.pageNotFound} body={blogCopy.list.pageNotFoundBody} />;
  }
  const data = state.status === "ready" && state.data.status === "found" ? state.data : null;

  return (
    <Section className="bg-gradient-to-b from-brand-50/60 to-white">
      {/* Open to search engines, with every search naming the query-less page as its canonical URL.
          The query is never echoed outside the search box (not in the title, heading or status), so
          a link to a search for someone's own text (a phone number, an offer) shows only the
          agency's posts, never that text, under the agency's name. */}
      <Seo title={`${copy.seoTitle} | ${site.name}`} description={copy.seoDescription} path={BLOG_SEARCH_PATH} />
      <SectionHeading as="h1" eyebrow={copy.eyebrow} title={copy.heading} spacing="sm" />
      <div className="mx-auto max-w-3xl">
        {/* Keyed by the query, so the box shows the query of the page it is on. */}
        <SearchForm key={route.query} id="search-page-query" defaultValue={route.query} size="lg" />
        <div className="mt-8">
          {state.status === "loading" ? <BlogLoading label={copy.loading} /> : null}
          {state.status === "error" || (state.status === "ready" && state.data.status === "unavailable") ? (
            <BlogUnavailable path={path} onRetry={retry} />
          ) : null}
          {state.status === "ready" && state.data.status === "limited" ? <BlogLimited /> : null}
          {data && !route.query ? (
            <div>
              <p className="text-ink-muted">{copy.prompt}</p>
              <CategorySuggestions categories={data.categories} />
            </div>
          ) : null}
          {data && route.query && data.results.total === 0 ? (
            <div role="status">
              <p className="text-lg font-semibold text-ink">{copy.empty}</p>
              <p className="mt-2 text-ink-muted">{copy.emptyHint}</p>
              <CategorySuggestions categories={data.categories} />
            </div>
          ) : null}
          {data && data.results.total > 0 ? (
            <>
              <p role="status" className="font-semibold text-ink">
                {copy.results(data.results.total)}
              </p>
              <SearchResults results={data.results.results} />
              <Pagination
                page={route.page}
                pageCount={data.results.pageCount}
                href={(page) => blogSearchPath(route.query, page)}
              />
            </>
          ) : null}
        </div>
      </div>
    </Section>
  );
}
