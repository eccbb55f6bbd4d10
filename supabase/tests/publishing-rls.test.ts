import type { SupabaseClient } from "@supabase/supabase-js";
import { beforeAll, describe, expect, it } from "vitest";
import {
  getPostBySlug,
  getPostNeighbours,
  listCategories,
  listFeedPosts,
  listPostPage,
  listSitemapPosts,
  searchPosts,
} from "../../src/lib/posts.ts";
import { LOCAL_DEFAULTS } from "../local/index.ts";
import { localSupabaseForSuite } from "../local/testing.ts";

/**
 * Drafts and scheduled posts are invisible to readers (anon, and signed-in users who are not
 * admins) through every path the product reads by, and through direct REST, because RLS decides;
 * admins see everything. Part of the attack matrix (attack-matrix.test.ts).
 */
const MEMBER = { email: "reader@example.com", password: "reader-password" };

const supabase = localSupabaseForSuite();
/** A reader: anon by default, or the holder of `token`. */
const reader = supabase.as;
let admin: SupabaseClient;
let memberToken: string;
const slugs = { draft: "", scheduled: "", published: "" };

beforeAll(async () => {
  await supabase.createUser({ ...MEMBER, metadata: { full_name: "Signed-in Reader" } });
  const signedIn = await supabase.signIn(LOCAL_DEFAULTS.adminEmail, LOCAL_DEFAULTS.adminPassword);
  admin = signedIn.client;
  const adminId = signedIn.userId;
  memberToken = (await supabase.signIn(MEMBER.email, MEMBER.password)).token;

  const stamp = Date.now();
  const rows = [
    { key: "draft", title: "Hidden draft", category: "Hidden Things", status: "draft", published_at: null },
    // A year ahead: no run of this file, however slow, reaches it. Its time is made to come by moving it (below).
    {
      key: "scheduled",
      title: "Hidden scheduled",
      category: "Hidden Things",
      status: "published",
      published_at: new Date(Date.now() + 365 * 86_400_000).toISOString(),
    },
    { key: "published", title: "Visible post", category: "Visible Things", status: "published", published_at: null },
  ] as const;
  for (const row of rows) {
    const slug = `${row.key}-${stamp}`;
    const { error } = await admin.from("posts").insert({
      title: row.title,
      content: `${row.title} body`,
      category: row.category,
      status: row.status,
      published_at: row.published_at,
      author_id: adminId,
      slug,
    });
    expect(error).toBeNull();
    slugs[row.key] = slug;
  }
});

describe.each([
  ["an anonymous visitor", () => reader()],
  ["a signed-in user who is not an admin", () => reader(memberToken)],
])("%s", (_, asReader) => {
  it("does not find a draft or a scheduled post by slug, in the list, in counts, in categories, the feed or the sitemap", async () => {
    const client = asReader();
    expect(await getPostBySlug(client, slugs.draft)).toBeNull();
    expect(await getPostBySlug(client, slugs.scheduled)).toBeNull();
    expect((await getPostBySlug(client, slugs.published))?.title).toBe("Visible post");

    const page = await listPostPage(client, { page: 1 });
    const listed = page.posts.map((post) => post.slug);
    expect(listed).toContain(slugs.published);
    expect(listed).not.toContain(slugs.draft);
    expect(listed).not.toContain(slugs.scheduled);
    expect(page.total).toBe(7);

    expect((await listPostPage(client, { page: 1, categorySlug: "hidden-things" })).total).toBe(0);
    const categories = await listCategories(client);
    expect(categories.map((category) => category.slug)).not.toContain("hidden-things");
    expect(categories.find((category) => category.slug === "visible-things")?.post_count).toBe(1);

    const feed = (await listFeedPosts(client)).map((post) => post.slug);
    expect(feed).toContain(slugs.published);
    expect(feed).not.toContain(slugs.draft);
    expect(feed).not.toContain(slugs.scheduled);
    const sitemap = (await listSitemapPosts(client)).map((post) => post.slug);
    expect(sitemap).not.toContain(slugs.draft);
    expect(sitemap).not.toContain(slugs.scheduled);

    const found = await searchPosts(client, "hidden", 1);
    expect(found.results.map((result) => result.slug)).toEqual([]);
    expect((await searchPosts(client, "visible", 1)).results.map((result) => result.slug)).toEqual([slugs.published]);
    // What a post's page shows around it: recent, related, before and after.
    const around = await getPostNeighbours(client, slugs.published, 12);
    const aroundSlugs = [
      ...around.recentPosts.map((post) => post.slug),
      ...around.related.map((post) => post.slug),
      around.previous?.slug,
      around.next?.slug,
    ];
    expect(around.related.length).toBeGreaterThan(0);
    expect(aroundSlugs).not.toContain(slugs.published);
    expect(aroundSlugs).not.toContain(slugs.draft);
    expect(aroundSlugs).not.toContain(slugs.scheduled);
    // A hidden post's slug finds no post to stand around.
    for (const hidden of [slugs.draft, slugs.scheduled])
      expect(await getPostNeighbours(client, hidden, 12)).toEqual({
        recentPosts: [],
        related: [],
        previous: null,
        next: null,
      });
  });

  it("gets nothing from direct REST queries for hidden posts, however they are asked for", async () => {
    const client = asReader();
    const byStatus = await client.from("posts").select("slug").eq("status", "draft");
    expect(byStatus.data).toEqual([]);
    const future = await client.from("posts").select("slug").gt("published_at", new Date().toISOString());
    expect(future.data).toEqual([]);
    const counted = await client
      .from("posts")
      .select("*", { count: "exact", head: true })
      .in("slug", [slugs.draft, slugs.scheduled]);
    expect(counted.count).toBe(0);
    const single = await client.from("posts").select("*").eq("slug", slugs.draft).single();
    expect(single.status).toBe(406);
  });
});

describe("admins", () => {
  it("see every post, drafts and scheduled ones included", async () => {
    const { data } = await admin.from("posts").select("slug, status, published_at").in("slug", Object.values(slugs));
    expect(data?.map((row) => row.slug).sort()).toEqual(Object.values(slugs).sort());
  });

  it("publish now with the database's clock", async () => {
    const { data } = await admin.from("posts").select("published_at").eq("slug", slugs.published).single();
    expect(Math.abs(Date.parse(data!.published_at as string) - Date.now())).toBeLessThan(60_000);
  });

  it("cannot change the address of a published post, but can rename a draft's", async () => {
    const published = await admin
      .from("posts")
      .update({ slug: `moved-${Date.now()}` })
      .eq("slug", slugs.published)
      .select();
    expect(published.error?.message).toBe("The address of a published post cannot change.");
    expect(published.status).toBe(400);
    const renamed = `renamed-draft-${Date.now()}`;
    const draft = await admin.from("posts").update({ slug: renamed }).eq("slug", slugs.draft).select("slug").single();
    expect(draft.data?.slug).toBe(renamed);
    slugs.draft = renamed;
  });

  it("cannot store an unknown status", async () => {
    const { error } = await admin
      .from("posts")
      .update({ status: "archived" as "draft" })
      .eq("slug", slugs.draft);
    expect(error?.code).toBe("23514");
  });
});

describe("a scheduled post", () => {
  it("appears to readers, in every list, once its time has passed, with no job running", async () => {
    // Still hidden shortly before its time (the database compares with its own clock)...
    const soon = await supabase.db.query<{ at: string }>(`select (now() + interval '1 hour')::text as at`);
    expect(
      (await admin.from("posts").update({ published_at: soon.rows[0]!.at }).eq("slug", slugs.scheduled)).error,
    ).toBeNull();
    expect(await getPostBySlug(reader(), slugs.scheduled)).toBeNull();
    expect((await listFeedPosts(reader())).map((post) => post.slug)).not.toContain(slugs.scheduled);

    // ...and seen once it has passed: the time is moved to a minute ago instead of waiting for the clock.
    const passed = await supabase.db.query<{ at: string }>(`select (now() - interval '1 minute')::text as at`);
    expect(
      (await admin.from("posts").update({ published_at: passed.rows[0]!.at }).eq("slug", slugs.scheduled)).error,
    ).toBeNull();
    for (const asReader of [() => reader(), () => reader(memberToken)]) {
      expect((await getPostBySlug(asReader(), slugs.scheduled))?.title).toBe("Hidden scheduled");
      expect((await listPostPage(asReader(), { page: 1 })).posts.map((post) => post.slug)).toContain(slugs.scheduled);
      expect((await listFeedPosts(asReader())).map((post) => post.slug)).toContain(slugs.scheduled);
      expect((await listSitemapPosts(asReader())).map((post) => post.slug)).toContain(slugs.scheduled);
      expect((await listCategories(asReader())).map((category) => category.slug)).toContain("hidden-things");
    }
  });
});
