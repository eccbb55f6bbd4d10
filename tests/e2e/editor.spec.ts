import { readFileSync } from "node:fs";
import { type Page } from "@playwright/test";
import { expect, test } from "./kept-page";
import { XMLParser } from "fast-xml-parser";
import { deletePosts, setPublicationTime } from "./backend";
import { signIn } from "./sign-in";

/**
 * Writing on the blog as the admin, against the production build and the local Supabase (with its
 * Storage): Markdown with a preview, drafts that readers cannot see, publishing, scheduling, a cover
 * image uploaded from a file, and nothing lost on a reload.
 */
/**
 * The posts each test publishes, deleted after it: the blog spec, which may run at the same time or
 * later against the same database, expects its first page to hold the seeded posts.
 */
const created: string[] = [];
test.afterEach(async ({ request }) => {
  await deletePosts(request, created.splice(0));
});

/** What a visitor who is not signed in gets at a path (the blog is rendered on the server with the anon key). */
async function visitorStatus(page: Page, path: string): Promise<number> {
  return (await page.request.get(path)).status();
}

/** The titles in /rss.xml and the addresses in /sitemap.xml, as a crawler reads them. */
async function feedAndSitemap(page: Page): Promise<{ feedTitles: string[]; sitemapUrls: string[] }> {
  const parser = new XMLParser();
  const feed = parser.parse(await (await page.request.get("/rss.xml")).text()) as {
    rss: { channel: { item?: { title: string } | { title: string }[] } };
  };
  const sitemap = parser.parse(await (await page.request.get("/sitemap.xml")).text()) as {
    urlset: { url: { loc: string } | { loc: string }[] };
  };
  const list = <T>(value: T | T[] | undefined): T[] =>
    value === undefined ? [] : Array.isArray(value) ? value : [value];
  return {
    feedTitles: list(feed.rss.channel.item).map((item) => String(item.title)),
    sitemapUrls: list(sitemap.urlset.url).map((url) => url.loc),
  };
}

/** Lagos wall-clock time as the schedule field takes it (yyyy-mm-ddThh:mm). */
function lagosInput(at: Date): string {
  return new Intl.DateTimeFormat("sv-SE", {
    timeZone: "Africa/Lagos",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
  })
    .format(at)
    .replace(" ", "T");
}

/**
 * Holds the upload of blog images until the test lets it go, as a slow connection would, so the
 * progress can be seen without guessing how long to wait.
 */
async function holdUploads(page: Page): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/storage/v1/object/blog-images/**", async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

const MARKDOWN = [
  "Intro with **bold** words.",
  "",
  "## Getting started",
  "",
  "- First step",
  "- Second step",
  "",
  "| Plan | Price |",
  "| --- | --- |",
  "| LaunchSite | ₦100,000 |",
].join("\n");

test("the admin writes Markdown, previews it, saves a draft readers cannot see, then publishes it", async ({
  page,
}) => {
  test.setTimeout(60_000);
  const title = `Draft then publish ${Date.now()}`;
  created.push(title);
  await signIn(page, { landsOn: /\/admin\/create-post$/ });
  await page.getByLabel("Title").fill(title);
  await page.getByLabel("Content").fill(MARKDOWN);
  await page.getByLabel("Category").fill("Guides");

  await page.getByRole("tab", { name: "Preview" }).click();
  const preview = page.getByRole("tabpanel");
  await expect(preview.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expect(preview.getByRole("heading", { level: 2, name: "Getting started" })).toBeVisible();
  await expect(preview.locator("strong")).toHaveText("bold");
  await expect(preview.getByRole("cell", { name: "₦100,000" })).toBeVisible();
  await page.getByRole("tab", { name: "Write" }).click();
  await expect(page.getByLabel("Content")).toHaveValue(MARKDOWN);

  await page.getByRole("button", { name: "Save draft" }).click();
  await expect(page.getByText("Draft Saved", { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/posts\/[\w-]+\/edit$/);
  await expect(page.getByText("Draft: only admins can see it.")).toBeVisible();

  // Readers see nothing of it: not on the list, 404 at its address.
  await page.goto("/admin");
  const row = page.getByRole("listitem").filter({ hasText: title });
  await expect(row.getByText("Draft", { exact: true })).toBeVisible();
  const blog = await (await page.request.get("/blog")).text();
  expect(blog).not.toContain(title);
  await row.getByRole("link", { name: `Preview: ${title}` }).click();
  await expect(page.getByText("Preview: only signed-in admins can see this page.")).toBeVisible();
  await expect(page.getByRole("article").getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
  const draftId = /\/admin\/posts\/([\w-]+)\/preview$/.exec(page.url())![1]!;

  await page.goto(`/admin/posts/${draftId}/edit`);
  await page.getByRole("button", { name: "Publish Post" }).click();
  await expect(page.getByText("Post Updated", { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/blog\/draft-then-publish-\d+-\d{13}$/);
  const slugPath = new URL(page.url()).pathname;
  expect(await visitorStatus(page, slugPath)).toBe(200);
  await expect(page.getByRole("article").getByRole("heading", { level: 2, name: "Getting started" })).toBeVisible();
  expect(await (await page.request.get("/blog")).text()).toContain(title);
});

test("a scheduled post is hidden from the blog, the feed and the sitemap until its time, then appears in all three", async ({
  page,
}) => {
  test.setTimeout(60_000);
  const stamp = Date.now();
  const title = `Scheduled post ${stamp}`;
  // The slug is the title's, then the time of creation in milliseconds.
  const slugStart = `/blog/scheduled-post-${stamp}-`;
  created.push(title);
  await signIn(page, { landsOn: /\/admin\/create-post$/ });
  await page.getByLabel("Title").fill(title);
  await page.getByLabel("Content").fill("Going live later.");
  // A year ahead: no test run, however slow, reaches it.
  await page
    .getByLabel("Publication date and time (Lagos time)")
    .fill(lagosInput(new Date(Date.now() + 365 * 86_400_000)));
  await page.getByRole("button", { name: "Schedule" }).click();
  await expect(page.getByText("Post Scheduled", { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/admin$/);
  const row = page.getByRole("listitem").filter({ hasText: title });
  await expect(row.getByText(/^Scheduled for /)).toBeVisible();
  const previewPath = await row.getByRole("link", { name: `Preview: ${title}` }).getAttribute("href");
  expect(previewPath).toMatch(/^\/admin\/posts\/[\w-]+\/preview$/);

  expect(await (await page.request.get("/blog")).text()).not.toContain(title);
  const before = await feedAndSitemap(page);
  expect(before.feedTitles).not.toContain(title);
  expect(before.sitemapUrls.some((url) => url.includes(slugStart))).toBe(false);

  // Its time comes: the publication time is moved to a minute ago, instead of waiting for the clock.
  await setPublicationTime(page.request, title, new Date(Date.now() - 60_000));
  const blog = await (await page.request.get("/blog")).text();
  expect(blog).toContain(title);
  const slug = blog.match(new RegExp(`href="(${slugStart}\\d{13})"`))?.[1];
  expect(slug).toBeDefined();
  expect(await visitorStatus(page, slug!)).toBe(200);
  const after = await feedAndSitemap(page);
  expect(after.feedTitles).toContain(title);
  expect(after.sitemapUrls).toContain(`https://ascenddigital.ng${slug}`);
});

test("the admin uploads a cover image from a file with a progress bar, and it shows on the post page", async ({
  page,
}) => {
  test.setTimeout(60_000);
  const title = `Cover upload ${Date.now()}`;
  created.push(title);
  await signIn(page, { landsOn: /\/admin\/create-post$/ });
  await page.getByLabel("Title").fill(title);
  await page.getByLabel("Content").fill("A post with a picture on top.");

  const release = await holdUploads(page);
  const cover = page.getByRole("group", { name: "Cover image" });
  await cover
    .locator('input[type="file"]')
    .setInputFiles({ name: "cover.png", mimeType: "image/png", buffer: readFileSync("public/og-image.png") });
  await cover.getByRole("button", { name: "Upload" }).click();
  await expect(cover.getByRole("progressbar")).toBeVisible();
  await expect(cover.getByRole("status")).toContainText(/Uploading|Preparing/);
  release();
  await expect(page.getByLabel("Image URL")).toHaveValue(
    /\/storage\/v1\/object\/public\/blog-images\/posts\/\d{4}\/\d{2}\/[\w-]+-1200x630\.webp$/,
  );

  await page.getByRole("button", { name: "Publish Post" }).click();
  await expect(page.getByText("Post Created!", { exact: true })).toBeVisible();
  const image = page.getByRole("article").getByRole("img", { name: title });
  await expect(image).toHaveAttribute("src", /blog-images\/posts\/.+\.webp$/);
  await expect.poll(() => image.evaluate((element: HTMLImageElement) => element.naturalWidth)).toBe(1200);
  const served = await page.request.get((await image.getAttribute("src"))!);
  expect(served.headers()["content-type"]).toBe("image/webp");
});

test("Publish with a chosen cover that was never uploaded uploads it first, with its progress, and the post has it", async ({
  page,
}) => {
  test.setTimeout(60_000);
  const title = `Cover on publish ${Date.now()}`;
  created.push(title);
  await signIn(page, { landsOn: /\/admin\/create-post$/ });
  await page.getByLabel("Title").fill(title);
  await page.getByLabel("Content").fill("The cover was chosen, described, and never uploaded by hand.");

  const release = await holdUploads(page);
  const cover = page.getByRole("group", { name: "Cover image" });
  await cover
    .locator('input[type="file"]')
    .setInputFiles({ name: "cover.png", mimeType: "image/png", buffer: readFileSync("public/og-image.png") });
  await cover.getByLabel(/Describe the image/).fill("A laptop showing the agency's site");
  await page.getByRole("button", { name: "Publish Post" }).click();

  await expect(page.getByRole("button", { name: "Publishing..." })).toBeDisabled();
  await expect(cover.getByRole("progressbar")).toBeVisible();
  release();
  await expect(page.getByText("Post Created!", { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/blog\/cover-on-publish-\d+-\d{13}$/);

  // What a visitor gets: the server-rendered post page, with the cover described as it was typed.
  const image = page.getByRole("article").getByRole("img", { name: "A laptop showing the agency's site" });
  await expect(image).toHaveAttribute("src", /\/storage\/v1\/object\/public\/blog-images\/posts\/.+-1200x630\.webp$/);
  await expect.poll(() => image.evaluate((element: HTMLImageElement) => element.naturalWidth)).toBe(1200);
  const html = await (await page.request.get(new URL(page.url()).pathname)).text();
  expect(html).toMatch(/<img[^>]+src="[^"]+blog-images\/posts\/[^"]+-1200x630\.webp"/);
});

test("a reload in the middle of writing offers the text back", async ({ page }) => {
  await signIn(page, { landsOn: /\/admin\/create-post$/ });
  await page.getByLabel("Title").fill("Half-written thoughts");
  await page.getByLabel("Content").fill("Nothing typed is lost.\n\n## Even headings");
  // The editor keeps the form in this browser a moment after each change.
  await page.waitForFunction(() => Object.keys(localStorage).some((key) => key.startsWith("ascend:post-editor:")));
  await page.reload();
  await expect(page.getByText(/You have changes from .* that were not saved\./)).toBeVisible();
  await page.getByRole("button", { name: "Restore them" }).click();
  await expect(page.getByLabel("Title")).toHaveValue("Half-written thoughts");
  await expect(page.getByLabel("Content")).toHaveValue("Nothing typed is lost.\n\n## Even headings");
});

test("raw HTML and script URLs in a post stay inert in the hydrated page", async ({ page }) => {
  const title = `Hostile markup ${Date.now()}`;
  created.push(title);
  await signIn(page, { landsOn: /\/admin\/create-post$/ });
  await page.getByLabel("Title").fill(title);
  await page
    .getByLabel("Content")
    .fill(
      '<script>window.__owned = 1</script>\n\n<img src=x onerror="window.__owned = 2">\n\n[click](javascript:window.__owned=3)\n\n<iframe src="/"></iframe> <!-- hidden -->',
    );
  await page.getByRole("button", { name: "Publish Post" }).click();
  await expect(page.getByText("Post Created!", { exact: true })).toBeVisible();
  await page.reload();
  await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
  const body = page.getByTestId("post-body");
  await expect(body).toContainText("<script>window.__owned = 1</script>");
  await expect(body.locator("script, img, iframe")).toHaveCount(0);
  await body.getByText("click").click();
  expect(await page.evaluate(() => (window as { __owned?: number }).__owned)).toBeUndefined();
});
