import { test as firstVisit, type Page } from "@playwright/test";
import { expect, test } from "./kept-page";
import { gotoHydrated, holdTheApp } from "./hydration";
import { collectConsoleErrors } from "./page-errors";

/** Services tabs, portfolio filters and the ten case studies, against the production build. */
const caseStudies: Record<string, string> = {
  "zeta-brent-education": "Zeta Brent Education Website Redesign",
  "supreme-living-accommodations": "Supreme Living Accommodations Web Design",
  "zeta-brent-destinations": "Zeta Brent Destinations Web Design",
  "zeta-brent-education-ads": "Zeta Brent Education Lead Generation Campaign",
  "noir-malika-paid-ads": "Noir Malika Paid Social Campaign",
  "mukki-paid-ads": "Mukki Online Sales Campaign",
  "hawthorne-legal-crm": "Hawthorne Legal Client Intake Automation",
  "profix-ventures-crm": "Profix Ventures Quote-to-Cash Pipeline",
  "growth-dynamics-crm": "Growth Dynamics Sales Pipeline and Nurture",
  "maple-dental-clinic-crm": "Maple Dental Clinic Booking and Recall Automation",
};

async function expectNoHorizontalScroll(page: Page) {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
}

test("/services#paid-ads opens Paid Ads, scrolled to the tabs, with AdGrowth as Most Popular", async ({ page }) => {
  const errors = collectConsoleErrors(page);
  await page.goto("/services#paid-ads");
  await expect(page.getByRole("heading", { level: 1, name: "Our Digital Solutions" })).toBeVisible();
  await expect(page.getByRole("tab", { name: "Paid Ads" })).toHaveAttribute("aria-selected", "true");
  const adGrowth = page.getByRole("article", { name: "AdGrowth" });
  await expect(adGrowth.getByText("Most Popular")).toBeVisible();
  await expect(adGrowth.getByText("₦250,000")).toBeVisible();
  await expect(page.getByRole("article", { name: "AdIgnite" }).getByText("Most Popular")).toHaveCount(0);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(100);
  expect(errors).toEqual([]);
});

test("/services shows the All view and the tabs switch content and hash", async ({ page }) => {
  const errors = collectConsoleErrors(page);
  await gotoHydrated(page, "/services");
  await expect(page.getByRole("tab", { name: "All Services" })).toHaveAttribute("aria-selected", "true");
  await expect(page.getByRole("button", { name: /View Details & Pricing/ })).toHaveCount(3);

  await page.getByRole("tab", { name: "CRM Automation" }).click();
  await expect(page).toHaveURL(/\/services#crm-automation$/);
  const full = page.getByRole("article", { name: "Full System Build" });
  await expect(full.getByText("Custom", { exact: true })).toBeVisible();
  await expect(full.getByRole("link", { name: /^Book a Call/ })).toHaveAttribute("target", "_blank");
  await expect(page.getByRole("article", { name: "Growth Engine" }).getByText("Most Popular")).toBeVisible();

  await page.getByRole("tab", { name: "CRM Automation" }).press("ArrowLeft");
  await expect(page.getByRole("tab", { name: "Web Development" })).toHaveAttribute("aria-selected", "true");
  await expect(page.getByRole("tab", { name: "Web Development" })).toBeFocused();
  await expect(page).toHaveURL(/\/services#web-development$/);
  await expect(page.getByRole("article", { name: "GrowthSite" }).getByText("Most Popular")).toBeVisible();

  await page.getByRole("tab", { name: "All Services" }).click();
  await expect(page).toHaveURL(/\/services$/);
  await page.getByRole("button", { name: "View Details & Pricing: Paid Ads" }).click();
  await expect(page.getByRole("tab", { name: "Paid Ads" })).toHaveAttribute("aria-selected", "true");
  await expect(page.getByRole("article", { name: "AdEngine OS" })).toBeVisible();
  expect(errors).toEqual([]);
});

test("the portfolio filter narrows the cards and a card opens its case study", async ({ page }) => {
  const errors = collectConsoleErrors(page);
  await gotoHydrated(page, "/portfolio");
  const cards = page.getByRole("article");
  await expect(cards).toHaveCount(11);
  await page.getByRole("button", { name: "CRM Automation" }).click();
  await expect(page.getByRole("button", { name: "CRM Automation" })).toHaveAttribute("aria-pressed", "true");
  await expect(cards).toHaveCount(4);
  await page.getByRole("button", { name: "Digital Ads" }).click();
  await expect(cards).toHaveCount(3);
  await page.getByRole("link", { name: "View Project: Mukki" }).click();
  await expect(page).toHaveURL(/\/portfolio\/mukki-paid-ads$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(caseStudies["mukki-paid-ads"] ?? "");
  await expect(page.getByText("12x", { exact: true }).first()).toBeVisible();

  await page.getByRole("link", { name: "Back to Portfolio" }).click();
  await page.getByRole("button", { name: "View Project: Ember Bistro Online Ordering" }).click();
  await expect(page.getByText("Project details coming soon!", { exact: true })).toBeVisible();
  expect(errors).toEqual([]);
});

/**
 * Records the keyframes of every animation started on a child of the element `selector` names (the
 * services panel's content, the portfolio's list) from the page's first script on.
 */
async function recordAnimations(page: Page, selector: string) {
  await page.addInitScript((watched) => {
    const started: string[] = [];
    (window as unknown as { __started: string[] }).__started = started;
    const animate = Element.prototype.animate;
    Element.prototype.animate = function (this: Element, keyframes, options) {
      if (this.matches(watched)) started.push(JSON.stringify(keyframes));
      return animate.call(this, keyframes, options);
    };
  }, selector);
  return () => page.evaluate(() => (window as unknown as { __started: string[] }).__started);
}

firstVisit(
  "a services tab the visitor picks swaps the section out and in; the tab the address names is shown at once",
  async ({ page }) => {
    const started = await recordAnimations(page, "#services-panel > div");
    await gotoHydrated(page, "/services#paid-ads");
    await expect(page.getByRole("article", { name: "AdGrowth" })).toBeVisible();
    expect(await started(), "the hash's tab is shown without an animation").toEqual([]);

    await page.getByRole("tab", { name: "CRM Automation" }).click();
    await expect(page.getByRole("article", { name: "Full System Build" })).toBeVisible();
    const frames = (await started()).join(" ");
    expect(frames, "the old section leaves upwards").toContain("translateY(-16px)");
    expect(frames, "the new one comes in from below").toContain("translateY(16px)");
  },
);

firstVisit(
  "a portfolio filter fades its cards in; the cards the page opens with are shown as they are",
  async ({ page }) => {
    const started = await recordAnimations(page, "ul[aria-live]");
    await gotoHydrated(page, "/portfolio");
    await expect(page.getByRole("article")).toHaveCount(11);
    expect(await started()).toEqual([]);
    await page.getByRole("button", { name: "Digital Ads" }).click();
    await expect(page.getByRole("article")).toHaveCount(3);
    expect((await started()).join(" ")).toContain('"opacity":0');
  },
);

for (const [slug, title] of Object.entries(caseStudies)) {
  test(`/portfolio/${slug} answers with its own h1 and a way back`, async ({ page }) => {
    const errors = collectConsoleErrors(page);
    const response = await page.goto(`/portfolio/${slug}`);
    expect(response?.ok()).toBe(true);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
    await expect(page).toHaveTitle(`${title} | Ascend Digital`);
    await expect(page.getByRole("link", { name: "Back to Portfolio" })).toHaveAttribute("href", "/portfolio");
    await expect(page.getByRole("main").getByRole("link", { name: /^Get Started/ })).toHaveAttribute(
      "rel",
      "noopener noreferrer",
    );
    expect(errors).toEqual([]);
  });
}

test("an unknown case study shows the not-found page", async ({ page }) => {
  await page.goto("/portfolio/not-a-project");
  await expect(page.getByRole("heading", { level: 1, name: "We couldn't find that page" })).toBeVisible();
});

test.describe("at 390 px", () => {
  test.use({ viewport: { width: 390, height: 844 } });
  for (const route of [
    "/services",
    "/services#web-development",
    "/portfolio",
    "/portfolio/zeta-brent-education",
    "/portfolio/zeta-brent-education-ads",
    "/portfolio/growth-dynamics-crm",
  ]) {
    test(`${route} has no horizontal scroll`, async ({ page }) => {
      const errors = collectConsoleErrors(page);
      await page.goto(route);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      if (route.includes("#")) await expect(page.getByText("Most Popular")).toBeVisible();
      await expectNoHorizontalScroll(page);
      expect(errors).toEqual([]);
    });
  }
});

// A tap that lands before the app has started (a slow phone: the page is on screen from its HTML,
// the app's code a second or more behind) is made again once the page has hydrated
// (src/lib/early-press.ts): a services tab, a portfolio filter and the menu button, with the app's entry held back
// until after the tap. A first visit, in a browser of its own: a kept page could have the entry cached.
firstVisit.describe("a tap before the app has started", () => {
  firstVisit.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  firstVisit("a services tab tapped before the app starts opens once it has", async ({ page }) => {
    const release = await holdTheApp(page);
    await page.goto("/services", { waitUntil: "load" });
    const tab = page.getByRole("tab", { name: "CRM Automation" });
    await tab.tap();
    // Nothing can answer yet: the app's code has not arrived.
    await expect(page.locator("html[data-hydrated]")).toHaveCount(0);
    await expect(tab).toHaveAttribute("aria-selected", "false");
    release();
    await expect(tab).toHaveAttribute("aria-selected", "true");
    await expect(page.getByRole("article", { name: "Growth Engine" })).toBeVisible();
    await expect(page).toHaveURL(/\/services#crm-automation$/);
  });

  // The filters are in the page's route, which React hydrates in a pass after the first commit: the
  // press, made again in the task after that commit, has React hydrate the route at once to answer it.
  // It does not wait for the page to be idle, which a phone's page seldom is while it loads: here a
  // chain of 10 ms tasks keeps it busy from before the app starts (until 2026-12-02 the press waited
  // for an idle moment, at most a second: 1.0-1.5 s after hydration at 24x CPU).
  firstVisit(
    "a portfolio filter tapped before the app starts is pressed as soon as the page has hydrated",
    async ({ page }) => {
      const release = await holdTheApp(page);
      await page.goto("/portfolio", { waitUntil: "load" });
      const filter = page.getByRole("button", { name: "CRM Automation" });
      await filter.tap();
      await filter.evaluate((button) => {
        const store = window as unknown as { __pressedAt?: number };
        // Messages, not timers: a chain of timers is held 4 ms apart, gaps the page is idle in.
        const channel = new MessageChannel();
        channel.port1.onmessage = () => {
          const end = performance.now() + 10;
          while (performance.now() < end);
          if (store.__pressedAt === undefined) channel.port2.postMessage(null);
        };
        channel.port2.postMessage(null);
        new MutationObserver((_, observer) => {
          if (button.getAttribute("aria-pressed") !== "true") return;
          store.__pressedAt = performance.now();
          observer.disconnect();
        }).observe(button, { attributes: true });
      });
      await expect(filter).toHaveAttribute("aria-pressed", "false");
      release();
      await expect(filter).toHaveAttribute("aria-pressed", "true");
      await expect(page.getByRole("article")).toHaveCount(4);
      const afterHydration = await page.evaluate(
        () =>
          (window as unknown as { __pressedAt: number }).__pressedAt -
          performance.getEntriesByName("hydrated", "mark")[0]!.startTime,
      );
      expect(afterHydration, "ms from the page's hydration to the filter pressed").toBeLessThan(500);
    },
  );

  firstVisit("a visitor who scrolled before the app started is not taken back to the top", async ({ page }) => {
    const release = await holdTheApp(page);
    await page.goto("/services", { waitUntil: "load" });
    await page.mouse.wheel(0, 900);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(600);
    const scrolled = await page.evaluate(() => window.scrollY);
    release();
    await expect(page.locator("html[data-hydrated]")).toHaveCount(1, { timeout: 15_000 });
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    expect(await page.evaluate(() => window.scrollY)).toBe(scrolled);
  });

  firstVisit(
    "the menu button tapped before the app starts opens the menu once it has, and only once",
    async ({ page }) => {
      const release = await holdTheApp(page);
      await page.goto("/", { waitUntil: "load" });
      const toggle = page.getByRole("button", { name: "Open menu" });
      await toggle.tap();
      await expect(page.locator("#mobile-menu")).toBeHidden();
      release();
      await expect(page.locator("html[data-hydrated]")).toHaveCount(1, { timeout: 15_000 });
      await expect(page.locator("#mobile-menu")).toBeVisible();
      // One press, one toggle: still open a moment later.
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
      await expect(page.locator("#mobile-menu")).toBeVisible();
    },
  );
});
