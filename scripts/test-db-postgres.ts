/**
 * The database suites on PostgreSQL 15, the server hosted Supabase runs, as well as on PGlite
 * (`npm run test:db:postgres`): starts a throwaway PostgreSQL 15 cluster (data and unix socket in a
 * temporary folder, no TCP port), builds the template database as Supabase's image has it with the
 * migrations and the seed applied as `postgres` (supabase/local/postgres.ts), runs vitest on
 * `DATABASE_SUITES` with LOCAL_DB_URL pointing at the server, so that each suite's
 * `createLocalSupabase` gets a database of its own cloned from the template, then stops the server,
 * deletes the folder and exits with vitest's code.
 *
 * The binaries: PG_BIN if set (and then only there), else /usr/lib/postgresql/15/bin (Debian's
 * postgresql-15), else `initdb` on PATH if it is version 15. Run as root, the server runs as the `postgres` OS user
 * (PostgreSQL refuses root). Arguments after `--` go to vitest (say, a single file).
 */
import { spawn, spawnSync } from "node:child_process";
import { chownSync, existsSync, mkdtempSync, readFileSync, readdirSync, realpathSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { preparePostgresTemplate } from "../supabase/local/index.ts";

/** The suites that run on both engines: the database suites, wherever they live. */
const DATABASE_SUITES = [
  "supabase/tests/**/*.test.ts",
  "src/**/*.db.test.ts",
  "supabase/local/advisor.test.ts",
  "supabase/local/postgres.test.ts",
];

const MAJOR = "15";

/** The files matching `patterns` (`*` within a folder, `**\/` any folders), relative to the working folder. */
function expand(patterns: string[]): string[] {
  const files = new Set<string>();
  for (const pattern of patterns) {
    if (!pattern.includes("*")) {
      if (existsSync(pattern)) files.add(pattern);
      continue;
    }
    const base = pattern.slice(0, pattern.search(/[^/]*\*/)).replace(/\/$/, "") || ".";
    if (!existsSync(base)) continue;
    const source = pattern
      .split(/(\*\*\/|\*)/)
      .map((part) =>
        part === "**/" ? "(?:.*/)?" : part === "*" ? "[^/]*" : part.replace(/[.+?^${}()|[\]\\]/g, "\\$&"),
      )
      .join("");
    const matcher = new RegExp(`^${source}$`);
    for (const entry of readdirSync(base, { recursive: true, encoding: "utf8" })) {
      const path = base === "." ? entry : `${base}/${entry}`;
      if (matcher.test(path) && !path.includes("node_modules")) files.add(path);
    }
  }
  return [...files].sort();
}

function findBinaries(): string | null {
  const hasTools = (dir: string) => existsSync(join(dir, "initdb")) && existsSync(join(dir, "pg_ctl"));
  // PG_BIN must hold the tools: a wrong folder is an error, not a reason to look elsewhere.
  if (process.env.PG_BIN) return hasTools(process.env.PG_BIN) ? process.env.PG_BIN : null;
  if (hasTools(`/usr/lib/postgresql/${MAJOR}/bin`)) return `/usr/lib/postgresql/${MAJOR}/bin`;
  const initdb = spawnSync("sh", ["-c", "command -v initdb"], { encoding: "utf8" }).stdout.trim();
  if (!initdb) return null;
  const version = spawnSync(initdb, ["--version"], { encoding: "utf8" }).stdout;
  const dir = dirname(realpathSync(initdb));
  return new RegExp(`\\s${MAJOR}\\.`).test(version) && hasTools(dir) ? dir : null;
}

function idOf(flag: "-u" | "-g", user: string): number {
  const result = spawnSync("id", [flag, user], { encoding: "utf8" });
  if (result.status !== 0) throw new Error(`no OS user "${user}" to run PostgreSQL as (PostgreSQL refuses root)`);
  return Number(result.stdout.trim());
}

async function main(): Promise<number> {
  const bin = findBinaries();
  if (!bin) {
    console.error(
      `PostgreSQL ${MAJOR} not found. Install it (Debian/Ubuntu: apt-get install -y postgresql-${MAJOR}) or set PG_BIN to the folder holding its initdb and pg_ctl.`,
    );
    return 1;
  }
  const started = Date.now();
  const root = process.getuid?.() === 0;
  const dir = mkdtempSync(join(tmpdir(), "pg-suites-"));
  const data = join(dir, "data");
  const asServer = (command: string, args: string[]) =>
    root ? (["runuser", ["-u", "postgres", "--", command, ...args]] as const) : ([command, args] as const);
  const run = (command: string, args: string[]) => {
    const [file, argv] = asServer(join(bin, command), args);
    const result = spawnSync(file, argv, { encoding: "utf8" });
    if (result.status === 0) return;
    const log = join(dir, "server.log");
    const serverLog = command === "pg_ctl" && existsSync(log) ? readFileSync(log, "utf8") : "";
    throw new Error(
      `${[file, ...argv].join(" ")} failed: ${result.error?.message ?? `exit ${result.status}`}\n${result.stdout ?? ""}${result.stderr ?? ""}${serverLog}`,
    );
  };
  let serverUp = false;
  const cleanUp = () => {
    if (serverUp) {
      const [file, argv] = asServer(join(bin, "pg_ctl"), ["stop", "-D", data, "-m", "immediate", "-s"]);
      spawnSync(file, argv);
      serverUp = false;
    }
    rmSync(dir, { recursive: true, force: true });
  };
  const onSignal = () => {
    cleanUp();
    process.exit(130);
  };
  process.once("SIGINT", onSignal);
  process.once("SIGTERM", onSignal);
  try {
    if (root) chownSync(dir, idOf("-u", "postgres"), idOf("-g", "postgres"));
    run("initdb", ["-D", data, "-U", "supabase_admin", "-A", "trust", "-E", "UTF8", "--locale=C", "--no-sync"]);
    // Unix socket only, in the folder (no TCP port to collide with or to expose); durability off,
    // as the cluster lives for one run.
    const settings = [
      "-c listen_addresses=''",
      `-c unix_socket_directories='${dir}'`,
      "-c port=5432",
      "-c fsync=off",
      "-c synchronous_commit=off",
      "-c full_page_writes=off",
      // Two suites run at once (a worker per core), and a race test opens up to 50 connections of its
      // own (proposals, purchase conversions; calls opens 20): two of those side by side with the
      // suites' own connections need about 110. At 60, calls' 20 beside one of the 50 were refused
      // ("remaining connection slots are reserved") in a CI run.
      "-c max_connections=150",
    ].join(" ");
    run("pg_ctl", ["start", "-D", data, "-w", "-s", "-l", join(dir, "server.log"), "-o", settings]);
    serverUp = true;
    const url = `postgresql://supabase_admin@localhost:5432/postgres?host=${encodeURIComponent(dir)}`;

    const template = await preparePostgresTemplate(url);
    console.log(
      `PostgreSQL ${MAJOR} (${bin}) up, template ${template} built in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );

    const files = expand(DATABASE_SUITES);
    const extra = process.argv.slice(2).filter((arg) => arg !== "--");
    const vitest = join("node_modules", "vitest", "vitest.mjs");
    const child = spawn(process.execPath, [vitest, "run", ...(extra.length > 0 ? extra : files)], {
      stdio: "inherit",
      env: { ...process.env, LOCAL_DB_URL: url },
    });
    const code = await new Promise<number>((resolve) => child.on("exit", (status) => resolve(status ?? 1)));
    console.log(`PostgreSQL run: ${((Date.now() - started) / 1000).toFixed(1)} s in all`);
    return code;
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    return 1;
  } finally {
    cleanUp();
  }
}

process.exitCode = await main();
