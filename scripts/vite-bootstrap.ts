import type { Plugin, Rollup } from "vite";
import { bootstrapTag } from "./bootstrap-script.ts";

/** The app's entry as index.html names it. */
const ENTRY_SOURCE = "/src/main.tsx";

const moduleScript = /[ \t]*<script\b[^>]*\btype="module"[^>]*\bsrc="([^"]+)"[^>]*><\/script>\n?/g;

/**
 * The entry's static imports, however deep: what the browser would otherwise discover level by level.
 * Each comes after the chunks it imports, the order the page's script evaluates them in, one per task
 * (scripts/bootstrap-script.ts): a chunk imported before its own imports would evaluate them in its task.
 */
export function staticImports(bundle: Rollup.OutputBundle, fileName: string, found = new Set<string>()): Set<string> {
  const chunk = bundle[fileName];
  for (const imported of chunk?.type === "chunk" ? chunk.imports : []) {
    if (found.has(imported)) continue;
    staticImports(bundle, imported, found);
    found.add(imported);
  }
  return found;
}

/**
 * Replaces index.html's module script of the entry with the inline script that starts it after the
 * first paint (scripts/bootstrap-script.ts), at the end of <body>, where #root is already parsed. In a
 * build the entry is its hashed chunk and its static imports are preloaded with it; in development it
 * is the source file, which Vite's server transforms as it is imported.
 */
export function bootstrapPlugin(): Plugin {
  return {
    name: "site:bootstrap",
    transformIndexHtml: {
      order: "post",
      handler(html, context) {
        const chunk = context.chunk;
        const entry = chunk ? `/${chunk.fileName}` : ENTRY_SOURCE;
        const preloads = chunk && context.bundle ? [...staticImports(context.bundle, chunk.fileName)] : [];
        let found = false;
        const without = html.replace(moduleScript, (tag, src: string) => {
          if (src !== entry) return tag;
          found = true;
          return "";
        });
        if (!found) throw new Error(`index.html names no module script ${entry}, the app's entry.`);
        return without.replace(
          "</body>",
          `  ${bootstrapTag(
            entry,
            preloads.map((file) => `/${file}`),
          )}\n  </body>`,
        );
      },
    },
  };
}
