import { randomUUID } from "node:crypto";
import type { SupabaseClient } from "@supabase/supabase-js";
import { beforeAll, describe, expect, it } from "vitest";
import { LOCAL_DEFAULTS } from "../local/index.ts";
import { createLocalClient, localSupabaseForSuite, mintToken, type Aal } from "../local/testing.ts";

/**
 * Every save kept (20261127200000_post_revisions.sql), through the real supabase-js against the
 * local REST API: a trigger writes a revision on each save path that changes the text or the stage
 * (the editor's insert and update, publish, schedule, unpublish), none for a no-op update or a
 * handover (post_events records that); the cap keeps the newest 50 and every published version;
 * members read the revisions of the posts they may read the drafts of, anon none; autosave_post()
 * replaces the member's one autosave and is refused where the role may not change the post.
 */
type Who = "owner" | "editor" | "author" | "author2" | "contributor" | "sales" | "outsider" | "mfaEditor";
const supabase = localSupabaseForSuite();
const ids = {} as Record<Who, string>;

const sql = <T>(text: string, params: unknown[] = []) =>
  supabase.db.query<T>(text, params).then((result) => result.rows);
const member = (who: Who, aal: Aal = "aal1"): SupabaseClient =>
  createLocalClient(supabase.url, undefined, mintToken(ids[who], aal));
const anon = () => createLocalClient(supabase.url);

async function addMember(email: string, role: string): Promise<string> {
  const id = await supabase.createUser({ email, password: "password-123", metadata: { full_name: email } });
  await sql(`insert into public.admins (user_id, role) values ($1, $2)`, [id, role]);
  return id;
}

interface Revision {
  kind: string;
  title: string;
  content: string;
  status: string;
  published: boolean;
  author_id: string | null;
}

const revisions = (postId: string) =>
  sql<Revision>(
    `select kind, title, content, status, published, author_id from public.post_revisions
      where post_id = $1 order by id`,
    [postId],
  );

async function insertPost(who: Who, overrides: Record<string, unknown> = {}): Promise<string> {
  const { data, error } = await member(who)
    .from("posts")
    .insert({ title: "First", content: "One\nTwo", slug: `rev-${randomUUID()}`, author_id: ids[who], ...overrides })
    .select("id")
    .single();
  if (error) throw error;
  return (data as { id: string }).id;
}

beforeAll(async () => {
  const [owner] = await sql<{ id: string }>(`select id from auth.users where email = $1`, [LOCAL_DEFAULTS.adminEmail]);
  ids.owner = owner!.id;
  ids.editor = await addMember("rev-editor@example.com", "editor");
  ids.author = await addMember("rev-author@example.com", "author");
  ids.author2 = await addMember("rev-author2@example.com", "author");
  ids.contributor = await addMember("rev-contributor@example.com", "contributor");
  ids.sales = await addMember("rev-sales@example.com", "sales");
  ids.mfaEditor = await addMember("rev-mfa@example.com", "editor");
  ids.outsider = await supabase.createUser({ email: "rev-outsider@example.com", password: "password-123" });
  await sql(
    `insert into auth.mfa_factors (id, user_id, friendly_name, factor_type, status, created_at, updated_at, secret)
     values (gen_random_uuid(), $1, 'Phone', 'totp', 'verified', now(), now(), 'JBSWY3DPEHPK3PXP')`,
    [ids.mfaEditor],
  );
});

describe("the trigger", () => {
  it("writes a revision on insert and on every save path that changes the post, by who saved", async () => {
    const id = await insertPost("author");
    const author = member("author");
    const editor = member("editor");
    expect((await author.from("posts").update({ title: "Second" }).eq("id", id)).error).toBeNull();
    // A no-op update (the same fields saved again) writes nothing.
    expect((await author.from("posts").update({ title: "Second" }).eq("id", id)).error).toBeNull();
    const publish = await author.from("posts").update({ status: "published", published_at: null }).eq("id", id);
    expect(publish.error).toBeNull();
    const later = new Date(Date.now() + 86_400_000).toISOString();
    expect((await editor.from("posts").update({ published_at: later }).eq("id", id)).error).toBeNull();
    expect((await editor.from("posts").update({ status: "draft", published_at: null }).eq("id", id)).error).toBeNull();

    const rows = await revisions(id);
    expect(rows.map((row) => [row.kind, row.title, row.status, row.published, row.author_id])).toEqual([
      ["save", "First", "draft", false, ids.author],
      ["save", "Second", "draft", false, ids.author],
      ["save", "Second", "published", true, ids.author],
      ["save", "Second", "published", true, ids.editor],
      ["save", "Second", "draft", false, ids.editor],
    ]);
  });

  it("writes no revision for a handover, which changes no text (post_events records it)", async () => {
    const id = await insertPost("author2");
    const removed = await member("owner").rpc("remove_team_member", { member: ids.author2, heir: ids.author });
    expect(removed.error).toBeNull();
    expect(await revisions(id)).toHaveLength(1);
    const [event] = await sql<{ kind: string }>(
      `select kind from public.post_events where post_id = $1 order by id desc limit 1`,
      [id],
    );
    expect(event!.kind).toBe("handed_over");
  });

  it("keeps the newest 50 saves of a post and every version that was published", async () => {
    const id = await insertPost("owner", { status: "published" });
    for (let n = 1; n <= 60; n += 1) {
      await sql(`update public.posts set content = $2, status = 'draft', published_at = null where id = $1`, [
        id,
        `Draft ${n}`,
      ]);
    }
    const rows = await revisions(id);
    expect(rows.filter((row) => row.published).map((row) => row.content)).toEqual(["One\nTwo"]);
    expect(rows).toHaveLength(51);
    expect(rows.at(-1)!.content).toBe("Draft 60");
    expect(rows[1]!.content).toBe("Draft 11");
  });
});

describe("who reads revisions", () => {
  it("anon and non-members read none; Sales and editors read all; an Author their own posts' only", async () => {
    const ownerPost = await insertPost("owner", { status: "published" });
    const authorPost = await insertPost("author");
    const both = [ownerPost, authorPost];
    const read = async (client: SupabaseClient) =>
      ((await client.from("post_revisions").select("post_id").in("post_id", both)).data ?? []).map(
        (row: { post_id: string }) => row.post_id,
      );

    const visitor = await anon().from("post_revisions").select("id").in("post_id", both);
    expect(visitor.error?.code).toBe("42501");
    expect(await read(member("outsider"))).toEqual([]);
    expect((await read(member("sales"))).sort()).toEqual([...both].sort());
    expect((await read(member("editor"))).sort()).toEqual([...both].sort());
    expect(await read(member("author"))).toEqual([authorPost]);
    expect(await read(member("contributor"))).toEqual([]);
  });

  it("asks a member with a verified second factor for it (aal2)", async () => {
    const id = await insertPost("owner");
    expect((await member("mfaEditor", "aal1").from("post_revisions").select("id").eq("post_id", id)).data).toEqual([]);
    expect((await member("mfaEditor", "aal2").from("post_revisions").select("id").eq("post_id", id)).data).toHaveLength(
      1,
    );
  });

  it("lets nobody write revisions directly", async () => {
    const id = await insertPost("editor");
    const editor = member("editor");
    const insert = await editor
      .from("post_revisions")
      .insert({ post_id: id, kind: "save", title: "Forged", content: "x", slug: "x", status: "draft" });
    expect(insert.error?.code).toBe("42501");
    await editor.from("post_revisions").update({ title: "Forged" }).eq("post_id", id);
    await editor.from("post_revisions").delete().eq("post_id", id);
    expect((await revisions(id)).map((row) => row.title)).toEqual(["First"]);
  });
});

describe("autosave_post", () => {
  const autosave = (who: Who, post: string, title: string, aal: Aal = "aal1") =>
    member(who, aal).rpc("autosave_post", { post, new_title: title, new_content: `${title} body` });

  it("keeps the member's latest autosave only, without touching the live post", async () => {
    const id = await insertPost("author");
    expect((await autosave("author", id, "Typing 1")).error).toBeNull();
    expect((await autosave("author", id, "Typing 2")).error).toBeNull();
    expect((await autosave("editor", id, "Editor typing")).error).toBeNull();
    const rows = await revisions(id);
    expect(rows.map((row) => [row.kind, row.title, row.author_id])).toEqual([
      ["save", "First", ids.author],
      ["autosave", "Typing 2", ids.author],
      ["autosave", "Editor typing", ids.editor],
    ]);
    const [live] = await sql<{ title: string }>(`select title from public.posts where id = $1`, [id]);
    expect(live!.title).toBe("First");
  });

  it("is refused for a post the role may not change, and at aal1 once a factor is verified", async () => {
    const ownerPost = await insertPost("owner");
    const live = await insertPost("contributor");
    await sql(`update public.posts set status = 'published', published_at = now() where id = $1`, [live]);
    expect((await autosave("author", ownerPost, "Not mine")).error?.code).toBe("42501");
    expect((await autosave("sales", ownerPost, "Sales")).error?.code).toBe("42501");
    expect((await autosave("outsider", ownerPost, "Outsider")).error?.code).toBe("42501");
    expect((await autosave("contributor", live, "Live")).error?.code).toBe("42501");
    expect((await autosave("mfaEditor", ownerPost, "aal1", "aal1")).error?.code).toBe("42501");
    expect((await autosave("mfaEditor", ownerPost, "aal2", "aal2")).error).toBeNull();
    const anonCall = await anon().rpc("autosave_post", { post: ownerPost, new_title: "x", new_content: "y" });
    expect(anonCall.error).not.toBeNull();
    expect((await revisions(ownerPost)).map((row) => row.title)).toEqual(["First", "aal2"]);
  });
});
