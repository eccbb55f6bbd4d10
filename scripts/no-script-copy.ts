/**
 * The yardstick of "script that costs the visitor nothing": the same page with its scripts removed.
 * `npm run bench` fetches each measured page as the preview serves it (the prerendered file, or the
 * blog function's answer), strips it with `stripScripts`, writes the copies and a manifest, and
 * starts a second `vite preview` with PREVIEW_NO_SCRIPT_SNAPSHOTS naming that manifest. That server
 * is the same build with the same plugins (vite.config.ts): the same headers, compression, HTTPS
 * and HTTP/2, CSS, fonts and images; only the measured pages' HTML answers come from the copies.
 *
 * A copy is answered from its file, as scripts/preview-routes.ts answers a prerendered page. A blog
 * page's copy therefore skips the function's render; Lighthouse's simulation takes one server
 * response time per origin (the median over all its requests), so that one request hardly moves it.
 */
import { readFileSync } from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Plugin } from "vite";

/** One entry of the manifest PREVIEW_NO_SCRIPT_SNAPSHOTS names (a JSON array). */
export interface NoScriptCopy {
  /** The request URL it answers: path and query, as the browser asks for it. */
  url: string;
  status: number;
  /** The original answer's headers, without those of its encoding (the server compresses again). */
  headers: Record<string, string>;
  /** The stripped HTML, on disk. */
  file: string;
}

/** The original answer's headers that describe its bytes on the wire, not the page. */
export const ENCODING_HEADERS = new Set([
  "connection",
  "content-encoding",
  "content-length",
  "date",
  "etag",
  "keep-alive",
  "last-modified",
  "transfer-encoding",
  "vary",
]);

/**
 * Data blocks (`application/json`, `application/ld+json`, any JSON type) are kept: the browser never
 * runs them, so they cost bytes only, and keeping them leaves the copy byte for byte the page minus
 * what runs or preloads code. The route data a blog page embeds and the structured data stay.
 */
const isDataBlock = (attributes: string) => /\btype\s*=\s*["']?application\/([\w.+-]*\+)?json\b/i.test(attributes);

const scriptElement = /[ \t]*<script\b([^>]*)>[\s\S]*?<\/script\s*>[ \t]*\n?/gi;
/** `modulepreload`, and a plain preload of a script: both fetch code. */
const scriptPreload =
  /[ \t]*<link\b(?=[^>]*\brel\s*=\s*["']?modulepreload\b|[^>]*\bas\s*=\s*["']?script\b)[^>]*>[ \t]*\n?/gi;

/**
 * The page without what runs or fetches script: every `<script>` element but data blocks, every
 * `<link rel="modulepreload">` and script preload. The rest is left as it is, the inline stylesheet
 * (src/server/inline-stylesheets.ts) and `<noscript>` included: the browser that loads the copy has
 * scripting on, so a `<noscript>` element stays inert, as it does on the page itself.
 */
export function stripScripts(html: string): string {
  return html
    .replace(scriptElement, (element, attributes: string) => (isDataBlock(attributes) ? element : ""))
    .replace(scriptPreload, "");
}

/** What of a page could still load script: executable `<script>` elements and script preloads. */
export function scriptTags(html: string): string[] {
  const scripts = [...html.matchAll(scriptElement)]
    .filter((match) => !isDataBlock(match[1] ?? ""))
    .map((match) => match[0].trim());
  const preloads = [...html.matchAll(scriptPreload)].map((match) => match[0].trim());
  return [...scripts, ...preloads];
}

/**
 * Answers the manifest's URLs with their copies. It must come after the security headers and
 * compression (scripts/vite-security-headers.ts) and before scripts/preview-routes.ts and the
 * functions, so that a copy gets the headers and compression every answer gets and replaces the page.
 */
export function noScriptCopies(manifestPath: string): Plugin {
  return {
    name: "site:no-script-copies",
    configurePreviewServer(server) {
      const copies = new Map(
        (JSON.parse(readFileSync(manifestPath, "utf8")) as NoScriptCopy[]).map((copy) => [copy.url, copy]),
      );
      server.middlewares.use((req: IncomingMessage, res: ServerResponse, next: () => void) => {
        const copy = req.method === "GET" || req.method === "HEAD" ? copies.get(req.url ?? "") : undefined;
        if (!copy) return next();
        const body = readFileSync(copy.file);
        res.statusCode = copy.status;
        for (const [name, value] of Object.entries(copy.headers)) res.setHeader(name, value);
        res.setHeader("Content-Length", body.length);
        res.end(req.method === "HEAD" ? undefined : body);
      });
    },
  };
}
