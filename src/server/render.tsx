/**
 * Server rendering of one URL with the same route table and App as the browser entry (main.tsx),
 * which then hydrates it: at build time for the prerendered pages (scripts/prerender.ts), and at
 * request time for the blog (blog-handler.ts).
 *
 * `prerenderToNodeStream` waits for every Suspense boundary, so the HTML holds the page's real
 * content, never a fallback. React 19 puts the hoistable tags of a non-document render (the page's
 * <title>, <meta> and <link>, from Seo) at the start of the output; `splitHeadTags` separates them so
 * they can be moved into <head>.
 */
import { prerenderToNodeStream } from "react-dom/static";
import { StaticRouter } from "react-router-dom";
import { App } from "../app/App";
import { preloadRoute } from "../app/routes";
import { Root } from "../app/Root";
import type { RouteDataSeed } from "../lib/route-data";

export interface RenderedPage {
  /** <title>, <meta> and <link> elements that React emitted for the page, in order. */
  head: string;
  /** The HTML that goes inside #root. */
  body: string;
}

/**
 * Renders `url`. A page rendered at request time gets its data as `seed` (see src/lib/route-data),
 * so it renders complete, exactly as the browser will hydrate it.
 */
export async function render(url: string, seed: RouteDataSeed | null = null): Promise<RenderedPage> {
  const { pathname } = new URL(url, "http://prerender.invalid");
  await preloadRoute(pathname);
  const errors: unknown[] = [];
  const { prelude } = await prerenderToNodeStream(
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
  if (errors.length) throw new Error(`Prerendering ${url} failed: ${errors.map(String).join("; ")}`, { cause: errors[0] });
  let html = "";
  for await (const chunk of prelude) html += typeof chunk === "string" ? chunk : Buffer.from(chunk as Uint8Array).toString("utf8");
  return splitHeadTags(html);
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

