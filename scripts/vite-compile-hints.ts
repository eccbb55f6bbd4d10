import type { Plugin } from "vite";
import { FRAMEWORK_CHUNK, REACT_DOM_CHUNK } from "./chunk-names.ts";

/**
 * V8's explicit compile hint (Chrome 136 and later; other engines read a comment): a file that starts
 * with it has all its functions compiled as it loads, on a background thread while the bytes stream
 * in, instead of each on the main thread the first time it is called. Without it, V8 compiles React
 * DOM's functions lazily, in the middle of hydration's slices and of the first tap: traced on `/book`
 * at the low-tier phone's 9x on the 2-core machine, 260-573 ms of the main thread's time in a load
 * was `V8.CompileCode` (median 413), and 107-321 ms with the hint (median 144). Measured further in
 * docs/performance.md, "React DOM compiled as it loads".
 */
export const COMPILE_HINT = "//# allFunctionsCalledOnLoad\n";

/**
 * The chunks every page runs most of: React DOM (hydration, events, updates) and the framework chunk
 * (React, the router). Not the route chunks, whose functions a page mostly never calls: compiling
 * them would be work and memory for nothing.
 */
export const HINTED_CHUNKS: readonly string[] = [REACT_DOM_CHUNK, FRAMEWORK_CHUNK];

/** `code` with the hint as its first line; the hint must come before anything else in the file. */
function withCompileHint(code: string): string {
  return code.startsWith(COMPILE_HINT) ? code : `${COMPILE_HINT}${code}`;
}

/**
 * Adds the hint to the client build's hinted chunks, once they are minified (a minifier drops
 * comments). The chunk keeps the name its hash gave it: the line is the same on every build.
 */
export function compileHints(): Plugin {
  let ssr = false;
  return {
    name: "compile-hints",
    apply: "build",
    configResolved(config) {
      ssr = Boolean(config.build.ssr);
    },
    generateBundle(_options, bundle) {
      if (ssr) return;
      for (const file of Object.values(bundle))
        if (file.type === "chunk" && HINTED_CHUNKS.includes(file.name)) file.code = withCompileHint(file.code);
    },
  };
}
