/**
 * api/blog.ts as Vercel runs it: the built SSR bundle (dist-ssr/, made by `npm run build` before the
 * tests in `npm test`) answering Requests, reading from the real local Supabase (PGlite with the
 * migrations and RLS) in-process, as an anonymous visitor.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { XMLParser, XMLValidator } from "fast-xml-parser";
import { JSDOM } from "jsdom";
import { describe, expect, it } from "vitest";
import { BOOTSTRAP_SCRIPT } from "../scripts/bootstrap-script.ts";
import { SEARCH_QUOTA } from "../src/server/request-limits.ts";
import { blogCopy } from "../src/content/blog.ts";
import { FEED_PATH, SITEMAP_PATH } from "../src/lib/feed-paths.ts";
import { blogFunctionForSuite, built, jsonLd, loadBlog, meta } from "../tests/support/blog-function.ts";

const SITE = "https://ascenddigital.ng";
const SEEDED_POST = "stop-losing-leads-in-your-whatsapp-inbox-1729065600000";
/** The seed author's page (the slug is made from their name, 'Ascend Digital Team'). */
const SEEDED_AUTHOR = "/blog/author/ascend-digital-team";

/** The time of every search: the quota's loop never straddles the end of its one-minute window. */
const NOW = new Date("2026-11-26T09:00:10.000Z");

const requests: string[] = [];
const blog = blogFunctionForSuite({
  now: () => NOW,
  onRequest: (request) => requests.push(new URL(request.url).pathname + new URL(request.url).search),
  arrange: async (local) => {
    // 25 more posts in one category, so the list has three pages and the category two.
    await local.db.query(
      `insert into public.posts (title, content, category, author_id, slug, status, published_at)
       select 'Paging test ' || n, 'Paging body ' || n, 'Paging Tests', 'a5cd0000-0000-4000-8000-000000000001', 'paging-test-' || n,
              'published', timestamptz '2023-01-01' + n * interval '1 day'
         from generate_series(1, 25) as n`,
    );
    // 14 of them tagged 'Zigzag Tag' (two pages), and a draft whose tag nobody may see.
    await local.db.query(
      `update public.posts set tags = array['Zigzag Tag'] where slug like 'paging-test-%' and split_part(slug, '-', 3)::int <= 14`,
    );
    await local.db.query(
      `insert into public.posts (title, content, author_id, slug, status, tags)
       values ('Secret draft', 'Body', 'a5cd0000-0000-4000-8000-000000000001', 'secret-tag-draft', 'draft', array['Hushed Tag'])`,
    );
  },
});
const { get, handle } = blog;

function routeData(doc: Document): { key: string; data: Record<string, unknown> } {
  return JSON.parse(doc.getElementById("route-data")?.textContent ?? "null") as {
    key: string;
    data: Record<string, unknown>;
  };
}

describe.skipIf(!built)("the blog function", () => {
  it("gives every page it answers the built stylesheet inline, whole, and links none", async () => {
    const [stylesheet, ...others] = readdirSync(join(process.cwd(), "dist", "assets")).filter((name) =>
      name.endsWith(".css"),
    );
    expect(others).toEqual([]);
    const css = readFileSync(join(process.cwd(), "dist", "assets", stylesheet!), "utf8");
    for (const path of [
      `/blog/${SEEDED_POST}`,
      "/blog",
      "/blog/page/2",
      "/blog/category/paging-tests",
      "/blog/tag/zigzag-tag",
      SEEDED_AUTHOR,
      "/blog/search?q=whatsapp",
      "/blog/no-such-post",
    ]) {
      const { body, dom } = await get(path);
      const inline = [...dom.head.querySelectorAll("style")].filter((style) => !style.closest("noscript"));
      expect(
        inline.filter((style) => style.textContent === css),
        path,
      ).toHaveLength(1);
      expect(body, path).not.toMatch(/<link\b[^>]*\brel="stylesheet"/);
    }
  });

  it("renders a post as a complete article with its own title, description and preview tags", async () => {
    const { response, dom, body } = await get(`/blog/${SEEDED_POST}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(response.headers.get("cache-control")).toBe("public, max-age=0, s-maxage=60, stale-while-revalidate=600");
    expect(dom.title).toBe("Stop Losing Leads in Your WhatsApp Inbox | Ascend Digital");
    expect(dom.querySelectorAll("h1")).toHaveLength(1);
    expect(dom.querySelector("h1")?.textContent).toBe("Stop Losing Leads in Your WhatsApp Inbox");
    expect(dom.querySelector("article")?.textContent).toContain("A basic CRM fixes this.");
    expect(meta(dom, "description")).toMatch(/^WhatsApp is where Nigerian customers talk to businesses\./);
    expect(meta(dom, "description")!.length).toBeLessThanOrEqual(160);
    expect(dom.querySelector('link[rel="canonical"]')?.getAttribute("href")).toBe(`${SITE}/blog/${SEEDED_POST}`);
    expect(meta(dom, "og:type")).toBe("article");
    expect(meta(dom, "og:title")).toBe(dom.title);
    expect(meta(dom, "og:description")).toBe(meta(dom, "description"));
    expect(meta(dom, "og:url")).toBe(`${SITE}/blog/${SEEDED_POST}`);
    // No cover: the card drawn for the post (issue 38), versioned by its last change.
    expect(meta(dom, "og:image")?.startsWith(`${SITE}/blog/${SEEDED_POST}/card.png?v=`)).toBe(true);
    expect(meta(dom, "og:image")).toMatch(/\/card\.png\?v=\w+$/);
    expect([meta(dom, "og:image:width"), meta(dom, "og:image:height")]).toEqual(["1200", "630"]);
    expect(meta(dom, "og:image:alt")).toContain("Stop Losing Leads in Your WhatsApp Inbox");
    expect(meta(dom, "article:published_time")).toBe("2024-10-16T08:30:00+00:00");
    expect(meta(dom, "article:modified_time")).toBeTruthy();
    expect(meta(dom, "article:section")).toBe("CRM Automation");
    expect(meta(dom, "twitter:card")).toBe("summary_large_image");
    // Every head tag is in <head>, where crawlers read them.
    expect(dom.head.querySelector('meta[property="article:section"]')).not.toBeNull();
    // Like a prerendered page: one script runs, the inline one the CSP allows by its hash, which starts
    // the app after the first paint; the data blocks are JSON, which never run; nothing is preloaded.
    const runnable = [...dom.querySelectorAll("script")].filter((script) => !/json/.test(script.type));
    expect(runnable.map((script) => script.textContent)).toEqual([BOOTSTRAP_SCRIPT]);
    expect(runnable[0]!.dataset.entry).toMatch(/^\/assets\/index-[\w-]+\.js$/);
    expect(body).not.toContain('rel="modulepreload"');
  });

  it("describes the post and its place in the site as structured data", async () => {
    const { dom } = await get(`/blog/${SEEDED_POST}`);
    const [posting, breadcrumbs] = jsonLd(dom);
    expect(posting).toMatchObject({
      "@type": "BlogPosting",
      headline: "Stop Losing Leads in Your WhatsApp Inbox",
      datePublished: "2024-10-16T08:30:00+00:00",
      author: { "@type": "Person", name: "Ascend Digital Team", url: `${SITE}${SEEDED_AUTHOR}` },
      publisher: {
        "@type": "Organization",
        name: "Ascend Digital",
        logo: { "@type": "ImageObject", url: `${SITE}/icon-512.png` },
      },
      mainEntityOfPage: { "@type": "WebPage", "@id": `${SITE}/blog/${SEEDED_POST}` },
      image: { url: meta(dom, "og:image"), width: 1200, height: 630 },
    });
    expect(posting!.description).toBe(meta(dom, "description"));
    expect(posting!.dateModified).toBeTruthy();
    expect(breadcrumbs).toMatchObject({
      "@type": "BreadcrumbList",
      itemListElement: [
        { position: 1, name: "Home", item: `${SITE}/` },
        { position: 2, name: "Blog", item: `${SITE}/blog` },
        { position: 3, name: "Stop Losing Leads in Your WhatsApp Inbox", item: `${SITE}/blog/${SEEDED_POST}` },
      ],
    });
  });

  it("shows the author's name linking to their page, and their bio in the About The Author card", async () => {
    const { dom } = await get(`/blog/${SEEDED_POST}`);
    const byline = dom.querySelector(`article a[href="${SEEDED_AUTHOR}"]`);
    expect(byline?.textContent).toBe("Ascend Digital Team");
    const card = dom.querySelector('section[aria-label="About The Author"]');
    expect(card?.textContent).toContain("Ascend Digital Team");
    expect(card?.textContent).toContain("Designers, developers and ad specialists in Abuja");
    expect(card?.querySelector(`a[href="${SEEDED_AUTHOR}"]`)).not.toBeNull();
  });

  it("renders an author's page with their posts, Person data, canonical and pages", async () => {
    const { response, dom } = await get(SEEDED_AUTHOR);
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("public, max-age=0, s-maxage=60, stale-while-revalidate=600");
    expect(dom.title).toBe("Ascend Digital Team, author | Ascend Digital");
    expect(dom.querySelector("h1")?.textContent).toBe("Ascend Digital Team");
    expect(meta(dom, "description")).toMatch(/^Designers, developers and ad specialists/);
    expect(dom.querySelector('link[rel="canonical"]')?.getAttribute("href")).toBe(`${SITE}${SEEDED_AUTHOR}`);
    // The 6 seeded posts and the 25 paging posts, all by the seed author: 12 a page, three pages.
    expect(dom.querySelectorAll("main article")).toHaveLength(12);
    expect(dom.querySelector('link[rel="next"]')?.getAttribute("href")).toBe(`${SITE}${SEEDED_AUTHOR}/page/2`);
    expect(jsonLd(dom)).toEqual([
      {
        "@context": "https://schema.org",
        "@type": "Person",
        name: "Ascend Digital Team",
        url: `${SITE}${SEEDED_AUTHOR}`,
        description: expect.stringMatching(/^Designers, developers/) as unknown,
      },
    ]);
    expect(routeData(dom).key).toBe("blog-author:ascend-digital-team:1");
    const last = await get(`${SEEDED_AUTHOR}/page/3`);
    expect(last.response.status).toBe(200);
    expect(last.dom.querySelectorAll("main article")).toHaveLength(7);
  });

  it("answers 404 for an unknown author or a page past their last, and redirects page 1 to the canonical path", async () => {
    expect((await get("/blog/author/nobody-here")).response.status).toBe(404);
    expect((await get(`${SEEDED_AUTHOR}/page/4`)).response.status).toBe(404);
    const first = await get(`${SEEDED_AUTHOR}/page/1`);
    expect(first.response.status).toBe(301);
    expect(first.response.headers.get("location")).toBe(SEEDED_AUTHOR);
  });

  it("renders a tag's page with its posts, title, description, canonical and pages", async () => {
    const { response, dom } = await get("/blog/tag/zigzag-tag");
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("public, max-age=0, s-maxage=60, stale-while-revalidate=600");
    expect(dom.title).toBe("Articles tagged Zigzag Tag | Ascend Digital");
    expect(dom.querySelector("h1")?.textContent).toBe("Zigzag Tag");
    expect(meta(dom, "description")).toMatch(/^Articles tagged Zigzag Tag/);
    expect(dom.querySelector('link[rel="canonical"]')?.getAttribute("href")).toBe(`${SITE}/blog/tag/zigzag-tag`);
    expect(dom.querySelector('link[rel="next"]')?.getAttribute("href")).toBe(`${SITE}/blog/tag/zigzag-tag/page/2`);
    expect(dom.querySelectorAll("main article")).toHaveLength(12);
    // Newest first: paging posts 14 down to 3, then 2 and 1 on page 2.
    expect(dom.querySelector("main article h2")?.textContent).toBe("Paging test 14");
    expect(routeData(dom).key).toBe("blog-tag:zigzag-tag:1");
    const last = await get("/blog/tag/zigzag-tag/page/2");
    expect(last.response.status).toBe(200);
    expect(last.dom.querySelectorAll("main article")).toHaveLength(2);
    expect(last.dom.querySelector('link[rel="prev"]')?.getAttribute("href")).toBe(`${SITE}/blog/tag/zigzag-tag`);
  });

  it("answers 404 for an unknown tag, a draft's tag or a page past the last, and redirects page 1", async () => {
    expect((await get("/blog/tag/no-such-tag")).response.status).toBe(404);
    expect((await get("/blog/tag/hushed-tag")).response.status).toBe(404);
    expect((await get("/blog/tag/zigzag-tag/page/3")).response.status).toBe(404);
    const first = await get("/blog/tag/zigzag-tag/page/1");
    expect(first.response.status).toBe(301);
    expect(first.response.headers.get("location")).toBe("/blog/tag/zigzag-tag");
  });

  it("shows a post's tags as links to their pages", async () => {
    const { dom } = await get("/blog/paging-test-3");
    const list = dom.querySelector('main ul[aria-label="Tags"]');
    expect([...(list?.querySelectorAll("a") ?? [])].map((a) => [a.textContent, a.getAttribute("href")])).toEqual([
      ["Zigzag Tag", "/blog/tag/zigzag-tag"],
    ]);
    // The seed tags one of its posts (supabase/seed.sql), and leaves another without tags.
    const seeded = (await get(`/blog/${SEEDED_POST}`)).dom.querySelector('main ul[aria-label="Tags"]');
    expect([...(seeded?.querySelectorAll("a") ?? [])].map((a) => [a.textContent, a.getAttribute("href")])).toEqual([
      ["WhatsApp", "/blog/tag/whatsapp"],
      ["Lead follow-up", "/blog/tag/lead-follow-up"],
    ]);
    const untagged = "/blog/what-a-good-small-business-website-costs-in-nigeria-1745312400000";
    expect((await get(untagged)).dom.querySelector('main ul[aria-label="Tags"]')).toBeNull();
  });

  it("leads /blog's first page with the featured post in a larger card, and only there", async () => {
    await blog.local.db.query(`update public.posts set featured = true where slug = 'paging-test-2'`);
    try {
      const { dom } = await get("/blog");
      const lead = dom.querySelector("main article");
      expect(lead?.querySelector("h2")?.textContent).toBe("Paging test 2");
      expect(lead?.textContent).toContain("Featured");
      expect(dom.querySelectorAll("main article")).toHaveLength(13);
      expect((await get("/blog/page/2")).dom.body.textContent).not.toContain("Featured");
      expect((await get("/blog/category/paging-tests")).dom.body.textContent).not.toContain("Featured");
    } finally {
      await blog.local.db.query(`update public.posts set featured = false where slug = 'paging-test-2'`);
    }
  });

  it("does not lead /blog with a featured post that is not out", async () => {
    await blog.local.db.query(`update public.posts set featured = true where slug = 'secret-tag-draft'`);
    try {
      const { dom } = await get("/blog");
      expect(dom.body.textContent).not.toContain("Secret draft");
      expect(dom.querySelectorAll("main article")).toHaveLength(12);
    } finally {
      await blog.local.db.query(`update public.posts set featured = false where slug = 'secret-tag-draft'`);
    }
  });

  it("leaves the rows it rendered with for hydration, as inert JSON", async () => {
    const { dom } = await get(`/blog/${SEEDED_POST}`);
    const seed = routeData(dom);
    expect(seed.key).toBe(`blog-post:${SEEDED_POST}`);
    expect(seed.data).toMatchObject({
      status: "found",
      post: { slug: SEEDED_POST, author: { full_name: "Ascend Digital Team" } },
    });
    expect((seed.data.recentPosts as unknown[]).length).toBe(3);
  });

  it("lists 12 posts a page without reading any post body, with numbered links and prev/next", async () => {
    requests.length = 0;
    const { response, dom, body } = await get("/blog");
    expect(response.status).toBe(200);
    expect(gzipSync(body).length, "the list's HTML stays under 60 KB gzipped").toBeLessThan(60 * 1024);
    expect(dom.title).toBe("Blog: Insights & Updates | Ascend Digital");
    expect(dom.querySelectorAll("h1")).toHaveLength(1);
    expect(dom.querySelectorAll("main article")).toHaveLength(12);
    expect(dom.body.textContent).not.toContain("Loading posts...");
    const pages = [...dom.querySelectorAll('nav[aria-label="Pages"] a')].map((link) => link.getAttribute("href"));
    expect(pages).toEqual(["/blog", "/blog/page/2", "/blog/page/3", "/blog/page/2"]);
    expect(dom.querySelector('nav[aria-label="Pages"] a[aria-current="page"]')?.textContent).toBe("1");
    expect(dom.querySelector('link[rel="next"]')?.getAttribute("href")).toBe(`${SITE}/blog/page/2`);
    expect(dom.querySelector('link[rel="prev"]')).toBeNull();
    expect(dom.querySelector('link[rel="alternate"][type="application/rss+xml"]')?.getAttribute("href")).toBe(
      `${SITE}${FEED_PATH}`,
    );
    expect(jsonLd(dom)[0]).toMatchObject({ "@type": "Blog", url: `${SITE}/blog` });
    expect((jsonLd(dom)[0]!.blogPost as unknown[]).length).toBe(12);
    // Only the columns the cards show: never `content` or `*`. The page and the featured post.
    const postReads = requests.filter((path) => path.startsWith("/rest/v1/posts"));
    expect(postReads).toHaveLength(2);
    for (const read of postReads) {
      expect(decodeURIComponent(read)).toMatch(
        /select=id,\s*title,\s*slug,\s*category,\s*category_slug,\s*image_url,\s*published_at,\s*summary,\s*reading_minutes&/,
      );
    }
    expect(postReads.filter((read) => read.includes("limit=12"))).toHaveLength(1);
    expect(postReads.filter((read) => read.includes("featured=eq.true"))).toHaveLength(1);
  });

  it("renders later pages with their own title, canonical URL and neighbours", async () => {
    const { response, dom } = await get("/blog/page/3");
    expect(response.status).toBe(200);
    expect(dom.title).toBe("Blog: Insights & Updates, page 3 | Ascend Digital");
    expect(dom.querySelector('link[rel="canonical"]')?.getAttribute("href")).toBe(`${SITE}/blog/page/3`);
    expect(dom.querySelector('link[rel="prev"]')?.getAttribute("href")).toBe(`${SITE}/blog/page/2`);
    expect(dom.querySelector('link[rel="next"]')).toBeNull();
    expect(dom.querySelectorAll("main article").length).toBe(31 - 24);
    expect((await get("/blog/page/4")).response.status).toBe(404);
  });

  it("renders a category page with its posts only, paginated the same way", async () => {
    const { response, dom } = await get("/blog/category/paging-tests");
    expect(response.status).toBe(200);
    expect(dom.title).toBe("Paging Tests articles | Ascend Digital");
    expect(dom.querySelector("h1")?.textContent).toBe("Paging Tests articles");
    expect(dom.querySelector('link[rel="canonical"]')?.getAttribute("href")).toBe(`${SITE}/blog/category/paging-tests`);
    const titles = [...dom.querySelectorAll("main article h2")].map((heading) => heading.textContent);
    expect(titles).toHaveLength(12);
    expect(titles.every((title) => title?.startsWith("Paging test "))).toBe(true);
    expect(dom.querySelector('nav[aria-label="Browse by category"] a[aria-current="page"]')?.textContent).toBe(
      "Paging Tests",
    );
    const second = await get("/blog/category/paging-tests/page/3");
    expect(second.dom.querySelectorAll("main article")).toHaveLength(1);
    expect((await get("/blog/category/no-such-category")).response.status).toBe(404);
  });

  it("sends the query and /page/1 forms of a page number to its canonical path, keeping other parameters", async () => {
    const query = await get("/blog?page=2&utm_source=facebook");
    expect(query.response.status).toBe(301);
    expect(query.response.headers.get("location")).toBe("/blog/page/2?utm_source=facebook");
    expect((await get("/blog/page/1")).response.headers.get("location")).toBe("/blog");
    expect((await get("/blog/category/paging-tests/page/1")).response.headers.get("location")).toBe(
      "/blog/category/paging-tests",
    );
  });

  it("answers an unknown post with 'Post not found', a way back and 404", async () => {
    const { response, dom } = await get("/blog/no-such-post-123");
    expect(response.status).toBe(404);
    expect(response.headers.get("cache-control")).toBe("public, max-age=0, s-maxage=60");
    expect(dom.querySelector("h1")?.textContent).toBe("Post not found");
    expect(
      [...dom.querySelectorAll("a")].some(
        (link) => link.textContent === "Back to Blog" && link.getAttribute("href") === "/blog",
      ),
    ).toBe(true);
    expect(meta(dom, "robots")).toBe("noindex");
  });

  it("shows hostile paths as text and answers 404", async () => {
    const { response, body, dom } = await get("/blog/%3Cscript%3Ealert(1)%3C%2Fscript%3E");
    expect(response.status).toBe(404);
    expect(body).not.toContain("<script>alert(1)");
    // The page's own inline script is the only one without a type, and it is the build's text.
    const untyped = [...dom.querySelectorAll("script:not([src]):not([type])")].map((script) => script.textContent);
    expect(untyped).toEqual([BOOTSTRAP_SCRIPT]);
    expect((await get("/blog/a/b/c")).response.status).toBe(404);
    expect((await get("/blog/page/0")).response.status).toBe(404);
  });

  it("renders a Markdown post as HTML with a table of contents and reading time, and makes raw HTML and script URLs inert", async () => {
    const body = [
      "Intro with **bold** and a [safe link](https://example.com).",
      "## One",
      "## Two",
      "## Three",
      "## Four",
      '<script>window.hacked = 1</script> <img src=x onerror="alert(1)"> <iframe src="https://evil.example"></iframe> <!-- note -->',
      "[bad](javascript:alert(1)) [worse](&#106;avascript:alert(1)) ![svg](data:image/svg+xml,<svg onload=alert(1)>)",
    ].join("\n\n");
    await blog.local.db.query(
      `insert into public.posts (title, content, category, author_id, slug, status, published_at)
       values ('Markdown safety', $1, 'Paging Tests', 'a5cd0000-0000-4000-8000-000000000001', 'markdown-safety', 'published', timestamptz '2022-06-01')`,
      [body],
    );
    const { response, dom } = await get("/blog/markdown-safety");
    expect(response.status).toBe(200);
    const article = dom.querySelector("article")!;
    expect(article.querySelector("strong")?.textContent).toBe("bold");
    expect([...article.querySelectorAll(".post-body h2")].map((heading) => heading.id)).toEqual([
      "one",
      "two",
      "three",
      "four",
    ]);
    expect(dom.querySelector('nav[aria-labelledby="toc-heading"]')?.querySelectorAll("a")).toHaveLength(4);
    expect(article.textContent).toContain("1 min read");
    expect(article.textContent).toContain("<script>window.hacked = 1</script>");
    expect(article.querySelectorAll("script, iframe, svg[onload], img[onerror]")).toHaveLength(0);
    const attributes = [...article.querySelectorAll("*")].flatMap((element) =>
      [...element.attributes].map((attribute) => `${attribute.name}=${attribute.value}`),
    );
    expect(attributes.filter((attribute) => /^on/i.test(attribute) || /javascript:|data:/i.test(attribute))).toEqual(
      [],
    );
    expect(meta(dom, "description")).toMatch(
      /^Intro with bold and a safe link\. One Two Three Four <script>window\.hacked = 1<\/script>/,
    );
  });

  it("finds posts by a word only in their body, by a phrase, and leaves out -words, best match first", async () => {
    await blog.local.db.query(
      `insert into public.posts (title, content, category, author_id, slug, status, published_at) values
         ('Quarterly planning notes', 'Our zebrafinch method for planning the quarter, step by step.', 'Paging Tests', 'a5cd0000-0000-4000-8000-000000000001', 'search-body-word', 'published', timestamptz '2022-01-01'),
         ('Markup in a post', 'We write <b>bold</b> and <script>alert(1)</script> as text: findmeplease.', 'Paging Tests', 'a5cd0000-0000-4000-8000-000000000001', 'search-markup', 'published', timestamptz '2022-01-02'),
         ('A hidden draft about zebrafinch', 'zebrafinch draft', 'Paging Tests', 'a5cd0000-0000-4000-8000-000000000001', 'search-draft', 'draft', null)`,
    );
    const body = await get("/blog/search?q=zebrafinch");
    expect(body.response.status).toBe(200);
    // Open to search engines, every search folded into the query-less page.
    expect(meta(body.dom, "robots")).toBeNull();
    expect(body.dom.querySelector('link[rel="canonical"]')?.getAttribute("href")).toBe(`${SITE}/blog/search`);
    expect(body.dom.title).toBe("Search the blog | Ascend Digital");
    expect(body.dom.querySelector('[role="status"]')?.textContent).toBe("1 article matches your search");
    const result = body.dom.querySelector("main ol article")!;
    expect(result.querySelector("h2 a")?.getAttribute("href")).toBe("/blog/search-body-word");
    expect(result.querySelector("mark")?.textContent?.toLowerCase()).toBe("zebrafinch");

    const phrase = await get(`/blog/search?q=${encodeURIComponent('"small business"')}`);
    const phraseTitles = [...phrase.dom.querySelectorAll("main ol h2")].map((heading) => heading.textContent);
    expect(phraseTitles).toEqual(
      expect.arrayContaining([
        "What a Good Small Business Website Costs in Nigeria",
        "Why Every Lagos Small Business Needs a Website in 2025",
      ]),
    );
    const excluded = await get(`/blog/search?q=${encodeURIComponent("website -lagos")}`);
    const excludedTitles = [...excluded.dom.querySelectorAll("main ol h2")].map((heading) => heading.textContent);
    expect(excludedTitles).toContain("What a Good Small Business Website Costs in Nigeria");
    expect(excludedTitles).not.toContain("Why Every Lagos Small Business Needs a Website in 2025");
    // The title weighs most: the post with WhatsApp in its title comes first.
    const ranked = await get("/blog/search?q=whatsapp");
    expect(ranked.dom.querySelector("main ol h2")?.textContent).toBe("Stop Losing Leads in Your WhatsApp Inbox");
  });

  it("shows markup in a post's snippet as text, marking only the matched words", async () => {
    const { dom } = await get("/blog/search?q=findmeplease");
    const snippet = dom.querySelector("main ol article p:last-child")!;
    expect(snippet.textContent).toContain("<b>bold</b>");
    expect(snippet.textContent).toContain("<script>alert(1)</script>");
    expect(snippet.querySelectorAll("*")).toHaveLength(1);
    expect(snippet.querySelector("mark")?.textContent).toBe("findmeplease");
  });

  it("answers any query with results or an empty state that suggests categories, never an error", async () => {
    for (const query of ["'", "&", ":*", "\\", "x".repeat(2048), '"unbalanced', "a & b | !c", "<script>", "--", "()"]) {
      const { response, dom } = await get(`/blog/search?q=${encodeURIComponent(query)}`);
      expect(response.status, query).toBe(200);
      const status = dom.querySelector('main [role="status"]')?.textContent ?? "";
      expect(status, query).toMatch(
        /^(No articles match your search\.|1 article matches your search$|\d+ articles match your search$)/,
      );
      if (status.startsWith("No articles"))
        expect(dom.querySelectorAll("main ul a[href^='/blog/category/']").length).toBeGreaterThan(0);
    }
    const empty = await get("/blog/search");
    expect(empty.response.status).toBe(200);
    expect(empty.dom.querySelector("main")?.textContent).toContain("Put a phrase in quotes");
    expect(empty.dom.querySelector("main form[role='search']")?.getAttribute("action")).toBe("/blog/search");
  });

  it("shows related posts, the neighbouring articles and share links under a post, never the post itself or a draft", async () => {
    const { dom } = await get(`/blog/${SEEDED_POST}`);
    const related = [...dom.querySelectorAll('section[aria-labelledby="related-heading"] h3 a')].map((link) =>
      link.getAttribute("href"),
    );
    expect(related).toHaveLength(3);
    expect(related).not.toContain(`/blog/${SEEDED_POST}`);
    expect(related[0]).toBe("/blog/five-signs-your-business-has-outgrown-spreadsheets-1736755200000");
    expect(related).not.toContain("/blog/search-draft");
    expect(dom.querySelector('a[rel="prev"]')?.getAttribute("href")).toBe(
      "/blog/why-every-lagos-small-business-needs-a-website-in-2025-1726210800000",
    );
    expect(dom.querySelector('a[rel="next"]')?.getAttribute("href")).toBe(
      "/blog/how-to-run-facebook-ads-on-a-50000-budget-1732348800000",
    );
    const share = [...dom.querySelectorAll('section[aria-labelledby="share-heading"] a')];
    expect(share.map((link) => link.getAttribute("aria-label"))).toEqual([
      "Share on WhatsApp",
      "Share on LinkedIn",
      "Share on X",
      "Share on Facebook",
    ]);
    expect(
      share.every(
        (link) => link.getAttribute("target") === "_blank" && link.getAttribute("rel") === "noopener noreferrer",
      ),
    ).toBe(true);
  });

  it("says the blog is unavailable with 503, never a blank page, and never caches it", async () => {
    const failing = await loadBlog({ fetch: () => Promise.reject(new TypeError("fetch failed")) });
    for (const path of ["/blog", `/blog/${SEEDED_POST}`]) {
      const response = await failing(new Request(`http://blog.test${path}`));
      const dom = new JSDOM(await response.text()).window.document;
      expect(response.status).toBe(503);
      expect(response.headers.get("cache-control")).toBe("no-store");
      expect(response.headers.get("retry-after")).toBe("30");
      expect(dom.querySelector('[role="alert"]')?.textContent).toContain("The blog is unavailable right now");
      expect(dom.querySelector("header")).not.toBeNull();
    }
    const feed = await failing(new Request(`http://blog.test${FEED_PATH}`));
    expect(feed.status).toBe(503);
  });

  it("refuses a client's searches past the quota with a 429 page that keeps the query, and reads nothing for it", async () => {
    const from = { "x-forwarded-for": "203.0.113.77" };
    for (let search = 1; search <= SEARCH_QUOTA.limit; search += 1)
      expect((await get(`/blog/search?q=quota${search}`, { headers: from })).response.status).toBe(200);
    const before = requests.length;
    const { response, dom } = await get("/blog/search?q=one+more", { headers: from });
    expect(response.status).toBe(429);
    // The window started at 09:00:00; the clock says 09:00:10.
    expect(Number(response.headers.get("retry-after"))).toBe(SEARCH_QUOTA.windowSeconds - 10);
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(response.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(dom.querySelector("header")).not.toBeNull();
    expect(dom.querySelector("h1")?.textContent).toBe("Search the blog");
    expect((dom.querySelector("main form[role='search'] input[name='q']") as HTMLInputElement | null)?.value).toBe(
      "one more",
    );
    expect(dom.querySelector('[role="alert"]')?.textContent).toBe(
      `${blogCopy.search.limitedTitle}${blogCopy.search.limited}`,
    );
    expect(routeData(dom).data).toMatchObject({ status: "limited" });
    // Only the counter was asked: no post was read for a refused search.
    expect(requests.slice(before).every((path) => path.startsWith("/rest/v1/rpc/hit_rate_limit"))).toBe(true);
    // Another client's searches are still answered.
    expect(
      (await get("/blog/search?q=website", { headers: { "x-forwarded-for": "203.0.113.78" } })).response.status,
    ).toBe(200);
  });

  it("answers HEAD like GET without a body, and refuses other methods", async () => {
    const head = await handle(new Request("http://blog.test/blog", { method: "HEAD" }));
    expect(head.status).toBe(200);
    expect(await head.text()).toBe("");
    const post = await handle(new Request("http://blog.test/blog", { method: "POST", body: "x" }));
    expect(post.status).toBe(405);
    expect(post.headers.get("allow")).toBe("GET, HEAD");
  });

  it("reads the path Vercel forwards when it hands the function the rewritten URL", async () => {
    const { response, dom } = await get(
      `/api/blog?__path=${encodeURIComponent(`/blog/${SEEDED_POST}`)}&rest=${SEEDED_POST}`,
    );
    expect(response.status).toBe(200);
    expect(dom.querySelector("h1")?.textContent).toBe("Stop Losing Leads in Your WhatsApp Inbox");
  });

  it("publishes an RSS 2.0 feed of the 20 newest posts that an XML parser reads", async () => {
    const { response, body } = await get(FEED_PATH);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/rss+xml; charset=utf-8");
    expect(XMLValidator.validate(body)).toBe(true);
    const rss = new XMLParser({ ignoreAttributes: false }).parse(body) as {
      rss: { "@_version": string; channel: { title: string; link: string; item: Record<string, unknown>[] } };
    };
    expect(rss.rss["@_version"]).toBe("2.0");
    expect(rss.rss.channel.link).toBe(`${SITE}/blog`);
    const items = rss.rss.channel.item;
    expect(items).toHaveLength(20);
    expect(items[0]).toMatchObject({
      title: "What a Good Small Business Website Costs in Nigeria",
      category: "Web Design",
    });
    expect(items[0]!.link).toBe(`${SITE}/blog/what-a-good-small-business-website-costs-in-nigeria-1745312400000`);
    expect(items[0]!.guid).toMatchObject({ "#text": items[0]!.link, "@_isPermaLink": "true" });
    expect(new Date(items[0]!.pubDate as string).toISOString()).toBe("2025-04-22T09:00:00.000Z");
    expect(String(items[0]!.description)).toMatch(/^Prices for websites in Nigeria range/);
  });

  it("names each feed item's author in dc:creator, in the Dublin Core namespace", async () => {
    const { body } = await get(FEED_PATH);
    const rss = new XMLParser({ ignoreAttributes: false }).parse(body) as {
      rss: { "@_xmlns:dc": string; channel: { item: Record<string, unknown>[] } };
    };
    expect(rss.rss["@_xmlns:dc"]).toBe("http://purl.org/dc/elements/1.1/");
    expect(rss.rss.channel.item.every((item) => item["dc:creator"] === "Ascend Digital Team")).toBe(true);
  });

  it("gives each feed item its category and a <category> per tag, whose domain is the tag's page", async () => {
    await blog.local.db.query(
      `update public.posts set tags = array['Zigzag Tag', 'Second Tag'] where slug = 'what-a-good-small-business-website-costs-in-nigeria-1745312400000'`,
    );
    try {
      const { body } = await get(FEED_PATH);
      const rss = new XMLParser({ ignoreAttributes: false }).parse(body) as {
        rss: { channel: { item: Record<string, unknown>[] } };
      };
      expect(rss.rss.channel.item[0]!.category).toEqual([
        "Web Design",
        { "#text": "Zigzag Tag", "@_domain": `${SITE}/blog/tag/zigzag-tag` },
        { "#text": "Second Tag", "@_domain": `${SITE}/blog/tag/second-tag` },
      ]);
    } finally {
      await blog.local.db.query(
        `update public.posts set tags = '{}' where slug = 'what-a-good-small-business-website-costs-in-nigeria-1745312400000'`,
      );
    }
  });

  it("lists every page, category and post in a sitemap that an XML parser reads", async () => {
    const { response, body } = await get(SITEMAP_PATH);
    expect(response.status).toBe(200);
    expect(XMLValidator.validate(body)).toBe(true);
    const parsed = new XMLParser().parse(body) as { urlset: { url: { loc: string; lastmod: string }[] } };
    const locs = parsed.urlset.url.map((url) => url.loc);
    expect(locs).toContain(`${SITE}/`);
    expect(locs).toContain(`${SITE}/services`);
    // Rendered at request time with its free times, listed with the prerendered pages.
    expect(locs).toContain(`${SITE}/book`);
    expect(locs).toContain(`${SITE}/portfolio/mukki-paid-ads`);
    expect(locs).toContain(`${SITE}/blog`);
    expect(locs).toContain(`${SITE}/blog/category/crm-automation`);
    expect(locs).toContain(`${SITE}/blog/${SEEDED_POST}`);
    expect(locs).toContain(`${SITE}${SEEDED_AUTHOR}`);
    expect(locs).toContain(`${SITE}/blog/tag/zigzag-tag`);
    expect(locs).not.toContain(`${SITE}/blog/tag/hushed-tag`);
    expect(locs.filter((loc) => loc.includes("/blog/paging-test-"))).toHaveLength(25);
    expect(locs).not.toContain(`${SITE}/login`);
    expect(parsed.urlset.url.every((url) => /^\d{4}-\d{2}-\d{2}$/.test(url.lastmod))).toBe(true);
  });
});
