import { caseStudySlugs } from "../content/case-studies";
import { blogRoutes } from "./blog-routes";
import { pageRoutes, prerenderPaths } from "./routes";

/**
 * Every path rendered to static HTML at build time: the route table's `prerender` routes with the
 * values of their parameters. The prerender step renders them; the request-time sitemap lists them.
 */
export const staticPaths: string[] = prerenderPaths({ "/portfolio/:slug": caseStudySlugs });

/**
 * The pages rendered at request time that the sitemap lists beside the prerendered ones: each of one
 * path outside the blog (/book). The blog's pages the sitemap lists from the database.
 */
export const requestTimeSitemapPaths: string[] = pageRoutes
  .filter((route) => route.requestTime && route.sitemap !== false && !/[:*]/.test(route.path))
  .filter((route) => !blogRoutes.some((blog) => blog.path === route.path))
  .map((route) => route.path);
