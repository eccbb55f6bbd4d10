/**
 * The blog rendered at request time: `/blog` and its pages, category pages, posts, `/rss.xml` and
 * `/sitemap.xml`. A Web handler (Request in, Response out) that api/blog.ts runs on Vercel and the
 * dev and preview servers mount on the same paths (supabase/local/functions-plugin.ts).
 *
 * It reads with the anon key and no session, so RLS decides what a reader sees; renders the same
 * route table and components as the browser with the rows already loaded; fills the built template
 * (same head tags and preloads as the prerendered pages); and leaves the rows in a JSON block that
 * the browser hydrates with. Responses are cached by the CDN for a minute (CACHE_POLICY).
 */
import { PostgrestClient } from "@supabase/postgrest-js";
import { findRoute } from "../app/routes";
import { config } from "../config";
import { loadBlogList, loadBlogPost, loadBlogSearch, type Unavailable } from "../features/blog/blog-data";
import { blogDataKey, canonicalRedirect, matchBlogPath, type BlogRoute } from "../features/blog/blog-paths";
import type { Database } from "../lib/database.types";
import { routeDataScript, type RouteDataSeed } from "../lib/route-data";
import type { PublicReader } from "../lib/supabase";
import { renderRssFeed, renderSitemap, type StaticPage } from "./feeds";
import { render } from "./render";
import { inlineCriticalCss, type Stylesheets } from "./critical-css";
import { fillTemplate, modulePreloadTags } from "./template";

/** What the build leaves for the renderer beside the SSR bundle (scripts/prerender.ts writes it). */
export interface RenderManifest {
  /** Built JavaScript files each request-time route needs first, keyed by route path pattern. */
  preloads: Record<string, string[]>;
  /** The prerendered pages a sitemap lists. */
  staticPages: StaticPage[];
  /** The built stylesheets by href, whose critical rules each page inlines (critical-css.ts). */
  stylesheets?: Stylesheets;
}

export interface BlogHandlerOptions {
  /** The built index.html (dist-ssr/template.html), or Vite's transformed one in development. */
  template: string;
  manifest?: RenderManifest;
  /** How to reach Supabase; the local servers pass an in-process one. */
  fetch?: typeof fetch;
  /** Overrides the built configuration (tests). */
  supabaseUrl?: string;
  supabaseAnonKey?: string;
  /** How long to wait for Supabase, in milliseconds. */
  timeoutMs?: number;
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
} as const;

/** Query parameters the host adds when it rewrites a path to the function; not the visitor's. */
const REWRITE_PARAMS = ["__path", "rest"];

/**
 * The path and query the visitor asked for. Vercel may hand the function the original URL or the
 * rewritten one (`/api/blog?__path=/blog/x`); vercel.json passes the original path in `__path`.
 */
export function requestedUrl(request: Request): URL {
  const url = new URL(request.url);
  const forwarded = url.searchParams.get("__path");
  if (url.pathname.startsWith("/api/") && forwarded?.startsWith("/") && !forwarded.startsWith("//")) url.pathname = forwarded;
  for (const name of REWRITE_PARAMS) url.searchParams.delete(name);
  return url;
}

function text(status: number, body: string, headers: Record<string, string>): Response {
  return new Response(body, { status, headers });
}

export function createBlogHandler(options: BlogHandlerOptions) {
  const { template, manifest = { preloads: {}, staticPages: [] } } = options;
  const timeoutMs = options.timeoutMs ?? 5_000;
  const readers = new Map<string, PublicReader>();

  function readerFor(origin: string): PublicReader {
    const base = (options.supabaseUrl ?? config.supabaseUrl) || origin;
    let reader = readers.get(base);
    if (!reader) {
      const key = options.supabaseAnonKey ?? config.supabaseAnonKey;
      const transport = options.fetch ?? fetch;
      const timed: typeof fetch = (input, init) => transport(input, { ...init, signal: init?.signal ?? AbortSignal.timeout(timeoutMs) });
      // No retries: a reader waiting for a struggling backend gets a 503 at once, and the CDN keeps
      // serving the last good page meanwhile (stale-while-revalidate).
      reader = new PostgrestClient<Database>(`${base.replace(/\/+$/, "")}/rest/v1`, {
        headers: { apikey: key, Authorization: `Bearer ${key}` },
        fetch: timed,
        retry: false,
      });
      readers.set(base, reader);
    }
    return reader;
  }

  /** A blog page; `route` null for a path under /blog that is no page (rendered as not found). */
  async function page(url: URL, route: BlogRoute | null, reader: PublicReader): Promise<Response> {
    let data: Awaited<ReturnType<typeof loadBlogList | typeof loadBlogPost | typeof loadBlogSearch>> | Unavailable = { status: "not-found" };
    try {
      if (route?.kind === "post") data = await loadBlogPost(reader, route.slug);
      else if (route?.kind === "search") data = await loadBlogSearch(reader, route);
      else if (route) data = await loadBlogList(reader, route);
    } catch (error) {
      console.error(`blog: could not load ${url.pathname}:`, error instanceof Error ? error.message : error);
      data = { status: "unavailable" };
    }
    const seed: RouteDataSeed | null = route ? { key: blogDataKey(route), data } : null;
    const { head, body } = await render(`${url.pathname}${url.search}`, seed);
    const preloads = modulePreloadTags(manifest.preloads[findRoute(url.pathname)?.path ?? ""] ?? []);
    const html = await inlineCriticalCss(fillTemplate(template, preloads ? `${preloads}\n    ${head}` : head, body, seed ? routeDataScript(seed) : ""), manifest.stylesheets ?? {});
    const status = data.status === "found" ? 200 : data.status === "not-found" ? 404 : 503;
    const headers: Record<string, string> = {
      "content-type": "text/html; charset=utf-8",
      "cache-control": status === 200 ? CACHE_POLICY.page : status === 404 ? CACHE_POLICY.notFound : CACHE_POLICY.unavailable,
    };
    if (status === 503) headers["retry-after"] = "30";
    return text(status, html, headers);
  }

  async function xml(kind: "rss" | "sitemap", reader: PublicReader): Promise<Response> {
    try {
      const body = kind === "rss" ? await renderRssFeed(reader) : await renderSitemap(reader, manifest.staticPages);
      return text(200, body, { "content-type": kind === "rss" ? "application/rss+xml; charset=utf-8" : "application/xml; charset=utf-8", "cache-control": CACHE_POLICY.page });
    } catch (error) {
      console.error(`blog: could not build the ${kind}:`, error instanceof Error ? error.message : error);
      return text(503, "The blog is unavailable right now. Please try again in a minute.\n", { "content-type": "text/plain; charset=utf-8", "cache-control": CACHE_POLICY.unavailable, "retry-after": "30" });
    }
  }

  return async function handleBlogRequest(request: Request): Promise<Response> {
    const response = await respond(request);
    return request.method === "HEAD" ? new Response(null, { status: response.status, headers: response.headers }) : response;
  };

  async function respond(request: Request): Promise<Response> {
    if (request.method !== "GET" && request.method !== "HEAD") {
      return text(405, "Method Not Allowed\n", { allow: "GET, HEAD", "content-type": "text/plain; charset=utf-8" });
    }
    const url = requestedUrl(request);
    const reader = readerFor(url.origin);
    if (url.pathname === "/rss.xml") return xml("rss", reader);
    if (url.pathname === "/sitemap.xml") return xml("sitemap", reader);

    const route = matchBlogPath(url.pathname, url.searchParams);
    if (!route) return page(url, null, reader);
    const target = canonicalRedirect(route, url.pathname, url.searchParams);
    if (target) {
      const kept = new URLSearchParams(url.searchParams);
      kept.delete("page");
      const query = kept.toString();
      return text(301, "", { location: query ? `${target}?${query}` : target, "cache-control": CACHE_POLICY.redirect });
    }
    return page(url, route, reader);
  }
}
