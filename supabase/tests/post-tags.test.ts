import { randomUUID } from "node:crypto";
import type { SupabaseClient } from "@supabase/supabase-js";
import { beforeAll, describe, expect, it } from "vitest";
import { LOCAL_DEFAULTS } from "../local/index.ts";
import { createLocalClient, localSupabaseForSuite, mintToken } from "../local/testing.ts";

/**
 * Tags and the featured post (20261127210000_post_tags.sql) through the real supabase-js against the
 * local REST API: a post's tags are seen with the post (anon: published posts whose time has come),
 * set by whoever may change the post, within their limits; one post is featured, by editors; search
 * matches a tag.
 */
type Role = "editor" | "author" | "contributor" | "sales";

const supabase = localSupabaseForSuite();
const ids = {} as Record<Role | "owner", string>;
const posts = {} as Record<"live" | "draft" | "scheduled" | "authorLive" | "contributorDraft", string>;
const STAMP = randomUUID().slice(0, 8);
/** A tag no seeded post has, so counts are this suite's own. */
const TAG = `Zebra ${STAMP}`;
const TAG_SLUG = `zebra-${STAMP}`;
const SECRET_TAG = `Secretive ${STAMP}`;

const sql = <T>(text: string, params: unknown[] = []) =>
  supabase.db.query<T>(text, params).then((result) => result.rows);
const as = (userId: string): SupabaseClient => createLocalClient(supabase.url, undefined, mintToken(userId, "aal1"));
const anon = () => createLocalClient(supabase.url);

async function addMember(email: string, role: Role): Promise<string> {
  const id = await supabase.createUser({ email, password: "password-123", metadata: { full_name: email } });
  await sql(`insert into public.admins (user_id, role) values ($1, $2)`, [id, role]);
  return id;
}

async function newPost(authorId: string, when: "draft" | "live" | "scheduled", tags: string[], title = "A post") {
  const [row] = await sql<{ id: string }>(
    `insert into public.posts (title, content, slug, author_id, status, published_at, tags)
     values ($1, 'Body', $2, $3, case when $4 = 'draft' then 'draft' else 'published' end,
             case $4 when 'live' then now() - interval '1 day' when 'scheduled' then now() + interval '1 year' end, $5)
     returning id`,
    [title, `tags-${randomUUID()}`, authorId, when, tags],
  );
  return row!.id;
}

async function tagsOf(id: string) {
  const [row] = await sql<{ tags: string[]; tag_slugs: string[] }>(
    `select tags, tag_slugs from public.posts where id = $1`,
    [id],
  );
  return row!;
}

beforeAll(async () => {
  const [owner] = await sql<{ id: string }>(`select id from auth.users where email = $1`, [LOCAL_DEFAULTS.adminEmail]);
  ids.owner = owner!.id;
  for (const role of ["editor", "author", "contributor", "sales"] as const) {
    ids[role] = await addMember(`${role}-tags@example.com`, role);
  }
  posts.live = await newPost(ids.owner, "live", [TAG, "Design"], `Striped things ${STAMP}`);
  posts.draft = await newPost(ids.owner, "draft", [TAG, SECRET_TAG]);
  posts.scheduled = await newPost(ids.owner, "scheduled", [SECRET_TAG]);
  posts.authorLive = await newPost(ids.author, "live", []);
  posts.contributorDraft = await newPost(ids.contributor, "draft", []);
});

describe("who sees a post's tags", () => {
  it("anon reads the tags of published posts only, never a draft's or a scheduled post's", async () => {
    const { data, error } = await anon()
      .from("posts")
      .select("id, tags")
      .in("id", [posts.live, posts.draft, posts.scheduled]);
    expect(error).toBeNull();
    expect(data).toEqual([{ id: posts.live, tags: [TAG, "Design"] }]);

    const tags = await anon()
      .from("post_tags")
      .select("slug, name, post_count")
      .in("slug", [TAG_SLUG, `secretive-${STAMP}`]);
    expect(tags.error).toBeNull();
    expect(tags.data).toEqual([{ slug: TAG_SLUG, name: TAG, post_count: 1 }]);

    const tagged = await anon().from("tagged_posts").select("id").eq("tag", TAG_SLUG);
    expect(tagged.data).toEqual([{ id: posts.live }]);
    const secret = await anon().from("tagged_posts").select("id").eq("tag", `secretive-${STAMP}`);
    expect(secret.data).toEqual([]);
  });

  it("an editor counts drafts' tags too; an author only their own and published posts'", async () => {
    const editor = await as(ids.editor).from("post_tags").select("post_count").eq("slug", TAG_SLUG).single();
    expect(editor.data?.post_count).toBe(2);
    const author = await as(ids.author).from("post_tags").select("slug").eq("slug", `secretive-${STAMP}`);
    expect(author.data).toEqual([]);
  });
});

describe("who sets a post's tags", () => {
  it("whoever may change the post sets its tags: an editor any post, an author their own", async () => {
    expect(
      (
        await as(ids.editor)
          .from("posts")
          .update({ tags: ["News"] })
          .eq("id", posts.authorLive)
      ).error,
    ).toBeNull();
    expect((await tagsOf(posts.authorLive)).tags).toEqual(["News"]);
    expect(
      (
        await as(ids.author)
          .from("posts")
          .update({ tags: ["Own"] })
          .eq("id", posts.authorLive)
      ).error,
    ).toBeNull();
    expect((await tagsOf(posts.authorLive)).tags).toEqual(["Own"]);
    expect(
      (
        await as(ids.contributor)
          .from("posts")
          .update({ tags: ["Mine"] })
          .eq("id", posts.contributorDraft)
      ).error,
    ).toBeNull();
    expect((await tagsOf(posts.contributorDraft)).tags).toEqual(["Mine"]);
  });

  it("others change nothing: an author's update of another's post, Sales, anon", async () => {
    for (const client of [as(ids.author), as(ids.sales), anon()]) {
      await client
        .from("posts")
        .update({ tags: ["Hijacked"] })
        .eq("id", posts.live);
    }
    expect((await tagsOf(posts.live)).tags).toEqual([TAG, "Design"]);
  });
});

describe("the limits of tags", () => {
  it("trims tags and drops a repeat in any case, keeping the first spelling", async () => {
    const { error } = await as(ids.author)
      .from("posts")
      .update({ tags: ["  Web Design ", "web design", "WEB-DESIGN", "SEO", ""] })
      .eq("id", posts.authorLive);
    expect(error).toBeNull();
    expect(await tagsOf(posts.authorLive)).toEqual({ tags: ["Web Design", "SEO"], tag_slugs: ["web-design", "seo"] });
  });

  it("refuses more than 10 tags, a tag over 40 characters, and a tag without a letter or digit", async () => {
    const eleven = Array.from({ length: 11 }, (_, i) => `Tag ${i}`);
    for (const tags of [eleven, ["x".repeat(41)], ["!!!"]]) {
      const { error } = await as(ids.author).from("posts").update({ tags }).eq("id", posts.authorLive);
      expect(error?.code).toBe("23514");
    }
    const ten = Array.from({ length: 10 }, (_, i) => `Tag ${i}`);
    expect((await as(ids.author).from("posts").update({ tags: ten }).eq("id", posts.authorLive)).error).toBeNull();
    expect(
      (
        await as(ids.author)
          .from("posts")
          .update({ tags: ["x".repeat(40)] })
          .eq("id", posts.authorLive)
      ).error,
    ).toBeNull();
  });
});

describe("the featured post", () => {
  it("an editor features a post, replacing the featured one, in one call", async () => {
    expect((await as(ids.editor).rpc("set_featured_post", { post_id: posts.live, feature: true })).data).toBe(true);
    expect(
      (await as(ids.editor).rpc("set_featured_post", { post_id: posts.authorLive, feature: true })).error,
    ).toBeNull();
    const featured = await sql<{ id: string }>(`select id from public.posts where featured`);
    expect(featured).toEqual([{ id: posts.authorLive }]);
    expect(
      (await as(ids.editor).rpc("set_featured_post", { post_id: posts.authorLive, feature: false })).error,
    ).toBeNull();
    expect(await sql(`select id from public.posts where featured`)).toEqual([]);
  });

  it("at most one post is featured, whoever writes", async () => {
    await sql(`update public.posts set featured = true where id = $1`, [posts.live]);
    await expect(sql(`update public.posts set featured = true where id = $1`, [posts.draft])).rejects.toThrow();
    await sql(`update public.posts set featured = false where id = $1`, [posts.live]);
  });

  it("an author may not feature even their own post, but saves it as before", async () => {
    const refused = await as(ids.author).rpc("set_featured_post", { post_id: posts.authorLive, feature: true });
    expect(refused.error?.code).toBe("42501");
    const direct = await as(ids.author).from("posts").update({ featured: true }).eq("id", posts.authorLive);
    expect(direct.error?.code).toBe("42501");
    expect(
      (await as(ids.author).from("posts").update({ title: "Renamed" }).eq("id", posts.authorLive)).error,
    ).toBeNull();
    expect(await sql(`select id from public.posts where featured`)).toEqual([]);
  });

  it("anon and Sales feature nothing", async () => {
    expect((await anon().rpc("set_featured_post", { post_id: posts.live, feature: true })).error).not.toBeNull();
    await as(ids.sales).rpc("set_featured_post", { post_id: posts.live, feature: true });
    expect(await sql(`select id from public.posts where featured`)).toEqual([]);
  });
});

describe("search matches tags", () => {
  it("finds a published post by a tag in neither its title nor its body", async () => {
    const { data, error } = await anon().rpc("search_posts", { query: `secretive ${STAMP}` });
    expect(error).toBeNull();
    expect(data).toEqual([]);
    await sql(`update public.posts set tags = array[$1] where id = $2`, [`Quokka${STAMP}`, posts.live]);
    const found = await anon().rpc("search_posts", { query: `quokka${STAMP}` });
    expect(found.error).toBeNull();
    expect(found.data?.map((row: { id: string }) => row.id)).toEqual([posts.live]);
  });
});
