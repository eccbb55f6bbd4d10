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
        return `${others}\n${scripts.map((tag) => `    ${tag.trim()}`).join("\n")}\n  </head>${rest}`;
      },
    },
  };
}
