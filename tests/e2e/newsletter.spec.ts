import { axeOf } from "./axe";
import { expect, test } from "./kept-page";
import { newsletterCopy } from "../../src/content/newsletter";
import { e2eOrigin } from "../../scripts/e2e-origins";
import { gotoHydrated } from "./hydration";

/**
 * The footer's newsletter sign-up on the production build. The main preview server records sign-ups
 * with the local stand-in provider; the second preview server of the same build, over HTTPS (see
 * scripts/e2e-servers.ts), has an unreachable provider.
 */
const failingProviderOrigin = e2eOrigin("https");

function uniqueAddress(label: string) {
  return `${label}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
}

test("a visitor subscribes from the footer and sees the success message", async ({ page, request }) => {
  const address = uniqueAddress("footer");
  await gotoHydrated(page, "/");
  const footer = page.getByRole("contentinfo");
  const field = footer.getByLabel(newsletterCopy.emailLabel);
  // The footer's code loads when it comes near the screen; until then a submit is a plain HTML form post.
  await field.scrollIntoViewIfNeeded();
  await expect(footer.locator("form[data-ready]")).toHaveCount(1);
  await field.fill(address);
  const navigations: string[] = [];
  page.on("framenavigated", (frame) => navigations.push(frame.url()));
  await footer.getByRole("button", { name: newsletterCopy.submit }).click();

  await expect(footer.getByRole("status")).toContainText(/thanks for subscribing/i);
  await expect(field).toHaveValue("");
  expect(navigations).toEqual([]);

  // The stand-in provider received the address with the source tag.
  const recorded = (await (await request.get("/__local/newsletter")).json()) as {
    signups: { email: string; source: string }[];
  };
  expect(recorded.signups).toContainEqual(expect.objectContaining({ email: address, source: "Website Footer" }));
});

test("an address typed before the form's code arrives is kept and sent", async ({ page, request }) => {
  const address = uniqueAddress("early");
  // Hold the sign-up form's chunk back until the visitor has typed, as on a slow phone connection.
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/newsletter-[\w-]+\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  await gotoHydrated(page, "/");
  const footer = page.getByRole("contentinfo");
  const field = footer.getByLabel(newsletterCopy.emailLabel);
  // The page around the form hydrates (and its animation features load) while the form's code waits.
  await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
  await field.fill(address);
  release();
  await expect(footer.locator("form[data-ready]")).toHaveCount(1);
  await expect(field).toHaveValue(address);

  await footer.getByRole("button", { name: newsletterCopy.submit }).click();
  await expect(footer.getByRole("status")).toContainText(/thanks for subscribing/i);
  const recorded = (await (await request.get("/__local/newsletter")).json()) as { signups: { email: string }[] };
  expect(recorded.signups).toContainEqual(expect.objectContaining({ email: address }));
});

test.describe("with an unreachable provider", () => {
  // The server's certificate is a throwaway one of its own.
  test.use({ ignoreHTTPSErrors: true });

  test("a provider failure shows the error and keeps the typed address", async ({ page }) => {
    const address = uniqueAddress("failure");
    await gotoHydrated(page, `${failingProviderOrigin}/`);
    const footer = page.getByRole("contentinfo");
    const field = footer.getByLabel(newsletterCopy.emailLabel);
    // The footer's code loads when it comes near the screen; until then a submit is a plain HTML form post.
    await field.scrollIntoViewIfNeeded();
    await expect(footer.locator("form[data-ready]")).toHaveCount(1);
    await field.fill(address);
    await field.press("Enter");

    await expect(footer.getByRole("status")).toContainText("Internal Server Error");
    await expect(field).toHaveValue(address);
    await expect(footer.getByRole("button", { name: newsletterCopy.submit })).toBeEnabled();

    // The footer form, error shown, meets WCAG AA (labels, contrast of the message on the dark footer).
    await page.emulateMedia({ reducedMotion: "reduce" });
    const results = await axeOf(page)
      .include("footer")
      .withTags(["wcag2a", "wcag2aa", "wcag21aa", "wcag22aa"])
      .analyze();
    expect(
      results.violations.map(
        (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`,
      ),
    ).toEqual([]);
  });
});
