import { cp, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it, vi } from "vitest";
import { createLocalSupabase } from "./index.ts";
import { hasSnapshot, readSnapshot, tarEntries, snapshotKey, snapshotsEnabled, writeSnapshot } from "./snapshot.ts";

const SUPABASE_DIR = fileURLToPath(new URL("..", import.meta.url));
const scratch: string[] = [];

async function scratchDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), "local-db-snapshot-"));
  scratch.push(dir);
  return dir;
}

afterAll(async () => {
  await Promise.all(scratch.map((dir) => rm(dir, { recursive: true, force: true })));
});

/** A copy of supabase/'s migrations and seed, to change without touching the repository's. */
async function copyOfSupabase(): Promise<string> {
  const dir = await scratchDir();
  await cp(join(SUPABASE_DIR, "migrations"), join(dir, "migrations"), { recursive: true });
  await cp(join(SUPABASE_DIR, "seed.sql"), join(dir, "seed.sql"));
  return dir;
}

describe("the snapshot's key", () => {
  it("is the same for the same migrations and seed, and changes with any of them", async () => {
    const copy = await copyOfSupabase();
    const key = await snapshotKey(copy);
    expect(key).toMatch(/^[0-9a-f]{24}$/);
    expect(await snapshotKey(copy)).toBe(key);
    // The copy holds what supabase/ holds, wherever it lives.
    expect(await snapshotKey(SUPABASE_DIR)).toBe(key);

    const [first] = (await readdir(join(copy, "migrations"))).sort();
    const migration = join(copy, "migrations", first!);
    const text = await readFile(migration, "utf8");
    await writeFile(migration, `${text}\n-- a comment is a change\n`);
    const changedMigration = await snapshotKey(copy);
    expect(changedMigration).not.toBe(key);

    await writeFile(migration, text);
    expect(await snapshotKey(copy)).toBe(key);
    await writeFile(join(copy, "migrations", "29991231000000_later.sql"), "select 1;\n");
    const addedMigration = await snapshotKey(copy);
    expect(addedMigration).not.toBe(key);
    expect(addedMigration).not.toBe(changedMigration);

    await rm(join(copy, "migrations", "29991231000000_later.sql"));
    await writeFile(join(copy, "seed.sql"), `${await readFile(join(copy, "seed.sql"), "utf8")}\nselect 1;\n`);
    expect(await snapshotKey(copy)).not.toBe(key);
  });

  it("is off only when LOCAL_DB_SNAPSHOT says so", () => {
    expect(snapshotsEnabled({})).toBe(true);
    expect(snapshotsEnabled({ LOCAL_DB_SNAPSHOT: "1" })).toBe(true);
    for (const off of ["0", "false", "off", " OFF "]) expect(snapshotsEnabled({ LOCAL_DB_SNAPSHOT: off })).toBe(false);
  });
});

describe("kept snapshots", () => {
  it("are read back whole, and writing one deletes those of other keys", async () => {
    const dir = await scratchDir();
    expect(await readSnapshot("aaaa", dir)).toBeNull();
    expect(hasSnapshot("aaaa", dir)).toBe(false);

    await writeSnapshot("aaaa", new Blob([new Uint8Array([1, 2, 3])]), dir);
    expect(hasSnapshot("aaaa", dir)).toBe(true);
    expect([...new Uint8Array(await (await readSnapshot("aaaa", dir))!.arrayBuffer())]).toEqual([1, 2, 3]);

    await writeSnapshot("bbbb", new Blob([new Uint8Array([4, 5])]), dir);
    expect(await readSnapshot("aaaa", dir)).toBeNull();
    expect([...new Uint8Array(await (await readSnapshot("bbbb", dir))!.arrayBuffer())]).toEqual([4, 5]);
    // Nothing half-written is left beside it.
    expect(await readdir(dir)).toEqual(["bbbb.tar"]);
  });
});

/**
 * What a boot holds: every relation, column, constraint, index, policy, function, trigger, grant
 * and storage bucket in the schemas the product uses, and the seeded rows, as one text to compare.
 */
async function fingerprint(db: Awaited<ReturnType<typeof createLocalSupabase>>["db"]): Promise<string> {
  const schemas = `('public', 'private', 'auth', 'storage', 'supabase_migrations')`;
  const queries = [
    `select n.nspname, c.relname, c.relkind, c.relrowsecurity, c.relforcerowsecurity, c.relacl::text
       from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname in ${schemas} order by 1, 2`,
    `select c.table_schema, c.table_name, c.column_name, c.data_type, c.column_default, c.is_nullable
       from information_schema.columns c where c.table_schema in ${schemas} order by 1, 2, 3`,
    `select conrelid::regclass::text, conname, pg_get_constraintdef(oid) from pg_constraint
      where connamespace::regnamespace::text in ${schemas} order by 1, 2`,
    `select schemaname, tablename, indexname, indexdef from pg_indexes where schemaname in ${schemas} order by 1, 2, 3`,
    `select schemaname, tablename, policyname, permissive, roles::text, cmd, qual, with_check from pg_policies
      order by 1, 2, 3`,
    `select p.oid::regprocedure::text, md5(pg_get_functiondef(p.oid)), p.proacl::text, p.prosecdef
       from pg_proc p join pg_namespace n on n.oid = p.pronamespace
      where n.nspname in ${schemas} and p.prokind in ('f', 'p') order by 1`,
    `select tgrelid::regclass::text, tgname, pg_get_triggerdef(oid) from pg_trigger where not tgisinternal order by 1, 2`,
    `select version, name from supabase_migrations.schema_migrations order by 1`,
    `select id, name, public from storage.buckets order by 1`,
    `select slug, title, status from public.posts order by slug`,
  ];
  const parts: string[] = [];
  for (const sql of queries) parts.push(JSON.stringify((await db.query(sql)).rows));
  return parts.join("\n");
}

describe("a boot from the snapshot", () => {
  it("holds exactly what a boot from the migrations and seed holds", async () => {
    const fromMigrations = await createLocalSupabase({
      inMemory: true,
      quiet: true,
      bcryptCost: 4,
      env: { LOCAL_DB_SNAPSHOT: "0" },
    });
    const fromSnapshot = await createLocalSupabase({ inMemory: true, quiet: true, bcryptCost: 4, env: {} });
    try {
      expect(hasSnapshot(await snapshotKey(SUPABASE_DIR))).toBe(true);
      const [expected, actual] = [await fingerprint(fromMigrations.db), await fingerprint(fromSnapshot.db)];
      expect(actual.length).toBeGreaterThan(10_000);
      expect(actual).toBe(expected);
      // The session's time zone, which a data folder does not keep, is set again.
      const zone = await fromSnapshot.db.query<{ TimeZone: string }>("show time zone");
      expect(zone.rows[0]!.TimeZone).toBe("UTC");
      // Statistics came with it (taken before the dump), so the planner sees the seeded posts.
      const stats = await fromSnapshot.db.query<{ n: number }>(
        `select count(*)::int as n from pg_stats where schemaname = 'public' and tablename = 'posts'`,
      );
      expect(stats.rows[0]!.n).toBeGreaterThan(0);
      // Left out of the dump (compactForDump): the template databases, and the WAL before its last
      // checkpoint; it loads with the smaller buffers of an in-memory boot.
      const databases = await fromSnapshot.db.query<{ datname: string }>("select datname from pg_database");
      expect(databases.rows).toEqual([{ datname: "postgres" }]);
      const wal = await fromSnapshot.db.query<{ n: number }>("select count(*)::int as n from pg_ls_waldir()");
      expect(wal.rows[0]!.n).toBe(1);
      const buffers = await fromSnapshot.db.query<{ shared_buffers: string }>("show shared_buffers");
      expect(buffers.rows[0]!.shared_buffers).toBe("32MB");
      const dump = await readSnapshot(await snapshotKey(SUPABASE_DIR));
      expect(dump!.size).toBeLessThan(32 * 1024 * 1024);
    } finally {
      await fromMigrations.close();
      await fromSnapshot.close();
    }
  });
});

describe("boots of one process from the unpacked snapshot", () => {
  it("unpack the dump's data folder, and each writes to its own copy of the files", async () => {
    const first = await createLocalSupabase({ inMemory: true, quiet: true, bcryptCost: 4, env: {} });
    const entries = await tarEntries((await readSnapshot(await snapshotKey(SUPABASE_DIR)))!);
    const version = entries.find((entry) => entry.path === "PG_VERSION");
    expect(new TextDecoder().decode(version!.data).trim()).toMatch(/^\d+$/);
    expect(entries.some((entry) => entry.directory && entry.path === "base")).toBe(true);
    try {
      await first.db.query(`delete from public.posts`);
      await first.db.exec("checkpoint");
      expect((await first.db.query<{ n: number }>("select count(*)::int as n from public.posts")).rows[0]!.n).toBe(0);
      // The same process's next boot starts from the same unpacked files, untouched by the first.
      const second = await createLocalSupabase({ inMemory: true, quiet: true, bcryptCost: 4, env: {} });
      try {
        const posts = await second.db.query<{ n: number }>("select count(*)::int as n from public.posts");
        expect(posts.rows[0]!.n).toBeGreaterThan(0);
      } finally {
        await second.close();
      }
    } finally {
      await first.close();
    }
  });
});

describe("a new data folder on disk (npm run dev's first start)", () => {
  it("starts from the snapshot: what a boot from it holds, then the sample campaigns; a restart keeps it", async () => {
    const dataDir = await scratchDir();
    const inMemory = await createLocalSupabase({ inMemory: true, quiet: true, bcryptCost: 4, env: {} });
    const log = vi.spyOn(console, "log").mockImplementation(() => undefined);
    const onDisk = await createLocalSupabase({ dataDir, bcryptCost: 4, env: {} });
    try {
      expect(log.mock.calls.flat().join("\n")).toMatch(
        /started .+ from the migrations and seed of snapshot [0-9a-f]{24}/,
      );
      log.mockRestore();
      expect(await fingerprint(onDisk.db)).toBe(await fingerprint(inMemory.db));
      const zone = await onDisk.db.query<{ TimeZone: string }>("show time zone");
      expect(zone.rows[0]!.TimeZone).toBe("UTC");
      // The sample campaigns' leads and payments, which a developer's database has and a suite's not.
      const count = `select (select count(*)::int from public.leads) as leads, (select count(*)::int from public.payments) as payments`;
      const seeded = (await onDisk.db.query<{ leads: number; payments: number }>(count)).rows[0]!;
      expect(seeded.leads).toBeGreaterThan(0);
      expect(seeded.payments).toBeGreaterThan(0);
      expect((await inMemory.db.query<{ leads: number }>(count)).rows[0]!.leads).toBe(0);
      await onDisk.close();

      // Started again, the folder is opened as it is: nothing loaded or seeded twice.
      const again = await createLocalSupabase({ dataDir, quiet: true, bcryptCost: 4, env: {} });
      try {
        expect((await again.db.query<{ leads: number; payments: number }>(count)).rows[0]).toEqual(seeded);
      } finally {
        await again.close();
      }
    } finally {
      await inMemory.close();
      await onDisk.close().catch(() => undefined);
    }
  });
});
