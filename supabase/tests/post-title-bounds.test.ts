import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import type { SupabaseClient } from "@supabase/supabase-js";
import { beforeAll, describe, expect, it } from "vitest";
import { saveFailure } from "../../src/features/admin/editor/save-failure.ts";
import { POST_TEXT_BOUNDS } from "../../src/lib/post-meta.ts";
import { LOCAL_DEFAULTS } from "../local/index.ts";
import { createLocalClient, localSupabaseForSuite, mintToken } from "../local/testing.ts";

/**
 * A post's title and category bounds (20261129100000_post_title_bounds.sql), through the real
 * supabase-js against the local REST API: each is kept at its bound and refused one over, by the
 * check and by the autosave; the hostile 1,600-character title is refused with an error that names
 * the check; and the migration, run over a post already too long, shortens it at a word and keeps
 * the full text in its revisions instead of failing.
 */
const supabase = localSupabaseForSuite();
let ownerId = "";

const sql = <T>(text: string, params: unknown[] = []) =>
  supabase.db.query<T>(text, params).then((result) => result.rows);
const owner = (): SupabaseClient => createLocalClient(supabase.url, undefined, mintToken(ownerId));

const { title: TITLE_MAX, category: CATEGORY_MAX } = POST_TEXT_BOUNDS;

/** The 1,600-character word that took the card 41 s to lay out (issue 43). */
const HOSTILE_TITLE = "W".repeat(1_600);

async function insertPost(fields: Record<string, unknown> = {}) {
  return owner()
    .from("posts")
    .insert({ title: "Bounded post", content: "Body", slug: `bounds-${randomUUID()}`, author_id: ownerId, ...fields })
    .select("id, title, category")
    .single<{ id: string; title: string; category: string | null }>();
}

beforeAll(async () => {
  const [row] = await sql<{ id: string }>(`select id from auth.users where email = $1`, [LOCAL_DEFAULTS.adminEmail]);
  ownerId = row!.id;
});

describe("the title and category bounds", () => {
  it("keeps a title and a category at their bounds", async () => {
    const title = "t".repeat(TITLE_MAX);
    const category = "c".repeat(CATEGORY_MAX);
    const { data, error } = await insertPost({ title, category });
    expect(error).toBeNull();
    expect(data).toMatchObject({ title, category });
  });

  it.each([
    ["a title one over", { title: "t".repeat(TITLE_MAX + 1) }, "posts_title_length_check"],
    ["a category one over", { category: "c".repeat(CATEGORY_MAX + 1) }, "posts_category_length_check"],
  ])("refuses %s, saved or changed, naming the check", async (_name, fields, check) => {
    const inserted = await insertPost(fields);
    expect(inserted.error?.code).toBe("23514");
    expect(inserted.error?.message).toContain(check);
    const { data } = await insertPost();
    const updated = await owner().from("posts").update(fields).eq("id", data!.id);
    expect(updated.error?.code).toBe("23514");
    expect(updated.error?.message).toContain(check);
  });

  it("refuses the hostile 1,600-character title with an error that says which check, which the editor words", async () => {
    const { error } = await insertPost({
      title: HOSTILE_TITLE,
      status: "published",
      published_at: new Date().toISOString(),
    });
    expect(error).toMatchObject({
      code: "23514",
      message: 'new row for relation "posts" violates check constraint "posts_title_length_check"',
    });
    // What the editor's toast says when the database refuses the save.
    expect(saveFailure(error)).toBe("The title is too long to save; keep it to 200 characters.");
    const category = await insertPost({ category: "c".repeat(CATEGORY_MAX + 1) });
    expect(saveFailure(category.error)).toBe("The category is too long to save; keep it to 60 characters.");
    const [{ count }] = (await sql<{ count: number }>(
      `select count(*)::int as count from public.posts where char_length(title) > $1`,
      [TITLE_MAX],
    )) as [{ count: number }];
    expect(count).toBe(0);
  });

  it("holds an autosave to the same bounds", async () => {
    const { data } = await insertPost();
    const autosave = (fields: Record<string, string>) =>
      owner().rpc("autosave_post", { post: data!.id, new_title: "Typed", new_content: "Typed body", ...fields });
    expect(
      (await autosave({ new_title: "t".repeat(TITLE_MAX), new_category: "c".repeat(CATEGORY_MAX) })).error,
    ).toBeNull();
    const over: Record<string, string>[] = [
      { new_title: "t".repeat(TITLE_MAX + 1) },
      { new_category: "c".repeat(CATEGORY_MAX + 1) },
    ];
    for (const fields of over) {
      const { error } = await autosave(fields);
      expect(error).toMatchObject({ code: "22001", message: "That autosave is too long." });
    }
  });
});

describe("the migration over posts already too long", () => {
  it("shortens them at a word with an ellipsis, the full text kept in the post's revisions", async () => {
    await sql(
      `alter table public.posts drop constraint posts_title_length_check, drop constraint posts_category_length_check`,
    );
    const longTitle = `${"Lagos retailers, ".repeat(20)}the end`;
    const longWord = "W".repeat(1_600);
    const longCategory = "Automation for growing businesses across West Africa and beyond";
    const [first] = await sql<{ id: string }>(
      `insert into public.posts (title, content, category, author_id, slug)
       values ($1, 'Body', $2, $3, $4) returning id`,
      [longTitle, longCategory, ownerId, `bounds-${randomUUID()}`],
    );
    const [second] = await sql<{ id: string }>(
      `insert into public.posts (title, content, category, author_id, slug) values ($1, 'Body', $2, $3, $4) returning id`,
      [longWord, longCategory, ownerId, `bounds-${randomUUID()}`],
    );
    // The migration as a hosted project runs it: the whole file, over these rows.
    await supabase.db.exec(readFileSync("supabase/migrations/20261129100000_post_title_bounds.sql", "utf8"));

    const posts = await sql<{ id: string; title: string; category: string }>(
      `select id, title, category from public.posts where id in ($1, $2)`,
      [first!.id, second!.id],
    );
    const byId = new Map(posts.map((post) => [post.id, post]));
    const shortened = byId.get(first!.id)!;
    // 199 characters end in "Lagos retail": the cut goes back to the word before.
    expect(shortened.title).toBe(`${"Lagos retailers, ".repeat(11)}Lagos…`);
    expect(shortened.title.length).toBeLessThanOrEqual(TITLE_MAX);
    expect(byId.get(second!.id)!.title).toBe(`${"W".repeat(TITLE_MAX - 1)}…`);
    // The category, cut the same way for every post that has it.
    expect(shortened.category).toBe("Automation for growing businesses across West Africa and…");
    expect(byId.get(second!.id)!.category).toBe(shortened.category);

    const revisions = await sql<{ title: string }>(
      `select title from public.post_revisions where post_id = $1 and kind = 'save' order by id`,
      [first!.id],
    );
    expect(revisions.map((revision) => revision.title)).toEqual([longTitle, shortened.title]);
    // The checks are back: a title over the bound is refused again.
    const { error } = await owner().from("posts").update({ title: longTitle }).eq("id", first!.id);
    expect(error?.code).toBe("23514");
  });
});
