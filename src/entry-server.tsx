/**
 * The SSR entry (`vite build --ssr src/entry-server.tsx` -> dist-ssr/entry-server.js): everything the
 * build-time prerender (scripts/prerender.ts) and the request-time blog function (api/blog.ts) need,
 * bundled with the app so both render exactly what the browser hydrates.
 */
export { render, splitHeadTags, type RenderedPage } from "./server/render";
export { fillTemplate, modulePreloadTags } from "./server/template";
export { inlineCriticalCss } from "./server/critical-css";
export { createBlogHandler, type BlogHandlerOptions, type RenderManifest } from "./server/blog-handler";
export { staticPaths } from "./app/static-paths";
export { findRoute } from "./app/routes";
/** The build's settings as the bundle sees them. */
export { config } from "./config";
