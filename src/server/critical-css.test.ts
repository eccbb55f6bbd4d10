/**
 * The critical-CSS pass (critical-css.ts) over the pages the built blog function renders from the
 * local Supabase (dist-ssr/, made by `npm run build`): the seeded posts and three more written to
 * use what the stylesheet styles inside a post (lists, tables, code, quotes, images, entities, ₦),
 * the list and its second page, every category, the authors and tags the posts link to, searches with and without results, and not-found
 * pages. Each page from the kept pass is byte for byte what beasties gives it with nothing kept (a
 * fresh map of the same stylesheets, hence a fresh instance); each is
 * processed once however often and however concurrently it is asked for; no more than PAGES_KEPT
 * pages are kept; and the manifest's stylesheets, cut to the rules the blog's pages can use, give
 * each page the same bytes as the whole built stylesheets.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import Beasties from "beasties";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { createLocalSupabase, type LocalSupabase } from "../../supabase/local/index.ts";
import { built, importBlogBundle } from "../../tests/support/blog-function.ts";
import type { RenderManifest } from "./blog.ts";
import { BLOG_BUNDLE } from "./blog-function.ts";
import { inlineCriticalCss, PAGES_KEPT, type Stylesheets } from "./critical-css.ts";
import { readSettings } from "./settings.ts";

const SSR_DIR = join(process.cwd(), "dist-ssr");

const AUTHOR = "a5cd0000-0000-4000-8000-000000000001";
const MORE_POSTS = [
  {
    slug: "pricing-table-for-a-lagos-bakery",
    title: "A Pricing Table for a Lagos Bakery & Café",
    category: "Web Design",
    content:
      'Prices from ₦2,500 to ₦45,000, "fresh" daily.\n\n| Item | Price |\n| --- | --- |\n| Bread | ₦2,500 |\n| Cake | ₦45,000 |\n\n1. Order\n2. Pay\n   - by transfer\n   - in cash\n\n> Keep it simple.\n\n![A loaf](https://example.com/loaf.jpg)',
  },
  {
    slug: "a-webhook-for-new-leads",
    title: "A Webhook for New Leads",
    category: "CRM Automation",
    content:
      '## Set it up\n\nCall it with `curl`:\n\n### From a terminal\n\n```sh\ncurl -X POST https://example.com/hook -d \'{"name":"Ada"}\'\n```\n\n- [x] tested\n- [ ] deployed\n\n---\n\n#### Notes\n\n**Bold** and *italic*, <em>R&amp;D</em> & more.',
  },
  {
    slug: "one-paragraph-post",
    title: "One Paragraph",
    category: "Paid Ads",
    content: "Just one paragraph, with a [link](https://example.com).",
  },
];

let local: LocalSupabase;
let stylesheets: Stylesheets;
/** The raw page (no critical CSS yet) of each path, as the function renders it. */
const pages = new Map<string, string>();

describe.skipIf(!built)("the critical-CSS pass", () => {
  beforeAll(async () => {
    local = await createLocalSupabase({ inMemory: true, quiet: true, bcryptCost: 4, env: {} });
    for (const post of MORE_POSTS)
      await local.db.query(
        `insert into public.posts (title, content, category, author_id, slug, status, published_at)
         values ($1, $2, $3, $4, $5, 'published', now())`,
        [post.title, post.content, post.category, AUTHOR, post.slug],
      );
    const entry = await importBlogBundle();
    const manifest = JSON.parse(readFileSync(join(SSR_DIR, BLOG_BUNDLE.manifest), "utf8")) as RenderManifest;
    stylesheets = manifest.stylesheets!;
    // No stylesheet in its manifest: the function leaves its pages as they are, for the pass to be run here.
    const render = entry.createBlogHandler({
      template: readFileSync(join(SSR_DIR, BLOG_BUNDLE.template), "utf8"),
      manifest: { ...manifest, stylesheets: {} },
      settings: () => readSettings({}),
      fetch: async (input, init) => local.handler(new Request(input, init)),
    });
    const get = async (path: string) => {
      pages.set(path, await (await render(new Request(`http://blog.test${path}`))).text());
      return pages.get(path)!;
    };
    const links = (html: string, pattern: RegExp) => [...html.matchAll(pattern)].map((match) => match[1]!);
    const list = await get("/blog");
    for (const path of new Set([
      ...links(list, /href="(\/blog\/category\/[^"/]+)"/g),
      ...links(list, /href="(\/blog\/(?!category\/|search|page\/)[^"/?]+)"/g),
      ...MORE_POSTS.map((post) => `/blog/${post.slug}`),
      "/blog/page/2",
      "/blog/category/paid-ads/page/2",
      "/blog/category/no-such-category",
      "/blog/search",
      "/blog/search?q=crm",
      "/blog/search?q=whatsapp+leads",
      "/blog/search?q=zzzzqx",
      "/blog/no-such-post",
      "/blog/a/b/c",
    ]))
      await get(path);
    // The author and tag pages the posts link to.
    for (const path of new Set(
      [...pages.values()].flatMap((html) => links(html, /href="(\/blog\/(?:author|tag)\/[^"/?#]+)"/g)),
    ))
      await get(path);
  });

  afterEach(() => {
    vi.restoreAllMocks();
  });

  afterAll(async () => {
    await local?.close();
  });

  it("renders enough different pages to tell", () => {
    expect(pages.size).toBeGreaterThanOrEqual(20);
    expect(new Set(pages.values()).size).toBe(pages.size);
    expect(
      [...pages.values()].every((html) => html.includes('rel="stylesheet"') && !html.includes('media="print"')),
    ).toBe(true);
  });

  it("gives every page byte for byte what beasties gives it with nothing kept, processing each page once", async () => {
    const uncached = new Map<string, string>();
    for (const [path, html] of pages) uncached.set(path, await inlineCriticalCss(html, { ...stylesheets }));
    for (const [path, output] of uncached) {
      expect(/<style>[^]{5000,}?<\/style>/.test(output), `${path}: critical CSS`).toBe(true);
      expect(/<link rel="stylesheet"[^>]*media="print" data-beasties-media="all">/.test(output), path).toBe(true);
    }

    const process = vi.spyOn(Beasties.prototype, "process");
    const kept: Stylesheets = { ...stylesheets };
    const paths = [...pages.keys()];
    // Twice over, the second time in the other order: the second visit of each page is a kept one.
    for (const path of [...paths, ...[...paths].reverse()])
      expect((await inlineCriticalCss(pages.get(path)!, kept)) === uncached.get(path), path).toBe(true);
    expect(process).toHaveBeenCalledTimes(pages.size);

    // All at once, twice over: concurrent renders of a page share its one pass.
    process.mockClear();
    const burst: Stylesheets = { ...stylesheets };
    const outputs = await Promise.all([...paths, ...paths].map((path) => inlineCriticalCss(pages.get(path)!, burst)));
    expect(outputs.every((output, index) => output === uncached.get(paths[index % paths.length]!))).toBe(true);
    expect(process).toHaveBeenCalledTimes(pages.size);
  });

  it("gives every page from the manifest's cut stylesheets what the whole built stylesheets give it", async () => {
    // The manifest carries the rules the blog's pages can use (scripts/stylesheet-subset.ts); the
    // client build's files in dist/ are whole.
    const whole: Stylesheets = Object.fromEntries(
      Object.keys(stylesheets).map((href) => [href, readFileSync(join(process.cwd(), "dist", href), "utf8")]),
    );
    const wholeBytes = Object.values(whole).reduce((sum, css) => sum + css.length, 0);
    const cutBytes = Object.values(stylesheets).reduce((sum, css) => sum + css.length, 0);
    expect(cutBytes).toBeLessThan(wholeBytes * 0.8);
    for (const [path, html] of pages)
      expect((await inlineCriticalCss(html, { ...stylesheets })) === (await inlineCriticalCss(html, whole)), path).toBe(
        true,
      );
  });

  it(`keeps the ${PAGES_KEPT} pages used last and no more`, async () => {
    const page = pages.get("/blog/no-such-post")!;
    // PAGES_KEPT + 1 different pages: the first is dropped when the last comes in.
    const variants = Array.from({ length: PAGES_KEPT + 1 }, (_, index) =>
      page.replace("</body>", `<!-- ${index} --></body>`),
    );
    const kept: Stylesheets = { ...stylesheets };
    for (const html of variants) await inlineCriticalCss(html, kept);
    const process = vi.spyOn(Beasties.prototype, "process");
    await inlineCriticalCss(variants[1]!, kept);
    await inlineCriticalCss(variants[PAGES_KEPT]!, kept);
    expect(process).not.toHaveBeenCalled();
    await inlineCriticalCss(variants[0]!, kept);
    expect(process).toHaveBeenCalledTimes(1);
  });
});
