import { fileURLToPath } from "node:url";
import { ESLint } from "eslint";
import tseslint from "typescript-eslint";
import { beforeAll, describe, expect, it } from "vitest";

/**
 * The layer rules of eslint.config.js fire: snippets placed (by path, not on disk) in one layer and
 * importing another get `import-x/no-restricted-paths`, legal imports pass, and the two files of
 * tests/fixtures/import-cycle (kept out of `npm run lint`) get `import-x/no-cycle`.
 */
const root = fileURLToPath(new URL("../..", import.meta.url));
let eslint: ESLint;

beforeAll(() => {
  // Without types: a snippet placed by path is not on disk, where the project service would read it.
  eslint = new ESLint({
    cwd: root,
    overrideConfigFile: "eslint.config.js",
    overrideConfig: tseslint.configs.disableTypeChecked,
    ignore: false,
  });
});

/** The rule ids of the problems ESLint finds in `code` placed at `filePath`. */
async function problems(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages.map((message) => message.ruleId ?? message.message);
}

describe("the layer rules", () => {
  it("keep lib below features, content and the app", async () => {
    expect(await problems("src/lib/x.ts", 'export { MarkdownPostArticle } from "../features/blog";\n')).toEqual([
      "import-x/no-restricted-paths",
    ]);
    expect(await problems("src/lib/x.ts", 'export { site } from "../content/site";\n')).toEqual([
      "import-x/no-restricted-paths",
    ]);
    expect(await problems("src/lib/x.ts", 'export { Root } from "../app/Root";\n')).toEqual([
      "import-x/no-restricted-paths",
    ]);
  });

  it("let a feature import another only through its index.ts", async () => {
    expect(await problems("src/features/home/x.ts", 'export { PostCard } from "../blog/PostCard";\n')).toEqual([
      "import-x/no-restricted-paths",
    ]);
    expect(await problems("src/features/home/x.ts", 'export { MarkdownPostArticle } from "../blog";\n')).toEqual([]);
  });

  it("keep the server off the app, features and components, and api on the server", async () => {
    expect(await problems("src/server/x.ts", 'export { App } from "../app/App";\n')).toEqual([
      "import-x/no-restricted-paths",
    ]);
    expect(await problems("src/server/x.ts", 'export { MarkdownPostArticle } from "../features/blog";\n')).toEqual([
      "import-x/no-restricted-paths",
    ]);
    expect(await problems("api/x.ts", 'export { config } from "../src/config";\n')).toEqual([
      "import-x/no-restricted-paths",
    ]);
    expect(await problems("api/x.ts", 'export { readSettings } from "../src/server/settings.js";\n')).toEqual([]);
  });

  it("keep components out of content, which names its icons", async () => {
    expect(
      await problems("src/content/x.ts", 'export type { BrandGlyph } from "../components/ui/BrandIcon";\n'),
    ).toEqual(["import-x/no-restricted-paths"]);
    expect(await problems("src/content/x.ts", 'export { Rocket } from "lucide-react";\n')).toEqual([
      "no-restricted-imports",
    ]);
    expect(await problems("src/content/x.ts", 'export type { LeadStatus } from "../lib/database.types";\n')).toEqual(
      [],
    );
  });

  it("keep the tooling out of the product, but not out of its tests", async () => {
    const local = 'export { createLocalSupabase } from "../../supabase/local/index";\n';
    expect(await problems("src/server/x.ts", local)).toEqual(["import-x/no-restricted-paths"]);
    expect(await problems("src/server/x.test.ts", local)).toEqual([]);
  });

  it("pass the imports that follow the direction", async () => {
    const code = [
      'export { cn } from "../../lib/cn";',
      'export { site } from "../../content/site";',
      'export { Button } from "../../components/ui/Button";',
      'export { config } from "../../config";',
      "",
    ].join("\n");
    expect(await problems("src/features/home/x.ts", code)).toEqual([]);
  });

  it("refuse an import cycle", async () => {
    const results = await eslint.lintFiles(["tests/fixtures/import-cycle/a.ts", "tests/fixtures/import-cycle/b.ts"]);
    expect(results.flatMap((result) => result.messages.map((message) => message.ruleId))).toEqual([
      "import-x/no-cycle",
      "import-x/no-cycle",
    ]);
  });
});
