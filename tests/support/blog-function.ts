import { existsSync } from "node:fs";
import { join } from "node:path";
import { JSDOM } from "jsdom";
import { afterAll, beforeAll } from "vitest";
import {
  BLOG_BUNDLE,
  loadBlogHandler,
  type BlogFunctionOptions,
  type WebHandler,
} from "../../src/server/blog-function";
import { readSettings } from "../../src/server/settings";
import { createLocalSupabase, type LocalSupabase } from "../../supabase/local/index";

/**
 * What the blog function's suites share (api/blog*.test.ts): the built SSR bundle, loaded as Vercel
 * loads it, reading a real local Supabase in-process as an anonymous visitor, and the reading of
 * the pages it answers.
 */

/** The SSR build (dist-ssr/, made by `npm run build`). */
const SSR_DIR = join(process.cwd(), "dist-ssr");
/** Whether it is built: the suites skip without it, except on CI, where its absence is an error. */
export const built = existsSync(join(SSR_DIR, BLOG_BUNDLE.entry));
if (!built && process.env.CI) throw new Error("dist-ssr/ is missing: run `npm run build` before the tests.");

/** The blog function on the SSR build with the default settings, and `options` over them. */
export function loadBlog(options: Partial<BlogFunctionOptions> = {}): Promise<WebHandler> {
  return loadBlogHandler({ settings: () => readSettings({}), ssrDir: SSR_DIR, ...options });
}

interface BlogSuiteOptions {
  /** Writes the suite's rows, before the function loads. */
  arrange?: (local: LocalSupabase) => Promise<void>;
  /** The time of a search. */
  now?: () => Date;
  /** Told of each request the function makes to Supabase. */
  onRequest?: (request: Request) => void;
  /** The card function's drawing (api/blog-card.ts); without it, the blog function's: no card is drawn. */
  drawCard?: BlogFunctionOptions["drawCard"];
  /** /book's free times (api/blog.ts: the calls function's answer); without it, /book has its placeholder. */
  bookTimes?: BlogFunctionOptions["bookTimes"];
}

interface BlogSuite {
  /** The local Supabase the function reads. */
  readonly local: LocalSupabase;
  /** The function reading it. */
  handle: WebHandler;
  /** Supabase in-process, as the function reaches it (for another function on the same database). */
  fetch: typeof fetch;
  /** The function's answer to `path`, its body as text and as a document. */
  get(path: string, init?: RequestInit): Promise<{ response: Response; body: string; dom: Document }>;
}

/**
 * A local Supabase (in memory, migrated and seeded) and the blog function reading it, for the
 * calling suite: started in a `beforeAll` and closed in an `afterAll`, unless the build is missing
 * (the suites skip then). Call it at the top of the file; its members are used inside tests.
 */
export function blogFunctionForSuite(options: BlogSuiteOptions = {}): BlogSuite {
  let local: LocalSupabase | undefined;
  let handler: WebHandler | undefined;
  const started = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error("The blog function is loaded in beforeAll; use it inside a test");
    return value;
  };
  const fetch: typeof globalThis.fetch = async (input, init) => {
    const request = new Request(input, init);
    options.onRequest?.(request);
    return started(local).handler(request);
  };
  const handle: WebHandler = (request) => started(handler)(request);

  if (built) {
    beforeAll(async () => {
      local = await createLocalSupabase({ inMemory: true, quiet: true, bcryptCost: 4, env: {} });
      await options.arrange?.(local);
      handler = await loadBlog({
        fetch,
        ...(options.now ? { now: options.now } : {}),
        ...(options.drawCard ? { drawCard: options.drawCard } : {}),
        ...(options.bookTimes ? { bookTimes: options.bookTimes } : {}),
      });
    });
    afterAll(async () => {
      await local?.close();
    });
  }

  return {
    get local() {
      return started(local);
    },
    handle,
    fetch,
    async get(path, init = {}) {
      const response = await handle(new Request(`http://blog.test${path}`, init));
      const body = await response.text();
      return { response, body, dom: new JSDOM(body).window.document };
    },
  };
}

/** The content of the page's `<meta>` named or with the property `key`. */
export function meta(doc: Document, key: string): string | null {
  return doc.querySelector(`meta[property="${key}"], meta[name="${key}"]`)?.getAttribute("content") ?? null;
}

/** The page's structured data, each JSON-LD script parsed. */
export function jsonLd(doc: Document): Record<string, unknown>[] {
  return [...doc.querySelectorAll('script[type="application/ld+json"]')].map(
    (script) => JSON.parse(script.textContent ?? "") as Record<string, unknown>,
  );
}
