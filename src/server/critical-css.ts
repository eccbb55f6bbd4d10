/**
 * First paint without waiting for a stylesheet: every rendered page (the build-time prerender and the
 * request-time blog alike) carries the CSS rules its own markup uses in an inline <style> (beasties
 * picks them by matching each rule's selectors against the page), and the full stylesheet, which
 * client-side navigation and states such as an open menu or a toast need, loads without blocking.
 *
 * The Content-Security-Policy allows inline styles but no inline script (script-src 'self'), so the
 * usual `onload="this.media='all'"` switch is not available. Beasties' "media-script" mode links the
 * full stylesheet with media="print" (fetched at low priority, never render-blocking) and
 * `data-beasties-media="all"`, adds a <noscript> link for browsers without JavaScript, and would
 * append a small inline script to switch it on: that script is left out here, and the browser entry
 * (src/main.tsx) does the same from a file.
 *
 * The pass costs a page about 12 ms (beasties parses the 72 KB stylesheet with PostCSS and the page
 * into a DOM, matches some 900 selectors against it and serializes both), as much again as the blog
 * function's whole render of a post without it. Its result depends on the page and the stylesheets
 * alone, so each set of stylesheets (one per function instance, one per build) keeps the pages it has
 * processed, by the SHA-256 of the page's HTML (0.06 ms for a post), the least recently used dropped
 * past PAGES_KEPT. The blog function renders the same page again each time the CDN's copy goes stale
 * (CACHE_POLICY in blog.ts): those renders skip the pass and get the very bytes it gave, since the key
 * is the whole input; concurrent renders of one page share one pass. So do visits from ad clicks, whose
 * unique click ids (`fbclid`, `gclid`) make each a miss at the CDN although the page is the same.
 * What it costs: up to PAGES_KEPT processed pages in memory (a post's is about 100 KB of HTML, two
 * bytes a character at worst: 20 MB at most), and a page this instance has not processed yet (a new
 * post, an edit, another search) still pays the whole pass.
 *
 * Not taken (docs/performance.md has the figures). A key made of the features selectors look at
 * (class names, tags, ids, attributes) would let different pages share a result, but it is not sound
 * by itself: the stylesheet has combinator selectors (`.post-body h2`, `.post-body>*+*`) and picks
 * @font-face rules by the characters of the page's text. Made sound (the page parsed and each selector
 * matched, as beasties does, to form the key) it costs about 3 ms a page: it would spare part of the
 * pass to a page not seen yet, not the renders of a page seen before. beasties/runtime (the stylesheet
 * compiled at build time, one scan per page, about 1 ms) gives different CSS: a `;` after each
 * @property block, which makes browsers drop all but the first, and other @font-face rules. Parsing
 * the stylesheet once per instance is not reachable through beasties' hooks (processStyle parses and
 * marks the tree itself); reusing one instance keeps its selector cache, about 1 ms of the 12. A
 * critical set per template made at build time would miss what a page's content adds (a post's
 * lists, tables, images, ₦).
 */
import { createHash } from "node:crypto";
import type BeastiesType from "beasties";
import { LRUCache } from "lru-cache";

/**
 * The built stylesheets by their public href (`/assets/index-x.css`), as the pages link them. A map
 * is read once and never changed: the pages processed with it are kept with it.
 */
export type Stylesheets = Readonly<Record<string, string>>;

/**
 * Rules beasties keeps whole, whatever the page: Tailwind's space-x/y and divide utilities select
 * children through `:where(... > :not(:last-child))`, which beasties cannot match against the page
 * (a few hundred bytes), or the gaps they make would open only when the full stylesheet arrives,
 * moving everything below them.
 */
export const KEPT_WHOLE_RULES = [/^:where\(\.-?(space|divide)-/];

/** Processed pages kept per set of stylesheets, the least recently used dropped first. */
export const PAGES_KEPT = 100;

/**
 * Beasties with stylesheets read from the given map instead of the file system (the blog's function
 * has no dist/). Loaded on the first page rendered, not with the bundle: it and its CSS and HTML
 * parsers are a third of the blog function's code, and importing it would slow every cold start
 * before the first request (the benchmark counts it in the first render instead).
 */
function defineMappedBeasties(Beasties: typeof BeastiesType) {
  return class MappedBeasties extends Beasties {
    constructor(private readonly stylesheets: Stylesheets) {
      super({
        preload: "media-script",
        external: true,
        pruneSource: false,
        // The @font-face rules (inlineFonts keeps the rules, not the files: font-src is 'self') and the
        // keyframes the page uses come along. The Latin file is preloaded by the template already.
        inlineFonts: true,
        preloadFonts: false,
        keyframes: "critical",
        // The page's own inline styles (JSON-LD aside, there are none) are left as they are.
        reduceInlineStyles: false,
        allowRules: KEPT_WHOLE_RULES,
        compress: true,
        logLevel: "warn",
      });
    }

    override getCssAsset(href: string): string | undefined {
      return this.stylesheets[href.split(/[?#]/)[0] ?? href];
    }

    /** Beasties' inline switch script, which the CSP would block: src/main.tsx switches the links on. */
    injectDeferredMediaScript(): void {}
  };
}

let mappedBeasties: Promise<ReturnType<typeof defineMappedBeasties>> | null = null;

const stylesheetLink = /<link\b(?=[^>]*\brel="stylesheet")[^>]*>/g;
const inlineScript = /<script\b(?![^>]*\bsrc=)(?![^>]*\btype="application\/(?:ld\+)?json")[^>]*>\s*\S/;

/** The pass over one set of stylesheets: one beasties instance, and the pages it has processed. */
function createPass(stylesheets: Stylesheets): (html: string) => Promise<string> {
  let beasties: Promise<BeastiesType> | null = null;
  const pages = new LRUCache<string, Promise<string>>({ max: PAGES_KEPT });

  async function inline(html: string): Promise<string> {
    mappedBeasties ??= import("beasties").then((module) => defineMappedBeasties(module.default));
    beasties ??= mappedBeasties.then((MappedBeasties) => new MappedBeasties(stylesheets));
    const processed = await (await beasties).process(html);
    if (inlineScript.test(processed) && !inlineScript.test(html))
      throw new Error(
        "Inlining the critical CSS added an inline script, which the CSP (script-src 'self') would block.",
      );
    return processed;
  }

  return (html) => {
    const key = createHash("sha256").update(html).digest("base64");
    const kept = pages.get(key);
    if (kept) return kept;
    const pending = inline(html);
    // A failed pass is not kept: the next render of the page tries again.
    pending.catch(() => {
      if (pages.peek(key) === pending) pages.delete(key);
    });
    pages.set(key, pending);
    return pending;
  };
}

const passes = new WeakMap<Stylesheets, (html: string) => Promise<string>>();

/**
 * The page with its critical CSS inlined and its stylesheet links deferred. A page whose links name
 * no stylesheet in `stylesheets` (the development server injects CSS from script) is returned as it is.
 */
export async function inlineCriticalCss(html: string, stylesheets: Stylesheets): Promise<string> {
  const hrefs = [...html.matchAll(stylesheetLink)].map((match) => /\bhref="([^"]+)"/.exec(match[0])?.[1] ?? "");
  if (!hrefs.length || !hrefs.every((href) => href in stylesheets)) return html;
  let pass = passes.get(stylesheets);
  if (!pass) {
    pass = createPass(stylesheets);
    passes.set(stylesheets, pass);
  }
  return pass(html);
}
