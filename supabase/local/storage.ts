import { createHash } from "node:crypto";
import { mkdir, readFile, rm, writeFile } from "node:fs/promises";
import { dirname, resolve, sep } from "node:path";
import type { Caller, Gateway } from "./gateway.ts";
import { isPgError, jsonResponse } from "./gateway.ts";

/**
 * /storage/v1: the subset of Supabase Storage that supabase-js (storage-js) sends for the blog's
 * images: upload (POST, with x-upsert), update (PUT), remove (DELETE with prefixes), list, the
 * public object URL and the authenticated download. Like the hosted service, every write is a row in
 * storage.objects inserted, updated or deleted as the caller's role in one transaction with the
 * file, so Postgres enforces the project's storage.objects policies; bucket limits (size, MIME
 * types) are checked here, and errors have the service's shape: HTTP 400 with the real status in
 * the body ({ statusCode, error, message }), as its error handler answers.
 *
 * Files live under `<data folder>/storage/<bucket>/<name>` when the database is persisted, in
 * memory otherwise.
 */

interface Bucket {
  id: string;
  public: boolean;
  file_size_limit: number | null;
  allowed_mime_types: string[] | null;
}

interface ObjectMetadata {
  eTag: string;
  size: number;
  mimetype: string;
  cacheControl: string;
  lastModified: string;
  contentLength: number;
  httpStatusCode: number;
}

export interface StorageHandlerOptions {
  gateway: Gateway;
  /** Folder for the files; null keeps them in memory. */
  filesDir: string | null;
}

/** Largest object the local service accepts whatever the bucket says (hosted projects default to 50 MB). */
const MAX_OBJECT_BYTES = 10 * 1024 * 1024;

function storageError(statusCode: number, error: string, message: string): Response {
  return jsonResponse(400, { statusCode: String(statusCode), error, message });
}

const errors = {
  bucketNotFound: () => storageError(404, "Bucket not found", "Bucket not found"),
  objectNotFound: () => storageError(404, "not_found", "Object not found"),
  tooLarge: () => storageError(413, "Payload too large", "The object exceeded the maximum allowed size"),
  mimeType: (type: string) => storageError(415, "invalid_mime_type", `mime type ${type} is not supported`),
  invalidKey: (key: string) => storageError(400, "InvalidKey", `Invalid key: ${key}`),
  rls: () => storageError(403, "Unauthorized", "new row violates row-level security policy"),
  duplicate: () => storageError(409, "Duplicate", "The resource already exists"),
  invalidRequest: (message: string) => storageError(400, "InvalidRequest", message),
};

/**
 * Object names as the hosted service accepts them (its key pattern), with no empty, `.` or `..`
 * segment: a name can never reach outside its bucket's folder.
 */
export function isValidObjectName(name: string): boolean {
  if (!name || name.length > 1024 || name.startsWith("/")) return false;
  if (!/^[\w/!\-.*'() &$@=;:+,?]+$/u.test(name)) return false;
  return name.split("/").every((segment) => segment !== "" && segment !== "." && segment !== "..");
}

function mimeAllowed(type: string, allowed: string[] | null): boolean {
  if (!allowed || allowed.length === 0) return true;
  return allowed.some((pattern) => (pattern.endsWith("/*") ? type.startsWith(pattern.slice(0, -1)) : pattern === type));
}

interface Upload {
  bytes: Uint8Array;
  contentType: string;
  cacheControl: string;
  userMetadata: Record<string, unknown> | null;
}

async function readUpload(request: Request): Promise<Upload | Response> {
  const type = request.headers.get("content-type") ?? "";
  const raw = new Uint8Array(await request.arrayBuffer());
  if (raw.byteLength > MAX_OBJECT_BYTES) return errors.tooLarge();
  if (/^multipart\/form-data/i.test(type)) {
    let form: FormData;
    try {
      form = await new Response(raw, { headers: { "content-type": type } }).formData();
    } catch {
      return errors.invalidRequest("The multipart body could not be read");
    }
    const file = [...form.values()].find((value): value is File => typeof value !== "string");
    if (!file) return errors.invalidRequest("No file was found in the multipart body");
    const seconds = String(form.get("cacheControl") ?? "3600");
    let userMetadata: Record<string, unknown> | null = null;
    const metadata = form.get("metadata");
    if (typeof metadata === "string" && metadata) {
      try {
        userMetadata = JSON.parse(metadata) as Record<string, unknown>;
      } catch {
        return errors.invalidRequest("metadata is not valid JSON");
      }
    }
    return {
      bytes: new Uint8Array(await file.arrayBuffer()),
      contentType: file.type || "application/octet-stream",
      cacheControl: `max-age=${seconds.replace(/\D/g, "") || "3600"}`,
      userMetadata,
    };
  }
  return {
    bytes: raw,
    contentType: type.split(";")[0]?.trim() || "application/octet-stream",
    cacheControl: request.headers.get("cache-control") ?? "max-age=3600",
    userMetadata: null,
  };
}

/** Where the objects' bytes live: files under the storage folder, or a map in memory. */
interface FileStore {
  save(bucket: string, name: string, bytes: Uint8Array): Promise<void>;
  load(bucket: string, name: string): Promise<Uint8Array | null>;
  remove(bucket: string, name: string): Promise<void>;
}

function createFileStore(filesDir: string | null): FileStore {
  if (!filesDir) {
    const memory = new Map<string, Uint8Array>();
    return {
      save: async (bucket, name, bytes) => void memory.set(`${bucket}/${name}`, bytes),
      load: async (bucket, name) => memory.get(`${bucket}/${name}`) ?? null,
      remove: async (bucket, name) => void memory.delete(`${bucket}/${name}`),
    };
  }
  const root = resolve(filesDir);
  function filePath(bucket: string, name: string): string {
    const path = resolve(root, bucket, ...name.split("/"));
    if (!path.startsWith(root + sep)) throw new Error("Object path outside the storage folder");
    return path;
  }
  return {
    async save(bucket, name, bytes) {
      const path = filePath(bucket, name);
      await mkdir(dirname(path), { recursive: true });
      await writeFile(path, bytes);
    },
    load: async (bucket, name) => readFile(filePath(bucket, name)).catch(() => null),
    async remove(bucket, name) {
      await rm(filePath(bucket, name), { force: true });
    },
  };
}

/** What every endpoint works with: the database (through the gateway) and the files. */
interface Storage {
  gateway: Gateway;
  files: FileStore;
}

async function findBucket(gateway: Gateway, id: string): Promise<Bucket | null> {
  const { rows } = await gateway.exclusive(() =>
    gateway.db.query<Bucket>(
      `select id, public, file_size_limit, allowed_mime_types from storage.buckets where id = $1`,
      [id],
    ),
  );
  return rows[0] ?? null;
}

/** A refused write in the service's words (row-level security, duplicate); any other error is thrown on. */
function dbError(error: unknown): Response {
  if (isPgError(error)) {
    if (error.code === "42501") return errors.rls();
    if (error.code === "23505") return errors.duplicate();
  }
  throw error;
}

function objectMetadata(upload: Upload): ObjectMetadata {
  return {
    eTag: `"${createHash("md5").update(upload.bytes).digest("hex")}"`,
    size: upload.bytes.byteLength,
    mimetype: upload.contentType,
    cacheControl: upload.cacheControl,
    lastModified: new Date().toUTCString(),
    contentLength: upload.bytes.byteLength,
    httpStatusCode: 200,
  };
}

/** The storage.objects row of an upload (POST, an upsert with x-upsert: true) or an update (PUT). */
function writeObjectSql(method: "POST" | "PUT", upsert: boolean): string {
  return method === "PUT"
    ? `update storage.objects set metadata = $4::jsonb, user_metadata = $5::jsonb, version = $6, updated_at = now(), owner = $3::uuid, owner_id = $3
                where bucket_id = $1 and name = $2 returning id`
    : `insert into storage.objects (bucket_id, name, owner, owner_id, metadata, user_metadata, version)
               values ($1, $2, $3::uuid, $3, $4::jsonb, $5::jsonb, $6)
               ${upsert ? "on conflict (bucket_id, name) do update set metadata = excluded.metadata, user_metadata = excluded.user_metadata, version = excluded.version, updated_at = now(), owner = excluded.owner, owner_id = excluded.owner_id" : ""}
               returning id`;
}

/** What an endpoint acts on once the caller and the bucket are known. */
interface Target {
  caller: Caller;
  bucket: Bucket;
  /** The object's name in the bucket; empty for the bulk removal and the listing. */
  name: string;
}

type Endpoint = (storage: Storage, request: Request, target: Target) => Promise<Response>;

/** POST or PUT /object/{bucket}/{name}: the row as the caller's role, then the file, in one transaction. */
async function writeObject(
  { gateway, files }: Storage,
  request: Request,
  { caller, bucket, name }: Target,
  method: "POST" | "PUT",
): Promise<Response> {
  const upload = await readUpload(request);
  if (upload instanceof Response) return upload;
  if (bucket.file_size_limit !== null && upload.bytes.byteLength > Number(bucket.file_size_limit))
    return errors.tooLarge();
  if (!mimeAllowed(upload.contentType, bucket.allowed_mime_types)) return errors.mimeType(upload.contentType);
  const metadata = objectMetadata(upload);
  const upsert = method === "POST" && request.headers.get("x-upsert") === "true";
  const owner = typeof caller.claims.sub === "string" ? caller.claims.sub : null;
  try {
    const id = await gateway.runInTransaction(caller, method, false, async () => {
      const params = [
        bucket.id,
        name,
        owner,
        JSON.stringify(metadata),
        JSON.stringify(upload.userMetadata),
        crypto.randomUUID(),
      ];
      const { rows } = await gateway.db.query<{ id: string }>(writeObjectSql(method, upsert), params);
      if (!rows[0]) return null;
      await files.save(bucket.id, name, upload.bytes);
      return rows[0].id;
    });
    if (!id) return errors.objectNotFound();
    return jsonResponse(200, { Id: id, Key: `${bucket.id}/${name}` });
  } catch (error) {
    return dbError(error);
  }
}

/** DELETE /object/{bucket} with { prefixes }: the rows the caller's role may delete, and their files. */
async function removeObjects(
  { gateway, files }: Storage,
  request: Request,
  { caller, bucket }: Target,
): Promise<Response> {
  let prefixes: unknown;
  try {
    prefixes = ((await request.json()) as { prefixes?: unknown }).prefixes;
  } catch {
    return errors.invalidRequest("body must be JSON with a prefixes array");
  }
  if (!Array.isArray(prefixes) || !prefixes.every((item) => typeof item === "string"))
    return errors.invalidRequest("prefixes must be an array of object names");
  const names = (prefixes as string[]).filter(isValidObjectName);
  try {
    const rows = await gateway.runInTransaction(caller, "DELETE", false, async () => {
      const { rows: deleted } = await gateway.db.query<Record<string, unknown> & { name: string }>(
        `delete from storage.objects where bucket_id = $1 and name = any($2::text[]) returning id, bucket_id, name, owner, owner_id, created_at, updated_at, last_accessed_at, metadata, version`,
        [bucket.id, names],
      );
      for (const row of deleted) await files.remove(bucket.id, row.name);
      return deleted;
    });
    return jsonResponse(200, rows);
  } catch (error) {
    return dbError(error);
  }
}

/**
 * GET or HEAD of an object: as the caller's role (the authenticated download), or with no caller
 * as the service itself (a public bucket's URL). Answers 304 to a matching If-None-Match.
 */
async function readObject(
  { gateway, files }: Storage,
  request: Request,
  bucket: Bucket,
  name: string,
  caller: Caller | null,
): Promise<Response> {
  const query = `select metadata from storage.objects where bucket_id = $1 and name = $2`;
  const rows = caller
    ? await gateway.runInTransaction(
        caller,
        "GET",
        true,
        async () => (await gateway.db.query<{ metadata: ObjectMetadata }>(query, [bucket.id, name])).rows,
      )
    : (await gateway.exclusive(() => gateway.db.query<{ metadata: ObjectMetadata }>(query, [bucket.id, name]))).rows;
  const metadata = rows[0]?.metadata;
  const bytes = metadata ? await files.load(bucket.id, name) : null;
  if (!metadata || !bytes) return errors.objectNotFound();
  const headers: Record<string, string> = {
    "content-type": metadata.mimetype,
    "cache-control": metadata.cacheControl,
    etag: metadata.eTag,
    "last-modified": metadata.lastModified,
    "content-length": String(bytes.byteLength),
  };
  if (request.headers.get("if-none-match") === metadata.eTag)
    return new Response(null, {
      status: 304,
      headers: { etag: metadata.eTag, "cache-control": metadata.cacheControl },
    });
  return new Response(request.method === "HEAD" ? null : (bytes as Uint8Array<ArrayBuffer>), {
    status: 200,
    headers,
  });
}

/**
 * POST /object/list/{bucket}: the entries directly under `prefix`, as the caller's role, so the
 * storage.objects SELECT policies decide what shows (hosted Storage lists through the same RLS).
 * Files come with their id and metadata, sub-folders as names only.
 */
async function listObjects({ gateway }: Storage, request: Request, { caller, bucket }: Target): Promise<Response> {
  let options: { prefix?: unknown; limit?: unknown; offset?: unknown };
  try {
    options = (await request.json()) as typeof options;
  } catch {
    return errors.invalidRequest("body must be JSON");
  }
  const prefix = typeof options.prefix === "string" ? options.prefix.replace(/^\/+|\/+$/g, "") : "";
  const limit = Math.min(Math.max(Number(options.limit) || 100, 1), 1000);
  const offset = Math.max(Number(options.offset) || 0, 0);
  const rows = await gateway.runInTransaction(
    caller,
    "GET",
    true,
    async () =>
      (
        await gateway.db.query<Record<string, unknown>>(
          `with level as (
             select split_part(substr(name, $2::int + 1), '/', 1) as entry, (position('/' in substr(name, $2::int + 1)) > 0) as is_folder, o.*
               from storage.objects o
              where bucket_id = $1 and ($3 = '' or name like $3 || '/%')
           )
           select distinct on (entry) entry as name, case when is_folder then null else id end as id,
                  case when is_folder then null else updated_at end as updated_at,
                  case when is_folder then null else created_at end as created_at,
                  case when is_folder then null else last_accessed_at end as last_accessed_at,
                  case when is_folder then null else metadata end as metadata
             from level order by entry, is_folder limit $4 offset $5`,
          [bucket.id, prefix ? prefix.length + 1 : 0, prefix, limit, offset],
        )
      ).rows,
  );
  return jsonResponse(200, rows);
}

/** The endpoints on one object, /object/{bucket}/{name}, by method. */
const OBJECT_ENDPOINTS = new Map<string, Endpoint>([
  ["POST", (storage, request, target) => writeObject(storage, request, target, "POST")],
  ["PUT", (storage, request, target) => writeObject(storage, request, target, "PUT")],
  ["GET", (storage, request, { caller, bucket, name }) => readObject(storage, request, bucket, name, caller)],
  ["HEAD", (storage, request, { caller, bucket, name }) => readObject(storage, request, bucket, name, caller)],
]);

/** A path below /storage/v1, read: which route (a public URL, the listing, or objects), the bucket and the name. */
interface StoragePath {
  route: "public" | "list" | "object";
  bucketId: string;
  name: string;
}

function parsePath(method: string, path: string): StoragePath | Response {
  let segments: string[];
  try {
    segments = path.replace(/^\/+/, "").split("/").map(decodeURIComponent);
  } catch {
    return errors.invalidRequest("Invalid path");
  }
  if (segments[0] !== "object")
    return jsonResponse(404, { statusCode: "404", error: "Not Found", message: "Route not found" });
  const route =
    segments[1] === "public" && (method === "GET" || method === "HEAD")
      ? "public"
      : segments[1] === "list"
        ? "list"
        : "object";
  const [bucketId, ...rest] = segments.slice(route === "object" ? 1 : 2);
  if (!bucketId) return errors.bucketNotFound();
  return { route, bucketId, name: rest.join("/") };
}

/** The endpoint for a signed-in request: the bulk removal, the listing, or one of an object's. */
function endpointFor(method: string, { route, name }: StoragePath): Endpoint | Response {
  if (method === "DELETE" && name === "") return removeObjects;
  if (route === "list") return method === "POST" ? listObjects : errors.invalidRequest("List with POST");
  if (!isValidObjectName(name)) return errors.invalidKey(name);
  return (
    OBJECT_ENDPOINTS.get(method) ??
    jsonResponse(
      405,
      { statusCode: "405", error: "Method Not Allowed", message: `${method} is not supported here` },
      { allow: "GET, HEAD, POST, PUT, DELETE" },
    )
  );
}

export function createStorageHandler({ gateway, filesDir }: StorageHandlerOptions) {
  const storage: Storage = { gateway, files: createFileStore(filesDir) };

  return async function handleStorage(request: Request, url: URL, path: string): Promise<Response> {
    const method = request.method.toUpperCase();
    const parsed = parsePath(method, path);
    if (parsed instanceof Response) return parsed;
    const isPublic = parsed.route === "public";

    const rejected = gateway.checkApiKey(request, url);
    if (rejected && !isPublic) return rejected;
    const bucket = await findBucket(gateway, parsed.bucketId);
    if (!bucket || (isPublic && !bucket.public)) return errors.bucketNotFound();
    // A public bucket's objects load by URL as the service itself, with no storage.objects policy.
    if (isPublic)
      return isValidObjectName(parsed.name)
        ? readObject(storage, request, bucket, parsed.name, null)
        : errors.objectNotFound();

    const caller = gateway.authorize(request, url);
    if (caller instanceof Response) return caller;
    const endpoint = endpointFor(method, parsed);
    if (endpoint instanceof Response) return endpoint;
    return endpoint(storage, request, { caller, bucket, name: parsed.name });
  };
}
