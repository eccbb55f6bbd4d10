import { randomUUID } from "node:crypto";
import { type Page } from "@playwright/test";
import { expect, test } from "./kept-page";
import { XMLParser } from "fast-xml-parser";
import { ADMIN_EMAIL, ADMIN_PASSWORD, createUser } from "./backend";
import { signIn } from "./sign-in";

/**
 * Sign-in and the whole publishing flow against the production build and the local Supabase. Other
 * specs publish into the same database at the same time, so this one finds its own post by its
 * unique title, never by its position.
 */
function signInAs(page: Page, password = ADMIN_PASSWORD, email = ADMIN_EMAIL) {
  return signIn(page, { email, password });
}

/** fast-xml-parser gives one element as an object and several as an array. */
function asList<T>(value: T | T[] | undefined): T[] {
  return value === undefined ? [] : Array.isArray(value) ? value : [value];
}

test("a signed-out visitor to /admin/create-post is sent to /login", async ({ page }) => {
  await page.goto("/admin/create-post");
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole("heading", { level: 1, name: "Admin Login" })).toBeVisible();
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
});

test("a wrong password shows 'Login Failed' and keeps the visitor on the page with what was typed", async ({
  page,
}) => {
  await signInAs(page, "not-the-password");
  await expect(page.getByText("Login Failed", { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByLabel("Email", { exact: true })).toHaveValue(ADMIN_EMAIL);
  await expect(page.getByRole("button", { name: "Sign In" })).toBeEnabled();
});

test("the admin signs in, publishes, edits, deletes a post and signs out", async ({ page }) => {
  // The longest journey in the suite: give it room on a busy two-core CI machine.
  test.setTimeout(60_000);
  const title = `E2E Launch Notes ${Date.now()}`;
  const edited = `${title} (edited)`;

  await signInAs(page);
  await expect(page.getByText("Login Successful", { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/create-post$/);
  await expect(page.getByRole("heading", { level: 1, name: "Create New Post" })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Admin Panel" })).toBeVisible();
  // No public header or footer in the admin area.
  await expect(page.getByRole("contentinfo")).toHaveCount(0);

  // Whitespace passes the required attribute but not the form's own check.
  await page.getByLabel("Title").fill("   ");
  await page.getByLabel("Content").fill("   ");
  await page.getByRole("button", { name: "Publish Post" }).click();
  await expect(page.getByText("Missing Fields", { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/create-post$/);

  await page.getByLabel("Title").fill(title);
  await page.getByLabel("Content").fill("First line of the launch notes.\nSecond line.");
  await page.getByLabel("Category").fill("Launch");
  await page.getByRole("button", { name: "Publish Post" }).click();

  await expect(page.getByText("Post Created!", { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/blog\/e2e-launch-notes-\d+-\d{13}$/);
  const slugUrl = page.url();
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expect(page.getByRole("article").getByText("Ada Okafor")).toBeVisible();
  await expect(page.getByRole("article").locator("br")).toHaveCount(1);

  await page.goto("/blog");
  await expect(
    page.getByRole("article").filter({ has: page.getByRole("heading", { level: 2, name: title }) }),
  ).toBeVisible();

  // At once, for readers and crawlers: the post as server-rendered HTML, in the sitemap and the feed.
  const slug = new URL(slugUrl).pathname;
  const html = await (await page.request.get(slug)).text();
  expect(html).toContain(`<h1 class="`);
  expect(html).toContain(`${title}</h1>`);
  expect(html).toContain(`<title>${title} | Ascend Digital</title>`);
  const parser = new XMLParser();
  const sitemap = parser.parse(await (await page.request.get("/sitemap.xml")).text()) as {
    urlset: { url: { loc: string }[] };
  };
  expect(sitemap.urlset.url.map((url) => url.loc)).toContain(`https://ascenddigital.ng${slug}`);
  const feed = parser.parse(await (await page.request.get("/rss.xml")).text()) as {
    rss: { channel: { item?: { title: string; link: string } | { title: string; link: string }[] } };
  };
  expect(asList(feed.rss.channel.item)).toContainEqual(
    expect.objectContaining({ title, link: `https://ascenddigital.ng${slug}` }),
  );

  // Edit from the dashboard: same form, saved with an update, slug unchanged.
  await page.goto("/admin");
  await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
  await page.getByRole("link", { name: `Edit: ${title}` }).click();
  await expect(page.getByLabel("Title")).toHaveValue(title);
  await page.getByLabel("Title").fill(edited);
  await page.getByRole("button", { name: "Save Changes" }).click();
  await expect(page.getByText("Post Updated", { exact: true })).toBeVisible();
  await expect(page).toHaveURL(slugUrl);
  await expect(page.getByRole("heading", { level: 1, name: edited })).toBeVisible();

  // Delete, after confirming in the dialog.
  await page.goto("/admin");
  await page.getByRole("button", { name: `Delete: ${edited}` }).click();
  const dialog = page.getByRole("alertdialog", { name: "Delete this post?" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole("button", { name: "Cancel" })).toBeFocused();
  await dialog.getByRole("button", { name: "Delete post" }).click();
  await expect(page.getByText("Post Deleted", { exact: true })).toBeVisible();
  await expect(page.getByRole("heading", { name: edited })).toHaveCount(0);
  await page.goto(slugUrl);
  await expect(page.getByRole("heading", { level: 1, name: "Post not found" })).toBeVisible();

  // Sign out: back to /login, and the admin area is closed again.
  await page.goto("/admin");
  await page.getByRole("button", { name: "Sign Out" }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.goto("/admin");
  await expect(page).toHaveURL(/\/login$/);
});

test("a signed-in user who is not an admin is told the admin area is not theirs, as which account, and can sign out", async ({
  page,
}) => {
  const email = `reader-${randomUUID()}@example.com`;
  await createUser(page.request, email, "reader-password");
  await signInAs(page, "reader-password", email);
  await expect(page).toHaveURL(/\/admin\/create-post$/);
  await expect(page.getByRole("heading", { level: 1, name: "You don't have access to the admin area" })).toBeVisible();
  await expect(page.getByText(`You are signed in as ${email}.`)).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Admin Panel" })).toHaveCount(0);
  await expect(page.getByLabel("Title")).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Go to the website" })).toHaveAttribute("href", "/");

  // Every admin page says the same, and signing out leads back to the sign-in page.
  await page.goto("/admin/leads");
  await expect(page.getByRole("heading", { level: 1, name: "You don't have access to the admin area" })).toBeVisible();
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.goto("/admin");
  await expect(page).toHaveURL(/\/login$/);
});

test("on a phone the admin panel is a top bar and nothing scrolls sideways", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInAs(page);
  await expect(page).toHaveURL(/\/admin\/create-post$/);
  const nav = page.getByRole("navigation", { name: "Admin Panel" });
  await expect(nav.getByRole("link", { name: "Dashboard" })).toBeVisible();
  const navBox = await nav.boundingBox();
  const headingBox = await page.getByRole("heading", { level: 1, name: "Create New Post" }).boundingBox();
  expect(navBox!.y + navBox!.height).toBeLessThanOrEqual(headingBox!.y);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});
