import { createHash, randomUUID } from "node:crypto";
import { mkdir, readdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import { existsSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { Readable } from "node:stream";
import { MemoryFS, type PGlite } from "@electric-sql/pglite";
import { extract } from "tar-stream";
import { PLATFORM_SHIM_SQL } from "./shim.ts";

/**
 * A migrated database, kept: the data folder of a PGlite that has run the platform shim, every
 * migration and the seed, dumped once (PGlite's `dumpDataDir`) and loaded by every later boot instead
 * of running them again: in memory from its files, unpacked once per process (`SnapshotFS`), and into
 * a new data folder on disk with `loadDataDir`. A boot from a snapshot takes about a fifth of
 * one from the migrations, and the suites boot some ninety times a run (88 measured on 2026-11-30).
 *
 * The key is a hash of everything the dump is made of: the shim, each migration's name and text,
 * the seed, and PGlite's version. A changed migration, a new one, a new seed or another PGlite makes
 * another key, so a snapshot is never used for a database it does not hold. Snapshots live in
 * `.cache/local-db/` (git-ignored); writing one replaces the others.
 *
 * LOCAL_DB_SNAPSHOT=0 boots from the migrations every time (and writes nothing).
 */

/** Bump when what a snapshot holds changes without its inputs changing (say, a step added to it). */
const FORMAT = "2";

// From the module's path as a string: the suites' DOM environment has a URL class of its own, which
// node:url does not take.
const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..", "..");
const SNAPSHOT_DIR = join(REPO_ROOT, ".cache", "local-db");

/**
 * The installed PGlite's version, from its package.json (a path its exports do not open to
 * `require`), where this repository's node_modules holds it.
 */
function pgliteVersion(): string {
  const manifest = join(REPO_ROOT, "node_modules", "@electric-sql", "pglite", "package.json");
  return (JSON.parse(readFileSync(manifest, "utf8")) as { version: string }).version;
}

export function snapshotsEnabled(env: Record<string, string | undefined> = process.env): boolean {
  const flag = env.LOCAL_DB_SNAPSHOT?.trim().toLowerCase();
  return !(flag === "0" || flag === "false" || flag === "off");
}

/** The key of the database that the migrations and seed in `supabaseDir` make. */
export async function snapshotKey(supabaseDir: string): Promise<string> {
  const hash = createHash("sha256");
  const part = (label: string, text: string) => hash.update(`${label}\0${text.length}\0${text}\0`);
  part("format", FORMAT);
  part("pglite", pgliteVersion());
  part("shim", PLATFORM_SHIM_SQL);
  const migrations = join(supabaseDir, "migrations");
  const files = (await readdir(migrations)).filter((name) => /^\d+_.*\.sql$/.test(name)).sort();
  for (const file of files) part(file, await readFile(join(migrations, file), "utf8"));
  part("seed", await readFile(join(supabaseDir, "seed.sql"), "utf8").catch(() => ""));
  return hash.digest("hex").slice(0, 24);
}

/**
 * Leaves out of a database about to be dumped what no boot from it reads, since every boot loads the
 * whole dump into memory file by file: the two template databases (`template0` and `template1`,
 * 1,357 files and 45 MB with them, 600 and 30 MB without; only `CREATE DATABASE` reads them, which
 * nothing here runs), and the WAL segments before the last checkpoint (PGlite recycles them, as a
 * server does, into spares a fresh load never needs). Measured on this machine, a load from the dump:
 * about 900 ms without this, 680 with it.
 */
export async function compactForDump(db: PGlite): Promise<void> {
  for (const name of ["template0", "template1"]) {
    await db.exec(`alter database ${name} is_template false`);
    await db.exec(`drop database ${name}`);
  }
  // Removed at the checkpoint instead of kept as spares (this session only), and a new segment begun
  // so that the one the drops wrote goes too.
  await db.exec("set wal_recycle = off");
  await db.exec("checkpoint");
  await db.exec("select pg_switch_wal()");
  await db.exec("checkpoint");
  await db.exec("reset wal_recycle");
}

function fileOf(key: string, dir: string): string {
  return join(dir, `${key}.tar`);
}

export function hasSnapshot(key: string, dir = SNAPSHOT_DIR): boolean {
  return existsSync(fileOf(key, dir));
}

/** The dump kept under `key`, or null when there is none (or it cannot be read). */
export async function readSnapshot(key: string, dir = SNAPSHOT_DIR): Promise<Blob | null> {
  try {
    return new Blob([await readFile(fileOf(key, dir))]);
  } catch {
    return null;
  }
}

/**
 * Keeps `dump` under `key`: written to a file of its own, then renamed into place, so that a boot in
 * another process (the suites run in several) reads a whole snapshot or none. The other snapshots,
 * of older migrations, are deleted.
 */
export async function writeSnapshot(key: string, dump: Blob, dir = SNAPSHOT_DIR): Promise<void> {
  await mkdir(dir, { recursive: true });
  const partial = join(dir, `${key}.${randomUUID()}.partial`);
  await writeFile(partial, new Uint8Array(await dump.arrayBuffer()));
  await rename(partial, fileOf(key, dir));
  for (const name of await readdir(dir)) {
    if (name.endsWith(".tar") && name !== `${key}.tar`) await rm(join(dir, name), { force: true });
  }
}

/** One file or folder of a tar: a snapshot's data folder, or an extension's bundle. */
export interface TarEntry {
  /** The path inside the archive, without leading or trailing slashes. */
  path: string;
  directory: boolean;
  data: Uint8Array;
  modified: Date;
}

/**
 * The files and folders of an uncompressed tar, in its order: a dump (PGlite's `dumpDataDir("none")`),
 * or an extension's bundle once gunzipped.
 */
export async function tarEntries(dump: Blob): Promise<TarEntry[]> {
  const entries: TarEntry[] = [];
  const tar = extract();
  tar.on("entry", (header, stream, next) => {
    const chunks: Buffer[] = [];
    stream.on("data", (chunk) => chunks.push(chunk as Buffer));
    stream.on("end", () => {
      entries.push({
        path: header.name.replace(/^\/+|\/+$/g, ""),
        directory: header.type === "directory",
        data: new Uint8Array(Buffer.concat(chunks)),
        modified: header.mtime ?? new Date(0),
      });
      next();
    });
  });
  const finished = new Promise<void>((done, fail) => {
    tar.on("finish", done);
    tar.on("error", fail);
  });
  Readable.from([Buffer.from(await dump.arrayBuffer())]).pipe(tar);
  await finished;
  return entries;
}

/** Where PGlite keeps Postgres's installation in its file system (its WASM_PREFIX): lib/, share/. */
export const PGLITE_INSTALL_DIR = "/pglite";

/** Where PGlite keeps its data folder in its in-memory file system (PGDATA). */
const PGDATA = `${PGLITE_INSTALL_DIR}/data`;

/**
 * PGlite's in-memory file system, holding a snapshot's data folder before Postgres starts, as
 * `loadDataDir` would leave it. `loadDataDir` takes the dump as a tar and unpacks it on every boot;
 * the suites boot that often, so a process unpacks it once (`tarEntries`) and each
 * boot only writes the files. Measured on this machine, a boot: 534-614 ms with `loadDataDir`,
 * 409-523 ms from the unpacked entries. PGlite sees the data folder there and starts on it.
 */
export class SnapshotFS extends MemoryFS {
  readonly #entries: TarEntry[];

  constructor(entries: TarEntry[]) {
    super();
    this.#entries = entries;
  }

  override async initialSyncFs(): Promise<void> {
    const fs = this.pg!.Module.FS;
    const made = new Set<string>();
    const folder = (path: string) => {
      if (made.has(path)) return;
      fs.mkdirTree(path);
      made.add(path);
    };
    for (const entry of this.#entries) {
      const path = entry.path ? `${PGDATA}/${entry.path}` : PGDATA;
      if (entry.directory) {
        folder(path);
        continue;
      }
      folder(path.slice(0, path.lastIndexOf("/")));
      // Written as a copy: the entries are shared by every boot of the process.
      fs.writeFile(path, entry.data);
      fs.utime(path, entry.modified.getTime(), entry.modified.getTime());
    }
  }
}
