import { randomUUID } from "node:crypto";
import type { SupabaseClient } from "@supabase/supabase-js";
import { beforeAll, describe, expect, it } from "vitest";
import { LOCAL_DEFAULTS } from "../local/index.ts";
import { createLocalClient, localSupabaseForSuite, mintToken } from "../local/testing.ts";

/**
 * The post's history (post_events, 20261128130000_post_events_fields.sql) records the saves issue 38
 * made possible: a change of tags or of the search and social fields is an edit, and featuring a
 * post, or its losing the place to another, is an event of its own, with who did it.
 */
const supabase = localSupabaseForSuite();
const ids = { owner: "", editor: "" };
const posts = { first: "", second: "" };

const sql = <T>(text: string, params: unknown[] = []) =>
  supabase.db.query<T>(text, params).then((result) => result.rows);
const as = (userId: string): SupabaseClient => createLocalClient(supabase.url, undefined, mintToken(userId, "aal1"));

async function newPost(): Promise<string> {
  const [row] = await sql<{ id: string }>(
    `insert into public.posts (title, content, slug, author_id, status, published_at)
     values ('History of fields', 'Body', $1, $2, 'published', now() - interval '1 day') returning id`,
    [`events-${randomUUID()}`, ids.owner],
  );
  return row!.id;
}

/** The post's events after `since`, oldest first, as kind and actor. */
async function eventsOf(postId: string, since: number) {
  return sql<{ kind: string; actor_id: string | null }>(
    `select kind, actor_id from public.post_events where post_id = $1 and id > $2 order by id`,
    [postId, since],
  );
}

async function lastEventId(): Promise<number> {
  const [row] = await sql<{ id: number | null }>(`select max(id) as id from public.post_events`);
  return Number(row?.id ?? 0);
}

/** Saves `change` to the post as `userId`, through the API; the events the save recorded. */
async function eventsOfSave(userId: string, postId: string, change: Record<string, unknown>) {
  const since = await lastEventId();
  const { error } = await as(userId).from("posts").update(change).eq("id", postId);
  expect(error).toBeNull();
  return eventsOf(postId, since);
}

beforeAll(async () => {
  const [owner] = await sql<{ id: string }>(`select id from auth.users where email = $1`, [LOCAL_DEFAULTS.adminEmail]);
  ids.owner = owner!.id;
  ids.editor = await supabase.createUser({ email: `editor-events-${randomUUID()}@example.com`, password: "pw-123456" });
  await sql(`insert into public.admins (user_id, role) values ($1, 'editor')`, [ids.editor]);
  posts.first = await newPost();
  posts.second = await newPost();
});

describe("the history of a post's tags, fields and featured place", () => {
  it("records a change of tags as an edit by the member who saved", async () => {
    expect(await eventsOfSave(ids.editor, posts.first, { tags: ["Lagos", "Ads"] })).toEqual([
      { kind: "edited", actor_id: ids.editor },
    ]);
  });

  it("records a change of a search or social field as an edit", async () => {
    for (const change of [
      { seo_title: "Ads that pay for themselves" },
      { social_image_url: "https://images.example.com/card.png" },
      { canonical_url: "https://medium.com/@agency/ads" },
    ]) {
      expect(await eventsOfSave(ids.editor, posts.first, change)).toEqual([{ kind: "edited", actor_id: ids.editor }]);
    }
  });

  it("records nothing for a save that changes nothing", async () => {
    expect(await eventsOfSave(ids.editor, posts.first, { tags: ["Lagos", "Ads"] })).toEqual([]);
  });

  it("records featuring, and the post that loses the place records it too", async () => {
    let since = await lastEventId();
    let result = await as(ids.editor).rpc("set_featured_post", { post_id: posts.first, feature: true });
    expect(result.error).toBeNull();
    expect(await eventsOf(posts.first, since)).toEqual([{ kind: "featured", actor_id: ids.editor }]);

    since = await lastEventId();
    result = await as(ids.owner).rpc("set_featured_post", { post_id: posts.second, feature: true });
    expect(result.error).toBeNull();
    expect(await eventsOf(posts.first, since)).toEqual([{ kind: "unfeatured", actor_id: ids.owner }]);
    expect(await eventsOf(posts.second, since)).toEqual([{ kind: "featured", actor_id: ids.owner }]);
  });

  it("records an edit and a featuring made in one save as two events", async () => {
    expect(
      await eventsOfSave(ids.owner, posts.second, { featured: false, title: "History of fields, revised" }),
    ).toEqual([
      { kind: "edited", actor_id: ids.owner },
      { kind: "unfeatured", actor_id: ids.owner },
    ]);
  });
});
