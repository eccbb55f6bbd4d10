import { expect, test, type Page } from "@playwright/test";
import { PRELOADED_FONT } from "../../scripts/font-files";
import { layoutShifts, recordLayoutShifts } from "./layout-shifts";

/**
 * The brand font never moves the page (src/index.css). Its core face is preloaded and
 * `font-display: optional`: on time, the page paints in it; late, the page keeps the metric-matched
 * fallback face instead of swapping the font in under the visitor's eyes. The fallback wraps some
 * lines differently, so a swap moved what was below them; until 2026-12-01 it also drew every heading
 * in the regular weight (scripts/vite-fallback-faces.ts). The pages and widths here are the ones
 * where a first screen wrapped differently in the fallback face (a core face 300 ms late, swapped in:
 * a layout shift of 0.018 and 0.034 on /contact at 390 and 412 px, 0.026 on /services at 412 px).
 */

/** The preloaded core face as built: its declared name with Vite's hash. */
const CORE_FACE = new RegExp(`/assets/${PRELOADED_FONT.file.replace(/\.woff2$/, "")}-[\\w-]+\\.woff2$`);

/**
 * The width of the page's first heading on one line (so that a different wrap does not change it):
 * as drawn, in the fallback face alone, and in the regular weight.
 */
async function headingWidths(page: Page): Promise<{ asDrawn: number; inFallback: number; regular: number }> {
  return page
    .locator("h1")
    .first()
    .evaluate((heading: HTMLElement) => {
      const range = document.createRange();
      range.selectNodeContents(heading);
      const widthWith = (property: "fontFamily" | "fontWeight", value: string) => {
        heading.style[property] = value;
        const width = range.getBoundingClientRect().width;
        heading.style[property] = "";
        return width;
      };
      heading.style.whiteSpace = "nowrap";
      const widths = {
        asDrawn: range.getBoundingClientRect().width,
        inFallback: widthWith("fontFamily", '"Plus Jakarta Sans Variable fallback"'),
        regular: widthWith("fontWeight", "400"),
      };
      heading.style.whiteSpace = "";
      return widths;
    });
}

const PAGES: { route: string; width: number }[] = [
  { route: "/contact", width: 390 },
  { route: "/contact", width: 412 },
  { route: "/services", width: 412 },
];

for (const { route, width } of PAGES) {
  test(`${route} at ${width} px does not move when the font comes late, and keeps the face it painted with`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 823 });
    await recordLayoutShifts(page);
    // The core face held back until the page has painted without it, as on a slow connection.
    let painted!: () => void;
    const firstPaint = new Promise<void>((resolve) => (painted = resolve));
    let requested = false;
    await page.route(CORE_FACE, async (request) => {
      requested = true;
      await firstPaint;
      await request.continue();
    });
    // Not until "load": the preloaded face holds the load event back.
    await page.goto(route, { waitUntil: "commit" });
    await page.waitForFunction(() => performance.getEntriesByName("first-contentful-paint").length > 0);
    expect(requested, "the page asked for the core face before it painted").toBe(true);
    painted();
    // The face is in the browser's hands now; a swap would lay the page out again in the next frames.
    await page.waitForFunction(() => [...document.fonts].some((face) => face.status === "loaded"));
    await page.waitForLoadState("networkidle");
    expect(await layoutShifts(page), "layout shifts as the font arrived late").toEqual([]);
    const widths = await headingWidths(page);
    expect(widths.asDrawn, "the page kept the fallback face it painted with").toBeCloseTo(widths.inFallback, 0);
    // A fallback face that claimed the bold weights and named only a regular font drew every heading
    // in the regular weight.
    expect(widths.asDrawn - widths.regular, "the fallback face draws the heading bold").toBeGreaterThan(5);
  });
}

test("on time, the page paints in the brand font", async ({ page }) => {
  await page.setViewportSize({ width: 412, height: 823 });
  // On time is the core face here within its short block period. A first visit on a loaded machine
  // can miss it (the page then rightly keeps the fallback, as the tests above hold), so the face is
  // first fetched whole, and the page loaded again finds it in the cache, as a visitor's next page does.
  const fetched = page.waitForResponse((response) => CORE_FACE.test(new URL(response.url()).pathname));
  await page.goto("/contact");
  await (await fetched).finished();
  await page.reload();
  await page.evaluate(() => document.fonts.ready);
  const widths = await headingWidths(page);
  expect(Math.abs(widths.asDrawn - widths.inFallback), "wider or narrower than the fallback face").toBeGreaterThan(5);
});
