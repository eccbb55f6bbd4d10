import { randomUUID } from "node:crypto";
import type { SupabaseClient } from "@supabase/supabase-js";
import { beforeAll, describe, expect, it } from "vitest";
import { isBadAddress } from "../../src/features/admin/editor/search-social.ts";
import { POST_FIELD_BOUNDS } from "../../src/lib/post-meta.ts";
import { LOCAL_DEFAULTS } from "../local/index.ts";
import { createLocalClient, localSupabaseForSuite, mintToken } from "../local/testing.ts";

/**
 * The search and social fields of a post (20261128100000_post_search_social.sql), through the real
 * supabase-js against the local REST API: the checks refuse blank text, addresses that are not
 * http(s) and text over the bounds; anon reads the fields of published posts only (the posts'
 * RLS); a save that changes only a field is a revision carrying it, and an autosave carries them.
 */
const supabase = localSupabaseForSuite();
let ownerId = "";

const sql = <T>(text: string, params: unknown[] = []) =>
  supabase.db.query<T>(text, params).then((result) => result.rows);
const owner = (): SupabaseClient => createLocalClient(supabase.url, undefined, mintToken(ownerId));
const anon = () => createLocalClient(supabase.url);

const { title: TITLE_MAX, description: DESCRIPTION_MAX, address: ADDRESS_MAX } = POST_FIELD_BOUNDS;

const FIELDS = {
  seo_title: "Search title",
  seo_description: "Search description",
  canonical_url: "https://medium.com/@ascend/first-published-here",
  social_title: "Social title",
  social_description: "Social description",
  social_image_url: "https://cdn.example.com/share-1200x630.png",
};

async function insertPost(overrides: Record<string, unknown> = {}): Promise<{ id: string; slug: string }> {
  const slug = `seo-${randomUUID()}`;
  const { data, error } = await owner()
    .from("posts")
    .insert({ title: "Meta post", content: "Body", slug, author_id: ownerId, ...overrides })
    .select("id, slug")
    .single();
  if (error) throw error;
  return data as { id: string; slug: string };
}

beforeAll(async () => {
  const [row] = await sql<{ id: string }>(`select id from auth.users where email = $1`, [LOCAL_DEFAULTS.adminEmail]);
  ownerId = row!.id;
});

describe("the checks", () => {
  const refused: [string, Record<string, unknown>][] = [
    ["a blank search title", { seo_title: "   " }],
    ["an empty search description", { seo_description: "" }],
    ["a blank social title", { social_title: " \n " }],
    ["a blank social description", { social_description: "\t" }],
    [`a search title over ${TITLE_MAX} characters`, { seo_title: "t".repeat(TITLE_MAX + 1) }],
    [`a search description over ${DESCRIPTION_MAX} characters`, { seo_description: "d".repeat(DESCRIPTION_MAX + 1) }],
    [`a social title over ${TITLE_MAX} characters`, { social_title: "t".repeat(TITLE_MAX + 1) }],
    [
      `a social description over ${DESCRIPTION_MAX} characters`,
      { social_description: "d".repeat(DESCRIPTION_MAX + 1) },
    ],
    ["a javascript: canonical URL", { canonical_url: "javascript:alert(1)" }],
    ["a relative canonical URL", { canonical_url: "/blog/elsewhere" }],
    ["an ftp social image", { social_image_url: "ftp://example.com/a.png" }],
    ["a data: social image", { social_image_url: "data:image/png;base64,AAAA" }],
    ["a canonical URL with spaces", { canonical_url: "https://exa mple.com/x" }],
    [
      `a social image URL over ${ADDRESS_MAX} characters`,
      { social_image_url: `https://example.com/${"a".repeat(ADDRESS_MAX)}` },
    ],
  ];

  it.each(refused)("refuses %s", async (_name, fields) => {
    const { id } = await insertPost();
    const { error } = await owner().from("posts").update(fields).eq("id", id);
    expect(error?.code).toBe("23514");
  });

  it("refuses the addresses the editor flags, and only those (the two rules are written apart)", async () => {
    const { id } = await insertPost();
    const addresses = [
      "https://medium.com/@ascend/post",
      "http://example.ng/a?b=c#d",
      "HTTPS://EXAMPLE.COM",
      "https://localhost/x",
      "https://exa mple.com",
      "https://example.com/a b",
      "ftp://example.com/a.png",
      "example.com/page",
      "mailto:team@example.com",
    ];
    for (const address of addresses) {
      const { error } = await owner().from("posts").update({ canonical_url: address }).eq("id", id);
      expect({ address, refused: error?.code === "23514" }).toEqual({ address, refused: isBadAddress(address) });
    }
  });

  it("keeps every field at its bounds, and null", async () => {
    const { id } = await insertPost();
    const atBounds = {
      ...FIELDS,
      seo_title: "t".repeat(TITLE_MAX),
      seo_description: "d".repeat(DESCRIPTION_MAX),
      canonical_url: `https://example.com/${"a".repeat(ADDRESS_MAX - "https://example.com/".length)}`,
      social_title: "t".repeat(TITLE_MAX),
      social_description: "d".repeat(DESCRIPTION_MAX),
    };
    expect((await owner().from("posts").update(atBounds).eq("id", id)).error).toBeNull();
    const cleared = Object.fromEntries(Object.keys(FIELDS).map((key) => [key, null]));
    expect((await owner().from("posts").update(cleared).eq("id", id)).error).toBeNull();
  });
});

describe("who reads them", () => {
  it("anon reads the fields of a published post, and not a draft's", async () => {
    const published = await insertPost({ ...FIELDS, status: "published" });
    const draft = await insertPost({ ...FIELDS, status: "draft" });
    const columns = Object.keys(FIELDS).join(", ");
    const seen = await anon().from("posts").select(columns).eq("id", published.id).single();
    expect(seen.error).toBeNull();
    expect(seen.data).toEqual(FIELDS);
    const hidden = await anon().from("posts").select(columns).eq("id", draft.id);
    expect(hidden.error).toBeNull();
    expect(hidden.data).toEqual([]);
  });
});

describe("revisions", () => {
  const revisionFields = (postId: string) =>
    sql<Record<string, unknown>>(
      `select kind, seo_title, seo_description, canonical_url, social_title, social_description, social_image_url
         from public.post_revisions where post_id = $1 order by id`,
      [postId],
    );

  it("a save that changes only a field writes a revision carrying it", async () => {
    const { id } = await insertPost();
    for (const [key, value] of Object.entries(FIELDS)) {
      expect(
        (
          await owner()
            .from("posts")
            .update({ [key]: value })
            .eq("id", id)
        ).error,
      ).toBeNull();
    }
    // The same fields saved again change nothing and write nothing.
    expect((await owner().from("posts").update(FIELDS).eq("id", id)).error).toBeNull();
    const rows = await revisionFields(id);
    expect(rows).toHaveLength(1 + Object.keys(FIELDS).length);
    expect(rows[0]).toMatchObject({ kind: "save", seo_title: null, social_image_url: null });
    expect(rows.at(-1)).toEqual({ kind: "save", ...FIELDS });
    expect(rows[1]).toMatchObject({ seo_title: FIELDS.seo_title, seo_description: null });
  });

  it("an autosave carries the fields and replaces them on the next one", async () => {
    const { id } = await insertPost();
    const first = await owner().rpc("autosave_post", {
      post: id,
      new_title: "Typed",
      new_content: "Typed body",
      new_seo_title: FIELDS.seo_title,
      new_seo_description: FIELDS.seo_description,
      new_canonical_url: FIELDS.canonical_url,
      new_social_title: FIELDS.social_title,
      new_social_description: FIELDS.social_description,
      new_social_image_url: FIELDS.social_image_url,
    });
    expect(first.error).toBeNull();
    expect((await revisionFields(id)).filter((row) => row.kind === "autosave")).toEqual([
      { kind: "autosave", ...FIELDS },
    ]);
    const second = await owner().rpc("autosave_post", {
      post: id,
      new_title: "Typed",
      new_content: "Typed body",
      new_seo_title: "Another",
    });
    expect(second.error).toBeNull();
    const autosaves = (await revisionFields(id)).filter((row) => row.kind === "autosave");
    expect(autosaves).toEqual([
      {
        kind: "autosave",
        seo_title: "Another",
        seo_description: null,
        canonical_url: null,
        social_title: null,
        social_description: null,
        social_image_url: null,
      },
    ]);
    // The live post is not touched.
    const [post] = await sql<{ seo_title: string | null }>(`select seo_title from public.posts where id = $1`, [id]);
    expect(post?.seo_title).toBeNull();
  });

  it("refuses an autosave whose fields are longer than a save could keep", async () => {
    const { id } = await insertPost();
    const { error } = await owner().rpc("autosave_post", {
      post: id,
      new_title: "Typed",
      new_content: "Typed body",
      new_seo_description: "d".repeat(401),
    });
    expect(error?.code).toBe("22001");
  });

  it("anon may not call the autosave", async () => {
    const { id } = await insertPost();
    const { error } = await anon().rpc("autosave_post", { post: id, new_title: "x", new_content: "y" });
    expect(error).not.toBeNull();
  });
});
