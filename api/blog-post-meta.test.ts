/**
 * A post's search and social fields as the blog function serves them (issue 38): the built SSR
 * bundle (dist-ssr/, `npm run build` first) reading the real local Supabase in-process as an
 * anonymous visitor. Each field set shows in the page's head, each unset falls back to today's
 * tag; an external canonical URL names that page and keeps the post out of the sitemap; the feed
 * follows the search description and carries the share image.
 */
import { XMLParser } from "fast-xml-parser";
import { describe, expect, it } from "vitest";
import { FEED_PATH, SITEMAP_PATH } from "../src/lib/feed-paths.ts";
import { blogFunctionForSuite, built, jsonLd, meta } from "../tests/support/blog-function.ts";

const SITE = "https://ascenddigital.ng";
const AUTHOR = "a5cd0000-0000-4000-8000-000000000001";
/** Newer than every seeded post (and past), so these lead the feed. */
const PUBLISHED = "2026-01-0";

const FIELDS = {
  seo_title: "Search title for the meta post",
  seo_description: "A search description written for Google.",
  canonical_url: "https://medium.com/@ascend/first-published-here",
  social_title: "Social title for the meta post",
  social_description: "A social description written for WhatsApp.",
  social_image_url: "https://cdn.example.com/share-1200x630.png",
};

const blog = blogFunctionForSuite({
  arrange: async (local) => {
    await local.db.query(
      `insert into public.posts (title, content, excerpt, author_id, slug, status, published_at, seo_title, seo_description,
                                 canonical_url, social_title, social_description, social_image_url)
       values ('Meta post with every field', 'The body of the meta post.', 'The excerpt of the meta post.', $1,
               'meta-all-fields', 'published', $2, $3, $4, $5, $6, $7, $8)`,
      [
        AUTHOR,
        `${PUBLISHED}3T09:00:00Z`,
        FIELDS.seo_title,
        FIELDS.seo_description,
        FIELDS.canonical_url,
        FIELDS.social_title,
        FIELDS.social_description,
        FIELDS.social_image_url,
      ],
    );
    await local.db.query(
      `insert into public.posts (title, content, excerpt, image_url, author_id, slug, status, published_at)
       values ('Meta post with a cover', 'The body.', 'The excerpt of the covered post.',
               'https://cdn.example.com/cover-1600x900.webp', $1, 'meta-cover', 'published', $2),
              ('Meta post with nothing', 'The first lines of the bare post.', null, null, $1, 'meta-bare', 'published', $3)`,
      [AUTHOR, `${PUBLISHED}2T09:00:00Z`, `${PUBLISHED}1T09:00:00Z`],
    );
  },
});
const { get } = blog;

interface FeedItem {
  title: string;
  link: string;
  description: string;
  enclosure?: { "@_url": string; "@_type": string };
}

async function feedItems(): Promise<FeedItem[]> {
  const { body } = await get(FEED_PATH);
  const rss = new XMLParser({ ignoreAttributes: false }).parse(body) as { rss: { channel: { item: FeedItem[] } } };
  return rss.rss.channel.item;
}

describe.skipIf(!built)("a post's search and social fields, served", () => {
  it("carries each field that is set in the page's head", async () => {
    const { response, dom } = await get("/blog/meta-all-fields");
    expect(response.status).toBe(200);
    expect(dom.title).toBe(FIELDS.seo_title);
    expect(meta(dom, "description")).toBe(FIELDS.seo_description);
    expect(dom.querySelectorAll('link[rel="canonical"]')).toHaveLength(1);
    expect(dom.querySelector('link[rel="canonical"]')?.getAttribute("href")).toBe(FIELDS.canonical_url);
    // What is shared stays the page itself: og:url is its own address.
    expect(meta(dom, "og:url")).toBe(`${SITE}/blog/meta-all-fields`);
    expect(meta(dom, "og:title")).toBe(FIELDS.social_title);
    expect(meta(dom, "og:description")).toBe(FIELDS.social_description);
    expect(meta(dom, "twitter:title")).toBe(FIELDS.social_title);
    expect(meta(dom, "twitter:description")).toBe(FIELDS.social_description);
    expect(meta(dom, "og:image")).toBe(FIELDS.social_image_url);
    expect(meta(dom, "twitter:image")).toBe(FIELDS.social_image_url);
    expect([meta(dom, "og:image:width"), meta(dom, "og:image:height")]).toEqual(["1200", "630"]);
    expect(meta(dom, "og:image:alt")).toBe("Meta post with every field");
    expect(meta(dom, "twitter:image:alt")).toBe("Meta post with every field");
    const [posting] = jsonLd(dom);
    expect(posting).toMatchObject({
      "@type": "BlogPosting",
      headline: "Meta post with every field",
      description: FIELDS.seo_description,
      url: FIELDS.canonical_url,
      mainEntityOfPage: { "@id": FIELDS.canonical_url },
      image: { "@type": "ImageObject", url: FIELDS.social_image_url, width: 1200, height: 630 },
    });
  });

  it("shares the cover, with its size, when no social image is set", async () => {
    const { dom } = await get("/blog/meta-cover");
    expect(dom.title).toBe("Meta post with a cover | Ascend Digital");
    expect(meta(dom, "description")).toBe("The excerpt of the covered post.");
    expect(meta(dom, "og:title")).toBe(dom.title);
    expect(meta(dom, "og:description")).toBe("The excerpt of the covered post.");
    expect(meta(dom, "og:image")).toBe("https://cdn.example.com/cover-1600x900.webp");
    expect([meta(dom, "og:image:width"), meta(dom, "og:image:height")]).toEqual(["1600", "900"]);
    expect(dom.querySelector('link[rel="canonical"]')?.getAttribute("href")).toBe(`${SITE}/blog/meta-cover`);
  });

  it("falls back for every field of a post with none: its title, its first lines, its URL and a drawn card", async () => {
    const { dom } = await get("/blog/meta-bare");
    expect(dom.title).toBe("Meta post with nothing | Ascend Digital");
    expect(meta(dom, "description")).toBe("The first lines of the bare post.");
    expect(dom.querySelector('link[rel="canonical"]')?.getAttribute("href")).toBe(`${SITE}/blog/meta-bare`);
    expect(meta(dom, "og:title")).toBe(dom.title);
    expect(meta(dom, "twitter:title")).toBe(dom.title);
    expect(meta(dom, "og:description")).toBe("The first lines of the bare post.");
    expect(meta(dom, "twitter:description")).toBe("The first lines of the bare post.");
    const image = meta(dom, "og:image");
    expect(image?.startsWith(`${SITE}/blog/meta-bare/card.png?v=`)).toBe(true);
    expect(meta(dom, "twitter:image")).toBe(image);
    expect([meta(dom, "og:image:width"), meta(dom, "og:image:height")]).toEqual(["1200", "630"]);
    expect(meta(dom, "og:image:alt")).toContain("Meta post with nothing");
    expect(meta(dom, "twitter:image:alt")).toBe(meta(dom, "og:image:alt"));
  });

  it("gives the drawn card a new URL when the post changes", async () => {
    const before = meta((await get("/blog/meta-bare")).dom, "og:image");
    await blog.local.db.query(`update public.posts set content = 'Changed.' where slug = 'meta-bare'`);
    const after = meta((await get("/blog/meta-bare")).dom, "og:image");
    expect(after).not.toBe(before);
    expect(after?.startsWith(`${SITE}/blog/meta-bare/card.png?v=`)).toBe(true);
  });

  it("leaves a post whose canonical URL is another page out of the sitemap", async () => {
    const { body } = await get(SITEMAP_PATH);
    const parsed = new XMLParser().parse(body) as { urlset: { url: { loc: string }[] } };
    const locs = parsed.urlset.url.map((url) => url.loc);
    expect(locs).not.toContain(`${SITE}/blog/meta-all-fields`);
    expect(locs).toContain(`${SITE}/blog/meta-cover`);
    expect(locs).toContain(`${SITE}/blog/meta-bare`);
  });

  it("describes each feed item with its search description and carries its share image", async () => {
    const [all, cover, bare] = await feedItems();
    expect(all).toMatchObject({ title: "Meta post with every field", description: FIELDS.seo_description });
    expect(all!.enclosure).toMatchObject({ "@_url": FIELDS.social_image_url, "@_type": "image/png" });
    expect(cover).toMatchObject({ title: "Meta post with a cover", description: "The excerpt of the covered post." });
    expect(cover!.enclosure).toMatchObject({
      "@_url": "https://cdn.example.com/cover-1600x900.webp",
      "@_type": "image/webp",
    });
    expect(bare!.title).toBe("Meta post with nothing");
    expect(bare!.enclosure?.["@_url"].startsWith(`${SITE}/blog/meta-bare/card.png?v=`)).toBe(true);
    expect(bare!.enclosure?.["@_type"]).toBe("image/png");
  });
});
