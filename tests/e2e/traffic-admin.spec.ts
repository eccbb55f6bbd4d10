import { randomBytes } from "node:crypto";
import { type Page } from "@playwright/test";
import { expect, test } from "./kept-page";
import { insertLead, recordPageView } from "./backend";
import { signIn } from "./sign-in";

/**
 * The traffic reports in the admin, against the production build and the local Supabase: a visitor
 * from a Facebook campaign reads two pages, clicks through to the intake form and enquires (page
 * views stored as the collect function stores them, the lead as the contact function does); the
 * Traffic page shows the two pages and the campaign, and the Campaigns page the campaign as 1
 * visitor, 1 intake click and 1 lead: a 100% conversion rate.
 */

async function signInAt(page: Page, path: string) {
  await page.goto(path);
  await signIn(page, { redirected: true });
}

test("the Traffic page shows a campaign visitor's pages, and the Campaigns page the campaign's conversion rate", async ({
  page,
  request,
}) => {
  test.setTimeout(60_000);
  const stamp = Date.now();
  const campaign = `traffic-${stamp}`;
  const visitor = randomBytes(32).toString("hex");
  const utm = { utm_source: "facebook", utm_campaign: campaign, country: "NG" };
  const pages = [`/e2e-traffic-${stamp}`, `/e2e-traffic-${stamp}/pricing`];
  for (const path of pages) await recordPageView(request, { visitor, path, ...utm });
  await recordPageView(request, { visitor, path: pages[1]!, kind: "intake", ...utm });
  await insertLead(request, {
    full_name: `Traffic Lead ${stamp}`,
    email: `traffic-${stamp}@example.ng`,
    first_touch: {
      utm_source: "facebook",
      utm_campaign: campaign,
      landing_page: pages[0]!,
      at: new Date().toISOString(),
    },
  });

  await signInAt(page, "/admin/traffic");
  await expect(page.getByRole("heading", { level: 1, name: "Traffic" })).toBeVisible();
  await page.getByLabel("Period").selectOption("7");
  const topPages = page.getByRole("region", { name: "Top pages", exact: true });
  await expect(topPages.getByRole("rowheader").first()).toBeVisible();
  // Other specs' visits may come first: the whole list has them all.
  const showAll = topPages.getByRole("button", { name: /^Show all/ });
  if (await showAll.isVisible()) await showAll.click();
  for (const path of pages)
    await expect(
      topPages.getByRole("row").filter({ has: page.getByRole("rowheader", { name: path, exact: true }) }),
    ).toHaveText(new RegExp(`${path.replace(/\//g, "\\/")}\\s*1\\s*1$`));
  const campaigns = page.getByRole("region", { name: "Campaigns", exact: true });
  const showAllCampaigns = campaigns.getByRole("button", { name: /^Show all/ });
  if (await showAllCampaigns.isVisible()) await showAllCampaigns.click();
  await expect(campaigns.getByRole("row").filter({ hasText: campaign })).toHaveText(
    new RegExp(`facebook / \\(none\\) / ${campaign}\\s*1\\s*2$`),
  );
  await expect(
    page.getByRole("region", { name: "Countries" }).getByRole("rowheader", { name: "Nigeria" }),
  ).toBeVisible();

  await page.getByRole("navigation", { name: "Admin Panel" }).getByRole("link", { name: "Campaigns" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Campaigns" })).toBeVisible();
  const row = page
    .getByRole("table", { name: /^Visits and leads from/ })
    .getByRole("row")
    .filter({ hasText: campaign });
  // Source, medium, campaign; 1 visitor; 1 intake click (100.0%); 1 lead (100.0%); no call booked;
  // none qualified or won yet.
  await expect(row).toHaveText(
    new RegExp(
      `^facebook\\s*\\(none\\)\\s*${campaign}\\s*1\\s*1\\s*100\\.0%\\s*1\\s*100\\.0%\\s*0\\s*0\\.0%\\s*0\\s*0\\.0%\\s*0\\s*—`,
    ),
  );
});
