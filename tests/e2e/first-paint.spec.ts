import { expect, test } from "@playwright/test";
import { POST_ROUTE } from "../../scripts/script-budgets";
import { waitForHydration } from "./hydration";

/**
 * Script may not stand before the first paint (the team's architecture guide, Rendering; see
 * scripts/bootstrap-script.ts): until the first contentful paint a page requests what it paints with
 * (CSS, the font, images), nothing else. No script, no modulepreload, no data request. Read in the
 * page itself: every resource's startTime against the `first-contentful-paint` entry, both from the
 * navigation's start. The page's inline script imports the app only once that entry is reported, so
 * the order does not depend on the machine's speed.
 */

/** What a page may request before its first paint: it paints with these. */
const PAINT_RESOURCE = /\.(css|woff2?|svg|png|jpe?g|webp|avif|gif|ico)$/;

const ROUTES = ["/", "/portfolio/zeta-brent-education-ads", "/contact", POST_ROUTE];

interface Timed {
  path: string;
  initiatorType: string;
  startTime: number;
}

let entry: string;

test.beforeAll(async ({ request }) => {
  // The entry is what the built template's one script names (index.html names src/main.tsx; the build
  // names its file after the template, /assets/index-<hash>.js). The admin's shell is that template.
  const shell = await (await request.get("/admin")).text();
  expect(shell.match(/<script\b[^>]*\bsrc=/g), "the template requests no script of its own").toBeNull();
  entry = /<script data-entry="([^"]+)"/.exec(shell)?.[1] ?? "";
  expect(entry).toMatch(/^\/assets\/index-[\w-]+\.js$/);
});

for (const route of ROUTES) {
  test(`${route} requests nothing but its CSS, font and images before the first contentful paint`, async ({ page }) => {
    await page.goto(route, { waitUntil: "load" });
    // Hydrated: the app's scripts did load, after the paint.
    await waitForHydration(page);
    const { firstPaint, resources } = await page.evaluate(async () => {
      const paint = await new Promise<number>((resolve) => {
        new PerformanceObserver((list, observer) => {
          const entry = list.getEntriesByName("first-contentful-paint")[0];
          if (!entry) return;
          observer.disconnect();
          resolve(entry.startTime);
        }).observe({ type: "paint", buffered: true });
      });
      const entries = performance.getEntriesByType("resource") as PerformanceResourceTiming[];
      return {
        firstPaint: paint,
        resources: entries.map((entry) => ({
          path: new URL(entry.name).pathname,
          initiatorType: entry.initiatorType,
          startTime: entry.startTime,
        })),
      };
    });
    const before = resources.filter((resource) => resource.startTime < firstPaint);
    const after = resources.filter((resource) => resource.startTime >= firstPaint);
    const describe = (list: Timed[]) =>
      list.map((resource) => `${resource.path} (${resource.initiatorType}, ${resource.startTime.toFixed(1)} ms)`);

    expect(
      describe(before.filter((resource) => !PAINT_RESOURCE.test(resource.path))),
      `requested before the first contentful paint at ${firstPaint.toFixed(1)} ms`,
    ).toEqual([]);
    expect(
      after.map((resource) => resource.path),
      `${route}: the app's entry loads after the paint`,
    ).toContain(entry);
  });
}
