import { createElement, lazy, type ComponentType } from "react";
import { matchPath } from "react-router-dom";

/**
 * What a route of the app is, and the helpers that work on a list of them. The full table is
 * routes.tsx (the browser and the prerender); the blog function renders only blog-routes.ts, so
 * that its server bundle carries no other page.
 */
export interface PageRoute {
  path: string;
  load: () => Promise<{ default: ComponentType }>;
  /** Rendered into static HTML at build time (public pages that need no backend). */
  prerender?: boolean;
  /** Rendered on the server when requested, with its data (the blog: src/server/blog.ts). */
  requestTime?: boolean;
  /**
   * false: open to search engines, but not listed in the sitemap (a page a visitor reaches only
   * after an action, with nothing to offer a search). A `noindex` page is never listed either.
   */
  sitemap?: false;
}

export function page(path: string, load: PageRoute["load"], options: Partial<Omit<PageRoute, "path" | "load">> = {}) {
  return { path, load, ...options } satisfies PageRoute;
}

/** Every path no route matches: the not-found page, its own chunk like every page. */
export const notFoundRoute: PageRoute = page("*", () => import("../features/not-found/NotFoundPage"));

const pageCache = new Map<string, ComponentType>();
const loadedPages = new Map<string, ComponentType>();

/**
 * The page component for a route, created once: the loaded page itself once `preloadRouteIn` has
 * fetched its chunk (so hydration and prerendering never suspend), else a React.lazy stand-in.
 */
export function lazyPage(route: PageRoute): ComponentType {
  let component = pageCache.get(route.path);
  if (!component) {
    const Lazy = lazy(route.load);
    const RoutePage = () => createElement(loadedPages.get(route.path) ?? Lazy);
    RoutePage.displayName = `RoutePage(${route.path})`;
    component = RoutePage;
    pageCache.set(route.path, component);
  }
  return component;
}

// The last answer for each table. The entry asks before hydrating (to load the page's chunk) and the
// router's first render asks again for the same path; matching compiles each route's pattern, which
// on a phone's first run of the code is time the hydration task would pay twice. Only the last path
// is kept, so a server that renders many paths holds no more than one per table.
const lastMatch = new WeakMap<readonly PageRoute[], { pathname: string; route: PageRoute | undefined }>();

/**
 * The route for a path: the first in the table's order whose pattern matches the whole path. Both
 * the entry's preload and the rendered page (AppFrame) take this answer, so they cannot disagree.
 */
export function findRouteIn(routes: readonly PageRoute[], pathname: string): PageRoute | undefined {
  const last = lastMatch.get(routes);
  if (last?.pathname === pathname) return last.route;
  const route = routes.find((candidate) => matchPath({ path: candidate.path, end: true }, pathname));
  lastMatch.set(routes, { pathname, route });
  return route;
}

/** Starts loading the chunk of the page at `pathname`; resolves when it is ready (or there is none). */
export async function preloadRouteIn(routes: readonly PageRoute[], pathname: string): Promise<void> {
  const route = findRouteIn(routes, pathname) ?? (isApiPath(pathname) ? undefined : notFoundRoute);
  if (route && !loadedPages.has(route.path)) loadedPages.set(route.path, (await route.load()).default);
}

export function isApiPath(pathname: string): boolean {
  return pathname === "/api" || pathname.startsWith("/api/");
}

export function isAdminPath(pathname: string): boolean {
  return pathname === "/admin" || pathname.startsWith("/admin/");
}
