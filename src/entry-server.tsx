/**
 * The prerender's SSR entry (`vite build --ssr src/entry-server.tsx` -> dist-prerender/entry-server.js):
 * everything scripts/prerender.ts needs, bundled with the app so it renders exactly what the browser
 * hydrates. The blog function has its own, leaner entry (src/server/blog-entry.ts).
 */
import type { ComponentType } from "react";
import { App } from "./app/App";
import { notFoundRoute, pageRoutes, preloadRoute } from "./app/routes";
import { createRenderer } from "./server/render";

export const render = createRenderer(App, preloadRoute);
export { splitHeadTags, type RenderedPage } from "./server/render";
export { fillTemplate, modulePreloadTags } from "./server/template";
export { inlineCriticalCss } from "./server/critical-css";
export { staticPaths } from "./app/static-paths";
export { findRoute } from "./app/routes";
/** The build's settings as the bundle sees them. */
export { config } from "./config";

/** Every module that can be a page (the route table's imports are among them). */
const pageModules = import.meta.glob<{ default?: ComponentType }>(["./features/*/*Page.tsx", "./features/admin/AdminRoutes.tsx"]);

/**
 * The source file of each route's page (`src/features/home/HomePage.tsx`), keyed by route path: the
 * key of its chunk in the client build's manifest. Found by identity (the component a route's `load`
 * returns is the default export of exactly one of these modules), so the route table carries no
 * second copy of its import paths, and a route whose page cannot be found fails the build.
 */
export async function routeModules(): Promise<Record<string, string>> {
  const fileOf = new Map<ComponentType, string>();
  for (const [file, load] of Object.entries(pageModules)) {
    const component = (await load()).default;
    if (component) fileOf.set(component, `src/${file.replace(/^\.\//, "")}`);
  }
  const modules: Record<string, string> = {};
  for (const route of [...pageRoutes, notFoundRoute]) {
    const file = fileOf.get((await route.load()).default);
    if (!file) throw new Error(`The page of route ${route.path} is not among the modules src/entry-server.tsx looks in.`);
    modules[route.path] = file;
  }
  return modules;
}
