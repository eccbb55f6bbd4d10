import { mkdtemp, rm } from "node:fs/promises";
import { request as httpRequest } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { LOCAL_DEFAULTS, startLocalSupabaseServer } from "./index.ts";
import { isValidObjectName } from "./storage.ts";
import { createLocalClient, localSupabaseForSuite, PIXEL_PNG, pixelPng } from "./testing.ts";

/**
 * The local Storage API's own behaviour: object names are checked before anything is stored, and a
 * persisted backend keeps its files on disk. The bucket's policies and limits are
 * supabase/tests/storage-attack.test.ts.
 */
const BUCKET = "blog-images";

const supabase = localSupabaseForSuite();

async function objectCount(): Promise<number> {
  const { rows } = await supabase.db.query<{ n: number }>(
    `select count(*)::int as n from storage.objects where bucket_id = $1`,
    [BUCKET],
  );
  return rows[0]!.n;
}

/** A POST with the path exactly as written: node:http does not resolve `..` as fetch's URL would. */
function rawPost(path: string, token: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      {
        host: "127.0.0.1",
        port: supabase.port,
        path,
        method: "POST",
        headers: {
          apikey: LOCAL_DEFAULTS.anonKey,
          authorization: `Bearer ${token}`,
          "content-type": "image/png",
          "content-length": PIXEL_PNG.byteLength,
        },
      },
      (response) => {
        let body = "";
        response.on("data", (chunk: Buffer) => (body += chunk.toString()));
        response.on("end", () => resolve({ status: response.statusCode ?? 0, body }));
      },
    );
    request.on("error", reject);
    request.end(PIXEL_PNG);
  });
}

describe("object names", () => {
  it("refuses names that would leave the bucket, even for an admin", async () => {
    const { token } = await supabase.signIn(LOCAL_DEFAULTS.adminEmail, LOCAL_DEFAULTS.adminPassword);
    const before = await objectCount();
    // URL parsing resolves `..` before any handler sees it, so those never leave the bucket's path;
    // what reaches the handler is checked again.
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

describe("a persisted backend", () => {
  it("keeps uploaded images on disk across a restart", async () => {
    const dataDir = await mkdtemp(join(tmpdir(), "local-storage-"));
    try {
      const first = await startLocalSupabaseServer({ dataDir, bcryptCost: 4, env: {} });
      const client = createLocalClient(first.url);
      await client.auth.signInWithPassword({
        email: LOCAL_DEFAULTS.adminEmail,
        password: LOCAL_DEFAULTS.adminPassword,
      });
      expect((await client.storage.from(BUCKET).upload("posts/kept.png", pixelPng())).error).toBeNull();
      await first.close();

      const second = await startLocalSupabaseServer({ dataDir, bcryptCost: 4, env: {} });
      try {
        const response = await fetch(`${second.url}/storage/v1/object/public/${BUCKET}/posts/kept.png`);
        expect(Buffer.from(await response.arrayBuffer())).toEqual(PIXEL_PNG);
      } finally {
        await second.close();
      }
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
