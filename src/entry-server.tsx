/**
 * The prerender's SSR entry (`vite build --ssr src/entry-server.tsx` -> dist-prerender/entry-server.js):
 * everything scripts/prerender.ts needs, bundled with the app so it renders exactly what the browser
 * hydrates. The blog function has its own, leaner entry (src/blog-entry.ts).
 */
import { App } from "./app/App";
import { preloadRoute } from "./app/routes";
import { createRenderer } from "./app/render";

export const render = createRenderer(App, preloadRoute);
export { splitHeadTags, type RenderedPage } from "./app/render";
export { fillTemplate } from "./server/template";
export { inlineStylesheets } from "./server/inline-stylesheets";
export { requestTimeSitemapPaths, staticPaths } from "./app/static-paths";
export { findRoute } from "./app/routes";
/** The build's settings as the bundle sees them. */
export { config } from "./config";
