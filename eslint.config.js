import { readdirSync } from "node:fs";
import { join } from "node:path";
import js from "@eslint/js";
import globals from "globals";
import importX from "eslint-plugin-import-x";
import { createTypeScriptImportResolver } from "eslint-import-resolver-typescript";
import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";

/**
 * The layers, and the one direction imports flow (the Layout of the architecture map, enforced):
 *
 *   entry points   src/main.tsx, src/boot.ts, src/entry-server.tsx, src/blog-entry.ts
 *                  (composition roots: they wire the app to the browser, the prerender and the
 *                  blog function; nothing in src imports them)
 *        |
 *   src/app        route table, layouts, providers, the server render of the app
 *        |
 *   src/features   one folder per area. A feature imports another only through its public
 *        |         index.ts (tests may also use its testing.tsx helpers); a feature without an
 *        |         index.ts is imported by nothing but app, whose route table loads pages by path
 *        |         (one chunk per page, which a re-exporting index would merge).
 *   src/components -> src/lib, src/content
 *   src/lib        takes the copy it shows as arguments; never imports content
 *   src/content    copy and constants; imports config, the schema types (src/lib/database.types.ts,
 *        |         generated, and src/lib/database.ts, their narrowing: types only) and the plural
 *        |         rule (src/lib/plural.ts, which imports nothing), and no other lib
 *   src/config.ts, src/config-defaults.ts   import nothing of the project
 *
 *   api/           -> src/server only (each function is an adapter of a few lines)
 *   src/server     -> src/lib, src/content, config; never app, features, components: the
 *                  request-time render of the app is injected by src/blog-entry.ts
 *
 *   supabase/local, scripts, tests  tooling: they may import src; src and api import none of them,
 *                  except that test files may (stand-ins, the local Supabase, tests/support). Test
 *                  files also may import content (they assert the copy a page shows).
 *
 * Plus no import cycles anywhere (import-x/no-cycle).
 * Modelled on bulletproof-react's `import/no-restricted-paths` zones.
 */
const root = import.meta.dirname;
const ENTRIES = ["src/main.tsx", "src/boot.ts", "src/entry-server.tsx", "src/blog-entry.ts"];
const CONFIG = ["src/config.ts", "src/config-defaults.ts"];
const TOOLING = ["supabase/local", "scripts", "tests"];
const TEST_FILES = ["**/*.test.{ts,tsx}", "tests/**", "src/**/testing.tsx"];
/**
 * Package entries not to import whole. date-fns's index re-exports some 250 modules, and Node 24 reads
 * its 199 KB package.json again for each file it resolves: the import costs 3.6 s under Node 24 (0.4 s
 * under Node 20), in every test worker and in every cold start of a function that reaches it, against
 * 50 ms for the two functions the site uses. React Router's Link and NavLink: the site's own
 * (src/components/ui/Link.tsx) leave framework mode's prefetching out of every page's script.
 */
const RESTRICTED_PACKAGE_ENTRIES = [
  {
    name: "date-fns",
    message:
      "Import each function from its own entry (date-fns/addDays): the whole package costs seconds to load in Node.",
  },
  ...["react-router-dom", "react-router"].map((name) => ({
    name,
    importNames: ["Link", "NavLink", "LinkProps", "NavLinkProps"],
    message:
      "Use Link and NavLink from src/components/ui/Link.tsx: React Router's own carry framework mode's prefetching into every page's script.",
  })),
];
const features = readdirSync(join(root, "src/features"), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/** The zones of import-x/no-restricted-paths: `target` may not import `from`. */
function layerZones({ tests }) {
  const tooling = tests ? [] : TOOLING;
  const content = tests ? [] : ["src/content"];
  // A function's test may read the shared constants it checks the function against (paths, copy).
  const lib = tests ? [] : ["src/lib"];
  const zone = (target, from, message) => ({ target, from, message });
  return [
    zone(
      "src/app",
      [...ENTRIES, "src/server", "api", ...tooling],
      "src/app imports features, components, lib, content and config.",
    ),
    zone(
      "src/features",
      [...ENTRIES, "src/app", "src/server", "api", ...tooling],
      "A feature imports components, lib, content, config and other features' index.ts.",
    ),
    ...features.map((name) => ({
      target: `src/features/${name}`,
      from: [`src/features/!(${name})/**`],
      except: ["**/src/features/*/index.ts", ...(tests ? ["**/src/features/*/testing.tsx"] : [])],
      message:
        "Another feature is imported through its index.ts only; what two features share belongs in components or lib.",
    })),
    zone(
      "src/components",
      [...ENTRIES, "src/app", "src/features", "src/server", "api", ...tooling],
      "Components import lib, content and config only.",
    ),
    zone(
      "src/lib",
      [...ENTRIES, "src/app", "src/features", "src/components", ...content, "src/server", "api", ...tooling],
      "lib imports config only; the copy it needs is passed in.",
    ),
    zone(
      "src/content",
      [...ENTRIES, "src/app", "src/features", "src/components", "src/server", "api", ...tooling],
      "Content imports config only; components map its icon names to icons.",
    ),
    {
      target: "src/content",
      from: "src/lib",
      except: ["./database.types.ts", "./database.ts", "./plural.ts", "./agency-zone.ts"],
      message:
        "Content imports no lib but the schema types (generated, and their narrowing), plural.ts and the agency's time zone.",
    },
    zone(
      "src/server",
      [...ENTRIES, "src/app", "src/features", "src/components", "api", ...tooling],
      "src/server imports lib, content and config; the app's render is injected by src/blog-entry.ts.",
    ),
    zone(
      CONFIG,
      [
        "src/app",
        "src/features",
        "src/components",
        "src/lib",
        "src/content",
        "src/server",
        ...ENTRIES,
        "api",
        ...tooling,
      ],
      "Config is the bottom layer: it imports nothing of the project.",
    ),
    zone(
      "api",
      [...ENTRIES, "src/app", "src/features", "src/components", ...lib, ...content, ...CONFIG, ...tooling],
      "A function in api/ is an adapter over src/server.",
    ),
  ];
}

export default tseslint.config(
  // tests/fixtures: files that break the rules on purpose, linted by tests/unit/lint-layers.test.ts.
  {
    ignores: [
      "dist",
      "dist-*",
      "node_modules",
      "supabase/.local-db",
      "test-results",
      "playwright-report",
      "bench-results",
      "tests/fixtures",
    ],
  },
  {
    extends: [js.configs.recommended, ...tseslint.configs.recommended, reactHooks.configs.flat.recommended],
    files: ["**/*.{ts,tsx,js}"],
    languageOptions: {
      ecmaVersion: 2023,
      globals: { ...globals.browser, ...globals.node },
      // Typed linting: each file is checked in the program of its tsconfig (tsconfig.json's references);
      // eslint.config.js, the one JavaScript file, in a default project.
      parserOptions: { projectService: { allowDefaultProject: ["*.js"] }, tsconfigRootDir: root },
    },
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      // The project's own effect hook (src/lib/use-task-effect.ts) takes dependencies as useEffect does.
      "react-hooks/exhaustive-deps": ["warn", { additionalHooks: "^useTaskEffect$" }],
      // A promise is awaited or its failure handled; `void` does not count as handling it. Known safe:
      // navigate (BrowserRouter's returns nothing) and TanStack Query's invalidateQueries, whose promise
      // never rejects (a failed refetch is the query's error state).
      "@typescript-eslint/no-floating-promises": [
        "error",
        {
          ignoreVoid: false,
          allowForKnownSafeCalls: [
            { from: "package", package: "react-router", name: "NavigateFunction" },
            { from: "package", package: "@tanstack/query-core", name: "invalidateQueries" },
          ],
        },
      ],
    },
  },
  {
    files: ["**/*.{ts,tsx,js}"],
    plugins: { "import-x": importX },
    settings: {
      "import-x/resolver-next": [createTypeScriptImportResolver({ project: join(root, "tsconfig.json") })],
      "import-x/extensions": [".ts", ".tsx", ".js"],
    },
    rules: {
      "import-x/no-restricted-paths": ["error", { basePath: root, zones: layerZones({ tests: false }) }],
      // Depth-limited so the graph walk stays cheap; no project chain is longer.
      "import-x/no-cycle": ["error", { ignoreExternal: true, maxDepth: 12 }],
    },
  },
  {
    files: ["**/*.{ts,tsx,js}"],
    rules: { "no-restricted-imports": ["error", { paths: RESTRICTED_PACKAGE_ENTRIES }] },
  },
  {
    // Content is data: an icon reaches it by name (a string union), and components map names to icons.
    files: ["src/content/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          paths: RESTRICTED_PACKAGE_ENTRIES,
          patterns: [
            {
              group: ["react", "react-dom", "react-dom/*", "lucide-react", "simple-icons", "simple-icons/*"],
              message:
                "Content is data: name the icon (a string union) and map the name to a component in components or the feature.",
            },
          ],
        },
      ],
    },
  },
  {
    files: TEST_FILES,
    rules: {
      "import-x/no-restricted-paths": ["error", { basePath: root, zones: layerZones({ tests: true }) }],
    },
  },
);
