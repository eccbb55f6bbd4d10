import { createElement, lazy, type ComponentType } from "react";
import { matchPath } from "react-router-dom";

/**
 * The one route table, shared by the browser entry (main.tsx) and the prerender entry
 * (entry-server.tsx). Each page is its own chunk; `preloadRoute` lets the browser entry fetch the
 * current page's chunk before hydrating, so hydration never waits on a waterfall.
 */
interface PageRoute {
  path: string;
  load: () => Promise<{ default: ComponentType }>;
  /** Rendered into static HTML at build time (public pages that need no backend). */
  prerender?: boolean;
  /** Rendered on the server when requested, with its data (the blog: api/blog.ts). */
  requestTime?: boolean;
  /** Inside the public layout (header, footer, floating widgets). */
  layout: "public" | "admin";
}

function page(path: string, load: PageRoute["load"], options: Partial<Omit<PageRoute, "path" | "load">> = {}) {
  return { path, load, layout: "public", ...options } satisfies PageRoute;
}

export const pageRoutes = [
  page("/", () => import("../features/home/HomePage"), { prerender: true }),
  page("/services", () => import("../features/services/ServicesPage"), { prerender: true }),
  page("/portfolio", () => import("../features/portfolio/PortfolioPage"), { prerender: true }),
  page("/portfolio/:slug", () => import("../features/portfolio/CaseStudyPage"), { prerender: true }),
  page("/contact", () => import("../features/contact/ContactPage"), { prerender: true }),
  page("/thank-you", () => import("../features/contact/ThankYouPage"), { prerender: true }),
  page("/terms", () => import("../features/legal/TermsPage"), { prerender: true }),
  page("/privacy", () => import("../features/legal/PrivacyPage"), { prerender: true }),
  page("/blog", () => import("../features/blog/BlogListPage"), { requestTime: true }),
  page("/blog/page/:page", () => import("../features/blog/BlogListPage"), { requestTime: true }),
  page("/blog/category/:category", () => import("../features/blog/BlogListPage"), { requestTime: true }),
  page("/blog/category/:category/page/:page", () => import("../features/blog/BlogListPage"), { requestTime: true }),
  page("/blog/search", () => import("../features/blog/BlogSearchPage"), { requestTime: true }),
  page("/blog/:slug", () => import("../features/blog/BlogPostPage"), { requestTime: true }),
  page("/login", () => import("../features/auth/LoginPage"), { prerender: true }),
  page("/admin/*", () => import("../features/admin/AdminRoutes"), { layout: "admin" }),
] satisfies PageRoute[];

/** Every path no route matches: the not-found page, its own chunk like every page. */
export const notFoundRoute: PageRoute = page("*", () => import("../features/not-found/NotFoundPage"));

const pageCache = new Map<string, ComponentType>();
const loadedPages = new Map<string, ComponentType>();

/**
 * The page component for a route, created once: the loaded page itself once `preloadRoute` has
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

export function findRoute(pathname: string): PageRoute | undefined {
  return pageRoutes.find((route) => matchPath({ path: route.path, end: true }, pathname));
}

/** Starts loading the chunk of the page at `pathname`; resolves when it is ready (or there is none). */
export async function preloadRoute(pathname: string): Promise<void> {
  const route = findRoute(pathname) ?? (isApiPath(pathname) ? undefined : notFoundRoute);
  if (route && !loadedPages.has(route.path)) loadedPages.set(route.path, (await route.load()).default);
}

/**
 * Every concrete path rendered to static HTML at build time. A prerendered route with a parameter
 * (`/portfolio/:slug`) takes its values from `params`, keyed by the route path.
 */
export function prerenderPaths(params: Record<string, readonly string[]>): string[] {
  return pageRoutes
    .filter((route) => route.prerender)
    .flatMap((route) => {
      if (!route.path.includes(":")) return [route.path];
      const values = params[route.path];
      if (!values?.length) throw new Error(`No parameter values given for the prerendered route ${route.path}.`);
      return values.map((value) => route.path.replace(/:[^/]+/, encodeURIComponent(value)));
    });
}

export function isApiPath(pathname: string): boolean {
  return pathname === "/api" || pathname.startsWith("/api/");
}

export function isAdminPath(pathname: string): boolean {
  return pathname === "/admin" || pathname.startsWith("/admin/");
}
