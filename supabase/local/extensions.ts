import { readFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { gunzipSync } from "node:zlib";
import type { Extension, PGlite } from "@electric-sql/pglite";
import { pgcrypto } from "@electric-sql/pglite/contrib/pgcrypto";
import { PGLITE_INSTALL_DIR, tarEntries, type TarEntry } from "./snapshot.ts";

/** What Emscripten runs once PGlite's file system exists and before Postgres starts. */
type PreRun = (module: PGlite["Module"]) => void;

/** pgcrypto's files (its control file, its SQL scripts, pgcrypto.so), read from PGlite's bundle once. */
let pgcryptoFiles: Promise<TarEntry[]> | undefined;

async function readPgcryptoFiles(): Promise<TarEntry[]> {
  const { bundlePath } = (await pgcrypto.setup({} as PGlite, {})) as { bundlePath: URL };
  return tarEntries(new Blob([gunzipSync(await readFile(fileURLToPath(bundlePath)))]));
}

/**
 * pgcrypto as hosted projects have it, loaded when Postgres first needs it instead of on every start.
 * PGlite's own `pgcrypto` extension unpacks its bundle on each boot and compiles and links
 * pgcrypto.so (3 MB of WebAssembly) before Postgres starts, whether or not anything calls it; nothing
 * in the migrations does, and the suites boot some ninety times a run. Here its files are only
 * written into PGlite's file system, unpacked once per process, and Postgres loads the library as it
 * loads any other, on the first call of one of its functions (`create extension` included). Measured
 * on this machine, a boot from the snapshot: 330-410 ms with PGlite's extension, 160-235 ms with this
 * one; a first call into pgcrypto then costs about 150 ms, once per boot.
 */
const pgcryptoOnUse: Extension = {
  name: "pgcrypto",
  async setup(_pg, emscriptenOptions: { preRun?: PreRun[] }) {
    pgcryptoFiles ??= readPgcryptoFiles();
    const files = await pgcryptoFiles;
    const writeFiles: PreRun = ({ FS }) => {
      for (const file of files) {
        const path = `${PGLITE_INSTALL_DIR}/${file.path}`;
        if (file.directory) {
          FS.mkdirTree(path);
          continue;
        }
        FS.mkdirTree(path.slice(0, path.lastIndexOf("/")));
        // A copy: the files are shared by every boot of the process.
        FS.writeFile(path, file.data);
      }
    };
    return { emscriptenOpts: { ...emscriptenOptions, preRun: [...(emscriptenOptions.preRun ?? []), writeFiles] } };
  },
};

/** The extensions every local database starts with. */
export const EXTENSIONS = { pgcrypto: pgcryptoOnUse };
