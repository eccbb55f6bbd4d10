/**
 * The admin's reads and writes of posts (posts.ts) against the real local Supabase (PGlite behind
 * the PostgREST/GoTrue layer), through unmodified supabase-js: what RLS refuses an anonymous
 * visitor, and a post created, edited and deleted by the signed-in admin.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  LOCAL_DEFAULTS,
  startLocalSupabaseServer,
  type LocalSupabaseServer,
} from "../../../../supabase/local/index.ts";
import { createLocalClient } from "../../../../supabase/local/testing.ts";
import type { AppSupabaseClient } from "../../../lib/supabase";
import { createPost, deletePost, getPostById, listPostsForAdmin, updatePost } from "./posts";

let server: LocalSupabaseServer;
let client: AppSupabaseClient;

beforeAll(async () => {
  server = await startLocalSupabaseServer({ bcryptCost: 4 });
  client = createLocalClient(server.url) as unknown as AppSupabaseClient;
});

afterAll(async () => {
  await server?.close();
});

describe("writing posts", () => {
  const input = {
    title: "Local Test: Speed & SEO",
    content: "Line one\nLine two",
    excerpt: "",
    category: "Web Design",
    imageUrl: "",
    imageAlt: "",
  };

  it("refuses an anonymous visitor with the server's message", async () => {
    await expect(createPost(client, input, "a5cd0000-0000-4000-8000-000000000001")).rejects.toThrow(
      /row-level security|permission/i,
    );
  });

  it("lets the admin create, update (slug unchanged) and delete a post", async () => {
    const { data, error } = await client.auth.signInWithPassword({
      email: LOCAL_DEFAULTS.adminEmail,
      password: LOCAL_DEFAULTS.adminPassword,
    });
    expect(error).toBeNull();
    const userId = data.user!.id;

    const created = await createPost(client, input, userId);
    expect(created.slug).toMatch(/^local-test-speed--seo-\d{13}$/);
    expect(created.category).toBe("Web Design");
    expect(created.image_url).toBeNull();
    expect((await listPostsForAdmin(client)).find((post) => post.id === created.id)).toMatchObject({
      status: "published",
      slug: created.slug,
    });

    const updated = await updatePost(client, created.id, {
      ...input,
      title: "Local Test: Edited",
      imageUrl: "https://example.com/cover.png",
    });
    expect(updated.title).toBe("Local Test: Edited");
    expect(updated.slug).toBe(created.slug);
    expect(updated.image_url).toBe("https://example.com/cover.png");
    expect((await getPostById(client, created.id))?.title).toBe("Local Test: Edited");

    await expect(updatePost(client, created.id, { ...input, imageUrl: "javascript:alert(1)" })).rejects.toThrow();

    await deletePost(client, created.id);
    expect(await getPostById(client, created.id)).toBeNull();
    await expect(deletePost(client, created.id)).rejects.toThrow(/not found/);
    await client.auth.signOut();
  });
});
