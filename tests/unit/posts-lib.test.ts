/**
 * src/lib/posts.ts against the real local Supabase (PGlite behind the PostgREST/GoTrue layer),
 * through unmodified supabase-js (writes) and postgrest-js (public reads): the queries, the author
 * embed, and the RLS rules on writes.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LOCAL_DEFAULTS, startLocalSupabaseServer, type LocalSupabaseServer } from "../../supabase/local/index.ts";
import { createLocalClient } from "../../supabase/local/test-client.ts";
import {
  createPost,
  deletePost,
  getPostById,
  getPostBySlug,
  listCategories,
  listPosts,
  listRecentPosts,
  updatePost,
} from "../../src/lib/posts.ts";
import { provideSupabaseClient, type AppSupabaseClient } from "../../src/lib/supabase.ts";

let server: LocalSupabaseServer;
let client: AppSupabaseClient;

beforeAll(async () => {
  server = await startLocalSupabaseServer({ bcryptCost: 4 });
  client = createLocalClient(server.url) as unknown as AppSupabaseClient;
  provideSupabaseClient(client, server.url);
});

afterAll(async () => {
  provideSupabaseClient(null);
  await server?.close();
});

describe("reading posts", () => {
  it("lists the seeded posts newest first", async () => {
    const posts = await listPosts();
    expect(posts.length).toBeGreaterThanOrEqual(3);
    const times = posts.map((post) => Date.parse(post.created_at));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
  });

  it("reads one post by slug with its author's name, and null for an unknown slug", async () => {
    const [newest] = await listPosts();
    const post = await getPostBySlug(newest!.slug);
    expect(post?.id).toBe(newest!.id);
    expect(post?.author?.full_name).toBeTruthy();
    expect(await getPostBySlug("no-such-post")).toBeNull();
  });

  it("lists the three newest other posts", async () => {
    const posts = await listPosts();
    const recent = await listRecentPosts(posts[0]!.id, 3);
    expect(recent.map((post) => post.id)).toEqual(posts.slice(1, 4).map((post) => post.id));
    expect(Object.keys(recent[0]!).sort()).toEqual(["created_at", "id", "slug", "title"]);
  });

  it("lists distinct non-empty categories", async () => {
    const categories = await listCategories();
    expect(categories.length).toBeGreaterThan(0);
    expect(new Set(categories).size).toBe(categories.length);
    expect(categories.every((name) => name.trim() !== "")).toBe(true);
  });
});

describe("writing posts", () => {
  const input = { title: "Local Test: Speed & SEO", content: "Line one\nLine two", category: "Web Design", imageUrl: "" };

  it("refuses an anonymous visitor with the server's message", async () => {
    await expect(createPost(input, "a5cd0000-0000-4000-8000-000000000001")).rejects.toThrow(/row-level security|permission/i);
  });

  it("lets the admin create, update (slug unchanged) and delete a post", async () => {
    const { data, error } = await client.auth.signInWithPassword({ email: LOCAL_DEFAULTS.adminEmail, password: LOCAL_DEFAULTS.adminPassword });
    expect(error).toBeNull();
    const userId = data.user!.id;

    const created = await createPost(input, userId);
    expect(created.slug).toMatch(/^local-test-speed--seo-\d{13}$/);
    expect(created.category).toBe("Web Design");
    expect(created.image_url).toBeNull();
    expect((await listPosts())[0]!.id).toBe(created.id);

    const updated = await updatePost(created.id, { ...input, title: "Local Test: Edited", imageUrl: "https://example.com/cover.png" });
    expect(updated.title).toBe("Local Test: Edited");
    expect(updated.slug).toBe(created.slug);
    expect(updated.image_url).toBe("https://example.com/cover.png");
    expect((await getPostById(created.id))?.title).toBe("Local Test: Edited");

    await expect(updatePost(created.id, { ...input, imageUrl: "javascript:alert(1)" })).rejects.toThrow();

    await deletePost(created.id);
    expect(await getPostById(created.id)).toBeNull();
    await expect(deletePost(created.id)).rejects.toThrow(/not found/);
    await client.auth.signOut();
  });
});
