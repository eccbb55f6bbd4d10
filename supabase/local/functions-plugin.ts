import type { Server as HttpServer } from "node:http";
import type { AddressInfo } from "node:net";
import { loadEnv, type Connect, type Logger, type Plugin } from "vite";
import subscribe from "../../api/subscribe.ts";
import { createNewsletterStandin } from "./newsletter-standin.ts";
import { webMiddleware, type WebHandler } from "./node-http.ts";

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

/** Route → function module, one line per file in api/ (Vercel maps `api/<name>.ts` to `/api/<name>`). */
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

export function localFunctions(): Plugin {
  return {
    name: "local-functions",
    configResolved(config) {
      // Server-side settings from .env files reach the function as they would through Vercel's
      // environment; variables already set in the environment win.
      const fileEnv = loadEnv(config.mode, config.envDir === false ? config.root : config.envDir, SERVER_ENV_PREFIX);
      for (const [name, value] of Object.entries(fileEnv)) {
        if (process.env[name] === undefined) process.env[name] = value;
      }
    },
    configureServer(server) {
      mount(server.middlewares, server.httpServer as HttpServer | null, server.config.logger);
    },
    configurePreviewServer(server) {
      mount(server.middlewares, server.httpServer as HttpServer, server.config.logger);
    },
  };
}
