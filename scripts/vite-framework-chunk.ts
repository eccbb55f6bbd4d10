import { fileURLToPath } from "node:url";

interface ModuleGraph {
  getModuleInfo(id: string): { importedIds: readonly string[] } | null;
}

/**
 * A code-splitting group (rolldown's `output.codeSplitting.groups[].name`) that puts every module the
 * app's entry imports statically into one chunk, `framework`: React, ReactDOM, the router and the
 * site's frame. The entry needs all of them before it can run, so they are fetched together anyway;
 * left to itself the bundler cut the ones the lazy chunks also use into ten small files (React, the
 * JSX runtime, `cn`, the site's content...), each a request with its own headers and gzip
 * dictionary: 2.2 KB more on `/` as transferred over HTTP/2. The entry module itself stays its own
 * chunk (`main-*.js`, which the boot module imports).
 *
 * The walk follows static imports from the entry, once per build. Icon modules are left out: they
 * are reached through lucide-react's index, which re-exports all of them, and each stays with the
 * chunks that draw it. So are stylesheets, which Vite handles on its own.
 */
export function frameworkChunk(entry: string) {
  const entryId = fileURLToPath(new URL(`../${entry}`, import.meta.url));
  let closure: Set<string> | null = null;
  return (id: string, graph: ModuleGraph): string | null => {
    closure ??= staticClosure(graph, entryId);
    const inFramework =
      closure.has(id) &&
      id !== entryId &&
      !/\.css($|\?)/.test(id) &&
      !/[\\/]lucide-react[\\/].*[\\/]icons[\\/]/.test(id);
    return inFramework ? "framework" : null;
  };
}

function staticClosure(graph: ModuleGraph, start: string): Set<string> {
  const seen = new Set<string>();
  const queue = [start];
  while (queue.length) {
    const id = queue.pop()!;
    if (seen.has(id)) continue;
    seen.add(id);
    queue.push(...(graph.getModuleInfo(id)?.importedIds ?? []));
  }
  return seen;
}
