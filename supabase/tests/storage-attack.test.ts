import type { SupabaseClient } from "@supabase/supabase-js";
import { beforeAll, describe, expect, it } from "vitest";
import { LOCAL_DEFAULTS } from "../local/index.ts";
import { createLocalClient, localSupabaseForSuite, PIXEL_PNG, pixelPng } from "../local/testing.ts";

/**
 * The blog-images bucket through the real supabase-js against the local Storage API: the same
 * refusals a hosted project gives (its storage.objects policies, enforced by Postgres, and the
 * bucket's limits), and what an admin may do. Part of the attack matrix (attack-matrix.test.ts).
 */
const BUCKET = "blog-images";
const MEMBER = { email: "storage-member@example.com", password: "member-password" };

const supabase = localSupabaseForSuite();
let anon: SupabaseClient;
let member: SupabaseClient;
let admin: SupabaseClient;

async function objectCount(): Promise<number> {
  const { rows } = await supabase.db.query<{ n: number }>(
    `select count(*)::int as n from storage.objects where bucket_id = $1`,
    [BUCKET],
  );
  return rows[0]!.n;
}

beforeAll(async () => {
  await supabase.createUser(MEMBER);
  anon = createLocalClient(supabase.url);
  member = (await supabase.signIn(MEMBER.email, MEMBER.password)).client;
  admin = (await supabase.signIn(LOCAL_DEFAULTS.adminEmail, LOCAL_DEFAULTS.adminPassword)).client;
  const seeded = await admin.storage
    .from(BUCKET)
    .upload("posts/existing.png", pixelPng(), { contentType: "image/png" });
  expect(seeded.error).toBeNull();
});

describe.each([
  ["an anonymous visitor", () => anon],
  ["a signed-in user who is not an admin", () => member],
])("%s", (_, client) => {
  it("cannot upload, overwrite or delete, and nothing changes", async () => {
    const before = await objectCount();
    const upload = await client().storage.from(BUCKET).upload("posts/new.png", pixelPng());
    expect(upload.error?.message).toBe("new row violates row-level security policy");
    expect((upload.error as { statusCode?: string } | null)?.statusCode).toBe("403");
    const upsert = await client().storage.from(BUCKET).upload("posts/existing.png", pixelPng(), { upsert: true });
    expect(upsert.error?.message).toBe("new row violates row-level security policy");
    const update = await client().storage.from(BUCKET).update("posts/existing.png", pixelPng());
    expect(update.error).not.toBeNull();
    const removed = await client().storage.from(BUCKET).remove(["posts/existing.png"]);
    expect(removed.data).toEqual([]);
    expect(await objectCount()).toBe(before);
    const still = await fetch(`${supabase.url}/storage/v1/object/public/${BUCKET}/posts/existing.png`);
    expect(Buffer.from(await still.arrayBuffer())).toEqual(PIXEL_PNG);
  });

  it("cannot list the bucket (a draft's image stays unfindable), yet loads an image by its public URL", async () => {
    for (const prefix of ["", "posts"]) {
      const listed = await client().storage.from(BUCKET).list(prefix);
      expect(listed.error, prefix).toBeNull();
      expect(listed.data, prefix).toEqual([]);
    }
    const download = await client().storage.from(BUCKET).download("posts/existing.png");
    expect(download.data).toBeNull();
    const byUrl = await fetch(client().storage.from(BUCKET).getPublicUrl("posts/existing.png").data.publicUrl);
    expect(byUrl.status).toBe(200);
    expect(Buffer.from(await byUrl.arrayBuffer())).toEqual(PIXEL_PNG);
  });
});

describe("the bucket's limits, even for an admin", () => {
  it("refuses a type that is not a web image", async () => {
    const { error } = await admin.storage
      .from(BUCKET)
      .upload("posts/page.html", new Blob(["<script>alert(1)</script>"], { type: "text/html" }));
    expect(error?.message).toBe("mime type text/html is not supported");
    expect((error as { statusCode?: string } | null)?.statusCode).toBe("415");
  });

  it("refuses a file over 5 MB", async () => {
    const big = new Blob([new Uint8Array(5 * 1024 * 1024 + 1)], { type: "image/webp" });
    const { error } = await admin.storage.from(BUCKET).upload("posts/big.webp", big);
    expect(error?.message).toBe("The object exceeded the maximum allowed size");
    expect((error as { statusCode?: string } | null)?.statusCode).toBe("413");
  });
});

describe("an admin", () => {
  it("lists what the bucket holds (the editor's own view)", async () => {
    const listed = await admin.storage.from(BUCKET).list("posts");
    expect(listed.error).toBeNull();
    expect(listed.data?.map((item) => item.name)).toContain("existing.png");
  });

  it("uploads, reads back with the right headers, replaces and removes an image", async () => {
    const path = `posts/2026/11/cover-${Date.now()}-1x1.png`;
    const uploaded = await admin.storage.from(BUCKET).upload(path, pixelPng(), { cacheControl: "31536000" });
    expect(uploaded.error).toBeNull();
    expect(uploaded.data?.fullPath).toBe(`${BUCKET}/${path}`);
    expect((await admin.storage.from(BUCKET).upload(path, pixelPng())).error?.message).toBe(
      "The resource already exists",
    );

    const url = admin.storage.from(BUCKET).getPublicUrl(path).data.publicUrl;
    expect(url).toBe(`${supabase.url}/storage/v1/object/public/${BUCKET}/${path}`);
    const response = await fetch(url);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/png");
    expect(response.headers.get("cache-control")).toBe("max-age=31536000");
    const etag = response.headers.get("etag");
    expect(etag).toMatch(/^"[0-9a-f]{32}"$/);
    expect(Buffer.from(await response.arrayBuffer())).toEqual(PIXEL_PNG);
    expect((await fetch(url, { headers: { "if-none-match": etag! } })).status).toBe(304);

    const replacement = new Blob([PIXEL_PNG, Buffer.from("x")], { type: "image/png" });
    expect((await admin.storage.from(BUCKET).update(path, replacement)).error).toBeNull();
    expect((await (await fetch(url)).arrayBuffer()).byteLength).toBe(PIXEL_PNG.byteLength + 1);
    expect((await admin.storage.from(BUCKET).upload(path, pixelPng(), { upsert: true })).error).toBeNull();

    const removed = await admin.storage.from(BUCKET).remove([path]);
    expect(removed.data?.map((item) => item.name)).toEqual([path]);
    const gone = await fetch(url);
    expect(gone.status).toBe(400);
    expect(await gone.json()).toEqual({ statusCode: "404", error: "not_found", message: "Object not found" });
  });
});
