import type { Plugin } from "vite";

const moduleScript =
  /[ \t]*<script\b[^>]*\btype="module"[^>]*><\/script>\n?|[ \t]*<link\b[^>]*\brel="modulepreload"[^>]*>\n?/g;

/**
 * Puts the built template's module script and its `modulepreload` links at the end of <head>, after
 * the stylesheet and the font preload, so the browser asks for what the first paint needs (CSS, font)
 * before the JavaScript that hydrates the page. Module scripts run after parsing whatever their place,
 * so nothing else changes. Rendered pages add their own preloads and head tags after these
 * (src/server/template.ts).
 */
/**
 * The page's one script (src/boot.ts) waits for the first paint before it starts the app, so nothing
 * on screen waits for it; at the browser's default (high) priority it would still be fetched ahead of
 * the hero's image and, in Lighthouse's model of the first paint, count as render-blocking. Low
 * priority says what it is: needed after the paint.
 */
function lowPriority(tag: string): string {
  return tag.startsWith("<script") && !tag.includes("fetchpriority=")
    ? tag.replace("<script", '<script fetchpriority="low"')
    : tag;
}

export function headOrderPlugin(): Plugin {
  return {
    name: "site:head-order",
    apply: "build",
    transformIndexHtml: {
      order: "post",
      handler(html) {
        const [head = "", rest = ""] = html.split("</head>");
        const scripts = head.match(moduleScript) ?? [];
        if (!scripts.length) return html;
        const others = head.replace(moduleScript, "").trimEnd();
        const tags = scripts.map((tag) => `    ${lowPriority(tag.trim())}`);
        return `${others}\n${tags.join("\n")}\n  </head>${rest}`;
      },
    },
  };
}
