import { mkdirSync, readFileSync, unlinkSync, writeFileSync } from "node:fs";
import type { Server as HttpServer } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { loadEnv, type Connect, type Logger, type Plugin } from "vite";
import type { LocalSupabase } from "./index.ts";
import { createLocalSupabase, LOCAL_SUPABASE_PATHS } from "./index.ts";
import { webMiddleware, whenListening, type WebHandler } from "./node-http.ts";
import { isRunning } from "./process.ts";

/**
 * Mounts the local Supabase on /rest/v1 and /auth/v1 of `vite dev` and `vite preview` when no
 * VITE_SUPABASE_URL is configured (environment or .env files), so the browser's supabase-js talks
 * to it at the same origin. Only vite.config.ts imports this module: it never reaches the client
 * bundle. The servers bind to 127.0.0.1 (see vite.config.ts).
 *
 * Data: persisted under supabase/.local-db/ for `vite dev` (`npm run db:reset` deletes it); in
 * memory for `vite preview` and whenever LOCAL_DB_IN_MEMORY=1 (Playwright sets it).
 * LOCAL_DB_IN_MEMORY=0 persists in preview too.
 */

type Mode = "dev" | "preview";

// One backend per data folder and process: Vite re-creates the server (and re-runs this plugin)
// on restarts, and a PGlite folder must not be opened twice.
const registry = ((globalThis as { __localSupabase?: Map<string, Promise<LocalSupabase>> }).__localSupabase ??= new Map<
  string,
  Promise<LocalSupabase>
>());

function origin(server: HttpServer | null): string | undefined {
  const address = server?.address() as AddressInfo | string | null | undefined;
  if (!address || typeof address === "string") return undefined;
  const host = address.address === "0.0.0.0" || address.address === "::" ? "127.0.0.1" : address.address;
  return `http://${host.includes(":") ? `[${host}]` : host}:${address.port}`;
}

/**
 * PGlite's folder must be opened by one process at a time (say `npm run dev` runs twice). The lock
 * is a pid file inside the folder; a second process gets an in-memory database instead.
 */
function lockDataDir(dataDir: string): boolean {
  const lock = join(dataDir, "local-supabase.pid");
  try {
    const owner = Number(readFileSync(lock, "utf8"));
    if (owner && owner !== process.pid && isRunning(owner)) return false;
  } catch {
    // no lock yet
  }
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(lock, String(process.pid));
  process.once("exit", () => {
    try {
      if (readFileSync(lock, "utf8") === String(process.pid)) unlinkSync(lock);
    } catch {
      // already gone
    }
  });
  return true;
}

function boot(root: string, env: Record<string, string>, mode: Mode, logger: Logger): Promise<LocalSupabase> {
  const flag = env.LOCAL_DB_IN_MEMORY?.trim();
  const dataDir = join(root, "supabase", ".local-db");
  let inMemory = flag === "1" || flag === "true" || (mode === "preview" && flag !== "0" && flag !== "false");
  if (!inMemory && !registry.has(dataDir) && !lockDataDir(dataDir)) {
    logger.warn?.(`  ➜  supabase/.local-db is in use by another process; this server uses an in-memory database`);
    inMemory = true;
  }
  const key = inMemory ? `memory:${mode}:${Math.random()}` : dataDir;
  let local = registry.get(key);
  if (!local) {
    const started = Date.now();
    local = createLocalSupabase({
      dataDir,
      inMemory,
      quiet: true,
      env: { ...process.env, ...env },
      supabaseDir: join(root, "supabase"),
    });
    local.then(
      () =>
        logger.info(
          `  ➜  Local Supabase ready in ${Date.now() - started} ms (${inMemory ? "in memory" : "supabase/.local-db"})`,
        ),
      (error: unknown) => logger.error(`  ➜  Local Supabase failed to start: ${String(error)}`),
    );
    if (!inMemory) registry.set(key, local);
  }
  return local;
}

/** What `vite dev`'s and `vite preview`'s servers both offer a plugin. */
interface HostServer {
  middlewares: Connect.Server;
  httpServer: unknown;
  config: { logger: Logger };
}

function mount(server: HostServer, root: string, viteMode: string, mode: Mode): WebHandler | null {
  const { middlewares, config } = server;
  const { logger } = config;
  const httpServer = server.httpServer as HttpServer | null;
  // Node closes a kept-alive connection after 5 idle seconds; a client that reuses it at that moment
  // gets ECONNRESET (an e2e test's API request once did, with the suite's two workers on the server).
  // A minute, as load balancers keep them, makes that race rare on a local server.
  if (httpServer && "keepAliveTimeout" in httpServer) {
    httpServer.keepAliveTimeout = 60_000;
    httpServer.headersTimeout = 61_000;
  }
  const env = loadEnv(viteMode, root, "");
  if (env.VITE_SUPABASE_URL?.trim()) {
    logger.info(`  ➜  Supabase: ${env.VITE_SUPABASE_URL.trim()} (the local backend is off)`);
    return null;
  }
  const ready = boot(root, env, mode, logger);
  let local: LocalSupabase | undefined;
  // Requests that arrive while the database boots wait for it.
  const handler = async (request: Request): Promise<Response> => {
    try {
      local ??= await ready;
    } catch {
      return new Response(JSON.stringify({ message: "The local Supabase failed to start; see the server log." }), {
        status: 503,
        headers: { "content-type": "application/json; charset=utf-8" },
      });
    }
    return local.handler(request);
  };
  middlewares.use(webMiddleware(LOCAL_SUPABASE_PATHS, handler));

  const announce = () => {
    const url = origin(httpServer) ?? "this server";
    void ready.then(
      (backend) =>
        logger.info(
          `  ➜  Local Supabase: ${url} (/rest/v1, /auth/v1, /storage/v1); admin sign-in: ${backend.adminEmail} (password: LOCAL_ADMIN_PASSWORD, default local-admin-password)`,
        ),
      () => undefined,
    );
  };
  whenListening(httpServer, announce);
  return handler;
}

/** What this plugin offers other plugins (Vite's `api` convention): the server-side blog renderer reads through it. */
export interface LocalSupabaseApi {
  /**
   * A fetch that hands requests for the local Supabase to it in-process, or null when a hosted
   * Supabase is configured (or before the server started).
   */
  fetch(): typeof fetch | null;
}

export const LOCAL_SUPABASE_PLUGIN = "local-supabase";

export function localSupabase(): Plugin & { api: LocalSupabaseApi } {
  let root = process.cwd();
  let viteMode = "development";
  let handler: WebHandler | null = null;
  const inProcess: typeof fetch = async (input, init) => handler!(new Request(input, init));
  return {
    name: LOCAL_SUPABASE_PLUGIN,
    api: { fetch: () => (handler ? inProcess : null) },
    configResolved(config) {
      root = config.root;
      viteMode = config.mode;
    },
    configureServer(server) {
      handler = mount(server, root, viteMode, "dev");
    },
    configurePreviewServer(server) {
      handler = mount(server, root, viteMode, "preview");
    },
  };
}
