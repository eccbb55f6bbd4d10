import { expect, test } from "./kept-page";
import { gotoHydrated, waitForHydration } from "./hydration";
import { collectConsoleErrors } from "./page-errors";
import { publicPages } from "./public-pages";

/** Public routes with static content, each expected to answer with its own title and h1. */
const publicRoutes = [...publicPages, "/portfolio/hawthorne-legal-crm"];

test.describe("every public route", () => {
  const titles = new Map<string, string>();

  for (const path of publicRoutes) {
    test(`${path} answers with its own title and h1, without console errors`, async ({ page }) => {
      const errors = collectConsoleErrors(page);
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      await expect(page.locator("h1")).toHaveCount(1);
      await expect(page.locator("h1")).not.toBeEmpty();
      const title = await page.title();
      expect(title.length).toBeGreaterThan(5);
      titles.set(path, title);
      await waitForHydration(page);
      await page.waitForLoadState("networkidle");
      expect(errors).toEqual([]);
    });
  }

  test("titles are all different", async ({ page }) => {
    const seen = new Map<string, string>();
    for (const path of publicRoutes) {
      await page.goto(path);
      await expect(page.locator("h1")).toHaveCount(1);
      const title = await page.title();
      expect(seen.get(title), `${path} shares its title with ${seen.get(title)}`).toBeUndefined();
      seen.set(title, path);
    }
  });
});

test.describe("phone width", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  for (const path of publicRoutes) {
    test(`${path} has no horizontal scroll at 390 px`, async ({ page }) => {
      await page.goto(path);
      await page.waitForLoadState("networkidle");
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
    });
  }

  test("the mobile menu opens, navigates and closes", async ({ page }) => {
    await gotoHydrated(page, "/");
    const toggle = page.getByRole("button", { name: "Open menu" });
    await toggle.click();
    const menu = page.locator("#mobile-menu");
    await expect(menu).toBeVisible();
    await menu.getByRole("link", { name: "Services" }).click();
    await expect(page).toHaveURL(/\/services$/);
    await expect(menu).toBeHidden();
    await expect(page.getByRole("button", { name: "Open menu" })).toHaveAttribute("aria-expanded", "false");
  });
});

test("navigation through the header works and marks the current page", async ({ page }) => {
  await gotoHydrated(page, "/");
  const nav = page.getByRole("navigation", { name: "Main" });
  await nav.getByRole("link", { name: "Services" }).click();
  await expect(page).toHaveURL(/\/services$/);
  await expect(nav.getByRole("link", { name: "Services" })).toHaveAttribute("aria-current", "page");
  await nav.getByRole("link", { name: "Portfolio" }).click();
  await expect(page).toHaveURL(/\/portfolio$/);
  await expect(nav.getByRole("link", { name: "Portfolio" })).toHaveAttribute("aria-current", "page");
  await nav.getByRole("link", { name: "Home", exact: true }).click();
  await expect(page).toHaveURL(/\/$/);
});

test("a page opened from the bottom of another starts at the top", async ({ page }) => {
  await gotoHydrated(page, "/");
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await page.getByRole("contentinfo").getByRole("link", { name: "Terms & Conditions" }).click();
  await expect(page).toHaveURL(/\/terms$/);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
});

test("every 'Get Started' opens the intake form in a new tab", async ({ page, context }) => {
  await page.goto("/");
  const links = page.getByRole("link", { name: /Get Started/ });
  const count = await links.count();
  expect(count).toBeGreaterThan(0);
  const intakeUrl = await links.first().getAttribute("href");
  expect(intakeUrl).toMatch(/^https:\/\//);
  for (let index = 0; index < count; index += 1) {
    const link = links.nth(index);
    await expect(link).toHaveAttribute("href", intakeUrl!);
    await expect(link).toHaveAttribute("target", "_blank");
    await expect(link).toHaveAttribute("rel", "noopener noreferrer");
  }
  // The hosted form is a third party this machine cannot reach: answer for it.
  await context.route(`${intakeUrl}**`, (route) =>
    route.fulfill({ contentType: "text/html", body: "<title>Intake form</title>" }),
  );
  const [popup] = await Promise.all([
    context.waitForEvent("page"),
    page
      .getByRole("navigation", { name: "Main" })
      .getByRole("link", { name: /Get Started/ })
      .click(),
  ]);
  await popup.waitForLoadState();
  expect(popup.url()).toBe(intakeUrl);
  expect(await popup.evaluate(() => window.opener)).toBeNull();
  await popup.close();
});

test("footer carries contact links, social links in new tabs and the current year", async ({ page }) => {
  await page.goto("/");
  const footer = page.getByRole("contentinfo");
  await expect(footer.getByRole("link", { name: /@/ })).toHaveAttribute("href", /^mailto:/);
  await expect(footer.getByRole("link", { name: /^\+?[\d\s]+$/ })).toHaveAttribute("href", /^tel:\+?\d+$/);
  for (const name of ["Facebook", "Instagram", "LinkedIn", "GitHub"]) {
    const social = footer.getByRole("link", { name: `${name} (opens in a new tab)` });
    await expect(social).toHaveAttribute("target", "_blank");
    await expect(social).toHaveAttribute("rel", "noopener noreferrer");
  }
  await expect(footer).toContainText(`© ${new Date().getFullYear()}`);
  await expect(footer).toContainText("Abuja, NG");
});

test("an unknown path shows the not-found page", async ({ page }) => {
  await page.goto("/this-page-does-not-exist");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("We couldn't find that page");
});
