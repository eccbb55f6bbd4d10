import { page } from "./route-table";

/**
 * The blog's routes, rendered at request time (src/server/paths.ts rewrites /blog and below to the
 * blog function). Part of the full table (routes.tsx), and all the blog function's bundle renders.
 */
export const blogRoutes = [
  page("/blog", () => import("../features/blog/BlogListPage"), { requestTime: true }),
  page("/blog/page/:page", () => import("../features/blog/BlogListPage"), { requestTime: true }),
  page("/blog/category/:category", () => import("../features/blog/BlogListPage"), { requestTime: true }),
  page("/blog/category/:category/page/:page", () => import("../features/blog/BlogListPage"), { requestTime: true }),
  page("/blog/author/*", () => import("../features/blog/BlogAuthorPage"), { requestTime: true }),
  page("/blog/tag/*", () => import("../features/blog/BlogTagPage"), { requestTime: true }),
  page("/blog/search", () => import("../features/blog/BlogSearchPage"), { requestTime: true }),
  page("/blog/:slug", () => import("../features/blog/BlogPostPage"), { requestTime: true }),
];
