import { expect, test } from "@playwright/test";
import { POST_ROUTE } from "../../scripts/script-budgets";
import { slowDownCpu, waitForHydration, waitForQuiet } from "./hydration";

/**
 * What hydration may not change on a phone (issue: script that costs the visitor nothing), read in
 * Chromium at 4x CPU slowdown on a 390 × 844 screen, with the consent question answered (the
 * project's storage state), so only the page itself paints. Nothing here is a timing, so these run
 * beside the other specs; what hydration may cost in time is hydration-cost.spec.ts, measured alone.
 *
 * - **The largest paint is painted once.** The page's largest element is on screen with the first
 *   paint, from the prerendered HTML. Once the app has started (its entry, main-*.js, requested after
 *   that paint: src/boot.ts) no new largest-contentful-paint entry may come, and the element that was
 *   largest is the same node, at the same place and size, once the page has hydrated. A hydration
 *   that replaced the node or its text, or moved it, would paint it again and report a later LCP.
 * - **A reader elsewhere sees the server's dates.** Hydration keeps the dates the server rendered.
 */

const CPU_SLOWDOWN = 4;
const ROUTES = ["/", "/services", "/contact", "/portfolio/zeta-brent-education-ads", POST_ROUTE];

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

interface LargestPaint {
  startTime: number;
  size: number;
  tag: string;
  text: string;
}

for (const route of ROUTES) {
  test(`${route}: the largest element is painted once; hydration neither repaints nor moves it`, async ({ page }) => {
    await page.addInitScript(() => {
      const store = window as unknown as { __largest: LargestPaint[]; __largestElement: Element | null; __box: string };
      store.__largest = [];
      store.__largestElement = null;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as LargestContentfulPaint[]) {
          store.__largest.push({
            startTime: entry.startTime,
            size: entry.size,
            tag: entry.element?.tagName ?? "(removed)",
            text: (entry.element?.textContent ?? "").trim().slice(0, 40),
          });
          store.__largestElement = entry.element;
          const box = entry.element?.getBoundingClientRect();
          store.__box = box ? [box.x, box.y, box.width, box.height].map((value) => value.toFixed(1)).join(",") : "";
        }
      }).observe({ type: "largest-contentful-paint", buffered: true });
    });
    await slowDownCpu(page, CPU_SLOWDOWN);
    await page.goto(route, { waitUntil: "load" });
    await waitForHydration(page);
    // Work after the hydrated mark (effects, the parts below the first screen) runs and paints.
    await waitForQuiet(page);

    const seen = await page.evaluate(() => {
      const store = window as unknown as { __largest: LargestPaint[]; __largestElement: Element | null; __box: string };
      const entry = performance
        .getEntriesByType("resource")
        .find((resource) => /\/assets\/main-[\w-]+\.js$/.test(new URL(resource.name).pathname));
      const element = store.__largestElement;
      const box = element?.getBoundingClientRect();
      return {
        entries: store.__largest,
        appRequestedAt: entry?.startTime ?? null,
        connected: element?.isConnected ?? false,
        boxAtPaint: store.__box,
        boxNow: box ? [box.x, box.y, box.width, box.height].map((value) => value.toFixed(1)).join(",") : "",
      };
    });

    expect(seen.appRequestedAt, "the app's entry was requested").not.toBeNull();
    expect(seen.entries.length, "a largest paint was reported").toBeGreaterThan(0);
    const late = seen.entries.filter((entry) => entry.startTime >= seen.appRequestedAt!);
    expect(late, `largest paints after the app started at ${seen.appRequestedAt!.toFixed(0)} ms`).toEqual([]);
    expect(seen.connected, "the largest element is still the same node after hydration").toBe(true);
    expect(seen.boxNow, "the largest element has not moved or changed size").toBe(seen.boxAtPaint);
  });
}

test.describe("a reader in another time zone", () => {
  // Ten hours behind UTC: the seeded posts, published in the morning UTC, are the day before here.
  test.use({ timezoneId: "Pacific/Honolulu" });

  test("sees the dates the server rendered, kept by hydration", async ({ page }) => {
    const errors: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error") errors.push(message.text());
    });
    const served = await (await page.request.get(POST_ROUTE)).text();
    const servedDates = [...served.matchAll(/<time\b[^>]*>([^<]+)<\/time>/g)].map((match) => match[1]);
    expect(servedDates.length, "the post names its date").toBeGreaterThan(0);
    await page.goto(POST_ROUTE);
    await waitForHydration(page);
    const shown = await page.locator("time").allTextContents();
    expect(shown.slice(0, servedDates.length)).toEqual(servedDates);
    expect(errors.filter((text) => /hydrat/i.test(text))).toEqual([]);
  });
});
