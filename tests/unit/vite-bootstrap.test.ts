/**
 * scripts/vite-bootstrap.ts: the chunks the page's inline script preloads and then evaluates one task
 * each, in the order listed (scripts/bootstrap-script.ts). A chunk listed before one it imports would
 * evaluate that one in its own task.
 */
import type { Rollup } from "vite";
import { describe, expect, it } from "vitest";
import { staticImports } from "../../scripts/vite-bootstrap";

/** A bundle of chunks that only name their static imports. */
function bundle(imports: Record<string, string[]>): Rollup.OutputBundle {
  return Object.fromEntries(
    Object.entries(imports).map(([fileName, chunkImports]) => [
      fileName,
      { type: "chunk", fileName, imports: chunkImports } as unknown as Rollup.OutputChunk,
    ]),
  );
}

describe("staticImports", () => {
  it("lists every chunk the entry imports, however deep, each after the chunks it imports", () => {
    // The entry names react-dom before framework, which react-dom itself imports.
    const chunks = bundle({
      "index.js": ["runtime.js", "react-dom.js", "framework.js", "idle.js"],
      "react-dom.js": ["runtime.js", "framework.js"],
      "framework.js": ["runtime.js"],
      "idle.js": ["runtime.js", "framework.js"],
      "runtime.js": [],
    });
    expect([...staticImports(chunks, "index.js")]).toEqual(["runtime.js", "framework.js", "react-dom.js", "idle.js"]);
  });

  it("lists a chunk imported twice once, and nothing the entry does not reach", () => {
    const chunks = bundle({
      "index.js": ["a.js", "b.js"],
      "a.js": ["shared.js"],
      "b.js": ["shared.js"],
      "shared.js": [],
      "lazy.js": ["shared.js"],
    });
    expect([...staticImports(chunks, "index.js")]).toEqual(["shared.js", "a.js", "b.js"]);
  });
});
