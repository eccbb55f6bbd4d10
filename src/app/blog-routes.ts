import { page } from "./route-table";

/**
 * The routes rendered at request time (src/server/paths.ts rewrites them to the blog function): the
 * blog's, and /book with its free times. Part of the full table (routes.tsx), and all the blog
 * function's bundle renders.
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

/** /book: rendered with its free times in the HTML (src/server/blog.ts, lib/calls/book-times.ts). */
export const bookRoute = page("/book", () => import("../features/calls/BookPage"), { requestTime: true });

export const requestTimeRoutes = [...blogRoutes, bookRoute];
