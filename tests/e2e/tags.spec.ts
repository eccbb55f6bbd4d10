import { randomUUID } from "node:crypto";
import { type APIRequestContext } from "@playwright/test";
import { expect, test } from "./kept-page";
import { LOCAL_SUPABASE_ANON_KEY } from "../../src/config-defaults";
import { createAdmin, passwordToken } from "./backend";
import { gotoHydrated } from "./hydration";
import { collectConsoleErrors } from "./page-errors";

/**
 * Tags and the featured post as readers meet them (issue 38): an Editor of their own (createAdmin)
 * publishes 13 posts with a tag of this run; the tag's page lists them 12 a page in the served HTML,
 * with prev/next, and 404 past the last page; a post shows its tags as links to the tag's page; the
 * post the Editor features leads /blog in a larger card. The feature is taken back at the end, so
 * other specs' /blog stays as it was.
 */
test.describe.configure({ mode: "serial" });

const ANON_KEY = process.env.LOCAL_SUPABASE_ANON_KEY ?? LOCAL_SUPABASE_ANON_KEY;
const stamp = randomUUID().slice(0, 8);
const member = { email: `tags-${stamp}@example.com`, password: `tags-password-${stamp}` };
const tag = `Quokka Tips ${stamp}`;
const tagSlug = `quokka-tips-${stamp}`;
const title = (n: number) => `Quokka post ${n} ${stamp}`;
const postSlug = (n: number) => `quokka-post-${n}-${stamp}`;
let token = "";

function rest(request: APIRequestContext, path: string, data: unknown) {
  return request.post(path, {
    headers: { apikey: ANON_KEY, authorization: `Bearer ${token}`, prefer: "return=minimal" },
    data,
  });
}

test.beforeAll(async ({ request }) => {
  await createAdmin(request, member.email, member.password, "editor");
  token = await passwordToken(request, member.email, member.password);
  // Post 1 is the oldest, post 13 the newest: page 1 lists 13 down to 2, page 2 post 1.
  const posts = Array.from({ length: 13 }, (_, i) => ({
    title: title(i + 1),
    content: "Quokkas smile for the camera.",
    slug: postSlug(i + 1),
    status: "published",
    published_at: new Date(Date.UTC(2024, 0, i + 1, 9)).toISOString(),
    tags: i === 0 ? [tag, "Second Tag"] : [tag],
  }));
  const created = await rest(request, "/rest/v1/posts", posts);
  expect(created.ok(), await created.text()).toBe(true);
});

test.afterAll(async ({ request }) => {
  const { id } = await postId(request, 13);
  await rest(request, "/rest/v1/rpc/set_featured_post", { post_id: id, feature: false });
});

async function postId(request: APIRequestContext, n: number): Promise<{ id: string }> {
  const found = await request.get(`/rest/v1/posts?select=id&slug=eq.${postSlug(n)}`, {
    headers: { apikey: ANON_KEY, authorization: `Bearer ${token}` },
  });
  return ((await found.json()) as { id: string }[])[0]!;
}

test("a tag page lists its posts, 12 a page, in the served HTML, with prev/next and 404 past the last page", async ({
  request,
}) => {
  const first = await request.get(`/blog/tag/${tagSlug}`);
  expect(first.status()).toBe(200);
  const html = await first.text();
  expect(html).toContain(`<h1`);
  expect(html).toContain(tag);
  expect(html).toContain(`<title>Articles tagged ${tag} | Ascend Digital</title>`);
  expect(html).toMatch(new RegExp(`<link rel="canonical" href="[^"]*/blog/tag/${tagSlug}"`));
  expect(html).toMatch(new RegExp(`<link rel="next" href="[^"]*/blog/tag/${tagSlug}/page/2"`));
  for (let n = 2; n <= 13; n++) expect(html).toContain(title(n));
  expect(html).not.toContain(title(1));

  const second = await request.get(`/blog/tag/${tagSlug}/page/2`);
  expect(second.status()).toBe(200);
  const secondHtml = await second.text();
  expect(secondHtml).toContain(title(1));
  expect(secondHtml).toMatch(new RegExp(`<link rel="prev" href="[^"]*/blog/tag/${tagSlug}"`));

  expect((await request.get(`/blog/tag/${tagSlug}/page/3`)).status()).toBe(404);
  expect((await request.get(`/blog/tag/no-such-tag-${stamp}`)).status()).toBe(404);
  const sitemap = await (await request.get("/sitemap.xml")).text();
  expect(sitemap).toMatch(new RegExp(`<loc>[^<]*/blog/tag/${tagSlug}</loc>`));
});

test("a post shows its tags as links to their pages, and one leads to the tag's page", async ({ page }) => {
  const errors = collectConsoleErrors(page);
  await gotoHydrated(page, `/blog/${postSlug(1)}`);
  const tags = page.getByRole("list", { name: "Tags" });
  await expect(tags.getByRole("link")).toHaveText([tag, "Second Tag"]);
  await tags.getByRole("link", { name: tag }).click();
  await expect(page).toHaveURL(new RegExp(`/blog/tag/${tagSlug}$`));
  await expect(page.getByRole("heading", { name: tag, level: 1 })).toBeVisible();
  await expect(page.getByRole("link", { name: title(13), exact: true })).toBeVisible();
  expect(errors).toEqual([]);
});

test("the post an Editor features leads /blog in a larger card", async ({ page, request }) => {
  const { id } = await postId(request, 5);
  const featured = await rest(request, "/rest/v1/rpc/set_featured_post", { post_id: id, feature: true });
  expect(featured.ok(), await featured.text()).toBe(true);
  // Featuring another replaces it, in one call.
  const { id: newest } = await postId(request, 13);
  expect((await rest(request, "/rest/v1/rpc/set_featured_post", { post_id: newest, feature: true })).ok()).toBe(true);

  const served = await (await request.get("/blog")).text();
  const firstArticle = served.slice(served.indexOf("<article"));
  expect(firstArticle.slice(0, firstArticle.indexOf("</article>"))).toContain(title(13));
  expect(served).not.toMatch(new RegExp(`Featured[\\s\\S]*${title(5)}[\\s\\S]*</article>[\\s\\S]*Featured`));

  await gotoHydrated(page, "/blog");
  const lead = page.locator("main article").first();
  await expect(lead.getByText("Featured", { exact: true })).toBeVisible();
  await expect(lead.getByRole("heading", { name: title(13) })).toBeVisible();
  await expect(page.locator("main article", { hasText: "Featured" })).toHaveCount(1);
});
