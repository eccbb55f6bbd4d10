import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Plugin, ResolvedConfig, ViteDevServer } from "vite";
import { LOCAL_DEFAULTS } from "./index.ts";
import { localSupabase } from "./vite-plugin.ts";

/** The Vite plugin mounts the local Supabase only when no hosted URL is configured. */

type Middleware = (req: IncomingMessage, res: ServerResponse, next: (error?: unknown) => void) => void;

const saved = { url: process.env.VITE_SUPABASE_URL, memory: process.env.LOCAL_DB_IN_MEMORY };
const servers: Array<{ close(): void }> = [];

afterEach(() => {
  process.env.VITE_SUPABASE_URL = saved.url;
  process.env.LOCAL_DB_IN_MEMORY = saved.memory;
  if (saved.url === undefined) delete process.env.VITE_SUPABASE_URL;
  if (saved.memory === undefined) delete process.env.LOCAL_DB_IN_MEMORY;
  servers.splice(0).forEach((server) => server.close());
});

function configure(plugin: Plugin) {
  const used: Middleware[] = [];
  const logs: string[] = [];
  const logger = { info: (line: string) => logs.push(line), error: (line: string) => logs.push(line) };
  const httpServer = createServer((req, res) => {
    const chain = [...used];
    const next = (error?: unknown) => {
      const middleware = chain.shift();
      if (middleware && !error) middleware(req, res, next);
      else {
        res.statusCode = error ? 500 : 404;
        res.end("next");
      }
    };
    next();
  });
  servers.push(httpServer);
  (plugin.configResolved as (config: ResolvedConfig) => void)({ root: process.cwd(), mode: "test" } as ResolvedConfig);
  const server = { middlewares: { use: (m: Middleware) => used.push(m) }, httpServer, config: { logger } };
  (plugin.configureServer as (server: ViteDevServer) => void)(server as unknown as ViteDevServer);
  return { used, logs, httpServer };
}

describe("localSupabase()", () => {
  it("stays off when VITE_SUPABASE_URL is set", () => {
    process.env.VITE_SUPABASE_URL = "https://abc.supabase.co";
    const { used, logs } = configure(localSupabase());
    expect(used).toHaveLength(0);
    expect(logs.join("\n")).toContain("the local backend is off");
  });

  it("serves /rest/v1 and /auth/v1 and passes other paths on", async () => {
    process.env.VITE_SUPABASE_URL = "";
    process.env.LOCAL_DB_IN_MEMORY = "1";
    const { used, logs, httpServer } = configure(localSupabase());
    expect(used).toHaveLength(1);
    await new Promise<void>((resolve) => httpServer.listen(0, "127.0.0.1", resolve));
    const base = `http://127.0.0.1:${(httpServer.address() as AddressInfo).port}`;
    // The first request waits for the database to boot.
    const posts = await fetch(`${base}/rest/v1/posts?select=title&order=created_at.desc&limit=1`, {
      headers: { apikey: LOCAL_DEFAULTS.anonKey },
    });
    expect(posts.status).toBe(200);
    expect(await posts.json()).toEqual([{ title: "What a Good Small Business Website Costs in Nigeria" }]);
    const settings = await fetch(`${base}/auth/v1/settings`, { headers: { apikey: LOCAL_DEFAULTS.anonKey } });
    expect(((await settings.json()) as { disable_signup: boolean }).disable_signup).toBe(true);
    const other = await fetch(`${base}/blog`);
    expect(await other.text()).toBe("next");
    // The line is printed once the server has booted: wait for it rather than for a guessed time.
    await vi.waitFor(() =>
      expect(logs.join("\n")).toMatch(/Local Supabase: http:\/\/127\.0\.0\.1:\d+ .*admin@example\.com/),
    );
  });
});
