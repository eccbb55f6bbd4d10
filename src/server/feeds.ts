/**
 * /rss.xml and /sitemap.xml, from the database at request time. What anon may see decides what
 * they list (RLS), exactly as for the pages.
 */
import { config } from "../config";
import { blogCopy } from "../content/blog";
import { postMetaCopy } from "../content/post-meta";
import { site } from "../content/site";
import { blogAuthorPath, blogCategoryPath, blogPostPath, blogTagPath } from "../lib/blog-paths";
import { FEED_PATH } from "../lib/feed-paths";
import { categorySlug } from "../lib/category";
import { excerpt } from "../lib/format";
import { listCategories, listFeedPosts, listSitemapAuthors, listSitemapPosts, FEED_SIZE } from "../lib/posts";
import { isCanonicalElsewhere, searchDescriptionOf, shareImage } from "../lib/post-meta";
import { listTags } from "../lib/tag-posts";
import type { PublicReader } from "../lib/supabase";

function absolute(path: string): string {
  return `${config.siteUrl}${path === "/" ? "/" : path}`;
}

/** Dublin Core, whose `dc:creator` names an item's author (RSS's own `<author>` must be an e-mail address). */
const DUBLIN_CORE = "http://purl.org/dc/elements/1.1/";
const ATOM = "http://www.w3.org/2005/Atom";

/** The media types of the images a post may share, by the file name's extension. */
const IMAGE_TYPES: Record<string, string> = {
  avif: "image/avif",
  gif: "image/gif",
  jpeg: "image/jpeg",
  jpg: "image/jpeg",
  png: "image/png",
  webp: "image/webp",
};

/**
 * The post's share image (post-meta.ts: the social image, the cover or the drawn card) as an item's
 * enclosure, with its media type; none when the address does not say which type it is (an
 * enclosure must name one, and a reader would guess a wrong one from the extension).
 */
function enclosureOf(post: Parameters<typeof shareImage>[0]): { url: string; type: string } | null {
  const { url } = shareImage(post, postMetaCopy);
  const type = IMAGE_TYPES[new URL(url).pathname.split(".").pop()?.toLowerCase() ?? ""];
  return type ? { url, type } : null;
}

/**
 * Characters XML 1.0 cannot hold at all, escaped or not (control characters but tab and line
 * breaks, lone surrogates, U+FFFE and U+FFFF): one in a title would make the whole feed unreadable
 * for every subscriber, so they are left out of it.
 */
const NOT_XML = /[^\t\n\r\u0020-\ud7ff\ue000-\ufffd\u{10000}-\u{10ffff}]/gu;

/** `text` as XML character data or an attribute's value: nothing in it can end an element or open one. */
function escapeXml(text: string): string {
  return text
    .replace(NOT_XML, "")
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&apos;");
}

/** `<name attributes>text</name>`, every value escaped. */
function element(name: string, text: string, attributes: Record<string, string> = {}): string {
  const attrs = Object.entries(attributes)
    .map(([key, value]) => ` ${key}="${escapeXml(value)}"`)
    .join("");
  return `<${name}${attrs}>${escapeXml(text)}</${name}>`;
}

/**
 * RSS 2.0 with the newest posts, written by hand like the sitemap below, every value escaped as
 * text. Not with the `feed` library: it wraps titles and descriptions in CDATA sections whose
 * writer (xml-js) splits only the first `]]>`, so a title with two closed the section and added an
 * <item> of its own to the feed. Each item names its author in `dc:creator`, as a name: the team's
 * e-mail addresses stay off the web. Its description is the search description when one is written
 * (post-meta.ts), and it carries the image a shared link shows as its enclosure.
 */
export async function renderRssFeed(reader: PublicReader): Promise<string> {
  const posts = await listFeedPosts(reader, FEED_SIZE);
  const newest = posts[0]?.published_at ? new Date(posts[0].published_at) : new Date(0);
  const items = posts.map((post) => {
    const link = absolute(blogPostPath(post.slug));
    const enclosure = enclosureOf(post);
    return [
      "<item>",
      element("title", post.title),
      element("link", link),
      // The link is the item's permanent id.
      element("guid", link, { isPermaLink: "true" }),
      element("pubDate", new Date(post.published_at ?? 0).toUTCString()),
      element("description", searchDescriptionOf(post, excerpt(post.summary, 300))),
      // The category first, then each tag as a <category> whose domain is the tag's page.
      ...(post.category ? [element("category", post.category)] : []),
      ...post.tags.map((tag) => element("category", tag, { domain: absolute(blogTagPath(categorySlug(tag))) })),
      ...(enclosure ? [`<enclosure url="${escapeXml(enclosure.url)}" length="0" type="${enclosure.type}"/>`] : []),
      element("dc:creator", post.author?.full_name?.trim() || site.name),
      "</item>",
    ].join("\n");
  });
  return [
    '<?xml version="1.0" encoding="utf-8"?>',
    `<rss version="2.0" xmlns:dc="${DUBLIN_CORE}" xmlns:atom="${ATOM}">`,
    "<channel>",
    element("title", `${site.name}: ${blogCopy.list.heading}`),
    element("link", absolute("/blog")),
    element("description", blogCopy.list.seoDescription),
    element("lastBuildDate", newest.toUTCString()),
    element("docs", "https://validator.w3.org/feed/docs/rss2.html"),
    element("language", "en-NG"),
    "<image>",
    element("title", `${site.name}: ${blogCopy.list.heading}`),
    element("url", absolute("/icon-512.png")),
    element("link", absolute("/blog")),
    "</image>",
    element("copyright", `© ${site.name}`),
    `<atom:link href="${escapeXml(absolute(FEED_PATH))}" rel="self" type="application/rss+xml"/>`,
    ...items,
    "</channel>",
    "</rss>",
    "",
  ].join("\n");
}

function day(value: string): string {
  return new Date(value).toISOString().slice(0, 10);
}

export interface StaticPage {
  path: string;
  lastmod: string;
}

/**
 * Every page offered to search engines: the prerendered ones the build lists (with its date), the blog, its category and tag pages,
 * every post with its last change, and every author with a post out (last changed when their
 * profile or newest post did). Written by hand: a sitemap is a flat list of two tags, and
 * the sitemap libraries are built around Node streams the renderer does not need.
 */
export async function renderSitemap(reader: PublicReader, staticPages: StaticPage[]): Promise<string> {
  const [posts, categories, authors, tags] = await Promise.all([
    listSitemapPosts(reader),
    listCategories(reader),
    listSitemapAuthors(reader),
    listTags(reader),
  ]);
  const newestByAuthor = new Map<string, string>();
  for (const post of posts) {
    const seen = newestByAuthor.get(post.author_id);
    if (!seen || post.updated_at > seen) newestByAuthor.set(post.author_id, post.updated_at);
  }
  const newest = categories.reduce<string | null>(
    (latest, item) => (!latest || item.updated_at > latest ? item.updated_at : latest),
    null,
  );
  const entries: StaticPage[] = [
    ...staticPages,
    { path: "/blog", lastmod: newest ? day(newest) : (staticPages[0]?.lastmod ?? day(new Date().toISOString())) },
    ...categories.map((category) => ({ path: blogCategoryPath(category.slug), lastmod: day(category.updated_at) })),
    ...tags.map((tag) => ({ path: blogTagPath(tag.slug), lastmod: day(tag.updated_at) })),
    // Canonical URLs only: a post first published elsewhere names that page as canonical.
    ...posts
      .filter((post) => !isCanonicalElsewhere(post))
      .map((post) => ({ path: blogPostPath(post.slug), lastmod: day(post.updated_at) })),
    ...authors.flatMap((author) => {
      const newest = newestByAuthor.get(author.id);
      if (!author.slug || !newest) return [];
      return [
        { path: blogAuthorPath(author.slug), lastmod: day(newest > author.updated_at ? newest : author.updated_at) },
      ];
    }),
  ];
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...entries.map(
      (entry) => `  <url><loc>${escapeXml(absolute(entry.path))}</loc><lastmod>${entry.lastmod}</lastmod></url>`,
    ),
    "</urlset>",
    "",
  ].join("\n");
}
