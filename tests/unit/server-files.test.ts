import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

/**
 * The functions in api/ import their modules as `./x.js`. Vercel's function tracing maps such an
 * import to `x.ts` but not to `x.tsx`, so a .tsx module a function needs is left out of the
 * deployment and the function fails at start with ERR_MODULE_NOT_FOUND. Hence no .tsx in
 * src/server, and none in src/lib or src/content that a function reaches through its imports.
 */
const root = fileURLToPath(new URL("../..", import.meta.url));

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

/** The relative specifiers a module imports at run time (type-only imports and exports are erased). */
function relativeImports(source: string): string[] {
  const specifiers: string[] = [];
  const statement = /\b(import|export)(\s+type\b)?[^;"'`]*?\bfrom\s*["'](\.{1,2}\/[^"']+)["']/g;
  for (const match of source.matchAll(statement)) if (!match[2]) specifiers.push(match[3]!);
  for (const match of source.matchAll(/\bimport\s*(?:\(\s*)?["'](\.{1,2}\/[^"']+)["']/g)) specifiers.push(match[1]!);
  return specifiers;
}

/** The file a relative specifier names, trying TypeScript's spellings of a `.js` or bare path. */
function resolveImport(from: string, specifier: string): string | undefined {
  const base = resolve(dirname(from), specifier);
  const stem = base.replace(/\.(js|jsx|mjs|ts|tsx)$/, "");
  const candidates = /\.(ts|tsx|json)$/.test(base)
    ? [base]
    : [`${stem}.ts`, `${stem}.tsx`, base, `${stem}/index.ts`, `${stem}/index.tsx`];
  return candidates.find((path) => existsSync(path) && statSync(path).isFile());
}

/** Every file the functions in api/ reach through relative imports, and any import left unresolved. */
function functionGraph(): { files: Set<string>; unresolved: string[] } {
  const api = join(root, "api");
  const queue = readdirSync(api)
    .filter((name) => name.endsWith(".ts") && !name.endsWith(".test.ts"))
    .map((name) => join(api, name));
  const files = new Set<string>(queue);
  const unresolved: string[] = [];
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (!/\.(ts|tsx)$/.test(file)) continue;
    for (const specifier of relativeImports(readFileSync(file, "utf8"))) {
      const target = resolveImport(file, specifier);
      if (!target) unresolved.push(`${relative(root, file)} → ${specifier}`);
      else if (!files.has(target)) {
        files.add(target);
        queue.push(target);
      }
    }
  }
  return { files, unresolved };
}

describe("the functions' modules", () => {
  it("has no .tsx file in src/server", () => {
    const tsx = filesUnder(join(root, "src/server")).filter((path) => path.endsWith(".tsx"));
    expect(tsx.map((path) => relative(root, path))).toEqual([]);
  });

  it("reaches no .tsx file from api/*.ts, in src/lib, src/content or anywhere", () => {
    const { files, unresolved } = functionGraph();
    expect(unresolved).toEqual([]);
    expect(files.size).toBeGreaterThan(10);
    expect(files).toContain(join(root, "src/server/messages/templates.ts"));
    expect(files).toContain(join(root, "src/server/messages/mail-layout.ts"));
    const tsx = [...files].filter((path) => path.endsWith(".tsx")).map((path) => relative(root, path));
    expect(tsx).toEqual([]);
  });
});
