import { test as firstVisit } from "@playwright/test";
import { expect, test } from "./kept-page";
import { gotoHydrated, holdTheApp } from "./hydration";
import { collectConsoleErrors } from "./page-errors";

test.describe("home page", () => {
  test("has its title and the hero's h1 in the prerendered page", async ({ page }) => {
    const errors = collectConsoleErrors(page);

    await page.goto("/");
    await expect(page).toHaveTitle("Premium Digital Agency | Web Development, CRM & Ads");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Pixel-Perfect Web Design");
    await expect(page.getByRole("heading", { level: 1 })).toHaveCount(1);
    await expect(page.getByRole("tab", { name: "Design" })).toHaveAttribute("aria-selected", "true");

    // Scroll through the page so that every in-view animation and counter runs.
    await page.getByRole("heading", { name: "What Our Clients Say" }).scrollIntoViewIfNeeded();
    await page.getByRole("heading", { name: "Numbers Don't Lie" }).scrollIntoViewIfNeeded();
    await expect(page.getByText("+8,200", { exact: true })).toHaveCount(2, { timeout: 5000 });
    await page.waitForLoadState("networkidle");
    expect(errors).toEqual([]);
  });

  test("the server markup carries the hero and the real figures for visitors without JavaScript", async ({
    request,
  }) => {
    const html = await (await request.get("/")).text();
    expect(html).toMatch(/<h1[^>]*>Pixel-Perfect Web Design<\/h1>/);
    expect(html).toContain("+8,200");
    expect(html).toContain('"@type":["Organization","ProfessionalService"]');
  });

  test("switches the hero to Automate, then Grow", async ({ page }) => {
    await gotoHydrated(page, "/");
    await page.getByRole("tab", { name: "Automate" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Intelligent CRM Automation");
    await expect(page.getByRole("tab", { name: "Automate" })).toHaveAttribute("aria-selected", "true");
    await page.getByRole("tab", { name: "Grow" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Data-Driven Ad Campaigns");
    await expect(page.getByRole("img", { name: /ad results dashboard/ })).toBeVisible();

    await page.getByRole("tab", { name: "Grow" }).press("ArrowRight");
    await expect(page.getByRole("tab", { name: "Design" })).toBeFocused();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Pixel-Perfect Web Design");
  });

  test("the hero's switch animates its text out and the next in, and only fades under reduced motion", async ({
    page,
  }) => {
    // What the panel's text runs while a tab is picked: keyframe properties of its animations.
    const animated = () =>
      page
        .locator("#hero-panel > div")
        .evaluate((element) =>
          element
            .getAnimations()
            .flatMap((animation) =>
              ((animation.effect as KeyframeEffect).getKeyframes() as Keyframe[]).flatMap((frame) =>
                Object.keys(frame),
              ),
            ),
        );
    await page.goto("/");
    await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
    await page.getByRole("tab", { name: "Automate" }).click();
    // The panel follows the tab in a transition (HeroSection), so its fade starts a moment after the click.
    await expect.poll(animated, { intervals: [20] }).toEqual(expect.arrayContaining(["opacity", "transform"]));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Intelligent CRM Automation");

    await page.emulateMedia({ reducedMotion: "reduce" });
    await page.getByRole("tab", { name: "Grow" }).click();
    await expect.poll(animated, { intervals: [20] }).toContain("opacity");
    expect(await animated()).not.toContain("transform");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Data-Driven Ad Campaigns");
  });

  test("'Get Started' in the hero opens the intake form in a new tab", async ({ page }) => {
    await page.goto("/");
    const link = page.getByRole("main").getByRole("link", { name: /Get Started/ });
    await expect(link).toHaveAttribute("href", /^https:\/\//);
    await expect(link).toHaveAttribute("target", "_blank");
    await expect(link).toHaveAttribute("rel", "noopener noreferrer");
  });

  test("a service card leads to its tab on the services page", async ({ page }) => {
    await gotoHydrated(page, "/");
    await page
      .getByRole("link", { name: /CRM Automation/ })
      .first()
      .click();
    await expect(page).toHaveURL(/\/services#crm-automation$/);
  });

  test("the client logos and the testimonials start to move once they are on the screen", async ({ page }) => {
    await gotoHydrated(page, "/");
    const logos = page.locator("#client-logos-heading ~ div [data-playing]");
    const testimonials = page.getByRole("region", { name: /^Client testimonials/ });
    await expect(testimonials).toHaveAttribute("data-playing", "false");
    for (const strip of [logos, testimonials]) {
      await strip.scrollIntoViewIfNeeded();
      await expect(strip).toHaveAttribute("data-playing", "true");
      // Moving: its loop is running.
      await expect
        .poll(() =>
          strip.evaluate((element) => element.getAnimations({ subtree: true }).map((animation) => animation.playState)),
        )
        .toContain("running");
    }
  });

  test("has no horizontal scroll at 390 px", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/");
    await page.waitForLoadState("networkidle");
    await page.getByRole("heading", { name: "What Our Clients Say" }).scrollIntoViewIfNeeded();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("content that fades in on scroll is shown as it is", async ({ page }) => {
    await page.goto("/");
    for (const text of ["Book a Free Call", "Project Launch"]) {
      const opacity = await page
        .getByText(text)
        .first()
        .evaluate((element) => {
          let product = 1;
          for (let node: Element | null = element; node; node = node.parentElement)
            product *= Number(getComputedStyle(node).opacity);
          return product;
        });
      expect(opacity, text).toBe(1);
    }
  });
});

// The hero's panel follows its tabs in a transition (HeroSection). A tap made before the app has
// started is made again once it has (src/lib/early-press.ts), before any part below the first screen
// has opened: the panel must still follow, as it must for the taps after. A first visit, in a browser
// of its own, with the app's entry held back until after the tap.
firstVisit(
  "a hero tab tapped before the app starts switches the hero once it has, and the next tap too",
  async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const release = await holdTheApp(page);
    await page.goto("/", { waitUntil: "load" });
    const automate = page.getByRole("tab", { name: "Automate" });
    await automate.click();
    await expect(page.locator("html[data-hydrated]")).toHaveCount(0);
    release();
    await expect(automate).toHaveAttribute("aria-selected", "true");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Intelligent CRM Automation");
    await page.getByRole("tab", { name: "Grow" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Data-Driven Ad Campaigns");
  },
);
