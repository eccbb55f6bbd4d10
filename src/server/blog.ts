/**
 * The pages rendered at request time: the blog (`/blog` and its pages, category and author pages, posts,
 * `/rss.xml` and `/sitemap.xml`) and `/book`, with its free times (the rewrites to the blog function in paths.ts, whose `render` picks the branch). A
 * Web handler (Request in, Response out) in the blog function's own server bundle (blog-entry.ts,
 * loaded by api/blog.ts on Vercel); the dev and preview servers mount it on the same paths
 * (supabase/local/functions-plugin.ts).
 *
 * It reads with the anon key and no session, so RLS decides what a reader sees; renders the same
 * route table and components as the browser with the rows already loaded; fills the built template
 * (same head tags and inline stylesheet as the prerendered pages); and leaves the rows in a JSON block that
 * the browser hydrates with. Responses are cached by the CDN for a minute (CACHE_POLICY).
 *
 * The render of the app itself is given (`render`): src/server imports neither app nor features, so
 * the blog bundle's entry (src/blog-entry.ts) composes this handler with the blog's routes.
 */
import { blogFunctionCopy } from "../content/functions";
import { tagsCopy } from "../content/tags";
import {
  isRefusedInput,
  loadBlogAuthor,
  type DescribePost,
  loadBlogPost,
  loadBlogSearch,
  type Limited,
  type Unavailable,
} from "../lib/blog-data";
import { loadBlogListPage } from "../lib/list-data";
import { loadBlogTag } from "../lib/tag-data";
import { blogDataKey, canonicalRedirect, matchBlogPath, socialCardPath, type BlogRoute } from "../lib/blog-paths";
import { routeDataScript, type RouteDataSeed } from "../lib/route-data";
import type { PublicReader } from "../lib/supabase";
import { renderRssFeed, renderSitemap, type StaticPage } from "./feeds";
import { inlineStylesheets, type Stylesheets } from "./inline-stylesheets";
import { text } from "./http";
import { findRewrite } from "./paths";
import type { ServerSettings } from "./settings";
import { createAnonClient, supabaseTarget } from "./supabase";
import { fillTemplate } from "./template";
import type { BookTimesReader } from "./book-times";
import { bookTimesOf, BOOK_TIMES_KEY } from "../lib/calls/book-times";
import { callTimeCopy } from "../content/calls";
import type { SocialCard } from "./social-card/card";
import { matchSocialCardPath, type CardRoute } from "./social-card/card-route";
import { loadSocialCard, type VersionedCard } from "./social-card/content";
import type { RateLimiter } from "./rate-limit";
import { MemoryRateLimiter } from "./rate-limit-memory";
import { refuseSearchFlood, serverLimiter } from "./request-limits";

/** The head tags and the #root HTML of one page, rendered with its data (src/app/render.tsx). */
type PageRenderer = (url: string, seed: RouteDataSeed | null) => Promise<{ head: string; body: string }>;

/** What the build leaves for the renderer beside the SSR bundle (scripts/prerender.ts writes it). */
export interface RenderManifest {
  /** The prerendered pages a sitemap lists. */
  staticPages: StaticPage[];
  /** The built stylesheets by href, which each page carries inline (inline-stylesheets.ts). */
  stylesheets?: Stylesheets;
}

export interface BlogHandlerOptions {
  /** Renders a blog page of the app (the bundle's entry passes the blog's routes, src/blog-entry.ts). */
  render: PageRenderer;
  /** Makes a post page's head (meta and JSON-LD) where its data is loaded; the bundle's entry passes the blog's. */
  describePost: DescribePost;
  /** The built index.html (dist-ssr/template.html), or Vite's transformed one in development. */
  template: string;
  manifest?: RenderManifest;
  /** The settings for a request: where Supabase is (read at run time, like every function). */
  settings: () => ServerSettings;
  /** How to reach Supabase; the local servers pass an in-process one. */
  fetch?: typeof fetch;
  /** How long to wait for Supabase, in milliseconds. */
  timeoutMs?: number;
  /** Counts searches (default: the shared Postgres limiter over the same Supabase). */
  rateLimiter?: RateLimiter;
  /** The time of a search, for its rate limit (tests pass a clock). */
  now?: () => Date;
  /**
   * Draws a page's social card as PNG (src/server/social-card/render.ts, given by the function's
   * adapter: the drawing is not in this bundle). Without it, card paths are not found.
   */
  drawCard?: (card: SocialCard) => Promise<Uint8Array<ArrayBuffer>>;
  /**
   * /book's free times (book-times.ts, the calls function's answer, given by the function's adapter).
   * Without it, or when it has none, /book is rendered with the times' placeholder and loads them.
   */
  bookTimes?: BookTimesReader;
}

/**
 * The CDN keeps a page for a minute and may serve it stale for ten more while it refreshes it in the
 * background: the function runs about once a minute per page however many readers come, and a new
 * post is visible within a minute. Browsers always revalidate (max-age=0).
 */
export const CACHE_POLICY = {
  page: "public, max-age=0, s-maxage=60, stale-while-revalidate=600",
  notFound: "public, max-age=0, s-maxage=60",
  redirect: "public, max-age=0, s-maxage=3600",
  unavailable: "no-store",
  /**
   * /book with its free times: kept as briefly as the times' own answer (api/calls, five seconds),
   * and served stale for a minute at most while refreshed. A time booked meanwhile is refused with
   * the nearest free ones (409), and the list is loaded again.
   */
  book: "public, max-age=0, s-maxage=5, stale-while-revalidate=55",
  /**
   * A drawn social card: a post's URL carries its version (`?v=`), so the CDN may keep it a day;
   * the list's and a category's counts may lag by as long.
   */
  card: "public, max-age=0, s-maxage=86400, stale-while-revalidate=604800",
  /**
   * A card URL that is not the current one, sent to it: kept a minute like a page, since the
   * current version moves with each change of the post.
   */
  cardRedirect: "public, max-age=0, s-maxage=60",
} as const;

/** Query parameters the host adds when it rewrites a path to the function; not the visitor's. */
const REWRITE_PARAMS = ["__path", "rest"];

/**
 * The path and query the visitor asked for. Vercel may hand the function the original URL or the
 * rewritten one (`/api/blog?__path=/blog/x`); vercel.json passes the original path in `__path`.
 */
function requestedUrl(request: Request): URL {
  const url = new URL(request.url);
  const forwarded = url.searchParams.get("__path");
  if (url.pathname.startsWith("/api/") && forwarded?.startsWith("/") && !forwarded.startsWith("//"))
    url.pathname = forwarded;
  for (const name of REWRITE_PARAMS) url.searchParams.delete(name);
  return url;
}

function unavailable(): Response {
  return text(503, blogFunctionCopy.unavailable, {
    "content-type": "text/plain; charset=utf-8",
    "cache-control": CACHE_POLICY.unavailable,
    "retry-after": "30",
  });
}

/**
 * What the blog function loads from its bundle (src/blog-entry.ts, built to dist-ssr/blog-entry.js):
 * the handler with the app's render already given.
 */
export interface BlogBundle {
  createBlogHandler(
    options: Omit<BlogHandlerOptions, "render" | "describePost">,
  ): (request: Request) => Promise<Response>;
}

export function createBlogHandler(options: BlogHandlerOptions) {
  const { render, describePost, template, manifest = { staticPages: [] } } = options;
  const timeoutMs = options.timeoutMs ?? 5_000;
  const readers = new Map<string, PublicReader>();
  const fallback = new MemoryRateLimiter(options.now ? { now: options.now } : {});

  /** The anon reader for this request's settings, one per Supabase (null: none is configured). */
  function readerFor(request: Request): PublicReader | null {
    const target = supabaseTarget(options.settings(), request.url);
    if (!target) return null;
    const key = `${target.url} ${target.key}`;
    let reader = readers.get(key);
    if (!reader) {
      // No retries: a reader waiting for a struggling backend gets a 503 at once, and the CDN keeps
      // serving the last good page meanwhile (stale-while-revalidate).
      reader = createAnonClient(target, { fetch: options.fetch, timeoutMs, retry: false });
      readers.set(key, reader);
    }
    return reader;
  }

  type PageData =
    | Awaited<
        ReturnType<
          | typeof loadBlogListPage
          | typeof loadBlogPost
          | typeof loadBlogSearch
          | typeof loadBlogAuthor
          | typeof loadBlogTag
        >
      >
    | Unavailable
    | Limited;

  /** The data of a blog page; `route` null for a path under /blog that is no page (not found). */
  async function load(url: URL, route: BlogRoute | null, reader: PublicReader): Promise<PageData> {
    try {
      if (route?.kind === "post") return await loadBlogPost(reader, route.slug, tagsCopy.postTags, describePost);
      if (route?.kind === "search") return await loadBlogSearch(reader, route);
      if (route?.kind === "author") return await loadBlogAuthor(reader, route);
      if (route?.kind === "tag") return await loadBlogTag(reader, route);
      if (route) return await loadBlogListPage(reader, route);
      return { status: "not-found" };
    } catch (error) {
      console.error(`blog: could not load ${url.pathname}:`, error instanceof Error ? error.message : error);
      return isRefusedInput(error) ? { status: "not-found" } : { status: "unavailable" };
    }
  }

  /**
   * A blog page with its data. A search over its quota is `limited`: the page says so, with the query
   * kept in its box, and answers 429.
   */
  async function html(url: URL, seed: RouteDataSeed | null): Promise<string> {
    const { head, body } = await render(`${url.pathname}${url.search}`, seed);
    return inlineStylesheets(
      fillTemplate(template, head, body, seed ? routeDataScript(seed) : ""),
      manifest.stylesheets ?? {},
    );
  }

  async function page(url: URL, route: BlogRoute | null, data: PageData): Promise<Response> {
    const seed: RouteDataSeed | null = route ? { key: blogDataKey(route), data } : null;
    const document = await html(url, seed);
    const status =
      data.status === "found" ? 200 : data.status === "not-found" ? 404 : data.status === "limited" ? 429 : 503;
    const headers: Record<string, string> = {
      "content-type": "text/html; charset=utf-8",
      "cache-control":
        status === 200 ? CACHE_POLICY.page : status === 404 ? CACHE_POLICY.notFound : CACHE_POLICY.unavailable,
    };
    if (status === 503) headers["retry-after"] = "30";
    if (data.status === "limited") headers["retry-after"] = String(data.retryAfterSeconds);
    return text(status, document, headers);
  }

  /**
   * /book with its free times in the HTML (lib/calls/book-times.ts). The times are not to be had (the
   * calls function refused, failed or is not set up): the page as it was prerendered, the times'
   * placeholder in it, which the browser fills; not kept by the CDN.
   */
  async function bookPage(request: Request, url: URL): Promise<Response> {
    let list = null;
    try {
      list = options.bookTimes ? await options.bookTimes(request) : null;
    } catch (error) {
      console.error("blog: could not read /book's times:", error instanceof Error ? error.message : error);
    }
    const seed = list ? { key: BOOK_TIMES_KEY, data: bookTimesOf(list, callTimeCopy) } : null;
    return text(200, await html(url, seed), {
      "content-type": "text/html; charset=utf-8",
      "cache-control": list ? CACHE_POLICY.book : CACHE_POLICY.unavailable,
    });
  }

  async function xml(kind: "rss" | "sitemap", reader: PublicReader): Promise<Response> {
    try {
      const body = kind === "rss" ? await renderRssFeed(reader) : await renderSitemap(reader, manifest.staticPages);
      return text(200, body, {
        "content-type": kind === "rss" ? "application/rss+xml; charset=utf-8" : "application/xml; charset=utf-8",
        "cache-control": CACHE_POLICY.page,
      });
    } catch (error) {
      console.error(`blog: could not build the ${kind}:`, error instanceof Error ? error.message : error);
      return unavailable();
    }
  }

  /**
   * A page's drawn card (image/png), the page's not-found when a reader cannot see the page. A URL
   * whose `v` is not the card's current version (another, none for a post, any for the cards that
   * have none) answers 301 to the current URL: each new version asked for missed the CDN and drew
   * the card again, so a script could have the function draw as often as it asked. The drawing itself is kept per card by the adapter
   * (blog-function.ts), so a page's card is drawn once per change per instance.
   */
  async function card(url: URL, route: CardRoute, reader: PublicReader): Promise<Response> {
    let loaded: VersionedCard | null;
    try {
      loaded = options.drawCard ? await loadSocialCard(reader, route) : null;
    } catch (error) {
      console.error(`blog: could not load ${url.pathname}:`, error instanceof Error ? error.message : error);
      if (isRefusedInput(error)) loaded = null;
      else return unavailable();
    }
    if (!loaded || !options.drawCard) return page(url, null, { status: "not-found" });
    // Only `v` is compared: a parameter the host or a link adds (utm_source) sends no one round in a
    // loop, and the drawing is kept, so a URL the CDN has not seen costs a read, not a drawing.
    if (url.searchParams.getAll("v").join() !== (loaded.version ?? "")) {
      const current = socialCardPath(url.pathname.replace(/\/card\.png$/, ""), loaded.version ?? undefined);
      return text(301, "", { location: current, "cache-control": CACHE_POLICY.cardRedirect });
    }
    try {
      const png = await options.drawCard(loaded.card);
      return new Response(png, {
        status: 200,
        headers: {
          "content-type": "image/png",
          "content-length": String(png.byteLength),
          "cache-control": CACHE_POLICY.card,
        },
      });
    } catch (error) {
      console.error(`blog: could not draw ${url.pathname}:`, error);
      return unavailable();
    }
  }

  return async function handleBlogRequest(request: Request): Promise<Response> {
    const response = await respond(request);
    return request.method === "HEAD"
      ? new Response(null, { status: response.status, headers: response.headers })
      : response;
  };

  async function respond(request: Request): Promise<Response> {
    if (request.method !== "GET" && request.method !== "HEAD") {
      return text(405, blogFunctionCopy.methodNotAllowed, {
        allow: "GET, HEAD",
        "content-type": "text/plain; charset=utf-8",
      });
    }
    const url = requestedUrl(request);
    const served = findRewrite(url.pathname)?.render;
    if (served === "book") return bookPage(request, url);
    const reader = readerFor(request);
    if (!reader) {
      console.error("blog: no Supabase URL and anon key are configured (SUPABASE_URL / VITE_SUPABASE_URL)");
      return unavailable();
    }
    if (served === "rss" || served === "sitemap") return xml(served, reader);

    const cardRoute = matchSocialCardPath(url.pathname);
    if (cardRoute) return card(url, cardRoute, reader);

    const route = matchBlogPath(url.pathname, url.searchParams);
    if (!route) return page(url, null, await load(url, null, reader));
    const target = canonicalRedirect(route, url.pathname, url.searchParams);
    if (target) {
      const kept = new URLSearchParams(url.searchParams);
      kept.delete("page");
      const query = kept.toString();
      return text(301, "", { location: query ? `${target}?${query}` : target, "cache-control": CACHE_POLICY.redirect });
    }
    if (route.kind === "search" && route.query) {
      const flood = await refuseSearchFlood(
        options.rateLimiter ??
          serverLimiter(
            options.settings(),
            request.url,
            fallback,
            { fetch: options.fetch, timeoutMs, retry: false },
            options.now,
          ),
        request,
      );
      if (flood) return page(url, route, { status: "limited", retryAfterSeconds: flood.retryAfterSeconds });
    }
    return page(url, route, await load(url, route, reader));
  }
}
