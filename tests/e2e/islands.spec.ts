import type { Page } from "@playwright/test";
import { expect, test } from "./kept-page";
import { blogCopy } from "../../src/content/blog";
import { consentCopy } from "../../src/content/consent";
import { footerColumns } from "../../src/content/site";
import { POST_ROUTE as POST } from "../../scripts/script-budgets";
import { gotoHydrated } from "./hydration";
import { collectConsoleErrors } from "./page-errors";

/**
 * The parts of a page that hydrate only when needed (src/components/ui/Island.tsx): the footer, the
 * WhatsApp button, the home page after the hero, and what follows and flanks a post. Their markup is
 * on the page from the start; their code is requested when they come near the screen or at the
 * visitor's first interaction, and nothing breaks in between.
 */

/** The script files requested so far, by chunk name (`Footer`, `BelowTheFold`...). */
function collectChunks(page: Page): string[] {
  const chunks: string[] = [];
  page.on("request", (request) => {
    const match = /\/assets\/([\w-]+?)-[\w-]{8}\.js$/.exec(new URL(request.url()).pathname);
    if (match) chunks.push(match[1]!);
  });
  return chunks;
}

test.use({ viewport: { width: 412, height: 823 } });

for (const [path, lazyChunks] of [
  ["/", ["Footer", "WhatsAppButton", "BelowTheFold"]],
  [POST, ["Footer", "WhatsAppButton", "AfterArticle"]],
  ["/contact", ["Footer", "WhatsAppButton"]],
] as const) {
  test(`${path}: the parts below the first screen load their code only when scrolled to, then hydrate`, async ({
    page,
  }) => {
    const errors = collectConsoleErrors(page);
    const chunks = collectChunks(page);
    await gotoHydrated(page, path);
    await page.waitForLoadState("networkidle");
    for (const chunk of lazyChunks) expect(chunks, `${chunk} was requested before it was needed`).not.toContain(chunk);
    // The footer's markup is there all along, links and all.
    await expect(page.getByRole("contentinfo").getByRole("link").first()).toBeAttached();

    // Scrolling with the wheel (no touch, no click): each part hydrates as it comes near the screen.
    const islands = page.locator("[data-island]:not([data-island=whatsapp])");
    const count = await islands.count();
    expect(count).toBeGreaterThan(0);
    for (let index = 0; index < count; index += 1) {
      await islands.nth(index).locator(":scope > *").first().scrollIntoViewIfNeeded();
      await expect(islands.nth(index)).toHaveAttribute("data-hydrated", "true");
    }
    await expect(page.locator("[data-island=whatsapp]")).not.toHaveAttribute("data-hydrated");

    // The first key press fetches the rest (here the WhatsApp button, a plain link until then).
    await page.keyboard.press("Shift");
    await expect(page.locator("[data-island=whatsapp]")).toHaveAttribute("data-hydrated", "true");
    expect(errors).toEqual([]);
  });
}

test("a client-side navigation before the footer has hydrated shows the next page, footer and all", async ({
  page,
}) => {
  const errors = collectConsoleErrors(page);
  await gotoHydrated(page, POST);
  await expect(page.locator("[data-island=footer]")).not.toHaveAttribute("data-hydrated");
  await page.getByRole("link", { name: blogCopy.post.backToAll }).click();
  await expect(page).toHaveURL(/\/blog$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveCount(1);
  await expect(page.getByRole("contentinfo").getByRole("link").first()).toBeAttached();
  await expect(page.locator("[data-island=footer]")).toHaveAttribute("data-hydrated", "true");

  // And back, through the history: the post again, its surroundings rendered by the browser.
  await page.goBack();
  await expect(page).toHaveURL(new RegExp(`${POST}$`));
  await expect(page.locator("[data-island=after-article]")).toHaveAttribute("data-hydrated", "true");
  expect(errors).toEqual([]);
});

test("a tap on the footer's 'Privacy choices' before the footer has hydrated is not lost", async ({ page }) => {
  await gotoHydrated(page, "/contact");
  const footer = page.locator("[data-island=footer]");
  await expect(footer).not.toHaveAttribute("data-hydrated");
  // A click event alone, as the keyboard's Enter makes: no pointer event opens the island first.
  await page
    .getByRole("contentinfo")
    .getByRole("button", { name: footerColumns.privacyChoices })
    .dispatchEvent("click");
  await expect(footer).toHaveAttribute("data-hydrated", "true");
  await expect(page.getByRole("region", { name: consentCopy.settingsTitle })).toBeVisible();
});
