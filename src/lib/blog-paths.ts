/**
 * The blog's URLs: which page a path is, the canonical path of each page, and the key of the data a
 * page renders with (the server seeds it, the page asks for it). One module so that the router, the
 * server renderer, pagination links, the sitemap and the feed all agree.
 *
 *   /blog                              page 1 of every post
 *   /blog/page/{n}                     page n (n >= 2; /blog/page/1 and /blog?page=n redirect)
 *   /blog/category/{slug}              page 1 of a category
 *   /blog/category/{slug}/page/{n}     page n of a category
 *   /blog/author/{slug}[/page/{n}]     an author's posts (page n >= 2 as for a category)
 *   /blog/tag/{slug}[/page/{n}]        a tag's posts (likewise)
 *   /blog/search?q={query}[&page={n}]  search results (canonical: /blog/search)
 *   /blog/{slug}                       a post
 */
export type BlogRoute =
  | { kind: "list"; page: number; categorySlug: string | null }
  | { kind: "author"; slug: string; page: number }
  | { kind: "tag"; slug: string; page: number }
  | { kind: "search"; query: string; page: number }
  | { kind: "post"; slug: string };

/** Longest query a search page keeps (the database reads no more). */
const QUERY_MAX = 200;

const PAGE_NUMBER = /^[1-9]\d{0,5}$/;
const SEGMENT = /^[^/]+$/;
/** Longest slug or category a URL may name (a generated slug is far shorter). */
const SEGMENT_MAX = 200;
/** Control characters (NUL among them): no slug or search has them, and Postgres text cannot hold NUL. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;

/**
 * A path segment as text, or null when it cannot name anything: invalid percent-encoding, control
 * characters, or longer than any slug. The page then is a plain 404, never a database error.
 */
function decode(segment: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(segment);
  } catch {
    return null;
  }
  return decoded && decoded.length <= SEGMENT_MAX && !CONTROL.test(decoded) ? decoded : null;
}

/** What a search box sends, made safe to search for: control characters become spaces, at most QUERY_MAX characters. */
function searchQuery(raw: string | null): string {
  return (raw ?? "")
    .replace(new RegExp(CONTROL.source, "g"), " ")
    .replace(/\s+/g, " ")
    .trim()
    .slice(0, QUERY_MAX)
    .trim();
}

/** The page a path (and, for search, its query string) shows, or null when it is not a blog page. */
export function matchBlogPath(pathname: string, search: URLSearchParams = new URLSearchParams()): BlogRoute | null {
  const parts = pathname.replace(/\/+$/, "").split("/").slice(1);
  if (parts[0] !== "blog") return null;
  const rest = parts.slice(1);
  if (rest.length === 0) return { kind: "list", page: 1, categorySlug: null };
  if (rest[0] === "search" && rest.length === 1) {
    const page = search.get("page") ?? "1";
    return { kind: "search", query: searchQuery(search.get("q")), page: PAGE_NUMBER.test(page) ? Number(page) : 1 };
  }
  if (rest[0] === "page" && rest.length === 2)
    return PAGE_NUMBER.test(rest[1]!) ? { kind: "list", page: Number(rest[1]), categorySlug: null } : null;
  if (
    (rest[0] === "category" || rest[0] === "author" || rest[0] === "tag") &&
    (rest.length === 2 || (rest.length === 4 && rest[2] === "page"))
  ) {
    const slug = decode(rest[1]!);
    if (!slug || !SEGMENT.test(slug) || (rest.length === 4 && !PAGE_NUMBER.test(rest[3]!))) return null;
    const page = rest.length === 4 ? Number(rest[3]) : 1;
    if (rest[0] === "category") return { kind: "list", page, categorySlug: slug };
    return { kind: rest[0] === "tag" ? "tag" : "author", slug, page };
  }
  if (rest.length === 1) {
    const slug = decode(rest[0]!);
    return slug && slug !== "page" && slug !== "category" && slug !== "search" ? { kind: "post", slug } : null;
  }
  return null;
}

/** The canonical path of a list page: page 1 has no /page/1. */
export function blogListPath(page = 1, categorySlug: string | null = null): string {
  const base = categorySlug ? `/blog/category/${encodeURIComponent(categorySlug)}` : "/blog";
  return page > 1 ? `${base}/page/${page}` : base;
}

export function blogPostPath(slug: string): string {
  return `/blog/${encodeURIComponent(slug)}`;
}

export function blogCategoryPath(categorySlug: string): string {
  return blogListPath(1, categorySlug);
}

/** The canonical path of an author's page: page 1 has no /page/1. */
export function blogAuthorPath(slug: string, page = 1): string {
  const base = `/blog/author/${encodeURIComponent(slug)}`;
  return page > 1 ? `${base}/page/${page}` : base;
}

/** The canonical path of a tag's page: page 1 has no /page/1. */
export function blogTagPath(slug: string, page = 1): string {
  const base = `/blog/tag/${encodeURIComponent(slug)}`;
  return page > 1 ? `${base}/page/${page}` : base;
}

/** The path of a search results page. */
/** The search page without a query: what every search names as its canonical URL. */
export const BLOG_SEARCH_PATH = "/blog/search";

export function blogSearchPath(query: string, page = 1): string {
  const params = new URLSearchParams({ q: query });
  if (page > 1) params.set("page", String(page));
  return `${BLOG_SEARCH_PATH}?${params.toString()}`;
}

/**
 * Where a request should be sent instead, or null when it is already canonical: `/blog/page/1` and
 * `?page=n` (the query form of a page number) go to the path form.
 */
export function canonicalRedirect(route: BlogRoute, pathname: string, search: URLSearchParams): string | null {
  if (route.kind === "post" || route.kind === "search") return null;
  const queryPage = search.get("page");
  const page = queryPage !== null && PAGE_NUMBER.test(queryPage) && route.page === 1 ? Number(queryPage) : route.page;
  const canonical =
    route.kind === "author"
      ? blogAuthorPath(route.slug, page)
      : route.kind === "tag"
        ? blogTagPath(route.slug, page)
        : blogListPath(page, route.categorySlug);
  const trimmed = pathname.replace(/\/+$/, "") || "/";
  return canonical !== trimmed || queryPage !== null ? canonical : null;
}

/** The key of the data a route renders with. */
export function blogDataKey(route: BlogRoute): string {
  if (route.kind === "post") return `blog-post:${route.slug}`;
  if (route.kind === "search") return `blog-search:${route.page}:${route.query}`;
  if (route.kind === "author") return `blog-author:${route.slug}:${route.page}`;
  if (route.kind === "tag") return `blog-tag:${route.slug}:${route.page}`;
  return `blog-list:${route.categorySlug ?? ""}:${route.page}`;
}

// The social card's size and path: apart, so that only the pages that name a card take its bytes
// (a post page's script has none to spare); re-exported here, where the blog's paths are.
export { SOCIAL_CARD_SIZE, socialCardPath } from "./social-card-path";
