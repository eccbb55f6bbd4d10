import type { Plugin } from "vite";
import { PRELOADED_FONT } from "./font-files";

/** Whether a built asset is the preloaded font file: its declared name with Vite's 8-character hash. */
function isPreloadedFont(file: string): boolean {
  return /^assets\/(.+)-[\w-]{8}\.woff2$/.exec(file)?.[1] === PRELOADED_FONT.file.replace(/\.woff2$/, "");
}

/**
 * Adds `<link rel="preload">` for the core font file (scripts/font-files.ts) to the built HTML
 * template (and so to every prerendered page and the SPA shell), so text paints in the brand font
 * without waiting for the CSS to be parsed first.
 */
export function fontPreloadPlugin(): Plugin {
  return {
    name: "site:font-preload",
    apply: "build",
    transformIndexHtml: {
      order: "post",
      handler(html, context) {
        const font = Object.keys(context.bundle ?? {}).find(isPreloadedFont);
        if (!font) return html;
        return [
          {
            tag: "link",
            attrs: { rel: "preload", href: `/${font}`, as: "font", type: "font/woff2", crossorigin: "" },
            injectTo: "head",
          },
        ];
      },
    },
  };
}
