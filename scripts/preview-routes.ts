/**
 * `vite preview` serves the build the way vercel.json makes Vercel serve it (`npm run verify:vercel`
 * compares the two on Vercel's own build):
 * - clean URLs without a trailing slash: `/x/`, `/x.html` and `/x/index` answer 308 to `/x`;
 * - a prerendered route gets its own `<outDir>/<route>/index.html`;
 * - the paths src/server/paths.ts rewrites to a file get that file (`/admin/*`: the SPA shell);
 * - an unknown path gets the prerendered not-found page with HTTP 404;
 * - `/api/`, the paths src/server/paths.ts rewrites to a function (the request-time blog, its feed
 *   and sitemap; mounted by supabase/local/functions-plugin.ts), `/rest/v1/`, `/auth/v1/` and real
 *   files are left to the next handler.
 */
import { existsSync, readFileSync, statSync } from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";
import { extname, join, resolve } from "node:path";
import type { Plugin } from "vite";
import { REWRITES, type RewriteEntry } from "../src/server/paths.ts";

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
/** The path of a rewrite, and with `subpaths` every path below it; with a suffix, only those ending with it. */
const rewritePattern = (entry: RewriteEntry) =>
  new RegExp(
    `^${escapeRegExp(entry.path)}${entry.subpaths ? "(\\/.*)?" : ""}${entry.suffix ? escapeRegExp(entry.suffix) : ""}$`,
  );

const functionRewrites = REWRITES.filter((entry) => "function" in entry.to).map(rewritePattern);
const passThrough = [
  /^\/__local\//,
  /^\/api(\/|$)/,
  ...functionRewrites,
  /^\/rest\/v1(\/|$)/,
  /^\/auth\/v1(\/|$)/,
  /^\/storage\/v1(\/|$)/,
  /^\/@/,
];
const fileRewrites = REWRITES.flatMap((entry) =>
  "file" in entry.to ? [{ pattern: rewritePattern(entry), file: entry.to.file.replace(/^\/+/, "") }] : [],
);

/** Vercel's redirects for `cleanUrls: true` and `trailingSlash: false`, in its order. */
const cleanUrlRedirects: [RegExp, (match: RegExpExecArray) => string][] = [
  [/^\/(?:(.+)\/)?index(?:\.html)?\/?$/, (match) => `/${match[1] ?? ""}`],
  [/^\/(.*)\.html\/?$/, (match) => `/${match[1]}`],
  [/^\/(.*)\/$/, (match) => `/${match[1]}`],
];

/** The local backend's paths (not deployed: the hosted Supabase has its own origin) keep their URLs. */
const localBackend = [/^\/__local\//, /^\/rest\/v1(\/|$)/, /^\/auth\/v1(\/|$)/, /^\/storage\/v1(\/|$)/, /^\/@/];

/** Where a path redirects to (without its query), or null (exported for scripts/verify-vercel.ts). */
export function previewRedirect(path: string): string | null {
  if (localBackend.some((pattern) => pattern.test(path))) return null;
  for (const [pattern, target] of cleanUrlRedirects) {
    const match = pattern.exec(path);
    if (match) return target(match);
  }
  return null;
}

export type PreviewTarget = { kind: "next" } | { kind: "html"; file: string; status: number };

/** Where a request path goes in a built `outDir` (exported for tests). */
export function resolvePreviewTarget(outDir: string, rawPath: string): PreviewTarget {
  let path: string;
  try {
    path = decodeURIComponent(rawPath.split(/[?#]/)[0] ?? "/");
  } catch {
    return { kind: "html", file: join(outDir, "404.html"), status: 404 };
  }
  if (passThrough.some((pattern) => pattern.test(path)) || path.includes("\0")) return { kind: "next" };

  const asFile = join(outDir, path);
  if (!asFile.startsWith(resolve(outDir))) return { kind: "next" };
  if (extname(path) && existsSync(asFile) && statSync(asFile).isFile()) return { kind: "next" };

  const trimmed = path.replace(/\/+$/, "");
  const page = join(outDir, trimmed, "index.html");
  if (existsSync(page)) return { kind: "html", file: page, status: 200 };
  const rewrite = fileRewrites.find(({ pattern }) => pattern.test(path));
  if (rewrite) return { kind: "html", file: join(outDir, rewrite.file), status: 200 };
  return { kind: "html", file: join(outDir, "404.html"), status: 404 };
}

export function previewRoutes(): Plugin {
  return {
    name: "preview-routes",
    configurePreviewServer(server) {
      const outDir = resolve(server.config.root, server.config.build.outDir);
      // Without a prerendered build (plain `vite build`), keep Vite's own SPA fallback.
      if (!existsSync(join(outDir, "spa-shell.html"))) return;
      server.middlewares.use((req: IncomingMessage, res: ServerResponse, next: () => void) => {
        const [path = "/", query] = (req.url ?? "/").split(/\?(.*)/s);
        const redirect = previewRedirect(path);
        if (redirect !== null) {
          res.statusCode = 308;
          res.setHeader("Location", query ? `${redirect}?${query}` : redirect);
          res.end();
          return;
        }
        if (req.method !== "GET" && req.method !== "HEAD") return next();
        const target = resolvePreviewTarget(outDir, req.url ?? "/");
        if (target.kind === "next" || !existsSync(target.file)) return next();
        const body = readFileSync(target.file);
        res.statusCode = target.status;
        res.setHeader("Content-Type", "text/html; charset=utf-8");
        if (!res.hasHeader("Cache-Control")) res.setHeader("Cache-Control", "no-cache");
        res.setHeader("Content-Length", body.length);
        res.end(req.method === "HEAD" ? undefined : body);
      });
    },
  };
}
