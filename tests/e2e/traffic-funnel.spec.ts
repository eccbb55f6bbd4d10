import { expect, test, type Page } from "@playwright/test";
import { ADMIN_EMAIL, ADMIN_PASSWORD } from "./backend";
import { gotoHydrated } from "./hydration";

/**
 * The whole traffic loop, nothing stored by hand: a visitor arrives from a Facebook campaign link,
 * reads two pages (the second by a client-side navigation), enquires through the contact form, and
 * the admin's Campaigns page shows the campaign as 1 visitor and 1 lead, a 100% conversion rate,
 * while the Traffic page shows the pages read. The beacons go through the real /api/collect and the
 * lead through the real /api/contact. The campaign name is unique to this run, so other specs'
 * visits (the same address and browser, so the same daily visitor key) never count in its row.
 */

// A browser's own user agent: the function drops HeadlessChrome as a bot before storing anything.
test.use({
  // An address of its own: the contact function allows 10 enquiries per address in 10 minutes, and
  // other specs enquire from 127.0.0.1 too.
  extraHTTPHeaders: { "x-forwarded-for": "198.51.100.63" },
  userAgent: "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
});

/** Resolves once the function has answered one more beacon with 204. */
function nextBeacon(page: Page) {
  return page.waitForResponse((response) => response.url().endsWith("/api/collect") && response.status() === 204);
}

test("a campaign visitor who reads two pages and enquires is 1 visitor and 1 lead, a 100% conversion rate", async ({
  page,
}) => {
  test.setTimeout(90_000);
  const stamp = Date.now();
  const campaign = `funnel-${stamp}`;
  const email = `funnel-${stamp}@example.ng`;

  // Two pages from the campaign link: the landing page, then Services through the header.
  const landing = nextBeacon(page);
  await gotoHydrated(page, `/?utm_source=facebook&utm_medium=paid&utm_campaign=${campaign}`);
  await landing;
  const second = nextBeacon(page);
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Services" }).click();
  await expect(page).toHaveURL(/\/services$/);
  await second;

  // The enquiry: the contact page is a third page of the same visit; the form sends the campaign.
  // The function takes a submit faster than a person could fill the form for a bot's: the test's
  // clock moves on by the seconds a visitor would take (and with it the idle time the beacon waits for).
  await page.clock.install();
  const third = nextBeacon(page);
  await page.getByRole("contentinfo").getByRole("link", { name: "Contact", exact: true }).click();
  await expect(page).toHaveURL(/\/contact$/);
  const form = page.getByRole("form", { name: "Tell us about your project" });
  await form.getByText("Web Design", { exact: true }).click();
  await page.getByRole("group", { name: "Web design details" }).getByRole("radio", { name: "GrowthSite" }).check();
  await form.getByLabel("Full name").fill(`Funnel Visitor ${stamp}`);
  await form.getByLabel("Email address").fill(email);
  await page.clock.fastForward("00:20");
  await third;
  await form.getByRole("button", { name: "Send My Details" }).click();
  await expect(page).toHaveURL(/\/thank-you$/);

  // The admin's reports.
  await page.goto("/admin/campaigns");
  await expect(page).toHaveURL(/\/login$/);
  await page.getByLabel("Email", { exact: true }).fill(ADMIN_EMAIL);
  await page.getByLabel("Password", { exact: true }).fill(ADMIN_PASSWORD);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Campaigns" })).toBeVisible();
  // Source, medium, campaign; 1 visitor; no intake click; 1 lead, 100.0% of the visitors.
  await expect(
    page
      .getByRole("table", { name: /^Visits and leads from/ })
      .getByRole("row")
      .filter({ hasText: campaign }),
  ).toHaveText(new RegExp(`^facebook\\s*paid\\s*${campaign}\\s*1\\s*0\\s*0\\.0%\\s*1\\s*100\\.0%`));

  await page.getByRole("navigation", { name: "Admin Panel" }).getByRole("link", { name: "Traffic" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Traffic" })).toBeVisible();
  const campaigns = page.getByRole("region", { name: "Campaigns", exact: true });
  const showAll = campaigns.getByRole("button", { name: /^Show all/ });
  if (await showAll.isVisible()) await showAll.click();
  // 1 visitor; the views are the pages read under the campaign: the landing page and Services, the
  // contact page's when the footer's link navigated in the page rather than loading it afresh, and
  // /thank-you's when its beacon left before the admin's sign-in replaced the page.
  await expect(campaigns.getByRole("row").filter({ hasText: campaign })).toHaveText(
    new RegExp(`facebook / paid / ${campaign}\\s*1\\s*[234]$`),
  );
  const topPages = page.getByRole("region", { name: "Top pages", exact: true });
  for (const path of ["/", "/services"])
    await expect(topPages.getByRole("rowheader", { name: path, exact: true })).toBeVisible();
});
