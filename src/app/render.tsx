/**
 * Server rendering of one URL with the same App as the browser entry (main.tsx), which then hydrates
 * it: at build time for the prerendered pages (scripts/prerender.ts, through entry-server.tsx, with
 * the full route table), and at request time for the blog (src/blog-entry.ts, with the blog's routes only).
 *
 * `prerender` waits for every Suspense boundary, so the HTML holds the page's real content, never a
 * fallback. It is React's Web-streams build (`react-dom/static.edge`), which runs in Node as it is:
 * unlike the Node-streams build it loads none of Node's crypto, util, stream and async_hooks
 * modules, a sixth of the blog function's cold import. React 19 puts the hoistable tags of a non-document render (the page's
 * <title>, <meta> and <link>, from Seo) at the start of the output; `splitHeadTags` separates them so
 * they can be moved into <head>.
 */
import type { ComponentType } from "react";
import { prerender } from "react-dom/static.edge";
import { StaticRouter } from "react-router-dom";
import { Root } from "./Root";
import type { RouteDataSeed } from "../lib/route-data";

export interface RenderedPage {
  /** <title>, <meta> and <link> elements that React emitted for the page, in order. */
  head: string;
  /** The HTML that goes inside #root. */
  body: string;
}

export type Render = (url: string, seed?: RouteDataSeed | null) => Promise<RenderedPage>;

/**
 * A renderer of `App` (App or BlogApp). `preload` loads the chunk of the page at a path first, so
 * the render never suspends on it. A page rendered at request time gets its data as `seed` (see
 * src/lib/route-data), so it renders complete, exactly as the browser will hydrate it.
 */
export function createRenderer(App: ComponentType, preload: (pathname: string) => Promise<void>): Render {
  return async function render(url, seed = null) {
    const { pathname } = new URL(url, "http://prerender.invalid");
    await preload(pathname);
    const errors: unknown[] = [];
    const { prelude } = await prerender(
      <Root seed={seed}>
        <StaticRouter location={url}>
          <App />
        </StaticRouter>
      </Root>,
      {
        // Never outline a finished boundary into a hidden <div> plus an inline script: without
        // JavaScript (link-preview bots) the page's content must stand where it belongs.
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        onError(error) {
          errors.push(error);
        },
      },
    );
    // A page that throws while prerendering fails the build instead of shipping a client-only fallback.
    if (errors.length)
      throw new Error(`Prerendering ${url} failed: ${errors.map(String).join("; ")}`, { cause: errors[0] });
    return splitHeadTags(await new Response(prelude).text());
  };
}

const leadingHeadTag = /^\s*(?:<title\b[^>]*>[^<]*<\/title>|<meta\b[^>]*\/?>|<link\b[^>]*\/?>)/;

/** Splits the leading run of <title>/<meta>/<link> elements off React's output. */
export function splitHeadTags(html: string): RenderedPage {
  let rest = html;
  const head: string[] = [];
  for (let match = leadingHeadTag.exec(rest); match; match = leadingHeadTag.exec(rest)) {
    head.push(match[0].trim());
    rest = rest.slice(match[0].length);
  }
  return { head: head.join("\n    "), body: rest };
}
