import { existsSync } from "node:fs";
import { readdir, readFile } from "node:fs/promises";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import bcrypt from "bcryptjs";
import { LOCAL_SUPABASE_ANON_KEY } from "../../src/config-defaults.ts";
import { LOCAL_SUPABASE_SERVICE_ROLE_KEY } from "../../src/server/local-service-key.ts";
import { createAuthHandler } from "./auth.ts";
import type { Database, Queryable } from "./database.ts";
import type { Catalog } from "./catalog.ts";
import { loadCatalog } from "./catalog.ts";
import { createGateway, jsonResponse } from "./gateway.ts";
import { webMiddleware } from "./node-http.ts";
import { createRestHandler } from "./rest-handler.ts";
import { openScratchDatabase, prepareTemplate, templateDatabase } from "./postgres.ts";
import { loadFunctions } from "./rpc.ts";
import { createStorageHandler } from "./storage.ts";
import { EXTENSIONS } from "./extensions.ts";
import { PLATFORM_SHIM_SQL } from "./shim.ts";
import {
  compactForDump,
  hasSnapshot,
  readSnapshot,
  tarEntries,
  SnapshotFS,
  snapshotKey,
  snapshotsEnabled,
  writeSnapshot,
  type TarEntry,
} from "./snapshot.ts";

/**
 * The local Supabase: PGlite behind a PostgREST + GoTrue compatible HTTP layer, so the unmodified
 * supabase-js client works against it with no account, no network and no Docker.
 *
 * Boot: platform shim (shim.ts) → supabase/migrations in order (recorded in
 * supabase_migrations.schema_migrations, like the CLI) → supabase/seed.sql on a fresh database →
 * the local admin user. All database work is serialized (PGlite has one connection); each REST
 * request is one transaction with the role and `request.jwt.claims` taken from the verified JWT,
 * so Postgres itself enforces the migrations' grants and RLS policies.
 *
 * With LOCAL_DB_URL (a PostgreSQL superuser's connection string), an in-memory boot runs on a
 * database of its own on that server instead (postgres.ts), connected as `postgres`.
 */

export const LOCAL_DEFAULTS = {
  jwtSecret: "local-dev-jwt-secret-change-me-0123456789abcdef",
  anonKey: LOCAL_SUPABASE_ANON_KEY,
  serviceRoleKey: LOCAL_SUPABASE_SERVICE_ROLE_KEY,
  adminEmail: "admin@example.com",
  adminPassword: "local-admin-password",
  adminFullName: "Ada Okafor",
  /** Rows a read answers at most, as a hosted project's PostgREST (db-max-rows). */
  maxRows: 1000,
} as const;

export interface LocalSupabaseOptions {
  /** Folder for a persisted database. Ignored when `inMemory` is set. */
  dataDir?: string;
  inMemory?: boolean;
  /** No console output. */
  quiet?: boolean;
  /** Environment to read LOCAL_* settings from (defaults to process.env). */
  env?: Record<string, string | undefined>;
  /** bcrypt cost of the passwords it hashes (tests use a lower one); else LOCAL_BCRYPT_COST, else 10. */
  bcryptCost?: number;
  /** The folder holding migrations/ and seed.sql (defaults to this repository's supabase/). */
  supabaseDir?: string;
}

export interface LocalSupabase {
  handler: (request: Request) => Promise<Response>;
  db: Database;
  adminEmail: string;
  anonKey: string;
  serviceRoleKey: string;
  close(): Promise<void>;
}

function defaultSupabaseDir(): string {
  return fileURLToPath(new URL("..", import.meta.url));
}

/** LOCAL_REST_MAX_ROWS: the hosted cap by default (1000); `0` or `none` lifts it. */
function maxRowsSetting(env: Record<string, string | undefined>): number | null {
  const raw = env.LOCAL_REST_MAX_ROWS?.trim().toLowerCase();
  if (!raw) return LOCAL_DEFAULTS.maxRows;
  if (raw === "0" || raw === "none") return null;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1)
    throw new Error(`LOCAL_REST_MAX_ROWS must be a whole number of rows (or 0 for no cap), not "${raw}"`);
  return value;
}

/**
 * LOCAL_BCRYPT_COST: the cost of the passwords the local auth hashes, 10 as GoTrue's unless set. The
 * end-to-end servers set 4: their sign-ins, invitations and new passwords each paid about 90 ms of
 * bcrypt at 10 (1.6 ms at 4), some 12 s of the site server's CPU in a run.
 */
function bcryptCostSetting(env: Record<string, string | undefined>): number {
  const raw = env.LOCAL_BCRYPT_COST?.trim();
  if (!raw) return 10;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 4 || value > 15)
    throw new Error(`LOCAL_BCRYPT_COST must be a whole number from 4 to 15, not "${raw}"`);
  return value;
}

function read(env: Record<string, string | undefined>, name: string, fallback: string): string {
  const value = env[name]?.trim();
  return value ? value : fallback;
}

async function applyMigrations(db: Database, supabaseDir: string, log: (line: string) => void) {
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

async function seed(db: Database, supabaseDir: string, log: (line: string) => void): Promise<void> {
  const sql = await readFile(join(supabaseDir, "seed.sql"), "utf8").catch(() => "");
  if (!sql) return;
  await db.transaction(async (tx) => {
    await tx.exec(sql);
  });
  log("seeded sample posts");
}

/** supabase/seed-campaigns.sql: what the site recorded of the sample ad campaigns (see the file). */
async function seedSampleCampaigns(db: Database, supabaseDir: string, log: (line: string) => void): Promise<void> {
  const sql = await readFile(join(supabaseDir, "seed-campaigns.sql"), "utf8").catch(() => "");
  if (!sql) return;
  await db.transaction(async (tx) => {
    await tx.exec(sql);
  });
  log("seeded sample ad campaigns");
}

async function ensureAdmin(
  db: Queryable,
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
  // The local admin is the team's Owner, inserted as such (a join never makes an Owner): an
  // Administrator when the team already has one.
  await db.query(
    `insert into public.admins (user_id, role)
     select $1, case when exists (select 1 from public.admins where role = 'owner') then 'administrator' else 'owner' end::public.team_role
     on conflict (user_id) do nothing`,
    [id],
  );
}

/**
 * How an in-memory PGlite starts: with 32 MB of shared buffers instead of Postgres's 128, which a
 * database of a few megabytes that lives for one suite never fills, and which Postgres would otherwise
 * set up in WebAssembly memory on every boot. Measured on this machine, a load of the snapshot: about
 * 680 ms with 128 MB, 450 with 32 (the suites boot some ninety times a run). A data folder on disk
 * (`npm run dev`) keeps the default.
 */
const IN_MEMORY = {
  extensions: EXTENSIONS,
  startParams: [...PGlite.defaultStartParams, "-c", "shared_buffers=32MB"],
};

/**
 * The database as a hosted project has it: PGlite (in memory without `dataDir`), the platform shim,
 * then every migration not yet applied. `fresh` says no migration had been applied before. The
 * local Supabase boots from it when there is no snapshot to load.
 */
async function openDatabase(
  options: {
    dataDir?: string | undefined;
    supabaseDir?: string;
    log?: (line: string) => void;
  } = {},
): Promise<{ db: PGlite; fresh: boolean }> {
  const db = await PGlite.create(options.dataDir ? { dataDir: options.dataDir, extensions: EXTENSIONS } : IN_MEMORY);
  await db.exec(`set time zone 'UTC'`);
  await db.exec(PLATFORM_SHIM_SQL);
  const fresh = await applyMigrations(db, options.supabaseDir ?? defaultSupabaseDir(), options.log ?? (() => {}));
  return { db, fresh };
}

/**
 * The snapshot this process last loaded, kept in memory (30 MB) with its files unpacked: a suites'
 * worker that shares its modules boots from it some twenty times, and each read of the file cost a
 * boot about 60 ms, each unpacking of it about 100 more.
 */
let lastSnapshot: { key: string; dump: Blob; entries?: Promise<TarEntry[]> } | undefined;

async function keptSnapshot(key: string): Promise<Blob | null> {
  if (lastSnapshot?.key === key) return lastSnapshot.dump;
  const dump = await readSnapshot(key);
  if (dump) lastSnapshot = { key, dump };
  return dump;
}

/** The files of the kept snapshot `key`, unpacked once per process; null when there is none. */
async function keptSnapshotEntries(key: string): Promise<TarEntry[] | null> {
  const dump = await keptSnapshot(key);
  if (!dump || lastSnapshot?.key !== key) return null;
  lastSnapshot.entries ??= tarEntries(dump);
  return lastSnapshot.entries;
}

/**
 * An in-memory database holding the migrations and the seed: loaded from the kept snapshot of them
 * (snapshot.ts) when there is one, else built as `openDatabase` and `seed` do and then kept, so that
 * the next boot, in this process or another, loads it.
 */
async function migratedInMemory(
  supabaseDir: string,
  log: (line: string) => void,
): Promise<{ db: PGlite; loaded: boolean }> {
  const key = await snapshotKey(supabaseDir);
  const kept = await keptSnapshotEntries(key);
  if (kept) {
    const db = await PGlite.create({ ...IN_MEMORY, fs: new SnapshotFS(kept) });
    // A session's setting, which a data folder does not keep.
    await db.exec(`set time zone 'UTC'`);
    log(`loaded the migrations and seed from snapshot ${key}`);
    return { db, loaded: true };
  }
  const { db } = await openDatabase({ supabaseDir, log });
  await seed(db, supabaseDir, log);
  await db.exec("analyze");
  await compactForDump(db);
  await writeSnapshot(key, await db.dumpDataDir("none"));
  log(`kept the migrations and seed as snapshot ${key}`);
  return { db, loaded: false };
}

/**
 * An in-memory database with the schema the migrations make, for what reads the catalog (the
 * generated types, docs/schema.md): loaded from the kept snapshot (built first when there is none;
 * its seed rows change no table, policy or function), or, with snapshots switched off, from the
 * migrations. Loaded, about 1 s; migrated, about 5.
 */
export async function openMigratedDatabase(
  supabaseDir = defaultSupabaseDir(),
  env: Record<string, string | undefined> = process.env,
): Promise<PGlite> {
  if (snapshotsEnabled(env)) return (await migratedInMemory(supabaseDir, () => {})).db;
  return (await openDatabase({ supabaseDir })).db;
}

/**
 * A new data folder on disk (`npm run dev`'s first start, or after `npm run db:reset`) holding the
 * migrations and the seed: the kept snapshot written into it (built first when there is none), as
 * the in-memory boots load it, instead of every migration run again against the disk. Null when the
 * folder already holds a database, or when snapshots are switched off.
 */
async function newPersistedFromSnapshot(
  dataDir: string,
  supabaseDir: string,
  env: Record<string, string | undefined>,
  log: (line: string) => void,
): Promise<PGlite | null> {
  if (!snapshotsEnabled(env) || existsSync(join(dataDir, "PG_VERSION"))) return null;
  await prepareSnapshot(supabaseDir);
  const key = await snapshotKey(supabaseDir);
  const kept = await keptSnapshot(key);
  if (!kept) return null;
  const db = await PGlite.create({ dataDir, loadDataDir: kept, extensions: EXTENSIONS });
  await db.exec(`set time zone 'UTC'`);
  log(`started ${dataDir} from the migrations and seed of snapshot ${key}`);
  return db;
}

/**
 * Makes sure the snapshot of this folder's migrations and seed exists, building it when it does
 * not, so that boots started side by side (the suites' workers, the end-to-end servers) load it
 * instead of each building it. Answers whether it had to be built.
 */
export async function prepareSnapshot(supabaseDir = defaultSupabaseDir()): Promise<boolean> {
  if (hasSnapshot(await snapshotKey(supabaseDir))) return false;
  const { db } = await migratedInMemory(supabaseDir, () => {});
  await db.close();
  return true;
}

/**
 * Builds, or builds again, the template database on the PostgreSQL server at `url` (a superuser's
 * connection string): the platform as Supabase's image has it, then the migrations and the seed.
 */
export async function preparePostgresTemplate(url: string, supabaseDir = defaultSupabaseDir()): Promise<string> {
  const template = templateDatabase(supabaseDir);
  await prepareTemplate(url, template, async (db) => {
    await applyMigrations(db, supabaseDir, () => {});
    await seed(db, supabaseDir, () => {});
  });
  return template;
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
  const bcryptCost = options.bcryptCost ?? bcryptCostSetting(env);

  const inMemory = options.inMemory || !options.dataDir;
  const postgresUrl = inMemory ? (env.LOCAL_DB_URL ?? process.env.LOCAL_DB_URL)?.trim() : undefined;
  let db: Database;
  // A snapshot holds the statistics of its migrations and seed (taken before it was dumped).
  let analyzed = false;
  if (postgresUrl) {
    // The template already holds the migrations and the seed; a migration newer than it applies here.
    db = await openScratchDatabase(postgresUrl, templateDatabase(supabaseDir), async (template) => {
      await applyMigrations(template, supabaseDir, log);
      await seed(template, supabaseDir, log);
    });
    await applyMigrations(db, supabaseDir, log);
  } else if (inMemory && snapshotsEnabled(env)) {
    db = (await migratedInMemory(supabaseDir, log)).db;
    analyzed = true;
  } else {
    // A new data folder on disk starts from the snapshot; one that holds a database applies what is
    // new, and so does memory with snapshots switched off (from nothing).
    const fromSnapshot = inMemory ? null : await newPersistedFromSnapshot(options.dataDir!, supabaseDir, env, log);
    let fresh = true;
    if (fromSnapshot) {
      db = fromSnapshot;
    } else {
      const opened = await openDatabase({ dataDir: inMemory ? undefined : options.dataDir, supabaseDir, log });
      db = opened.db;
      fresh = opened.fresh;
      if (fresh) await seed(db, supabaseDir, log);
    }
    // The sample ad campaigns' visits, leads and payments: for a developer's database only, never a suite's.
    if (fresh && !inMemory) await seedSampleCampaigns(db, supabaseDir, log);
  }
  await ensureAdmin(db, adminEmail, adminPassword, LOCAL_DEFAULTS.adminFullName, bcryptCost);
  // Statistics for the planner (PGlite runs no autovacuum), so it chooses the indexes a hosted
  // database would.
  if (!analyzed) await db.exec("analyze");
  const catalog: Catalog = await loadCatalog(db, "public");

  const gateway = createGateway(db, jwtSecret);
  const handleAuth = createAuthHandler({
    jwtSecret,
    bcryptCost,
    exclusive: (fn) => gateway.exclusive(() => fn(db)),
    // Read when a recovery e-mail is sent: the dev server points SMTP_URL at its mailbox once it runs.
    smtpUrl: () => env.SMTP_URL?.trim() || process.env.SMTP_URL?.trim() || undefined,
    mailFrom: () => env.MAIL_FROM?.trim() || process.env.MAIL_FROM?.trim() || undefined,
  });
  const handleRest = createRestHandler(gateway, catalog, await loadFunctions(db, "public"), maxRowsSetting(env));
  const handleStorage = createStorageHandler({
    gateway,
    filesDir: inMemory ? null : join(options.dataDir!, "storage"),
  });

  async function handler(request: Request): Promise<Response> {
    const url = new URL(request.url);
    const path = url.pathname;
    try {
      if (path === "/rest/v1" || path.startsWith("/rest/v1/")) {
        return await handleRest(request, url, path.slice("/rest/v1".length));
      }
      if (path.startsWith("/storage/v1/")) {
        return await handleStorage(request, url, path.slice("/storage/v1".length));
      }
      if (path === "/auth/v1" || path.startsWith("/auth/v1/")) {
        // GoTrue behind Supabase's gateway: the apikey is required, except on the links that e-mails
        // carry (GET /verify), as the gateway leaves them open; each endpoint checks the bearer token
        // itself.
        const authPath = path.slice("/auth/v1".length).replace(/\/+$/, "") || "/";
        const rejected = request.method === "GET" && authPath === "/verify" ? null : gateway.checkApiKey(request, url);
        if (rejected) return rejected;
        return await handleAuth(request, authPath);
      }
      return jsonResponse(404, { message: "Not Found" });
    } catch (error) {
      if (!options.quiet) console.error("[local-supabase] unexpected error", error);
      return jsonResponse(500, {
        code: "PGRST000",
        details: null,
        hint: null,
        message: "Internal error in the local backend",
      });
    }
  }

  log(`ready (${postgresUrl ? "PostgreSQL" : inMemory ? "in memory" : options.dataDir}); admin ${adminEmail}`);

  return {
    handler,
    db,
    adminEmail,
    anonKey,
    serviceRoleKey,
    async close() {
      await gateway.idle();
      await db.close();
    },
  };
}

/** The paths the local Supabase answers on, as a hosted project does. */
export const LOCAL_SUPABASE_PATHS = ["/rest/v1", "/auth/v1", "/storage/v1"];

export interface LocalSupabaseServer {
  url: string;
  port: number;
  close(): Promise<void>;
  local: LocalSupabase;
}

/** The local Supabase on its own HTTP server (127.0.0.1, ephemeral port), for tests and benchmarks. */
export async function startLocalSupabaseServer(options: LocalSupabaseOptions = {}): Promise<LocalSupabaseServer> {
  const local = await createLocalSupabase({ quiet: true, ...options, inMemory: options.inMemory ?? !options.dataDir });
  const middleware = webMiddleware(LOCAL_SUPABASE_PATHS, local.handler);
  const server = createServer((req, res) => {
    middleware(req, res, (error?: unknown) => {
      res.statusCode = error ? 500 : 404;
      res.setHeader("content-type", "application/json");
      res.end(JSON.stringify({ message: error ? "Internal error" : "Not Found" }));
    });
  });
  // Idle keep-alive connections stay open until close(). With Node's 5 s default the server closed
  // a connection just as a client whose event loop ran late sent on it: "fetch failed" (read
  // ECONNRESET) under a loaded machine, one call in fifty at once (concurrency.db.test, two whole
  // test runs sharing the 2 cores). The clients are this machine's tests and benchmarks.
  server.keepAliveTimeout = 0;
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
