/**
 * The prerendered site as crawlers, link-preview bots and people receive it. The route list comes
 * from the route table (scripts/prerender-routes.ts), so new pages are covered without edits here.
 */
import type { Page } from "@playwright/test";
import { expect, test } from "./kept-page";
import { gotoHydrated } from "./hydration";
import { staticPaths } from "../../scripts/prerender-routes";

/** Console errors, page errors and hydration warnings seen by a page. */
function watchConsole(page: Page): string[] {
  const problems: string[] = [];
  page.on("console", (message) => {
    const text = message.text();
    if (
      message.type() === "error" ||
      (message.type() === "warning" && /hydrat|did not match|server rendered/i.test(text))
    ) {
      problems.push(`${message.type()}: ${text} [${message.location().url}]`);
    }
  });
  page.on("pageerror", (error) => problems.push(`pageerror: ${error.message}`));
  return problems;
}

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  for (const path of staticPaths) {
    test(`${path} arrives with its heading, content and tags`, async ({ page }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      const heading = page.locator("#root h1");
      await expect(heading).toHaveCount(1);
      await expect(heading).toBeVisible();
      await expect(heading).not.toHaveText("");
      const headingText = await heading.innerText();
      expect((await page.locator("main").innerText()).length, "main shows content beyond its heading").toBeGreaterThan(
        headingText.length + 40,
      );
      await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
      await expect(page.locator("footer")).toBeVisible();
      await expect(page.locator("head title")).toHaveCount(1);
      await expect(page.locator('head meta[property="og:image"]')).toHaveAttribute("content", /\/og-image\.png$/);
    });
  }

  test("an unknown path gets the not-found page with status 404", async ({ page }) => {
    const response = await page.goto("/no-such-page");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1, name: "We couldn't find that page" })).toBeVisible();
  });

  test("the admin area gets the SPA shell", async ({ page }) => {
    for (const path of ["/admin", "/admin/create-post"]) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(200);
      await expect(page.locator("#root")).toBeEmpty();
      await expect(page.locator("head title")).toHaveCount(1);
    }
  });
});

test.describe("with JavaScript", () => {
  for (const path of staticPaths) {
    test(`${path} hydrates without errors or warnings`, async ({ page }) => {
      const problems = watchConsole(page);
      const noScriptHeading = await (
        await page.request.get(path)
      )
        .text()
        .then((html) => /<h1\b[^>]*>(.*?)<\/h1>/s.exec(html)?.[1]?.replace(/<[^>]+>/g, ""));
      await gotoHydrated(page, path);
      await expect(page.locator("#root h1")).toHaveText(
        (noScriptHeading ?? "").replace(/&#x27;|&#39;/g, "'").replace(/&amp;/g, "&"),
      );
      await page.waitForLoadState("networkidle");
      // React adopts the prerendered head tags instead of adding a second set.
      await expect(page.locator("title")).toHaveCount(1);
      await expect(page.locator('meta[name="description"]')).toHaveCount(1);
      await expect(page.locator('link[rel="canonical"]')).toHaveCount(1);
      expect(problems).toEqual([]);
    });
  }

  for (const path of ["/no-such-page", "/portfolio/no-such-project"]) {
    test(`the not-found page at ${path} hydrates with its 404 status and no errors`, async ({ page }) => {
      const problems = watchConsole(page);
      const response = await gotoHydrated(page, path);
      expect(response?.status()).toBe(404);
      await expect(page.getByRole("heading", { level: 1, name: "We couldn't find that page" })).toBeVisible();
      await page.getByRole("link", { name: "Back to Home" }).click();
      await expect(page).toHaveURL(/\/$/);
      await expect(page.getByRole("tab", { name: /Design/ })).toBeVisible();
      // Chromium logs the document's own 404 status as a failed load; anything else is a problem.
      const documentStatus = `status of 404 (Not Found) [${new URL(path, page.url()).href}]`;
      expect(problems.filter((problem) => !problem.endsWith(documentStatus))).toEqual([]);
    });
  }

  test("the SPA shell renders an admin route in the browser with its own single title", async ({ page }) => {
    await gotoHydrated(page, "/admin");
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.locator("#root h1")).toHaveCount(1);
    await expect(page.locator("[data-shell-default]")).toHaveCount(0);
    await expect(page.locator("title")).toHaveCount(1);
  });

  test("hero tabs switch after hydration", async ({ page }) => {
    const problems = watchConsole(page);
    await gotoHydrated(page, "/");
    const automate = page.getByRole("tab", { name: /Automate/ });
    await automate.click();
    await expect(automate).toHaveAttribute("aria-selected", "true");
    await expect(page.getByRole("tabpanel").getByText("Intelligent CRM Automation")).toBeVisible();
    expect(problems).toEqual([]);
  });

  test("services tabs switch after hydration", async ({ page }) => {
    const problems = watchConsole(page);
    await gotoHydrated(page, "/services");
    const crm = page.getByRole("tab", { name: /CRM/ });
    await crm.click();
    await expect(crm).toHaveAttribute("aria-selected", "true");
    await expect(page.getByRole("tabpanel").getByText("Most Popular").first()).toBeVisible();
    expect(problems).toEqual([]);
  });

  test("portfolio filters narrow the projects after hydration", async ({ page }) => {
    const problems = watchConsole(page);
    await gotoHydrated(page, "/portfolio");
    await expect(page.locator('main a[href="/portfolio/zeta-brent-education"]')).toHaveCount(1);
    await page.getByRole("button", { name: "CRM Automation" }).click();
    await expect(page.locator('main a[href="/portfolio/hawthorne-legal-crm"]')).toBeVisible();
    await expect(page.locator('main a[href="/portfolio/zeta-brent-education"]')).toHaveCount(0);
    expect(problems).toEqual([]);
  });

  test("the contact FAQ opens one answer at a time after hydration", async ({ page }) => {
    const problems = watchConsole(page);
    await gotoHydrated(page, "/contact");
    const first = page.getByRole("button", { name: "What is Ascend Digital?" });
    const second = page.getByRole("button", { name: "How do I get started?" });
    await second.click();
    await expect(second).toHaveAttribute("aria-expanded", "true");
    await expect(page.getByText(/Book a free discovery call\. It is a no-obligation/)).toBeVisible();
    await first.click();
    await expect(first).toHaveAttribute("aria-expanded", "true");
    await expect(second).toHaveAttribute("aria-expanded", "false");
    expect(problems).toEqual([]);
  });

  test("the mobile menu opens and navigates after hydration", async ({ page }) => {
    const problems = watchConsole(page);
    await page.setViewportSize({ width: 390, height: 844 });
    await gotoHydrated(page, "/");
    await page.getByRole("button", { name: "Open menu" }).click();
    const menu = page.locator("#mobile-menu");
    await expect(menu).toBeVisible();
    await menu.getByRole("link", { name: "Portfolio" }).click();
    await expect(page).toHaveURL(/\/portfolio$/);
    await expect(page.locator("#root h1")).toHaveText(/\S/);
    await expect(menu).toBeHidden();
    await expect(page.locator("title")).toHaveCount(1);
    expect(problems).toEqual([]);
  });
});
