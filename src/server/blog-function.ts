/**
 * The blog function as Vercel runs it (api/blog.ts): loads the blog's server bundle (dist-ssr/,
 * built by `vite build --ssr src/blog-entry.ts` and completed by scripts/prerender.ts with
 * the template and the render manifest) once per instance, and hands it each request. The bundle is loaded at run time, not imported, because it is Vite's build of the
 * app (JSX, CSS imports resolved); paths.ts includes that folder in the function.
 */
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { blogFunctionCopy } from "../content/functions.js";
import type { BlogBundle, BlogHandlerOptions, RenderManifest } from "./blog.js";
import type { BookTimesReader } from "./book-times.js";
import type { ServerSettings } from "./settings.js";
import { keepDrawnCards } from "./social-card/kept-cards.js";

/** The blog's bundle and what it reads, in the SSR build's folder (dist-ssr/). */
export const BLOG_BUNDLE = {
  entry: "blog-entry.js",
  template: "template.html",
  manifest: "render-manifest.json",
} as const;

export type WebHandler = (request: Request) => Promise<Response>;

export interface BlogFunctionOptions {
  /** The settings for a request (the adapter passes readSettings). */
  settings: () => ServerSettings;
  /** The SSR build's folder (default: dist-ssr in the working directory, where Vercel puts included files). */
  ssrDir?: string;
  /** How the renderer reaches Supabase (the local servers pass an in-process one). */
  fetch?: typeof fetch;
  /** The time of a search, for its rate limit (tests pass a clock). */
  now?: () => Date;
  /**
   * Draws a page's social card (the card function's, api/blog-card.ts: drawSocialCard); what it draws
   * is kept (kept-cards.ts). Without it, as in the blog function, card paths are not found: the host
   * sends them to the card function, which alone carries satori, resvg, the fonts and Twemoji.
   */
  drawCard?: BlogHandlerOptions["drawCard"];
  /** /book's free times (book-times.ts: the calls function's answer). */
  bookTimes?: BookTimesReader;
}

export async function loadBlogHandler({
  settings,
  ssrDir = join(process.cwd(), "dist-ssr"),
  fetch,
  now,
  drawCard,
  bookTimes,
}: BlogFunctionOptions): Promise<WebHandler> {
  const entry = (await import(pathToFileURL(join(ssrDir, BLOG_BUNDLE.entry)).href)) as BlogBundle;
  const [template, manifest] = await Promise.all([
    readFile(join(ssrDir, BLOG_BUNDLE.template), "utf8"),
    readFile(join(ssrDir, BLOG_BUNDLE.manifest), "utf8").then((text) => JSON.parse(text) as RenderManifest),
  ]);
  return entry.createBlogHandler({
    template,
    manifest,
    fetch,
    settings,
    // Per instance: each handler loaded keeps the cards it drew.
    drawCard: drawCard && keepDrawnCards(drawCard),
    ...(bookTimes ? { bookTimes } : {}),
    ...(now ? { now } : {}),
  });
}

/** The function's handler: the bundle loaded on the first request (again after a failure), a 503 while it cannot be. */
export function createBlogFunction(options: BlogFunctionOptions): WebHandler {
  let handler: Promise<WebHandler> | null = null;
  return async function blogFunction(request) {
    handler ??= loadBlogHandler(options).catch((error: unknown) => {
      handler = null;
      throw error;
    });
    try {
      return await (
        await handler
      )(request);
    } catch (error) {
      console.error("blog: the renderer failed:", error);
      return new Response(blogFunctionCopy.unavailable, {
        status: 503,
        headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store", "retry-after": "30" },
      });
    }
  };
}
