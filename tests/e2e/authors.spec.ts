import { axeOf } from "./axe";
import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { type Page } from "@playwright/test";
import { expect, test } from "./kept-page";
import { XMLParser } from "fast-xml-parser";
import { LOCAL_SUPABASE_ANON_KEY } from "../../src/config-defaults";
import { createAdmin, passwordToken } from "./backend";
import { gotoHydrated, waitForStillPage } from "./hydration";
import { collectConsoleErrors } from "./page-errors";
import { signIn } from "./sign-in";

/**
 * Authors in public, as a member and a reader meet them: a member of their own (createAdmin, so the
 * shared local admin's profile stays as it is) fills in their profile at /admin/profile, photo
 * uploaded; once a post of theirs is out, the post shows their photo, name and bio, the name leads
 * to their page, which lists the post and describes them as a `Person` in the served HTML, and the
 * sitemap and the feed name them.
 */
test.describe.configure({ mode: "serial" });

const ANON_KEY = process.env.LOCAL_SUPABASE_ANON_KEY ?? LOCAL_SUPABASE_ANON_KEY;
const stamp = randomUUID().slice(0, 8);
const member = { email: `author-${stamp}@example.com`, password: `author-password-${stamp}` };
const name = `Chiamaka Eze ${stamp}`;
const slug = `chiamaka-${stamp}`;
const bio = "Writes about websites that bring in leads, and the forms that keep them.";
const postSlug = `author-spec-post-${stamp}`;
const postTitle = `Five questions to ask before a redesign ${stamp}`;

function signInAsMember(page: Page) {
  return signIn(page, { email: member.email, password: member.password, landsOn: /\/admin/ });
}

test.beforeAll(async ({ request }) => {
  await createAdmin(request, member.email, member.password);
});

test("a member fills in their profile, photo uploaded, and sees the byline's preview", async ({ page }) => {
  await signInAsMember(page);
  await page.getByRole("link", { name: "Profile" }).click();
  await expect(page.getByRole("heading", { name: "Your profile", level: 1 })).toBeVisible();

  await page.getByLabel("Name").fill(name);
  await page.getByLabel("Author page address").fill("Not A Slug");
  await page.getByLabel("Short bio").fill(bio);
  await expect(page.getByText(`${bio.length} / 280`)).toBeVisible();
  await page.getByRole("button", { name: "Save profile" }).click();
  await expect(page.getByText(/Use lower-case letters and digits/)).toBeVisible();
  await expect(page.getByLabel("Author page address")).toBeFocused();

  await page.getByLabel("Author page address").fill(slug);
  await page
    .locator('input[type="file"]')
    .setInputFiles({ name: "me.png", mimeType: "image/png", buffer: readFileSync("public/icon-512.png") });
  await expect(page.getByLabel("Photo address (URL)")).toHaveValue(
    new RegExp(`/storage/v1/object/public/blog-images/avatars/[\\w-]+/[\\w-]+-512x512\\.(webp|png)$`),
  );
  const preview = page.getByRole("region", { name: "Preview" });
  await expect(preview.getByText(bio)).toBeVisible();
  await expect(preview.locator("img").first()).toHaveAttribute("src", /\/avatars\//);

  await page.getByRole("button", { name: "Save profile" }).click();
  await expect(page.getByText("Profile saved", { exact: true })).toBeVisible();
  await expect(page.getByText(`/blog/author/${slug}.`, { exact: false }).first()).toBeVisible();
});

test("their published post shows the byline and leads to their page, listed in the sitemap and named in the feed", async ({
  page,
  request,
}) => {
  // Nothing of theirs is out yet: no author page.
  expect((await request.get(`/blog/author/${slug}`)).status()).toBe(404);

  const token = await passwordToken(request, member.email, member.password);
  const created = await request.post("/rest/v1/posts", {
    headers: { apikey: ANON_KEY, authorization: `Bearer ${token}`, prefer: "return=minimal" },
    data: { title: postTitle, content: "Ask who owns the domain.", slug: postSlug, status: "published" },
  });
  expect(created.ok(), await created.text()).toBe(true);

  const errors = collectConsoleErrors(page);
  await gotoHydrated(page, `/blog/${postSlug}`);
  const article = page.getByRole("article");
  await expect(article.locator('img[src*="/avatars/"]')).toBeVisible();
  const card = page.getByRole("region", { name: "About The Author" });
  await expect(card.getByText(bio)).toBeVisible();
  await expect(card.locator('img[src*="/avatars/"]')).toHaveCount(1);

  await article.getByRole("link", { name }).click();
  await expect(page).toHaveURL(new RegExp(`/blog/author/${slug}$`));
  await expect(page.getByRole("heading", { name, level: 1 })).toBeVisible();
  await expect(page.getByText(bio)).toBeVisible();
  await expect(page.getByRole("link", { name: postTitle, exact: true })).toBeVisible();
  // Hydrated from the server's markup and navigated in the browser without an error.
  expect(errors).toEqual([]);

  // What a crawler gets: the served HTML, with the author as a Person.
  const served = await request.get(`/blog/author/${slug}`);
  expect(served.status()).toBe(200);
  const html = await served.text();
  const blocks = [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].map(
    (match) => JSON.parse(match[1]!) as Record<string, unknown>,
  );
  expect(blocks).toContainEqual(
    expect.objectContaining({
      "@type": "Person",
      name,
      url: expect.stringMatching(new RegExp(`/blog/author/${slug}$`)) as unknown,
      image: expect.stringMatching(/\/avatars\//) as unknown,
      description: bio,
    }),
  );
  expect(html).toContain(postTitle);

  const sitemap = await (await request.get("/sitemap.xml")).text();
  expect(sitemap).toMatch(new RegExp(`<loc>[^<]*/blog/author/${slug}</loc>`));

  const feed = new XMLParser().parse(await (await request.get("/rss.xml")).text()) as {
    rss: { channel: { item: { title: string; "dc:creator": string }[] } };
  };
  expect(feed.rss.channel.item.find((item) => item.title === postTitle)?.["dc:creator"]).toBe(name);
});

test("the author page of nobody is a 404 page", async ({ page }) => {
  const response = await page.goto("/blog/author/nobody-writes-here");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "This author has no page.", level: 1 })).toBeVisible();
});

test("the author page and the profile screen have no WCAG A or AA violation on a phone", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.emulateMedia({ reducedMotion: "reduce" });
  const check = async (label: string) => {
    await page.waitForLoadState("networkidle");
    await page.addStyleTag({
      content: ".skip-offscreen, .skip-offscreen-footer { content-visibility: visible !important; }",
    });
    await waitForStillPage(page);
    const results = await axeOf(page)
      .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22a", "wcag22aa"])
      .analyze();
    expect(
      results.violations.map(
        (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target).join(", ")}`,
      ),
      label,
    ).toEqual([]);
  };
  await gotoHydrated(page, `/blog/author/${slug}`);
  await check("the author page");
  await signInAsMember(page);
  await gotoHydrated(page, "/admin/profile");
  await expect(page.getByLabel("Short bio")).toHaveValue(bio);
  await check("the profile screen");
});
