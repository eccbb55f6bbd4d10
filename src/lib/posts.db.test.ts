/**
 * The blog's reads (posts.ts) against the real local Supabase (PGlite behind the PostgREST layer),
 * through unmodified postgrest-js as the anonymous reader: the queries, the author embed, pages and
 * batches past a hosted project's row limit. The admin's writes are tested beside
 * features/admin/data/posts.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LOCAL_DEFAULTS, startLocalSupabaseServer, type LocalSupabaseServer } from "../../supabase/local/index.ts";
import { PostgrestClient } from "@supabase/postgrest-js";
import { categorySlug } from "./category";
import type { Database } from "./database";
import {
  POSTS_PER_PAGE,
  SITEMAP_BATCH,
  getPostBySlug,
  listCategories,
  listPostPage,
  getPostNeighbours,
  listSitemapPosts,
} from "./posts";
import type { PublicReader } from "./supabase";

let server: LocalSupabaseServer;

beforeAll(async () => {
  server = await startLocalSupabaseServer({ bcryptCost: 4 });
});

afterAll(async () => {
  await server?.close();
});

function publicReader(): PublicReader {
  const key = LOCAL_DEFAULTS.anonKey;
  return new PostgrestClient<Database>(`${server.url}/rest/v1`, {
    headers: { apikey: key, Authorization: `Bearer ${key}` },
  });
}

describe("reading posts", () => {
  it("lists a page of the seeded posts newest first, with a summary and no body", async () => {
    const { posts, total, page, pageCount } = await listPostPage(publicReader(), { page: 1 });
    expect(total).toBeGreaterThanOrEqual(6);
    expect(page).toBe(1);
    expect(pageCount).toBe(Math.ceil(total / POSTS_PER_PAGE));
    const times = posts.map((post) => Date.parse(post.published_at!));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    expect(Object.keys(posts[0]!).sort()).toEqual([
      "category",
      "category_slug",
      "id",
      "image_url",
      "published_at",
      "reading_minutes",
      "slug",
      "summary",
      "title",
    ]);
    const whatsapp = posts.find((post) => post.slug === "stop-losing-leads-in-your-whatsapp-inbox-1729065600000")!;
    expect(whatsapp.summary).toMatch(/^WhatsApp is where Nigerian customers talk to businesses\. It is also/);
    expect(whatsapp.summary).not.toContain("\n");
    expect(whatsapp.category_slug).toBe("crm-automation");
  });

  it("reads one post by slug with its author's name, and null for an unknown slug", async () => {
    const { posts } = await listPostPage(publicReader(), { page: 1 });
    const post = await getPostBySlug(publicReader(), posts[0]!.slug);
    expect(post?.id).toBe(posts[0]!.id);
    expect(post?.author?.full_name).toBeTruthy();
    expect(await getPostBySlug(publicReader(), "no-such-post")).toBeNull();
  });

  it("reads what surrounds a post by its slug, in one call: the newest others, related, before and after", async () => {
    const { posts } = await listPostPage(publicReader(), { page: 1 });
    const newest = await getPostNeighbours(publicReader(), posts[0]!.slug, 3);
    expect(newest.recentPosts.map((post) => post.id)).toEqual(posts.slice(1, 4).map((post) => post.id));
    expect(Object.keys(newest.recentPosts[0]!).sort()).toEqual(["id", "published_at", "slug", "title"]);
    expect(newest.previous).toEqual({ slug: posts[1]!.slug, title: posts[1]!.title });
    expect(newest.next).toBeNull();
    expect(newest.related.length).toBeGreaterThan(0);
    expect(newest.related.length).toBeLessThanOrEqual(3);
    expect(newest.related.map((post) => post.id)).not.toContain(posts[0]!.id);
    // A related post is a list's card without its category's slug.
    expect(Object.keys(newest.related[0]!).sort()).toEqual(
      Object.keys(posts[0]!)
        .filter((key) => key !== "category_slug")
        .sort(),
    );

    const second = await getPostNeighbours(publicReader(), posts[1]!.slug, 2);
    expect(second.recentPosts.map((post) => post.id)).toEqual([posts[0]!.id, posts[2]!.id]);
    expect(second.previous?.slug).toBe(posts[2]!.slug);
    expect(second.next?.slug).toBe(posts[0]!.slug);
    expect(second.related.length).toBeLessThanOrEqual(2);

    expect(await getPostNeighbours(publicReader(), "no-such-post")).toEqual({
      recentPosts: [],
      related: [],
      previous: null,
      next: null,
    });
  });

  it("lists each category once, with its slug and the number of its posts", async () => {
    const categories = await listCategories(publicReader());
    expect(categories.map((category) => category.name)).toEqual([
      "Business Growth",
      "CRM Automation",
      "Paid Ads",
      "Web Design",
    ]);
    expect(categories.find((category) => category.name === "CRM Automation")).toMatchObject({
      slug: "crm-automation",
      post_count: 2,
    });
    for (const category of categories) expect(category.slug).toBe(categorySlug(category.name));
  });

  it("derives the same category slug in the database as in the browser, for awkward names", async () => {
    const names = ["  Growth & SEO!! ", "E-commerce/Shops", "Café Tips", "2025 -- Plans", "???"];
    const { rows } = await server.local.db.query<{ category: string; category_slug: string | null }>(
      `with inserted as (
         insert into public.posts (title, content, category, author_id, slug)
         select 'Slug rule ' || n, 'Body', name, 'a5cd0000-0000-4000-8000-000000000001', 'slug-rule-' || n
           from unnest($1::text[]) with ordinality as t(name, n)
         returning category, category_slug)
       select * from inserted`,
      [names],
    );
    await server.local.db.query(`delete from public.posts where slug like 'slug-rule-%'`);
    for (const row of rows) expect(row.category_slug, row.category).toBe(categorySlug(row.category) || null);
    expect(rows.map((row) => row.category_slug)).toEqual([
      "growth-seo",
      "e-commerce-shops",
      "caf-tips",
      "2025-plans",
      null,
    ]);
  });
});

describe("reading at scale", () => {
  const many = 1_030;

  // Each body is 580 characters: longer than a card's 200-character summary, which the checks below
  // hold, and short enough that the search index, which the database builds from every body, does
  // not make the rows slow to insert (5.8 KB bodies took 5.5 s of the file's 9 s on PGlite).
  beforeAll(async () => {
    await server.local.db.query(
      `insert into public.posts (title, content, category, author_id, slug, status, published_at)
       select 'Scale test ' || n, repeat('Body text of a long article. ', 20), case when n % 2 = 0 then 'Scale Even' else 'Scale Odd' end,
              'a5cd0000-0000-4000-8000-000000000001', 'scale-test-' || n, 'published', timestamptz '2020-01-01' + n * interval '1 hour'
         from generate_series(1, $1::int) as n`,
      [many],
    );
  });

  afterAll(async () => {
    await server.local.db.query(`delete from public.posts where slug like 'scale-test-%'`);
  });

  it("reads one page of rows at a time, with the total, for the list and a category", async () => {
    const first = await listPostPage(publicReader(), { page: 1 });
    expect(first.posts).toHaveLength(POSTS_PER_PAGE);
    expect(first.total).toBeGreaterThanOrEqual(many + 6);
    const second = await listPostPage(publicReader(), { page: 2 });
    expect(second.posts).toHaveLength(POSTS_PER_PAGE);
    expect(second.posts.some((post) => first.posts.some((other) => other.id === post.id))).toBe(false);

    const even = await listPostPage(publicReader(), { page: 3, categorySlug: "scale-even" });
    expect(even.total).toBe(many / 2);
    expect(even.pageCount).toBe(Math.ceil(many / 2 / POSTS_PER_PAGE));
    expect(even.posts.every((post) => post.category === "Scale Even")).toBe(true);
    expect(even.posts.every((post) => post.summary.length <= 200)).toBe(true);

    const past = await listPostPage(publicReader(), { page: 10_000 });
    expect(past.posts).toEqual([]);
  });

  it("lists every post for the sitemap, past a hosted project's 1000-row limit, in batches", async () => {
    // One request answers at most 1000 rows, here as on a hosted project.
    expect((await publicReader().from("posts").select("slug")).data).toHaveLength(1000);
    const rows = await listSitemapPosts(publicReader());
    expect(many).toBeGreaterThan(1000);
    expect(rows.length).toBeGreaterThanOrEqual(many + 6);
    expect(new Set(rows.map((row) => row.slug)).size).toBe(rows.length);
    expect(SITEMAP_BATCH).toBeLessThanOrEqual(1000);
  });
});
