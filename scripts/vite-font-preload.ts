import type { Plugin } from "vite";

/**
 * Adds `<link rel="preload">` for the core font file (src/index.css) to the built HTML template (and so to every
 * prerendered page and the SPA shell), so text paints in the brand font without waiting for the CSS
 * to be parsed first.
 */
export function fontPreloadPlugin(pattern = /plus-jakarta-sans-core-[\w-]+\.woff2$/): Plugin {
  return {
    name: "site:font-preload",
    apply: "build",
    transformIndexHtml: {
      order: "post",
      handler(html, context) {
        const font = Object.keys(context.bundle ?? {}).find((file) => pattern.test(file));
        if (!font) return html;
        return [{ tag: "link", attrs: { rel: "preload", href: `/${font}`, as: "font", type: "font/woff2", crossorigin: "" }, injectTo: "head" }];
      },
    },
  };
}
