import { readdir, readFile } from "node:fs/promises";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { pgcrypto } from "@electric-sql/pglite/contrib/pgcrypto";
import bcrypt from "bcryptjs";
import { createAuthHandler } from "./auth.ts";
import type { Catalog } from "./catalog.ts";
import { loadCatalog } from "./catalog.ts";
import type { JwtClaims } from "./jwt.ts";
import { verifyJwt } from "./jwt.ts";
import { webMiddleware } from "./node-http.ts";
import type { Statement } from "./rest.ts";
import {
  RestError,
  buildDelete,
  buildInsert,
  buildRead,
  buildUpdate,
  parsePrefer,
  requireTable,
  statusForSqlState,
} from "./rest.ts";
import { PLATFORM_SHIM_SQL } from "./shim.ts";

/**
 * The local Supabase: PGlite behind a PostgREST + GoTrue compatible HTTP layer, so the unmodified
 * supabase-js client works against it with no account, no network and no Docker.
 *
 * Boot: platform shim (shim.ts) → supabase/migrations in order (recorded in
 * supabase_migrations.schema_migrations, like the CLI) → supabase/seed.sql on a fresh database →
 * the local admin user. All database work is serialized (PGlite has one connection); each REST
 * request is one transaction with the role and `request.jwt.claims` taken from the verified JWT,
 * so Postgres itself enforces the migrations' grants and RLS policies.
 */

export const LOCAL_DEFAULTS = {
  jwtSecret: "local-dev-jwt-secret-change-me-0123456789abcdef",
  anonKey:
    "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1sb2NhbCIsInJvbGUiOiJhbm9uIiwiaWF0IjoxNzY3MjI1NjAwLCJleHAiOjIwODI3NTg0MDB9.QaEhCxdQJ20c-uvtqQ5gMetS3XdQ5WSrsZxVz20rbgM",
  serviceRoleKey:
    "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1sb2NhbCIsInJvbGUiOiJzZXJ2aWNlX3JvbGUiLCJpYXQiOjE3NjcyMjU2MDAsImV4cCI6MjA4Mjc1ODQwMH0.F3OhH0Qq8d1PfOxGfsHf-4R0ysqCxDOXFyIhHyX_0kI",
  adminEmail: "admin@example.com",
  adminPassword: "local-admin-password",
  adminFullName: "Ada Okafor",
} as const;

export interface LocalSupabaseOptions {
  /** Folder for a persisted database. Ignored when `inMemory` is set. */
  dataDir?: string;
  inMemory?: boolean;
  /** No console output. */
  quiet?: boolean;
  /** Environment to read LOCAL_* settings from (defaults to process.env). */
  env?: Record<string, string | undefined>;
  /** bcrypt cost for the local admin's password (tests use a lower one). */
  bcryptCost?: number;
  /** The folder holding migrations/ and seed.sql (defaults to this repository's supabase/). */
  supabaseDir?: string;
}

export interface LocalSupabase {
  handler: (request: Request) => Promise<Response>;
  db: PGlite;
  adminEmail: string;
  anonKey: string;
  serviceRoleKey: string;
  close(): Promise<void>;
}

const ROLES = new Set(["anon", "authenticated", "service_role"]);

function defaultSupabaseDir(): string {
  return fileURLToPath(new URL("..", import.meta.url));
}

function read(env: Record<string, string | undefined>, name: string, fallback: string): string {
  const value = env[name]?.trim();
  return value ? value : fallback;
}

function jsonResponse(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { "content-type": "application/json; charset=utf-8", ...headers },
  });
}

interface PgError {
  code: string;
  message: string;
  detail?: string;
  hint?: string;
}

function isPgError(error: unknown): error is PgError {
  return (
    typeof error === "object" &&
    error !== null &&
    typeof (error as { code?: unknown }).code === "string" &&
    /^[0-9A-Z]{5}$/.test((error as { code: string }).code)
  );
}

async function applyMigrations(db: PGlite, supabaseDir: string, log: (line: string) => void) {
  const dir = join(supabaseDir, "migrations");
  const files = (await readdir(dir)).filter((name) => /^\d+_.*\.sql$/.test(name)).sort();
  const applied = new Set(
    (await db.query<{ version: string }>(`select version from supabase_migrations.schema_migrations`)).rows.map(
      (row) => row.version,
    ),
  );
  const fresh = applied.size === 0;
  for (const file of files) {
    const [version] = file.split("_") as [string];
    if (applied.has(version)) continue;
    const sql = await readFile(join(dir, file), "utf8");
    await db.transaction(async (tx) => {
      await tx.exec(sql);
      await tx.query(`insert into supabase_migrations.schema_migrations (version, name) values ($1, $2)`, [
        version,
        file.replace(/^\d+_/, "").replace(/\.sql$/, ""),
      ]);
    });
    log(`applied migration ${file}`);
  }
  return fresh;
}

async function ensureAdmin(
  db: PGlite,
  email: string,
  password: string,
  fullName: string,
  cost: number,
): Promise<void> {
  const existing = await db.query<{ id: string; encrypted_password: string | null }>(
    `select id, encrypted_password from auth.users where lower(email) = lower($1)`,
    [email],
  );
  let id = existing.rows[0]?.id;
  if (!id) {
    const hash = await bcrypt.hash(password, cost);
    const inserted = await db.query<{ id: string }>(
      `insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
         raw_app_meta_data, raw_user_meta_data, confirmation_token, recovery_token, email_change_token_new, email_change)
       values ('00000000-0000-0000-0000-000000000000', gen_random_uuid(), 'authenticated', 'authenticated', $1, $2, now(),
         '{"provider": "email", "providers": ["email"]}', jsonb_build_object('full_name', $3::text), '', '', '', '')
       returning id`,
      [email.toLowerCase(), hash, fullName],
    );
    id = inserted.rows[0]!.id;
  } else {
    const hash = existing.rows[0]!.encrypted_password ?? "";
    if (!hash.startsWith("$2") || !(await bcrypt.compare(password, hash))) {
      await db.query(`update auth.users set encrypted_password = $2, updated_at = now() where id = $1`, [
        id,
        await bcrypt.hash(password, cost),
      ]);
    }
  }
  await db.query(`insert into public.admins (user_id) values ($1) on conflict (user_id) do nothing`, [id]);
}

export async function createLocalSupabase(options: LocalSupabaseOptions = {}): Promise<LocalSupabase> {
  const env = options.env ?? process.env;
  const log = (line: string) => {
    if (!options.quiet) console.log(`[local-supabase] ${line}`);
  };
  const jwtSecret = read(env, "LOCAL_JWT_SECRET", LOCAL_DEFAULTS.jwtSecret);
  const anonKey = read(env, "LOCAL_SUPABASE_ANON_KEY", LOCAL_DEFAULTS.anonKey);
  const serviceRoleKey = read(env, "LOCAL_SUPABASE_SERVICE_ROLE_KEY", LOCAL_DEFAULTS.serviceRoleKey);
  const adminEmail = read(env, "LOCAL_ADMIN_EMAIL", LOCAL_DEFAULTS.adminEmail).toLowerCase();
  const adminPassword = read(env, "LOCAL_ADMIN_PASSWORD", LOCAL_DEFAULTS.adminPassword);
  const supabaseDir = options.supabaseDir ?? defaultSupabaseDir();

  const inMemory = options.inMemory || !options.dataDir;
  const db = await PGlite.create({
    ...(inMemory ? {} : { dataDir: options.dataDir }),
    extensions: { pgcrypto },
  });
  await db.exec(`set time zone 'UTC'`);
  await db.exec(PLATFORM_SHIM_SQL);
  const fresh = await applyMigrations(db, supabaseDir, log);
  if (fresh) {
    const seed = await readFile(join(supabaseDir, "seed.sql"), "utf8").catch(() => "");
    if (seed) {
      await db.transaction(async (tx) => {
        await tx.exec(seed);
      });
      log("seeded sample posts");
    }
  }
  await ensureAdmin(db, adminEmail, adminPassword, LOCAL_DEFAULTS.adminFullName, options.bcryptCost ?? 10);
  const catalog: Catalog = await loadCatalog(db, "public");

  // One connection: every piece of database work waits for the previous one.
  let tail: Promise<unknown> = Promise.resolve();
  function exclusive<T>(fn: () => Promise<T>): Promise<T> {
    const run = tail.then(fn, fn);
    tail = run.catch(() => undefined);
    return run;
  }

  const handleAuth = createAuthHandler({
    jwtSecret,
    exclusive: (fn) => exclusive(() => fn(db)),
  });

  /** A 401 response unless the request carries a valid anon or service-role `apikey`. */
  function checkApiKey(request: Request, url: URL): Response | null {
    const apikey = request.headers.get("apikey") ?? url.searchParams.get("apikey");
    if (!apikey) {
      return jsonResponse(401, {
        message: "No API key found in request",
        hint: "No `apikey` request header or url param was found.",
      });
    }
    const key = verifyJwt(apikey, jwtSecret);
    if (!key.ok || (key.claims.role !== "anon" && key.claims.role !== "service_role")) {
      return jsonResponse(401, {
        message: "Invalid API key",
        hint: "Double check your Supabase `anon` or `service_role` API key.",
      });
    }
    return null;
  }

  /** Checks `apikey` (header or query) and the bearer token; returns the request's JWT claims. */
  function authorize(request: Request, url: URL): { claims: JwtClaims; role: string } | Response {
    const rejected = checkApiKey(request, url);
    if (rejected) return rejected;
    const key = verifyJwt(request.headers.get("apikey") ?? url.searchParams.get("apikey") ?? "", jwtSecret);
    if (!key.ok) throw new Error("unreachable");
    const header = request.headers.get("authorization");
    if (!header) return { claims: key.claims, role: key.claims.role as string };
    const token = /^bearer\s+(\S+)$/i.exec(header.trim())?.[1];
    const verified = token ? verifyJwt(token, jwtSecret) : ({ ok: false, reason: "malformed" } as const);
    if (!verified.ok) {
      const expired = verified.reason === "expired";
      const message = expired
        ? "JWT expired"
        : verified.reason === "signature"
          ? "JWSError JWSInvalidSignature"
          : verified.reason === "algorithm"
            ? "JWSError (CompactDecodeError Invalid algorithm)"
            : "JWSError (CompactDecodeError Invalid number of parts)";
      return jsonResponse(
        401,
        { code: expired ? "PGRST303" : "PGRST301", details: null, hint: null, message },
        { "www-authenticate": `Bearer error="invalid_token", error_description="${message}"` },
      );
    }
    const role = verified.claims.role;
    if (typeof role !== "string" || !ROLES.has(role)) {
      return jsonResponse(401, {
        code: "PGRST301",
        details: null,
        hint: null,
        message: "JWT role is not one of anon, authenticated, service_role",
      });
    }
    return { claims: verified.claims, role };
  }

  async function runInTransaction<T>(
    role: string,
    claims: JwtClaims,
    method: string,
    readOnly: boolean,
    work: () => Promise<T>,
    rollback = false,
  ): Promise<T> {
    if (!ROLES.has(role)) throw new Error("unexpected role");
    return exclusive(async () => {
      await db.exec(`begin${readOnly ? " read only" : ""}; set local role ${role};`);
      try {
        await db.query(
          `select set_config('request.jwt.claims', $1, true), set_config('request.method', $2, true)`,
          [JSON.stringify(claims), method],
        );
        const result = await work();
        await db.exec(rollback ? "rollback" : "commit");
        return result;
      } catch (error) {
        await db.exec("rollback").catch(() => undefined);
        throw error;
      }
    });
  }

  async function handleRest(request: Request, url: URL, path: string): Promise<Response> {
    const auth = authorize(request, url);
    if (auth instanceof Response) return auth;
    const { claims, role } = auth;
    const method = request.method.toUpperCase();
    try {
      const profile = request.headers.get(method === "GET" || method === "HEAD" ? "accept-profile" : "content-profile");
      if (profile && profile !== "public") {
        throw new RestError(406, "PGRST106", "The schema must be one of the following: public");
      }
      let name: string;
      try {
        name = decodeURIComponent(path.replace(/^\/+|\/+$/g, ""));
      } catch {
        throw new RestError(404, "PGRST125", "Invalid path specified in request URL");
      }
      if (name === "" || name.includes("/")) {
        if (name.startsWith("rpc/")) {
          throw new RestError(404, "PGRST202", `Could not find the function public.${name.slice(4)} in the schema cache`);
        }
        throw new RestError(404, "PGRST125", `Invalid path specified in request URL`);
      }
      const table = requireTable(catalog, name);
      const accept = (request.headers.get("accept") ?? "application/json").toLowerCase();
      const single = accept.startsWith("application/vnd.pgrst.object+json");
      const acceptable =
        single ||
        accept.startsWith("application/json") ||
        accept.startsWith("application/vnd.pgrst.array+json") ||
        accept.startsWith("*/*");
      if (!acceptable) {
        throw new RestError(406, "PGRST107", `None of these media types are available: ${accept}`);
      }
      const stripNulls = accept.includes("nulls=stripped");
      const prefer = parsePrefer(request.headers.get("prefer"));
      const search = new URLSearchParams(url.searchParams);
      search.delete("apikey");

      let body: unknown;
      if (method === "POST" || method === "PATCH") {
        const text = await request.text();
        if (text.length > 1024 * 1024) throw new RestError(413, "PGRST413", "Request body is too large");
        try {
          body = text === "" ? (method === "PATCH" ? {} : undefined) : JSON.parse(text);
        } catch {
          throw new RestError(400, "PGRST102", "Empty or invalid json");
        }
        if (body === undefined) throw new RestError(400, "PGRST102", "Empty or invalid json");
      }

      const headers: Record<string, string> = {
        "content-type": single
          ? "application/vnd.pgrst.object+json; charset=utf-8"
          : "application/json; charset=utf-8",
      };

      const runStatement = async (statement: Statement) => {
        const { rows } = await db.query<{ body: string; n: number }>(statement.sql, statement.params);
        const result = rows[0] ?? { body: "[]", n: 0 };
        let total: number | null = null;
        if (statement.countSql) {
          const counted = await db.query<{ total: number }>(statement.countSql, statement.countParams);
          total = counted.rows[0]?.total ?? 0;
        }
        if (single && result.n !== 1) {
          throw new RestError(
            406,
            "PGRST116",
            "Cannot coerce the result to a single JSON object",
            `The result contains ${result.n} rows`,
          );
        }
        return { ...result, total };
      };

      const objectBody = (result: { body: string; n: number }) =>
        single ? result.body.slice(1, -1).trim() : result.body;

      if (method === "GET" || method === "HEAD") {
        const statement = buildRead(catalog, { table, search, stripNulls, count: prefer.count === "exact" });
        const result = await runInTransaction(role, claims, method, true, () => runStatement(statement));
        const range = result.n > 0 ? `${statement.offset}-${statement.offset + result.n - 1}` : "*";
        headers["content-range"] = `${range}/${result.total ?? "*"}`;
        const partial = result.total !== null && result.n > 0 && statement.offset + result.n < result.total;
        return new Response(method === "HEAD" ? null : objectBody(result), {
          status: partial ? 206 : 200,
          headers,
        });
      }

      let statement: Statement | null;
      if (method === "POST") statement = buildInsert(catalog, table, search, body, stripNulls);
      else if (method === "PATCH") statement = buildUpdate(catalog, table, search, body, stripNulls);
      else if (method === "DELETE") statement = buildDelete(catalog, table, search, stripNulls);
      else {
        return jsonResponse(
          405,
          { code: "PGRST117", details: null, hint: null, message: `Unsupported HTTP method: ${method}` },
          { allow: "GET, HEAD, POST, PATCH, DELETE" },
        );
      }
      const representation = prefer.return === "representation";
      const result = statement
        ? await runInTransaction(role, claims, method, false, () => runStatement(statement), prefer.rollback)
        : { body: "[]", n: 0, total: null };
      headers["content-range"] = `${result.n > 0 && method !== "POST" ? `0-${result.n - 1}` : "*"}/${
        prefer.count === "exact" ? result.n : "*"
      }`;
      const status = method === "POST" ? 201 : representation ? 200 : 204;
      if (!representation) {
        delete headers["content-type"];
        return new Response(null, { status: method === "POST" ? 201 : 204, headers });
      }
      return new Response(objectBody(result), { status, headers });
    } catch (error) {
      if (error instanceof RestError) return jsonResponse(error.status, error.body());
      if (isPgError(error)) {
        return jsonResponse(statusForSqlState(error.code, role), {
          code: error.code,
          details: error.detail ?? null,
          hint: error.hint ?? null,
          message: error.message,
        });
      }
      throw error;
    }
  }

  async function handler(request: Request): Promise<Response> {
    const url = new URL(request.url);
    const path = url.pathname;
    try {
      if (path === "/rest/v1" || path.startsWith("/rest/v1/")) {
        return await handleRest(request, url, path.slice("/rest/v1".length));
      }
      if (path === "/auth/v1" || path.startsWith("/auth/v1/")) {
        // GoTrue behind Supabase's gateway: the apikey is required; each endpoint checks the bearer
        // token itself.
        const rejected = checkApiKey(request, url);
        if (rejected) return rejected;
        return await handleAuth(request, path.slice("/auth/v1".length).replace(/\/+$/, "") || "/");
      }
      return jsonResponse(404, { message: "Not Found" });
    } catch (error) {
      if (!options.quiet) console.error("[local-supabase] unexpected error", error);
      return jsonResponse(500, { code: "PGRST000", details: null, hint: null, message: "Internal error in the local backend" });
    }
  }

  log(`ready (${inMemory ? "in memory" : options.dataDir}); admin ${adminEmail}`);

  return {
    handler,
    db,
    adminEmail,
    anonKey,
    serviceRoleKey,
    async close() {
      await tail.catch(() => undefined);
      await db.close();
    },
  };
}

export interface LocalSupabaseServer {
  url: string;
  port: number;
  close(): Promise<void>;
  local: LocalSupabase;
}

/** The local Supabase on its own HTTP server (127.0.0.1, ephemeral port), for tests and benchmarks. */
export async function startLocalSupabaseServer(options: LocalSupabaseOptions = {}): Promise<LocalSupabaseServer> {
  const local = await createLocalSupabase({ quiet: true, ...options, inMemory: options.inMemory ?? !options.dataDir });
  const middleware = webMiddleware(["/rest/v1", "/auth/v1"], local.handler);
  const server = createServer((req, res) => {
    void middleware(req, res, (error?: unknown) => {
      res.statusCode = error ? 500 : 404;
      res.setHeader("content-type", "application/json");
      res.end(JSON.stringify({ message: error ? "Internal error" : "Not Found" }));
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    local,
    async close() {
      server.closeAllConnections?.();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await local.close();
    },
  };
}
