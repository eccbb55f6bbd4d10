/**
 * The blog function's server bundle as a cold start loads it: dist-ssr/blog-entry.js and every file
 * it imports statically (not the chunks it imports on demand: pages, the feed library). Shared by
 * tests/unit/blog-bundle.test.ts (its budget) and scripts/bench-blog.ts (its size and cold start).
 */
import { readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { BLOG_BUNDLE } from "../src/server/blog-function.ts";

/** Static `import ... from "./x.js"` and `import "./x.js"` (and re-exports), not `import("./x.js")`. */
const STATIC_IMPORT = /(?:^|[;\s}])(?:import|export)\s*(?:[\w*{}\s,$]+from\s*)?["'](\.{1,2}\/[\w./-]+\.js)["']/g;

export interface BlogBundle {
  /** Paths relative to the SSR folder, the entry first. */
  files: string[];
  bytes: number;
}

export function blogBundle(ssrDir = resolve("dist-ssr")): BlogBundle {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const code = readFileSync(file, "utf8");
    for (const match of code.matchAll(STATIC_IMPORT)) visit(resolve(dirname(file), match[1]!));
  };
  visit(join(ssrDir, BLOG_BUNDLE.entry));
  const files = [...seen];
  return {
    files: files.map((file) => relative(ssrDir, file)),
    bytes: files.reduce((sum, file) => sum + statSync(file).size, 0),
  };
}
