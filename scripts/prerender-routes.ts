/**
 * The concrete list of prerendered paths (see src/app/static-paths.ts), and where each is written.
 * Shared by scripts/prerender.ts and the build and end-to-end tests, so a page added to
 * src/app/routes.tsx is rendered and checked without touching either.
 */
import { BLOG_BUNDLE } from "../src/server/blog-function";

export { staticPaths } from "../src/app/static-paths";

/** `dist/<route>/index.html` for a route path. */
export function htmlFileFor(path: string): string {
  return path === "/" ? "index.html" : `${path.replace(/^\/+|\/+$/g, "")}/index.html`;
}

/** The SPA shell (admin), the not-found page, and the server renderer's files, beside the prerendered routes. */
export const shellFile = "spa-shell.html";
export const notFoundFile = "404.html";
/** In the blog function's bundle folder (dist-ssr/), which it reads at run time. */
export const serverTemplateFile = BLOG_BUNDLE.template;
export const serverManifestFile = BLOG_BUNDLE.manifest;
