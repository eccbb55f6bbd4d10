/**
 * Hostile input to the blog function (the SSR build against the local Supabase): odd searches,
 * page numbers, categories and slugs get a 400-range answer or a normal page, never a 5xx, and a
 * page that is not a real page says noindex. 503, with Retry-After, means the database cannot be
 * reached, and only that. Searches count against the shared rate limit on every instance.
 */
import { existsSync } from "node:fs";
import { join } from "node:path";
import { XMLParser, XMLValidator } from "fast-xml-parser";
import { JSDOM } from "jsdom";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { SEARCH_QUOTA } from "../src/server/request-limits";
import { createLocalSupabase, type LocalSupabase } from "../supabase/local/index.ts";
import { BLOG_BUNDLE, loadBlogHandler } from "../src/server/blog-function.ts";
import { readSettings } from "../src/server/settings.ts";
import { FEED_PATH } from "../src/lib/feed-paths.ts";

const SSR_DIR = join(process.cwd(), "dist-ssr");
const built = existsSync(join(SSR_DIR, BLOG_BUNDLE.entry));
if (!built && process.env.CI) throw new Error("dist-ssr/ is missing: run `npm run build` before the tests.");
if (!built) console.warn("api/blog-hostile-input.test.ts is skipped: dist-ssr/ is missing (run `npm run build`).");

/** The time of every search: the quota's loop never straddles the end of its one-minute window. */
const NOW = new Date("2026-11-26T09:00:10.000Z");
const clock = () => NOW;

let local: LocalSupabase;
let handle: (request: Request) => Promise<Response>;
let second: (request: Request) => Promise<Response>;
const inProcess: typeof fetch = async (input, init) => local.handler(new Request(input, init));

let address = 0;
function get(path: string, handler = handle, ip?: string) {
  address += 1;
  return handler(
    new Request(`http://blog.test${path}`, {
      headers: { "x-forwarded-for": ip ?? `100.80.${address % 250}.${(address >> 8) % 250}` },
    }),
  );
}

const canonical = (html: string) =>
  new JSDOM(html).window.document.querySelector('link[rel="canonical"]')?.getAttribute("href") ?? null;
const noindex = (html: string) =>
  new JSDOM(html).window.document.querySelector('meta[name="robots"]')?.getAttribute("content") ?? null;

describe.skipIf(!built)("the blog function under hostile input", () => {
  beforeAll(async () => {
    local = await createLocalSupabase({ inMemory: true, quiet: true, bcryptCost: 4, env: {} });
    handle = await loadBlogHandler({ settings: () => readSettings({}), ssrDir: SSR_DIR, fetch: inProcess, now: clock });
    second = await loadBlogHandler({ settings: () => readSettings({}), ssrDir: SSR_DIR, fetch: inProcess, now: clock });
  });

  afterAll(async () => {
    await local?.close();
  });

  const PATHS = [
    "/blog/search?q=%00",
    "/blog/search?q=web%00design",
    "/blog/search?q=%01%02%1B%5B31m%7F",
    "/blog/search?q=%E0%A4%A",
    "/blog/search?q=%ZZ%",
    "/blog/search?q=%ED%A0%80",
    `/blog/search?q=${"lead%20".repeat(1_500)}`,
    "/blog/search?q=%27%22%29%3B%20drop%20table%20posts%3B--",
    "/blog/search?q=%3Cscript%3Ealert(1)%3C%2Fscript%3E",
    "/blog/search?q=!!!%20%7C%7C%20%26%26%20%3A*%20-%20%22",
    "/blog/search?q=crm&page=-1",
    "/blog/search?q=crm&page=0",
    "/blog/search?q=crm&page=1e9",
    "/blog/search?q=crm&page=abc",
    "/blog/search?q=crm&page=999999",
    "/blog?page=-1",
    "/blog?page=0",
    "/blog?page=1e9",
    "/blog?page=abc",
    "/blog/page/-1",
    "/blog/page/0",
    "/blog/page/1e9",
    "/blog/page/abc",
    "/blog/page/999999",
    "/blog/category/no-such-category",
    "/blog/category/%00",
    "/blog/category/%E0%A4%A",
    "/blog/category/a'b%22c/page/2",
    "/blog/%00",
    "/blog/%",
    "/blog/%E0%A4%A",
    "/blog/..%2F..%2Fetc%2Fpasswd",
    "/blog/%3Cscript%3E",
    "/blog/a'%20or%201%3D1--",
    `/blog/${"x".repeat(5_000)}`,
    "/blog/%F0%9F%98%80",
  ];

  it.each(PATHS)("%s: no 5xx, and noindex unless it is a real page", async (path) => {
    const response = await get(path);
    expect(response.status, path).toBeLessThan(500);
    if (response.status === 301) return;
    const html = await response.text();
    if (response.status !== 200) expect(noindex(html), path).toBe("noindex");
    // A search is indexable, and folded into the query-less search page.
    else if (path.startsWith("/blog/search")) expect(canonical(html), path).toMatch(/^https:\/\/[^/]+\/blog\/search$/);
  });

  it("never shows a search's own text outside the search box, so a link cannot make the site say it", async () => {
    const words = "Call 0803 555 0199 for cheap loans today";
    const response = await get(`/blog/search?q=${encodeURIComponent(words)}`);
    expect(response.status).toBe(200);
    const { document } = new JSDOM(await response.text()).window;
    expect(document.querySelector<HTMLInputElement>("main input[type='search']")?.value).toBe(words);
    // What a search engine reads: the title, every meta tag and link, and the page's text.
    const read = [
      document.title,
      ...[...document.querySelectorAll("meta")].map((tag) => tag.getAttribute("content") ?? ""),
      ...[...document.querySelectorAll("link")].map((tag) => tag.getAttribute("href") ?? ""),
    ];
    for (const script of document.querySelectorAll("script")) script.remove();
    read.push(document.body.textContent ?? "");
    for (const text of read) {
      expect(text).not.toContain("0803");
      expect(text.toLowerCase()).not.toContain("loans");
    }
    expect(document.querySelector('main [role="status"] p')?.textContent).toBe("No articles match your search.");
  });

  it("answers 503 with Retry-After when the database cannot be reached, and only then", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const down = await loadBlogHandler({
      settings: () => readSettings({}),
      ssrDir: SSR_DIR,
      fetch: async () => {
        throw new TypeError("fetch failed");
      },
    });
    for (const path of ["/blog", "/blog/any-post", "/blog/search?q=crm"]) {
      const response = await get(path, down);
      expect(response.status, path).toBe(503);
      expect(response.headers.get("retry-after"), path).toMatch(/^\d+$/);
    }
    vi.restoreAllMocks();
  });

  it("refuses the search over the shared limit with 429 and Retry-After on either instance", async () => {
    const ip = "100.99.0.1";
    for (let i = 0; i < SEARCH_QUOTA.limit; i += 1) {
      expect((await get(`/blog/search?q=lead+${i}`, i % 2 ? second : handle, ip)).status).toBe(200);
    }
    for (const instance of [handle, second]) {
      const refused = await get("/blog/search?q=one+more", instance, ip);
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get("retry-after"))).toBe(SEARCH_QUOTA.windowSeconds - 10);
      expect(refused.headers.get("cache-control")).toBe("no-store");
    }
    // The list and the posts are not searches: never counted, never refused.
    expect((await get("/blog", handle, ip)).status).toBe(200);
  });

  it("keeps a title that closes CDATA sections and writes XML as the item's own title in the feed", async () => {
    // Two `]]>`: the feed library's CDATA writer split only the first, and the second ended the
    // section, so the rest of the title became elements of the feed (an item linking elsewhere).
    const title =
      "Two ]]> ends ]]></title></item><item><title>Forged</title><link>https://evil.example/</link></item><item><title>x &amp; y";
    const slug = "hostile-feed-title";
    type Feed = {
      rss: { channel: { item: { title: string; link: string; category: unknown; description: string }[] } };
    };
    const read = async () =>
      new XMLParser({ ignoreAttributes: false }).parse(await (await get(FEED_PATH)).text()) as Feed;
    const before = (await read()).rss.channel.item.length;
    await local.db.query(
      `insert into public.posts (title, content, category, author_id, slug, status, published_at, tags)
       values ($1, 'Body', $2, 'a5cd0000-0000-4000-8000-000000000001', $3, 'published', now(), array[$2])`,
      [title, "CDATA ]]> ]]><b>", slug],
    );
    // A control character XML 1.0 cannot hold at all, in the excerpt the item's description is cut from.
    await local.db.query("update public.posts set excerpt = $1 where slug = $2", ["Bell \u0007 rings ]]>", slug]);
    try {
      const response = await get(FEED_PATH);
      expect(response.status).toBe(200);
      const body = await response.text();
      expect(XMLValidator.validate(body)).toBe(true);
      const items = (new XMLParser({ ignoreAttributes: false }).parse(body) as Feed).rss.channel.item;
      // One item more than before: the planted post's, and no other.
      expect(items).toHaveLength(before + 1);
      expect(items.filter((item) => item.title === title)).toHaveLength(1);
      expect(items.filter((item) => item.title === "Forged")).toHaveLength(0);
      expect(items.some((item) => item.link.includes("evil.example"))).toBe(false);
      // The control character is left out (the feed would not parse with it); the rest is the summary's.
      expect(items[0]!.description).toBe("Bell  rings ]]>");
      expect(items[0]!.category).toEqual([
        "CDATA ]]> ]]><b>",
        { "#text": "CDATA ]]> ]]><b>", "@_domain": "https://ascenddigital.ng/blog/tag/cdata-b" },
      ]);
    } finally {
      await local.db.query("delete from public.posts where slug = $1", [slug]);
    }
  });
});
