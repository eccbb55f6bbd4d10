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
 */
import type BeastiesType from "beasties";

/** The built stylesheets by their public href (`/assets/index-x.css`), as the pages link them. */
export type Stylesheets = Readonly<Record<string, string>>;

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
        // Tailwind's space-x/y and divide utilities select children through :where(... > :not(:last-child)),
        // which beasties cannot match against the page: kept whole (a few hundred bytes), or the gaps
        // they make would open only when the full stylesheet arrives, moving everything below them.
        allowRules: [/^:where\(\.-?(space|divide)-/],
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

/**
 * The page with its critical CSS inlined and its stylesheet links deferred. A page whose links name
 * no stylesheet in `stylesheets` (the development server injects CSS from script) is returned as it is.
 */
export async function inlineCriticalCss(html: string, stylesheets: Stylesheets): Promise<string> {
  const hrefs = [...html.matchAll(stylesheetLink)].map((match) => /\bhref="([^"]+)"/.exec(match[0])?.[1] ?? "");
  if (!hrefs.length || !hrefs.every((href) => href in stylesheets)) return html;
  mappedBeasties ??= import("beasties").then((module) => defineMappedBeasties(module.default));
  const MappedBeasties = await mappedBeasties;
  const processed = await new MappedBeasties(stylesheets).process(html);
  if (inlineScript.test(processed) && !inlineScript.test(html))
    throw new Error("Inlining the critical CSS added an inline script, which the CSP (script-src 'self') would block.");
  return processed;
}
