import { readFileSync } from "node:fs";
import type { Server as HttpServer } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { loadEnv, type Connect, type Logger, type Plugin, type ViteDevServer } from "vite";
import { loadBlogHandler } from "../../api/blog.ts";
import subscribe from "../../api/subscribe.ts";
import type * as ServerEntry from "../../src/entry-server.tsx";
import { createNewsletterStandin } from "./newsletter-standin.ts";
import { webMiddleware, type WebHandler } from "./node-http.ts";
import { LOCAL_SUPABASE_PLUGIN, type LocalSupabaseApi } from "./vite-plugin.ts";

/**
 * Serves the functions of api/ on /api/* in `vite dev` and `vite preview`, the way Vercel serves them
 * in production, so the whole product runs from one command.
 *
 * When no NEWSLETTER_FORM_URL is configured (environment or .env files), it also mounts the local
 * newsletter stand-in on this same server and points the function at it, and says so on start.
 * This lives only here: on Vercel nothing mounts the stand-in, and an unset URL gives 503.
 */
interface WebFunction {
  fetch: WebHandler;
}

/**
 * Route → function module, one line per file in api/ (Vercel maps `api/<name>.ts` to `/api/<name>`).
 * api/blog.ts is mounted on the paths vercel.json rewrites to it instead (see `mountBlog`).
 */
const functions: Record<string, WebFunction> = {
  "/api/subscribe": subscribe,
};

const SERVER_ENV_PREFIX = "NEWSLETTER_";

function notFound(): Response {
  return new Response(JSON.stringify({ message: "Not Found" }), { status: 404, headers: { "content-type": "application/json; charset=utf-8" } });
}

const dispatch: WebHandler = (request) => {
  const path = new URL(request.url).pathname.replace(/\/+$/, "");
  const fn = functions[path];
  return fn ? fn.fetch(request) : notFound();
};

function localOrigin(server: HttpServer): string | undefined {
  const address = server.address() as AddressInfo | string | null;
  if (!address || typeof address === "string") return undefined;
  const host = address.address === "0.0.0.0" || address.address === "::" ? "127.0.0.1" : address.address;
  return `http://${host.includes(":") ? `[${host}]` : host}:${address.port}`;
}

/** Remembers the URL this plugin set, so that a server restart (config change) mounts the stand-in again. */
const STANDIN_URL_MARKER = "LOCAL_NEWSLETTER_STANDIN_URL";

function mount(middlewares: Connect.Server, httpServer: HttpServer | null, logger: Logger) {
  const configured = process.env.NEWSLETTER_FORM_URL?.trim();
  if (!configured || configured === process.env[STANDIN_URL_MARKER]) {
    const standin = createNewsletterStandin();
    middlewares.use(webMiddleware([standin.path], standin.handler));
    const point = () => {
      const origin = httpServer ? localOrigin(httpServer) : undefined;
      if (!origin) return;
      process.env.NEWSLETTER_FORM_URL = process.env[STANDIN_URL_MARKER] = `${origin}${standin.path}`;
      logger.info(
        `  ➜  Newsletter: no NEWSLETTER_FORM_URL set, so sign-ups are recorded locally (not sent anywhere); see ${origin}${standin.path}`,
      );
    };
    if (httpServer?.listening) point();
    else httpServer?.once("listening", point);
  }
  middlewares.use(webMiddleware(["/api"], dispatch));
}

/** The paths vercel.json rewrites to api/blog.ts (the server-rendered blog, its feed and sitemap). */
const BLOG_PATHS = ["/blog", "/sitemap.xml", "/rss.xml"];

/**
 * Serves the blog's paths with the request-time renderer, as Vercel does through the rewrites: in
 * development from the source (Vite's SSR module loader, so edits apply on the next request), in
 * preview from the build (dist-ssr/), through the very function module Vercel runs.
 */
function mountBlog(middlewares: Connect.Server, handler: () => Promise<WebHandler>) {
  middlewares.use(webMiddleware(BLOG_PATHS, async (request) => (await handler())(request)));
}

function devBlogHandler(server: ViteDevServer, localFetch: () => typeof fetch | null): () => Promise<WebHandler> {
  return async () => {
    const entry = (await server.ssrLoadModule("/src/entry-server.tsx")) as typeof ServerEntry;
    return async (request) => {
      const raw = readFileSync(join(server.config.root, "index.html"), "utf8");
      const template = await server.transformIndexHtml(new URL(request.url).pathname, raw);
      return entry.createBlogHandler({ template, fetch: localFetch() ?? undefined })(request);
    };
  };
}

export function localFunctions(): Plugin {
  let localSupabaseApi: LocalSupabaseApi | undefined;
  const localFetch = () => localSupabaseApi?.fetch() ?? null;
  return {
    name: "local-functions",
    configResolved(config) {
      localSupabaseApi = (config.plugins.find((plugin) => plugin.name === LOCAL_SUPABASE_PLUGIN) as { api?: LocalSupabaseApi } | undefined)?.api;
      // Server-side settings from .env files reach the function as they would through Vercel's
      // environment; variables already set in the environment win.
      const fileEnv = loadEnv(config.mode, config.envDir === false ? config.root : config.envDir, SERVER_ENV_PREFIX);
      for (const [name, value] of Object.entries(fileEnv)) {
        if (process.env[name] === undefined) process.env[name] = value;
      }
    },
    configureServer(server) {
      mount(server.middlewares, server.httpServer as HttpServer | null, server.config.logger);
      mountBlog(server.middlewares, devBlogHandler(server, localFetch));
    },
    configurePreviewServer(server) {
      mount(server.middlewares, server.httpServer as HttpServer, server.config.logger);
      let blog: Promise<WebHandler> | null = null;
      mountBlog(server.middlewares, () => {
        blog ??= loadBlogHandler({ ssrDir: join(server.config.root, "dist-ssr"), fetch: localFetch() ?? undefined });
        return blog;
      });
    },
  };
}
