import { matchRoutes } from "react-router-dom";
import { describe, expect, it } from "vitest";
import { blogRoutes } from "./blog-routes";
import { findRouteIn } from "./route-table";
import { pageRoutes } from "./routes";

// AppFrame hands the router only the route findRouteIn chose (first match in the table's order), so
// that order must pick what React Router's own ranking would pick from the whole table.
const PATHS = [
  "/",
  "/services",
  "/portfolio",
  "/portfolio/a-case-study",
  "/contact",
  "/thank-you",
  "/book",
  "/calls/manage",
  "/proposals/view",
  "/terms",
  "/privacy",
  "/blog",
  "/blog/page/2",
  "/blog/category/web-design",
  "/blog/category/web-design/page/3",
  "/blog/author/ada",
  "/blog/tag/seo",
  "/blog/tag/seo/page/2",
  "/blog/search",
  "/blog/a-post",
  "/login",
  "/reset-password",
  "/admin",
  "/admin/posts/new",
  "/no-such-page",
  "/blog/a-post/extra",
];

describe("findRouteIn", () => {
  for (const [name, table] of [
    ["the full table", pageRoutes],
    ["the blog's table", blogRoutes],
  ] as const) {
    it(`picks the route React Router's ranking picks, on ${name}`, () => {
      const objects = table.map((route) => ({ path: route.path }));
      for (const path of PATHS) {
        const ranked = matchRoutes(objects, path)?.[0]?.route.path;
        expect(findRouteIn(table, path)?.path, path).toBe(ranked);
      }
    });
  }

  it("answers a path asked twice with its route, and the next path with its own, not the last one's", () => {
    expect(findRouteIn(pageRoutes, "/blog/search")?.path).toBe("/blog/search");
    expect(findRouteIn(pageRoutes, "/blog/search")?.path).toBe("/blog/search");
    expect(findRouteIn(pageRoutes, "/blog/x")?.path).toBe("/blog/:slug");
    expect(findRouteIn(pageRoutes, "/nowhere")).toBeUndefined();
  });
});
