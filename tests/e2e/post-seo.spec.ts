import { type APIRequestContext, type Page } from "@playwright/test";
import { expect, test } from "./kept-page";
import { ADMIN_EMAIL, ADMIN_PASSWORD, deletePosts } from "./backend";
import { gotoHydrated } from "./hydration";

/**
 * A post's search and social fields, from the editor to the served page (issue 38), against the
 * production build and the local Supabase: what is typed in the "Search and social" section is in
 * the post page's HTML as the server sends it (read with a request, not from the DOM), and a post
 * without an image shares the card drawn for it.
 */
const created: string[] = [];
test.afterEach(async ({ request }) => {
  await deletePosts(request, created.splice(0));
});

async function signIn(page: Page) {
  await gotoHydrated(page, "/login");
  await page.getByLabel("Email", { exact: true }).fill(ADMIN_EMAIL);
  await page.getByLabel("Password", { exact: true }).fill(ADMIN_PASSWORD);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL(/\/admin\/create-post$/);
}

const decode = (value: string) =>
  value
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");

/** The head of a page as the server sends it: its title, meta tags by name or property, and canonical link. */
async function servedHead(request: APIRequestContext, path: string) {
  const response = await request.get(path);
  expect(response.status()).toBe(200);
  const html = await response.text();
  const head = html.slice(0, html.indexOf("</head>"));
  const attributes = (tag: string) =>
    Object.fromEntries([...tag.matchAll(/([\w:-]+)="([^"]*)"/g)].map((match) => [match[1]!, decode(match[2]!)]));
  const tags = [...head.matchAll(/<(meta|link)\b[^>]*>/g)].map((match) => attributes(match[0]));
  return {
    title: decode(/<title>([^<]*)<\/title>/.exec(head)?.[1] ?? ""),
    meta: (key: string) => tags.find((tag) => tag.property === key || tag.name === key)?.content ?? null,
    canonical: tags.find((tag) => tag.rel === "canonical")?.href ?? null,
  };
}

async function publish(page: Page, title: string): Promise<string> {
  await page.getByRole("button", { name: "Publish Post" }).click();
  await expect(page).toHaveURL(/\/blog\/[\w-]+$/);
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  return new URL(page.url()).pathname;
}

test("the search and social fields typed in the editor are in the post's served HTML", async ({ page, request }) => {
  const title = `Search fields ${Date.now()}`;
  created.push(title);
  await signIn(page);
  await page.getByLabel("Title", { exact: true }).fill(title);
  await page.getByLabel("Content").fill("The opening line of a post with its own search fields.");

  const section = page.getByRole("group", { name: "Search and social" });
  await expect(section.getByLabel("Headline in search results")).toHaveAttribute(
    "placeholder",
    `${title} | Ascend Digital`,
  );
  await section.getByLabel("Headline in search results").fill("A search title & more");
  await section.getByLabel("Description in search results").fill("A search description written for Google.");
  await section.getByLabel("Canonical URL").fill("https://medium.com/@ascend/first-published-here");
  await section.getByLabel("Headline on shared links").fill("A social title for WhatsApp");
  await section.getByLabel("Description on shared links").fill("A social description for link cards.");
  await section.getByLabel("Picture on shared links (address)").fill("https://cdn.example.com/share-1200x630.png");
  // The previews follow what is typed.
  const google = section.getByRole("figure", { name: /^Google/ });
  await expect(google).toContainText("A search title & more");
  await expect(section.getByRole("figure", { name: /^WhatsApp and LinkedIn/ })).toContainText(
    "A social title for WhatsApp",
  );

  const path = await publish(page, title);
  const head = await servedHead(request, path);
  expect(head.title).toBe("A search title & more");
  expect(head.meta("description")).toBe("A search description written for Google.");
  expect(head.canonical).toBe("https://medium.com/@ascend/first-published-here");
  expect(head.meta("og:title")).toBe("A social title for WhatsApp");
  expect(head.meta("og:description")).toBe("A social description for link cards.");
  expect(head.meta("twitter:title")).toBe("A social title for WhatsApp");
  expect(head.meta("twitter:description")).toBe("A social description for link cards.");
  expect(head.meta("og:image")).toBe("https://cdn.example.com/share-1200x630.png");
  expect(head.meta("twitter:image")).toBe("https://cdn.example.com/share-1200x630.png");
  expect([head.meta("og:image:width"), head.meta("og:image:height")]).toEqual(["1200", "630"]);
  expect(head.meta("og:image:alt")).toBe(title);

  // Its canonical page is elsewhere: the sitemap, which lists canonical URLs only, leaves it out.
  const sitemap = await (await request.get("/sitemap.xml")).text();
  expect(sitemap).not.toContain(path);
});

test("a post without an image shares the 1200x630 card drawn for it", async ({ page, request }) => {
  const title = `Card fallback ${Date.now()}`;
  created.push(title);
  await signIn(page);
  await page.getByLabel("Title", { exact: true }).fill(title);
  await page.getByLabel("Content").fill("A post with no cover and no social image.");
  const card = page.getByRole("figure", { name: /^WhatsApp and LinkedIn/ });
  await expect(card).toContainText("A card will be drawn from the title when the post is published.");

  const path = await publish(page, title);
  const head = await servedHead(request, path);
  expect(head.title).toBe(`${title} | Ascend Digital`);
  expect(head.meta("description")).toBe("A post with no cover and no social image.");
  expect(head.canonical).toMatch(new RegExp(`${path}$`));
  expect(head.meta("og:title")).toBe(head.title);
  const image = head.meta("og:image");
  expect(image).toMatch(/^https?:\/\//);
  expect(image).toMatch(new RegExp(`${path}/card\\.png\\?v=\\w+$`));
  expect(head.meta("twitter:image")).toBe(image);
  expect([head.meta("og:image:width"), head.meta("og:image:height")]).toEqual(["1200", "630"]);
  expect(head.meta("og:image:alt")).toContain(title);
  expect(head.meta("twitter:image:alt")).toContain(title);

  // The card it names is drawn for it by this site's blog function: a 1200x630 PNG.
  const cardUrl = new URL(image!);
  const served = await request.get(`${cardUrl.pathname}${cardUrl.search}`);
  expect(served.status()).toBe(200);
  expect(served.headers()["content-type"]).toBe("image/png");
  const png = await served.body();
  expect(png.subarray(12, 16).toString("latin1")).toBe("IHDR");
  expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([1200, 630]);
});
