/**
 * The concrete list of prerendered paths: the route table's `prerender` routes, with the values of
 * their parameters. Shared by scripts/prerender.ts and the build and end-to-end tests, so a page added
 * to src/app/routes.tsx is rendered and checked without touching either.
 */
import { prerenderPaths } from "../src/app/routes";
import { caseStudySlugs } from "../src/content/case-studies";

export const staticPaths: string[] = prerenderPaths({ "/portfolio/:slug": caseStudySlugs });

/** `dist/<route>/index.html` for a route path. */
export function htmlFileFor(path: string): string {
  return path === "/" ? "index.html" : `${path.replace(/^\/+|\/+$/g, "")}/index.html`;
}

/** The SPA shell (blog posts, admin) and the not-found page, beside the prerendered routes. */
export const shellFile = "spa-shell.html";
export const notFoundFile = "404.html";
