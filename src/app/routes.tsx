import { RESET_PASSWORD_PATH } from "../lib/auth-paths";
import { MANAGE_CALL_PATH } from "../lib/calls/manage-path";
import { PROPOSAL_VIEW_PATH } from "../lib/proposals/view-path";
import { blogRoutes, bookRoute } from "./blog-routes";
import { findRouteIn, page, preloadRouteIn, type PageRoute } from "./route-table";

export { isAdminPath, isApiPath, type PageRoute } from "./route-table";

/**
 * The one route table, shared by the browser entry (main.tsx) and the prerender entry
 * (entry-server.tsx). Each page is its own chunk; `preloadRoute` lets the browser entry fetch the
 * current page's chunk before hydrating, so hydration never waits on a waterfall.
 */
export const pageRoutes = [
  page("/", () => import("../features/home/HomePage"), { prerender: true }),
  page("/services", () => import("../features/services/ServicesPage"), { prerender: true }),
  page("/portfolio", () => import("../features/portfolio/PortfolioPage"), { prerender: true }),
  page("/portfolio/:slug", () => import("../features/portfolio/CaseStudyPage"), { prerender: true }),
  page("/contact", () => import("../features/contact/ContactPage"), { prerender: true }),
  // Reached after an enquiry: indexable (noindex would cost the page Lighthouse's SEO audit and
  // protect nothing, as no link leads to it), but not offered to search engines in the sitemap.
  page("/thank-you", () => import("../features/contact/ThankYouPage"), { prerender: true, sitemap: false }),
  bookRoute,
  // noindex, so the prerender leaves it out of the sitemap; the token is in the fragment.
  page(MANAGE_CALL_PATH, () => import("../features/calls/ManageCallPage"), { prerender: true }),
  // A client's proposal: a shell with no data (noindex, out of the sitemap); the token is in the fragment.
  page(PROPOSAL_VIEW_PATH, () => import("../features/proposals/ProposalPage"), { prerender: true }),
  page("/terms", () => import("../features/legal/TermsPage"), { prerender: true }),
  page("/privacy", () => import("../features/legal/PrivacyPage"), { prerender: true }),
  ...blogRoutes,
  page("/login", () => import("../features/auth/LoginPage"), { prerender: true }),
  // Rendered in the browser only, from the admin's SPA shell (src/server/paths.ts): it has nothing to
  // show before supabase-js has read the e-mail's link.
  page(RESET_PASSWORD_PATH, () => import("../features/auth/ResetPasswordPage")),
  // Outside the public layout: AppFrame leaves out the header and footer on every /admin path.
  page("/admin/*", () => import("../features/admin/AdminRoutes")),
] satisfies PageRoute[];

export function findRoute(pathname: string): PageRoute | undefined {
  return findRouteIn(pageRoutes, pathname);
}

/** Starts loading the chunk of the page at `pathname`; resolves when it is ready (or there is none). */
export function preloadRoute(pathname: string): Promise<void> {
  return preloadRouteIn(pageRoutes, pathname);
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
