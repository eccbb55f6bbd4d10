/**
 * The blog function's social cards as Vercel runs them: the built bundle (dist-ssr/, `npm run build`
 * first) with the card drawn by src/server/social-card/render.ts, reading from the real local
 * Supabase (PGlite with the migrations and RLS) as an anonymous visitor. A card is a 1200x630 PNG
 * cached at the CDN; a page a reader cannot see (unknown, draft, scheduled) has none.
 */
import { describe, expect, it } from "vitest";
import { drawSocialCard } from "../src/server/social-card/draw.ts";
import { cardVersion } from "../src/lib/post-meta.ts";
import type { SocialCard } from "../src/server/social-card/card.ts";
import { blogFunctionForSuite, built, loadBlog, meta } from "../tests/support/blog-function.ts";

const SITE = "https://ascenddigital.ng";
const SEEDED_POST = "stop-losing-leads-in-your-whatsapp-inbox-1729065600000";
const CARD_CACHE = "public, max-age=0, s-maxage=86400, stale-while-revalidate=604800";
const REDIRECT_CACHE = "public, max-age=0, s-maxage=60";

// The card function (api/blog-card.ts): the blog's handler with the drawing.
const blog = blogFunctionForSuite({
  drawCard: drawSocialCard,
  arrange: async (local) => {
    await local.db.query(
      `insert into public.posts (title, content, category, author_id, slug, status, published_at, tags) values
         ('A card draft', 'Body', 'Web Design', 'a5cd0000-0000-4000-8000-000000000001', 'card-draft', 'draft', null, '{}'),
         ('A card for later', 'Body', 'Web Design', 'a5cd0000-0000-4000-8000-000000000001', 'card-later', 'published',
          now() + interval '7 days', '{}'),
         ('Ọjà Ẹ̀rọ 🚀', 'Body', 'Web Design', 'a5cd0000-0000-4000-8000-000000000001', 'card-tagged', 'published',
          now() - interval '1 day', array['Card Tag'])`,
    );
  },
});
const { handle } = blog;

/** A post's card URL as its page names it: with its version, the post's last change. */
async function postCard(slug: string) {
  const { rows } = await blog.local.db.query<{ updated_at: Date }>(
    `select updated_at from public.posts where slug = $1`,
    [slug],
  );
  return `/blog/${slug}/card.png?v=${cardVersion(rows[0]!.updated_at.toISOString())}`;
}

function pngSize(bytes: Uint8Array) {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return { width: view.getUint32(16), height: view.getUint32(20) };
}

async function card(path: string, method = "GET") {
  const response = await handle(new Request(`http://blog.test${path}`, { method }));
  return { response, bytes: new Uint8Array(await response.arrayBuffer()) };
}

async function ogImage(path: string) {
  const { dom } = await blog.get(path);
  return {
    image: meta(dom, "og:image"),
    size: [meta(dom, "og:image:width"), meta(dom, "og:image:height")],
    alt: meta(dom, "og:image:alt"),
  };
}

describe.skipIf(!built)("the blog function's social cards", () => {
  it.each([
    ["a post", () => postCard(SEEDED_POST)],
    ["a post with diacritics and an emoji", () => postCard("card-tagged")],
    ["the blog", () => "/blog/card.png"],
    ["a category", () => "/blog/category/web-design/card.png"],
    ["a tag", () => "/blog/tag/card-tag/card.png"],
    ["an author", () => "/blog/author/ascend-digital-team/card.png"],
  ])("draws %s's card: a 1200x630 PNG the CDN keeps", async (_, path) => {
    const { response, bytes } = await card(await path());
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/png");
    expect(response.headers.get("cache-control")).toBe(CARD_CACHE);
    expect(Number(response.headers.get("content-length"))).toBe(bytes.byteLength);
    expect([...bytes.subarray(1, 4)].map((byte) => String.fromCharCode(byte)).join("")).toBe("PNG");
    expect(pngSize(bytes)).toEqual({ width: 1200, height: 630 });
    expect(bytes.byteLength).toBeLessThan(5 * 1024 * 1024);
  });

  it("answers HEAD with the card's headers and no body", async () => {
    const { response, bytes } = await card(await postCard(SEEDED_POST), "HEAD");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/png");
    expect(Number(response.headers.get("content-length"))).toBeGreaterThan(10_000);
    expect(bytes.byteLength).toBe(0);
  });

  it.each([
    ["an unknown post", "/blog/no-such-post/card.png"],
    ["a draft", "/blog/card-draft/card.png"],
    ["a scheduled post", "/blog/card-later/card.png"],
    ["an unknown category", "/blog/category/no-such-category/card.png"],
    ["an unknown tag", "/blog/tag/no-such-tag/card.png"],
    ["an unknown author", "/blog/author/no-such-author/card.png"],
    ["a second page", "/blog/page/2/card.png"],
    ["a search", "/blog/search/card.png"],
  ])("has no card for %s: the page's not-found", async (_, path) => {
    const { response } = await card(path);
    expect(response.status).toBe(404);
    expect(response.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(response.headers.get("cache-control")).toBe("public, max-age=0, s-maxage=60");
  });

  it("answers 503, never cached, when the database cannot be reached", async () => {
    const failing = await loadBlog({
      fetch: () => Promise.reject(new TypeError("fetch failed")),
      drawCard: drawSocialCard,
    });
    for (const path of [await postCard(SEEDED_POST), "/blog/card.png", "/blog/category/web-design/card.png"]) {
      const response = await failing(new Request(`http://blog.test${path}`));
      // The blog's own card needs no row, so it is drawn all the same.
      if (path === "/blog/card.png") {
        expect(response.status).toBe(200);
        continue;
      }
      expect(response.status).toBe(503);
      expect(response.headers.get("cache-control")).toBe("no-store");
    }
  });

  it.each([
    ["/blog", "/blog/card.png", "Ascend Digital blog: Insights & Updates"],
    ["/blog/category/web-design", "/blog/category/web-design/card.png", "Ascend Digital blog: Web Design articles"],
    ["/blog/tag/card-tag", "/blog/tag/card-tag/card.png", "Ascend Digital blog: articles tagged Card Tag"],
    [
      "/blog/author/ascend-digital-team",
      "/blog/author/ascend-digital-team/card.png",
      "Ascend Digital blog: articles by Ascend Digital Team",
    ],
  ])("gives %s an absolute og:image to its card, with its size and alt text", async (page, path, alt) => {
    expect(await ogImage(page)).toEqual({ image: `${SITE}${path}`, size: ["1200", "630"], alt });
    expect((await card(path)).response.status).toBe(200);
  });

  it.each([
    ["another version", `/blog/${SEEDED_POST}/card.png?v=2024-10-16T08%3A00%3A00Z`],
    ["none", `/blog/${SEEDED_POST}/card.png`],
    ["another version and more", `/blog/${SEEDED_POST}/card.png?v=1&x=2`],
    ["two versions", `/blog/${SEEDED_POST}/card.png?v=1&v=2`],
  ])("sends a post's card URL with %s to the current version with a 301, on GET and HEAD", async (_, path) => {
    const current = await postCard(SEEDED_POST);
    for (const method of ["GET", "HEAD"]) {
      const { response } = await card(path, method);
      expect(response.status).toBe(301);
      expect(response.headers.get("location")).toBe(current);
      expect(response.headers.get("cache-control")).toBe(REDIRECT_CACHE);
    }
  });

  it.each([
    ["the blog", "/blog/card.png?v=1"],
    ["a category", "/blog/category/web-design/card.png?v=abc&utm_source=x"],
    ["a tag", "/blog/tag/card-tag/card.png?utm_source=x&v=1"],
    ["an author", "/blog/author/ascend-digital-team/card.png?v=2"],
  ])("sends %s's card URL with a version to the bare one, the URL its page names", async (_, path) => {
    const { response } = await card(path);
    expect(response.status).toBe(301);
    expect(response.headers.get("location")).toBe(path.split("?")[0]);
  });

  it("draws a card whose version is current whatever else its URL carries (the host's parameters, a link's)", async () => {
    const current = await postCard(SEEDED_POST);
    for (const path of [
      `${current}&utm_source=whatsapp`,
      "/blog/card.png?utm_source=x",
      `/api/blog?__path=${encodeURIComponent(current.split("?")[0]!)}&rest=x&${current.split("?")[1]}`,
    ]) {
      const { response } = await card(path);
      expect(response.status, path).toBe(200);
      expect(response.headers.get("content-type"), path).toBe("image/png");
    }
  });

  it("draws a post's card at the very URL its page names, with no redirect", async () => {
    const { image } = await ogImage(`/blog/${SEEDED_POST}`);
    expect(image).toBe(`${SITE}${await postCard(SEEDED_POST)}`);
    const { response } = await card(image!.slice(SITE.length));
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/png");
  });

  it("draws a page's card once per change: again for the same card, after a new version", async () => {
    const drawn: string[] = [];
    const counting = await loadBlog({
      fetch: blog.fetch,
      drawCard: (content: SocialCard) => (drawn.push(content.title), drawSocialCard(content)),
    });
    const get = async (path: string, method = "GET") => {
      const response = await counting(new Request(`http://blog.test${path}`, { method }));
      return { response, bytes: new Uint8Array(await response.arrayBuffer()) };
    };
    const first = await postCard("card-tagged");
    const [one, two] = await Promise.all([get(first), get(first)]);
    const three = await get(first, "HEAD");
    expect([one.response.status, two.response.status, three.response.status]).toEqual([200, 200, 200]);
    expect(two.bytes).toEqual(one.bytes);
    expect(drawn).toEqual(["Ọjà Ẹ̀rọ 🚀"]);
    expect((await get("/blog/card.png")).response.status).toBe(200);
    expect((await get("/blog/card.png")).response.status).toBe(200);
    expect(drawn).toHaveLength(2);

    await blog.local.db.query(`update public.posts set title = 'Ọjà Ẹ̀rọ, again' where slug = 'card-tagged'`);
    const second = await postCard("card-tagged");
    expect(second).not.toBe(first);
    const stale = await get(first);
    expect(stale.response.status).toBe(301);
    expect(stale.response.headers.get("location")).toBe(second);
    const changed = await get(second);
    expect(changed.response.status).toBe(200);
    expect(changed.bytes).not.toEqual(one.bytes);
    await get(second);
    // Three draws in all: the post's first version, the blog's card, the post's second version.
    expect(drawn).toHaveLength(3);
    expect(drawn.filter((title) => title.startsWith("Ọjà"))).toEqual(["Ọjà Ẹ̀rọ 🚀", "Ọjà Ẹ̀rọ, again"]);
  });
});
