/**
 * The blog function's server bundle (`vite build --ssr src/blog-entry.ts` -> dist-ssr/blog-entry.js,
 * the only files the function ships), a composition root like main.tsx and entry-server.tsx: it
 * gives the request-time handler (src/server/blog.ts) the render of the app with the request-time
 * routes alone (the blog's and /book) and the post pages' head (made where a post is loaded), so the bundle loads no other page,
 * nothing of the admin and no Supabase auth client.
 * tests/unit/blog-bundle.test.ts keeps it so, and within its size budget.
 */
import { requestTimeRoutes } from "./app/blog-routes";
import { BlogApp } from "./app/BlogApp";
import { createRenderer } from "./app/render";
import { preloadRouteIn } from "./app/route-table";
import { describePost } from "./features/blog/post-page-meta";
import { createBlogHandler as createHandler, type BlogBundle } from "./server/blog";

const render = createRenderer(BlogApp, (pathname) => preloadRouteIn(requestTimeRoutes, pathname));

export const createBlogHandler: BlogBundle["createBlogHandler"] = (options) =>
  createHandler({ ...options, render, describePost });
export { CACHE_POLICY, type BlogHandlerOptions, type RenderManifest } from "./server/blog";
