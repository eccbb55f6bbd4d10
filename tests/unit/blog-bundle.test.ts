/**
 * The blog function's server bundle (dist-ssr/, built by `npm run build` from
 * src/blog-entry.ts): what a cold start imports stays within its budget, and nothing of the
 * admin (its screens, the chart, the CSV export, Supabase's auth client) is anywhere in the folder
 * the function ships. The markers are checked against the prerender's full bundle first, so a marker
 * that no longer names anything fails here instead of passing for nothing.
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { blogBundle } from "../../scripts/blog-bundle";
import { vercelFunctions } from "../../scripts/vercel-config";

const SSR_DIR = resolve("dist-ssr");
const FULL_DIR = resolve("dist-prerender");
/** Bytes a cold start of the blog function imports (the entry and its static imports). */
export const BLOG_BUNDLE_BUDGET_BYTES = 600 * 1024;

const built = existsSync(join(SSR_DIR, "blog-entry.js")) && existsSync(join(FULL_DIR, "entry-server.js"));
if (!built && process.env.CI)
  throw new Error("dist-ssr/ or dist-prerender/ is missing: run `npm run build` before the build tests.");

const ADMIN_MARKERS = [
  "AdminRoutes",
  "LeadsChart",
  "PostEditor",
  "GoTrueClient",
  "signInWithPassword",
  "papaparse",
  "/admin/leads",
];

function allFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? allFiles(path) : [path];
  });
}

function containing(dir: string, marker: string): string[] {
  return allFiles(dir).filter((file) => readFileSync(file, "utf8").includes(marker));
}

describe.skipIf(!built)("the blog function's bundle", () => {
  it(`imports at most ${BLOG_BUNDLE_BUDGET_BYTES / 1024} KB on a cold start`, () => {
    const { files, bytes } = blogBundle(SSR_DIR);
    console.log(`blog bundle: ${(bytes / 1024).toFixed(1)} KB in ${files.length} files (${files.join(", ")})`);
    expect(files[0]).toBe("blog-entry.js");
    expect(bytes).toBeLessThanOrEqual(BLOG_BUNDLE_BUDGET_BYTES);
  });

  it("holds nothing of the admin: no screen, no chart, no CSV export, no auth client", () => {
    for (const marker of ADMIN_MARKERS) {
      expect(containing(FULL_DIR, marker).length, `${marker} names something in the full bundle`).toBeGreaterThan(0);
      expect(containing(SSR_DIR, marker), `${marker} in dist-ssr/`).toEqual([]);
    }
  });

  it("is the only build output the blog function includes", () => {
    // Beside it, the files the social cards are drawn with, from the repository (src/server/paths.ts).
    const included = (vercelFunctions()["api/blog.ts"]?.includeFiles ?? "").replace(/^\{|\}$/g, "").split(",");
    expect(included.filter((glob) => glob.startsWith("dist"))).toEqual(["dist-ssr/**"]);
    expect(readdirSync(SSR_DIR).sort()).toEqual(["assets", "blog-entry.js", "render-manifest.json", "template.html"]);
  });
});
