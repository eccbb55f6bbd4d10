import { gzipSync } from "node:zlib";
import { expect, test, type Page } from "@playwright/test";
import { gotoHydrated } from "./hydration";

/**
 * The blog against the production build and the local Supabase (seeded by supabase/seed.sql).
 * The admin spec may add a post while these run, so order checks look at the seeded posts only.
 */
const SEEDED_NEWEST_FIRST = [
  "What a Good Small Business Website Costs in Nigeria",
  "Turning Instagram Followers into Paying Customers",
  "Five Signs Your Business Has Outgrown Spreadsheets",
  "How to Run Facebook Ads on a ₦50,000 Budget",
  "Stop Losing Leads in Your WhatsApp Inbox",
  "Why Every Lagos Small Business Needs a Website in 2025",
];

test("the blog lists the seeded posts newest first, each card with date and Read More", async ({ page }) => {
  await page.goto("/blog");
  await expect(page).toHaveTitle(/Insights & Updates \| Ascend Digital/);
  await expect(page.getByRole("heading", { level: 1, name: "Insights & Updates" })).toBeVisible();
  const cards = page.getByRole("article");
  await expect(cards.filter({ hasText: SEEDED_NEWEST_FIRST[5]! })).toBeVisible();
  await expect(page.getByText("Loading posts...")).toHaveCount(0);

  const titles = await cards.getByRole("heading", { level: 2 }).allTextContents();
  const positions = SEEDED_NEWEST_FIRST.map((title) => titles.indexOf(title));
  expect(positions.every((position) => position >= 0)).toBe(true);
  expect([...positions].sort((a, b) => a - b)).toEqual(positions);

  const whatsapp = cards.filter({ hasText: "Stop Losing Leads in Your WhatsApp Inbox" });
  await expect(whatsapp.getByText("October 16, 2024")).toBeVisible();
  await expect(whatsapp.getByText(/\.\.\.$/)).toBeVisible();
  await expect(whatsapp.getByRole("link", { name: /Read More/ })).toHaveAttribute("href", "/blog/stop-losing-leads-in-your-whatsapp-inbox-1729065600000");
});

test("a post page shows its author, date, content, sidebar and recent posts", async ({ page }) => {
  await page.goto("/blog");
  await page.getByRole("article").filter({ hasText: "Stop Losing Leads in Your WhatsApp Inbox" }).getByRole("link", { name: /Read More/ }).click();

  await expect(page).toHaveURL(/\/blog\/stop-losing-leads-in-your-whatsapp-inbox-1729065600000$/);
  await expect(page.getByRole("heading", { level: 1, name: "Stop Losing Leads in Your WhatsApp Inbox" })).toBeVisible();
  await expect(page).toHaveTitle("Stop Losing Leads in Your WhatsApp Inbox | Ascend Digital");
  const article = page.getByRole("article");
  await expect(article.getByText("Ascend Digital Team")).toBeVisible();
  await expect(article.getByText("October 16, 2024")).toBeVisible();
  await expect(article.getByText("CRM Automation")).toBeVisible();
  await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", /^WhatsApp is where Nigerian customers talk to businesses\./);

  const recent = page.getByRole("region", { name: "Recent Posts" });
  await expect(recent.getByRole("link")).toHaveCount(3);
  await expect(recent.getByRole("link", { name: "Stop Losing Leads in Your WhatsApp Inbox" })).toHaveCount(0);
  await expect(recent.locator("time")).toHaveCount(3);

  await page.getByRole("region", { name: "Categories" }).getByRole("button", { name: "Paid Ads" }).click();
  await expect(page.getByText("Filtering by Paid Ads is coming soon!", { exact: true })).toBeVisible();
  await expect(page.getByRole("region", { name: "About The Author" })).toBeVisible();
  await expect(page.getByRole("region", { name: "Follow Us" }).getByRole("button")).toHaveCount(4);

  const jsonLd = JSON.parse((await page.locator('script[type="application/ld+json"]').first().textContent()) ?? "{}");
  expect(jsonLd["@type"]).toBe("BlogPosting");
  expect(jsonLd.headline).toBe("Stop Losing Leads in Your WhatsApp Inbox");

  await page.getByRole("link", { name: "Back to all articles" }).click();
  await expect(page).toHaveURL(/\/blog$/);
});

test("an unknown slug shows 'Post not found' with a link back to the blog", async ({ page }) => {
  await page.goto("/blog/no-such-post-123");
  await expect(page.getByRole("heading", { level: 1, name: "Post not found" })).toBeVisible();
  await page.getByRole("link", { name: "Back to Blog" }).click();
  await expect(page).toHaveURL(/\/blog$/);
});

test("the prerendered blog page shows 'Loading posts...' before its data arrives", async ({ request }) => {
  const html = await (await request.get("/blog")).text();
  expect(html).toContain("Insights &amp; Updates");
  expect(html).toContain("Loading posts...");
});

/** Gzipped bytes of every JavaScript file the page requests, and which Supabase code is among it. */
async function measureJavaScript(page: Page, path: string) {
  const bodies: Promise<{ url: string; body: Buffer }>[] = [];
  page.on("response", (response) => {
    if (response.request().resourceType() === "script" || response.url().endsWith(".js")) {
      bodies.push(response.body().then((body) => ({ url: response.url(), body })));
    }
  });
  // The Supabase clients are requested from effects, after hydration.
  await gotoHydrated(page, path);
  await page.waitForLoadState("networkidle");
  const files = await Promise.all(bodies);
  const gzipBytes = files.reduce((sum, file) => sum + gzipSync(file.body).length, 0);
  const contains = (marker: string) => files.some((file) => file.body.toString("utf8").includes(marker));
  // Markers that survive minification: PostgREST's "no rows" error code, and the auth client's
  // name, which it logs under.
  return { gzipBytes, files: files.length, hasPostgrest: contains("PGRST116"), hasAuthClient: contains("GoTrueClient") };
}

test("the home page loads no Supabase code; the blog reads through PostgREST alone; sign-in loads supabase-js", async ({ page, browser }) => {
  const home = await measureJavaScript(page, "/");
  const measureIn = async (path: string) => {
    const other = await browser.newPage();
    const result = await measureJavaScript(other, path);
    await other.close();
    return result;
  };
  const blog = await measureIn("/blog");
  const post = await measureIn(`/blog/${await firstSlug(browser)}`);
  const login = await measureIn("/login");
  console.log(`JavaScript, gzipped: / ${home.gzipBytes} B in ${home.files} files; /blog ${blog.gzipBytes} B in ${blog.files} files; a post ${post.gzipBytes} B; /login ${login.gzipBytes} B`);
  test.info().annotations.push({ type: "js-gzip-bytes", description: `/: ${home.gzipBytes}, /blog: ${blog.gzipBytes}, post: ${post.gzipBytes}, /login: ${login.gzipBytes}` });
  expect(home).toMatchObject({ hasPostgrest: false, hasAuthClient: false });
  expect(blog).toMatchObject({ hasPostgrest: true, hasAuthClient: false });
  expect(post).toMatchObject({ hasPostgrest: true, hasAuthClient: false });
  expect(login.hasAuthClient).toBe(true);
});

async function firstSlug(browser: import("@playwright/test").Browser): Promise<string> {
  const page = await browser.newPage();
  await page.goto("/blog");
  const href = await page.getByRole("article").first().getByRole("link").first().getAttribute("href");
  await page.close();
  const slug = href?.split("/blog/")[1];
  if (!slug) throw new Error(`The first card links to ${href}, not to a post`);
  return slug;
}
