import { mkdtemp, rm } from "node:fs/promises";
import { request as httpRequest } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import bcrypt from "bcryptjs";
import type { SupabaseClient } from "@supabase/supabase-js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LOCAL_DEFAULTS, startLocalSupabaseServer, type LocalSupabaseServer } from "./index.ts";
import { isValidObjectName } from "./storage.ts";
import { createLocalClient } from "./test-client.ts";

/**
 * The blog-images bucket through the real supabase-js against the local Storage API: the same
 * refusals a hosted project gives (its storage.objects policies, enforced by Postgres, and the
 * bucket's limits), and what an admin may do. Part of the attack matrix (attack-matrix.test.ts).
 */
const BUCKET = "blog-images";
const MEMBER = { email: "storage-member@example.com", password: "member-password" };
/** The smallest valid PNG: one transparent pixel. */
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==",
  "base64",
);

let server: LocalSupabaseServer;
let anon: SupabaseClient;
let member: SupabaseClient;
let admin: SupabaseClient;

function png(): Blob {
  return new Blob([PNG], { type: "image/png" });
}

async function objectCount(): Promise<number> {
  const { rows } = await server.local.db.query<{ n: number }>(
    `select count(*)::int as n from storage.objects where bucket_id = $1`,
    [BUCKET],
  );
  return rows[0]!.n;
}

beforeAll(async () => {
  server = await startLocalSupabaseServer({ bcryptCost: 4, env: {} });
  await server.local.db.query(
    `insert into auth.users (id, aud, role, email, encrypted_password, raw_user_meta_data)
     values (gen_random_uuid(), 'authenticated', 'authenticated', $1, $2, '{}')`,
    [MEMBER.email, await bcrypt.hash(MEMBER.password, 4)],
  );
  anon = createLocalClient(server.url);
  member = createLocalClient(server.url);
  await member.auth.signInWithPassword(MEMBER);
  admin = createLocalClient(server.url);
  await admin.auth.signInWithPassword({ email: LOCAL_DEFAULTS.adminEmail, password: LOCAL_DEFAULTS.adminPassword });
  const seeded = await admin.storage.from(BUCKET).upload("posts/existing.png", png(), { contentType: "image/png" });
  expect(seeded.error).toBeNull();
});

afterAll(async () => {
  await server?.close();
});

describe.each([
  ["an anonymous visitor", () => anon],
  ["a signed-in user who is not an admin", () => member],
])("%s", (_, client) => {
  it("cannot upload, overwrite or delete, and nothing changes", async () => {
    const before = await objectCount();
    const upload = await client().storage.from(BUCKET).upload("posts/new.png", png());
    expect(upload.error?.message).toBe("new row violates row-level security policy");
    expect((upload.error as { statusCode?: string } | null)?.statusCode).toBe("403");
    const upsert = await client().storage.from(BUCKET).upload("posts/existing.png", png(), { upsert: true });
    expect(upsert.error?.message).toBe("new row violates row-level security policy");
    const update = await client().storage.from(BUCKET).update("posts/existing.png", png());
    expect(update.error).not.toBeNull();
    const removed = await client().storage.from(BUCKET).remove(["posts/existing.png"]);
    expect(removed.data).toEqual([]);
    expect(await objectCount()).toBe(before);
    const still = await fetch(`${server.url}/storage/v1/object/public/${BUCKET}/posts/existing.png`);
    expect(Buffer.from(await still.arrayBuffer())).toEqual(PNG);
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
    expect(Buffer.from(await byUrl.arrayBuffer())).toEqual(PNG);
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

  it("refuses names that would leave the bucket", async () => {
    const token = (await admin.auth.getSession()).data.session!.access_token;
    const before = await objectCount();
    // node:http sends the path as written. URL parsing resolves `..` before any handler sees it,
    // so those never leave the bucket's path; what reaches the handler is checked again.
    for (const name of ["../escape.png", "posts/../../escape.png"]) {
      const { status, body } = await rawPost(`/storage/v1/object/${BUCKET}/${name}`, token);
      expect(status, name).toBe(400);
      expect(JSON.parse(body), name).toMatchObject({ statusCode: "404", error: "Bucket not found" });
    }
    for (const name of [
      "posts//double.png",
      "posts/%5Cback.png",
      "posts/%00nul.png",
      "posts/..%2Fx.png",
      "%2E%2E%2Fescape.png",
    ]) {
      const { status, body } = await rawPost(`/storage/v1/object/${BUCKET}/${name}`, token);
      expect(status, name).toBe(400);
      expect(JSON.parse(body), name).toMatchObject({ statusCode: "400", error: "InvalidKey" });
    }
    expect(await objectCount()).toBe(before);
    for (const name of ["..", "a/../b", "/abs", "a//b", "a\\b", "a\u0000b", "./a"])
      expect(isValidObjectName(name), name).toBe(false);
    expect(isValidObjectName("posts/2026/11/cover-1600x900.webp")).toBe(true);
  });
});

function rawPost(path: string, token: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      {
        host: "127.0.0.1",
        port: server.port,
        path,
        method: "POST",
        headers: {
          apikey: LOCAL_DEFAULTS.anonKey,
          authorization: `Bearer ${token}`,
          "content-type": "image/png",
          "content-length": PNG.byteLength,
        },
      },
      (response) => {
        let body = "";
        response.on("data", (chunk: Buffer) => (body += chunk.toString()));
        response.on("end", () => resolve({ status: response.statusCode ?? 0, body }));
      },
    );
    request.on("error", reject);
    request.end(PNG);
  });
}

describe("an admin", () => {
  it("lists what the bucket holds (the editor's own view)", async () => {
    const listed = await admin.storage.from(BUCKET).list("posts");
    expect(listed.error).toBeNull();
    expect(listed.data?.map((item) => item.name)).toContain("existing.png");
  });

  it("uploads, reads back with the right headers, replaces and removes an image", async () => {
    const path = `posts/2026/11/cover-${Date.now()}-1x1.png`;
    const uploaded = await admin.storage.from(BUCKET).upload(path, png(), { cacheControl: "31536000" });
    expect(uploaded.error).toBeNull();
    expect(uploaded.data?.fullPath).toBe(`${BUCKET}/${path}`);
    expect((await admin.storage.from(BUCKET).upload(path, png())).error?.message).toBe("The resource already exists");

    const url = admin.storage.from(BUCKET).getPublicUrl(path).data.publicUrl;
    expect(url).toBe(`${server.url}/storage/v1/object/public/${BUCKET}/${path}`);
    const response = await fetch(url);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/png");
    expect(response.headers.get("cache-control")).toBe("max-age=31536000");
    const etag = response.headers.get("etag");
    expect(etag).toMatch(/^"[0-9a-f]{32}"$/);
    expect(Buffer.from(await response.arrayBuffer())).toEqual(PNG);
    expect((await fetch(url, { headers: { "if-none-match": etag! } })).status).toBe(304);

    const replacement = new Blob([PNG, Buffer.from("x")], { type: "image/png" });
    expect((await admin.storage.from(BUCKET).update(path, replacement)).error).toBeNull();
    expect((await (await fetch(url)).arrayBuffer()).byteLength).toBe(PNG.byteLength + 1);
    expect((await admin.storage.from(BUCKET).upload(path, png(), { upsert: true })).error).toBeNull();

    const removed = await admin.storage.from(BUCKET).remove([path]);
    expect(removed.data?.map((item) => item.name)).toEqual([path]);
    const gone = await fetch(url);
    expect(gone.status).toBe(400);
    expect(await gone.json()).toEqual({ statusCode: "404", error: "not_found", message: "Object not found" });
  });
});

// A persisted backend is a PGlite folder whatever LOCAL_DB_URL says (only in-memory boots move to
// PostgreSQL), so the PostgreSQL pass leaves it to the PGlite one.
describe.skipIf(Boolean(process.env.LOCAL_DB_URL))("a persisted backend", () => {
  it("keeps uploaded images on disk across a restart", async () => {
    const dataDir = await mkdtemp(join(tmpdir(), "local-storage-"));
    try {
      const first = await startLocalSupabaseServer({ dataDir, bcryptCost: 4, env: {} });
      const client = createLocalClient(first.url);
      await client.auth.signInWithPassword({
        email: LOCAL_DEFAULTS.adminEmail,
        password: LOCAL_DEFAULTS.adminPassword,
      });
      expect((await client.storage.from(BUCKET).upload("posts/kept.png", png())).error).toBeNull();
      await first.close();

      const second = await startLocalSupabaseServer({ dataDir, bcryptCost: 4, env: {} });
      try {
        const response = await fetch(`${second.url}/storage/v1/object/public/${BUCKET}/posts/kept.png`);
        expect(Buffer.from(await response.arrayBuffer())).toEqual(PNG);
      } finally {
        await second.close();
      }
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
