/**
 * Deterministic budgets and checks on the production build in dist/ (built by `npm run build`
 * before vitest runs in `npm test`):
 * - the code a page hydrates with (its boot module, the entry it starts, the page's own chunk and
 *   everything they import statically), gzipped from the files: `/` and a blog post at most 100 KB
 *   each. This is a lower bound of what the browser pays, not the script budget: the lazy parts that
 *   load right after hydration (footer, consent choice, lower sections…) and the requests' overhead
 *   are not in it. The script budgets (scripts/script-budgets.ts) are measured in the browser, as
 *   transferred until the page is idle, by tests/e2e/script-budget.spec.ts;
 * - all CSS at most 20 KB gzipped;
 * - no Supabase client code on public marketing pages;
 * - no inline executable script (the CSP allows scripts from 'self' only);
 * - no secret (service-role key, JWT secret) anywhere in dist/.
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { BOOTSTRAP_SCRIPT } from "../../scripts/bootstrap-script";

const DIST = join(process.cwd(), "dist");
const ASSETS = join(DIST, "assets");
const KB = 1024;

const BUDGETS = { hydrationJsKb: 100, cssKb: 20 };

const built = existsSync(join(DIST, "index.html"));
if (!built && process.env.CI) throw new Error("dist/ is missing: run `npm run build` before the build tests.");
if (!built) {
  // Locally, without a build, the budgets are skipped, and said to be: in the log and as a skipped test's name.
  console.warn(
    "build-budget: dist/ is missing, so the build budgets are skipped. Run `npm run build` first (in CI they fail instead).",
  );
  it.skip("needs `npm run build`: dist/ is missing, so the build budgets were not checked", () => undefined);
}

function gzipKb(file: string): number {
  return gzipSync(readFileSync(file), { level: 9 }).length / KB;
}

function staticImports(file: string): string[] {
  const code = readFileSync(join(ASSETS, file), "utf8");
  const found = new Set<string>();
  const pattern = /(?:^|[;\s}])(?:import|export)\s*(?:[\w*{}\s,$]+from\s*)?["']\.\/([\w.-]+\.js)["']/g;
  for (const match of code.matchAll(pattern)) found.add(match[1]!);
  return [...found];
}

/**
 * The page's scripts, read from its HTML (the entry its inline script starts after the first paint,
 * scripts/bootstrap-script.ts, and what it preloads with it), and the page chunk, with all their
 * static imports: what hydration needs, before the page is interactive.
 */
function initialJs(htmlFile: string, pageChunkPrefix: string): string[] {
  const html = readFileSync(join(DIST, htmlFile), "utf8");
  const tag = /<script data-entry="\/assets\/([^"]+\.js)"(?: data-preload="([^"]*)")?>/.exec(html);
  if (!tag) throw new Error(`${htmlFile}: no script names the app's entry.`);
  const roots = [
    tag[1]!,
    ...(tag[2] ?? "")
      .split(" ")
      .filter(Boolean)
      .map((href) => href.replace(/^\/assets\//, "")),
  ];
  // The chunk's name, then the bundler's 8-character hash: "post-page" is not "post-page-meta".
  const chunkName = new RegExp(`^${pageChunkPrefix}-[\\w-]{8}\\.js$`);
  const pageChunk = readdirSync(ASSETS).find((name) => chunkName.test(name));
  if (!pageChunk) throw new Error(`No chunk named ${pageChunkPrefix}-*.js in dist/assets`);
  const seen = new Set<string>();
  const queue = [...roots, pageChunk];
  while (queue.length) {
    const file = queue.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    queue.push(...staticImports(file));
  }
  return [...seen];
}

function htmlFor(route: string): string {
  return route === "/" ? "index.html" : `${route.slice(1)}/index.html`;
}

const marketingPages: [route: string, chunk: string][] = [
  ["/", "HomePage"],
  ["/services", "ServicesPage"],
  ["/portfolio", "PortfolioPage"],
  ["/portfolio/zeta-brent-education-ads", "CaseStudyPage"],
  ["/contact", "ContactPage"],
  ["/terms", "TermsPage"],
  ["/privacy", "PrivacyPage"],
];

const SUPABASE_MARKERS = ["GoTrueClient", "PostgrestClient", "supabase-js", "RealtimeClient"];

function allFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? allFiles(path) : [path];
  });
}

describe.skipIf(!built)("production build budgets", () => {
  it(`hydrates / with at most ${BUDGETS.hydrationJsKb} KB of gzipped JavaScript (a lower bound of its script budget)`, () => {
    const files = initialJs(htmlFor("/"), "HomePage");
    const total = files.reduce((sum, file) => sum + gzipKb(join(ASSETS, file)), 0);
    console.log(`/ hydration JavaScript: ${total.toFixed(1)} KB gzipped in ${files.length} files`);
    expect(total).toBeLessThanOrEqual(BUDGETS.hydrationJsKb);
  });

  it(`hydrates a blog post with at most ${BUDGETS.hydrationJsKb} KB of gzipped JavaScript (a lower bound of its script budget)`, () => {
    // A post is rendered at request time from the same template as the SPA shell.
    // The post's page is in the chunk vite.config.ts names post-page, with its article.
    const files = initialJs("spa-shell.html", "post-page");
    const total = files.reduce((sum, file) => sum + gzipKb(join(ASSETS, file)), 0);
    console.log(`a post's hydration JavaScript: ${total.toFixed(1)} KB gzipped in ${files.length} files`);
    expect(total).toBeLessThanOrEqual(BUDGETS.hydrationJsKb);
  });

  it(`ships at most ${BUDGETS.cssKb} KB of gzipped CSS`, () => {
    const css = readdirSync(ASSETS).filter((name) => name.endsWith(".css"));
    const total = css.reduce((sum, file) => sum + gzipKb(join(ASSETS, file)), 0);
    console.log(`CSS: ${total.toFixed(1)} KB gzipped in ${css.length} files`);
    expect(total).toBeLessThanOrEqual(BUDGETS.cssKb);
  });

  it.each(marketingPages)("%s loads no Supabase code", (route, chunk) => {
    for (const file of initialJs(htmlFor(route), chunk)) {
      const code = readFileSync(join(ASSETS, file), "utf8");
      for (const marker of SUPABASE_MARKERS) expect(code.includes(marker), `${file} contains ${marker}`).toBe(false);
    }
  });

  it("loads the Markdown parser on no blog page before interaction: posts come rendered with their data", () => {
    const MARKED = "markedjs"; // in marked's own error message
    expect(
      readdirSync(ASSETS).some(
        (file) => file.endsWith(".js") && readFileSync(join(ASSETS, file), "utf8").includes(MARKED),
      ),
      "marked is in the build",
    ).toBe(true);
    for (const chunk of ["BlogListPage", "post-page", "BlogSearchPage"]) {
      for (const file of initialJs("spa-shell.html", chunk)) {
        expect(
          readFileSync(join(ASSETS, file), "utf8").includes(MARKED),
          `${chunk} loads ${file}, which holds marked`,
        ).toBe(false);
      }
    }
  });

  it("has no inline executable script in any HTML file but the one the CSP allows by its hash", () => {
    for (const file of allFiles(DIST).filter((path) => path.endsWith(".html"))) {
      const html = readFileSync(file, "utf8");
      for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)) {
        const attributes = match[1] ?? "";
        const body = match[2] ?? "";
        if (/\bsrc=/.test(attributes) || body.trim() === "" || /type="application\/(ld\+)?json"/.test(attributes))
          continue;
        expect(body, `${relative(DIST, file)} has an inline script`).toBe(BOOTSTRAP_SCRIPT);
      }
    }
  });

  it("contains no server secret", () => {
    const env = readFileSync(join(process.cwd(), ".env.example"), "utf8");
    const value = (name: string) => env.match(new RegExp(`^${name}=(.+)$`, "m"))?.[1]?.trim();
    const secrets = [
      value("LOCAL_JWT_SECRET"),
      value("LOCAL_SUPABASE_SERVICE_ROLE_KEY"),
      process.env.SUPABASE_SERVICE_ROLE_KEY,
    ].filter((secret): secret is string => Boolean(secret));
    expect(secrets.length).toBeGreaterThanOrEqual(2);
    for (const file of allFiles(DIST)) {
      const content = readFileSync(file, "latin1");
      for (const secret of secrets)
        expect(content.includes(secret), `${relative(DIST, file)} contains a secret`).toBe(false);
      expect(content.includes("service_role"), `${relative(DIST, file)} mentions service_role`).toBe(false);
    }
  });
});
