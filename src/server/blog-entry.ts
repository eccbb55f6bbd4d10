/**
 * The blog function's server bundle (`vite build --ssr src/server/blog-entry.ts` ->
 * dist-ssr/blog-entry.js, the only files the function ships): the request-time renderer with
 * the blog's routes alone, so it loads no other page, nothing of the admin and no Supabase auth
 * client. tests/unit/blog-bundle.test.ts keeps it so, and within its size budget.
 */
export { createBlogHandler, CACHE_POLICY, type BlogHandlerOptions, type RenderManifest } from "./blog";
