/**
 * vercel.json is generated from src/server/paths.ts (and scripts/security-headers.ts): this fails
 * when someone edits one without running `npm run vercel:sync`, or when the table and the code it
 * describes (api/, the route table) disagree.
 */
import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { pageRoutes } from "../../src/app/routes";
import { CRONS, findRewrite, FUNCTIONS, REWRITES } from "../../src/server/paths";
import { syncVercelConfig, vercelCrons, vercelFunctions, vercelRewrites } from "../../scripts/vercel-config";

const vercel = JSON.parse(readFileSync(new URL("../../vercel.json", import.meta.url), "utf8")) as Record<
  string,
  unknown
>;

describe("vercel.json and src/server/paths.ts", () => {
  it("vercel.json holds exactly the rewrites, functions and crons of the table (npm run vercel:sync)", () => {
    expect(vercel.rewrites).toEqual(vercelRewrites());
    expect(vercel.functions).toEqual(vercelFunctions());
    expect(vercel.crons ?? []).toEqual(vercelCrons());
    expect(syncVercelConfig(vercel)).toEqual(vercel);
  });

  it("writes a rewrite to a function with the visitor's path, and one to a file as it is", () => {
    expect(vercelRewrites()).toEqual(
      expect.arrayContaining([
        { source: "/blog", destination: "/api/blog?__path=/blog" },
        { source: "/blog/:rest*", destination: "/api/blog?__path=/blog/:rest*" },
        { source: "/rss.xml", destination: "/api/blog?__path=/rss.xml" },
        { source: "/admin/:path*", destination: "/spa-shell.html" },
      ]),
    );
  });

  it("writes a cron job as Vercel expects it, and no crons key without one", () => {
    const withCron = syncVercelConfig(vercel, {
      cronEntries: [{ kind: "cron", function: "contact", schedule: "*/10 * * * *" }],
    });
    expect(withCron.crons).toEqual([{ path: "/api/contact", schedule: "*/10 * * * *" }]);
    if (CRONS.length === 0) expect("crons" in syncVercelConfig(vercel)).toBe(false);
  });

  it("declares every function in api/, and only those", () => {
    const files = readdirSync(new URL("../../api", import.meta.url))
      .filter((file) => /^[^_.].*\.ts$/.test(file) && !file.endsWith(".test.ts"))
      .map((file) => file.slice(0, -3))
      .sort();
    expect(FUNCTIONS.map((entry) => entry.name).sort()).toEqual(files);
  });

  it("rewrites exactly the request-time routes of src/app/routes.tsx to a function, and no prerendered one", () => {
    for (const route of pageRoutes) {
      const example = route.path.replace(/:[^/]+/g, "x").replace("*", "x");
      const rewrite = findRewrite(example);
      const toFunction = Boolean(rewrite && "function" in rewrite.to);
      expect(toFunction, route.path).toBe(Boolean("requestTime" in route && route.requestTime));
    }
    for (const entry of REWRITES) expect(entry.path.startsWith("/api"), entry.path).toBe(false);
  });

  it("sends a page's card to the card function and every other blog path to the blog's", () => {
    const served = (path: string) => {
      const rewrite = findRewrite(path);
      return rewrite && "function" in rewrite.to ? rewrite.to.function : null;
    };
    for (const card of ["/blog/card.png", "/blog/a-post/card.png", "/blog/category/web-design/card.png"])
      expect(served(card), card).toBe("blog-card");
    for (const page of ["/blog", "/blog/a-post", "/blog/card.png/more", "/blog/card.pngs", "/blog/a-card.png"])
      expect(served(page), page).toBe("blog");
    expect(served("/card.png")).toBeNull();
  });
});
