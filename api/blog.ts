/**
 * The blog, rendered at request time: `/blog`, its pages and categories, `/blog/{slug}`,
 * `/rss.xml` and `/sitemap.xml` (vercel.json rewrites them here and includes dist-ssr/ in the
 * function). The rendering itself lives in the SSR bundle (src/server/blog-handler.ts, built into
 * dist-ssr/entry-server.js with everything it imports), so this file only loads the build once per
 * instance and hands it each request. The dev and preview servers mount the same handler.
 */
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import type * as ServerEntry from "../src/entry-server";

type Handler = (request: Request) => Promise<Response>;

export interface BlogFunctionOptions {
  /** The SSR build's folder (default: dist-ssr in the working directory, where Vercel puts included files). */
  ssrDir?: string;
  /** How the renderer reaches Supabase (the local servers pass an in-process one). */
  fetch?: typeof fetch;
}

export async function loadBlogHandler({ ssrDir = join(process.cwd(), "dist-ssr"), fetch }: BlogFunctionOptions = {}): Promise<Handler> {
  const entry = (await import(pathToFileURL(join(ssrDir, "entry-server.js")).href)) as typeof ServerEntry;
  const [template, manifest] = await Promise.all([
    readFile(join(ssrDir, "template.html"), "utf8"),
    readFile(join(ssrDir, "render-manifest.json"), "utf8").then((text) => JSON.parse(text) as ServerEntry.RenderManifest),
  ]);
  return entry.createBlogHandler({ template, manifest, fetch });
}

let handler: Promise<Handler> | null = null;

export default {
  async fetch(request: Request): Promise<Response> {
    handler ??= loadBlogHandler().catch((error: unknown) => {
      handler = null;
      throw error;
    });
    try {
      return await (await handler)(request);
    } catch (error) {
      console.error("blog: the renderer failed:", error);
      return new Response("The blog is unavailable right now. Please try again in a minute.\n", {
        status: 503,
        headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store", "retry-after": "30" },
      });
    }
  },
};
