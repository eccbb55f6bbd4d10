import { caseStudySlugs } from "../content/case-studies";
import { prerenderPaths } from "./routes";

/**
 * Every path rendered to static HTML at build time: the route table's `prerender` routes with the
 * values of their parameters. The prerender step renders them; the request-time sitemap lists them.
 */
export const staticPaths: string[] = prerenderPaths({ "/portfolio/:slug": caseStudySlugs });
