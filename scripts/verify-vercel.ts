/**
 * `npm run verify:vercel`: Vercel's own build of this working tree, checked.
 *
 * 1. Copies the tree (tracked and untracked files that .gitignore does not exclude, with
 *    node_modules linked) to a temporary folder and writes the project settings Vercel would hold
 *    into `.vercel/project.json` (framework vite, `npm run build`, output `dist`; no install
 *    command, since node_modules is the tree's own).
 * 2. Runs `vercel build` there, offline, with the CLI pinned in scripts/vercel-cli (installed with
 *    `npm ci` on first use).
 * 3. Checks `.vercel/output`:
 *    - every `api/*.ts` (not tests) is built as a Node function, the local servers mount
 *      the same list (supabase/local/functions-plugin.ts), and each built function loads in its own
 *      folder and answers a Request (a PUT, which none of them accepts: 405), and the blog's draws
 *      the card function's social card there (the fonts, logo and resvg's native module are in it),
 *      and the blog function carries none of what a card is drawn with (its size is printed) and
 *      renders /book with the free times' handler of the calls function loaded in it,
 *      and every function whose outbox can send the accepted proposal's PDF makes one there (its
 *      fonts are in the function);
 *    - the security headers of scripts/security-headers.ts on every route, the admin area's
 *      noindex/no-store, the assets' immutable caching;
 *    - redirects, rewrites, pages, files, functions and the 404 page exactly as `vite preview` routes
 *      them (scripts/preview-routes.ts and the functions plugin), over every prerendered page and a
 *      list of addresses that exercise each rule.
 * Exits 1 with the differences listed when anything is off. KEEP_VERCEL_BUILD=1 keeps the folder.
 */
import { execFileSync, spawnSync } from "node:child_process";
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { LOCAL_FUNCTION_NAMES } from "../supabase/local/functions-plugin.ts";
import { FEED_PATH, SITEMAP_PATH } from "../src/lib/feed-paths.ts";
import { findRewrite } from "../src/server/paths.ts";
import { previewRedirect, resolvePreviewTarget } from "./preview-routes.ts";
import { ADMIN_HEADERS, ADMIN_PATH, IMMUTABLE_CACHE, securityHeaders } from "./security-headers.ts";
import { routeVercel, type BuildOutput, type OutputRoute, type Served } from "./vercel-routes.ts";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const cliDir = join(root, "scripts", "vercel-cli");
const cli = join(cliDir, "node_modules", "vercel", "dist", "index.js");

function step(message: string) {
  console.log(`\n▶ ${message}`);
}

/** The working tree as git sees it (tracked, plus untracked files that are not ignored). */
function copyWorkingTree(target: string) {
  const files = execFileSync("git", ["ls-files", "--cached", "--others", "--exclude-standard", "-z"], {
    cwd: root,
    encoding: "utf8",
  })
    .split("\0")
    .filter(Boolean);
  let copied = 0;
  for (const file of files) {
    const from = join(root, file);
    if (!existsSync(from) || !statSync(from).isFile()) continue; // deleted in the tree, not yet committed
    mkdirSync(dirname(join(target, file)), { recursive: true });
    cpSync(from, join(target, file));
    copied += 1;
  }
  symlinkSync(join(root, "node_modules"), join(target, "node_modules"), "dir");
  return copied;
}

function ensureCli() {
  if (existsSync(cli)) return;
  step("Installing the Vercel CLI pinned in scripts/vercel-cli (npm ci)");
  execFileSync("npm", ["ci", "--no-audit", "--no-fund", "--loglevel=error"], { cwd: cliDir, stdio: "inherit" });
}

function walk(dir: string, base = dir): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    return entry.isDirectory() ? walk(path, base) : [relative(base, path).split("\\").join("/")];
  });
}

function readOutput(outputDir: string): BuildOutput {
  const config = JSON.parse(readFileSync(join(outputDir, "config.json"), "utf8")) as {
    routes: OutputRoute[];
    overrides?: BuildOutput["overrides"];
  };
  const functionsDir = join(outputDir, "functions");
  const functions = new Set(
    existsSync(functionsDir)
      ? walk(functionsDir)
          .filter((file) => file.endsWith(".func/.vc-config.json"))
          .map((file) => file.slice(0, -".func/.vc-config.json".length))
      : [],
  );
  return {
    routes: config.routes,
    overrides: config.overrides ?? {},
    staticFiles: new Set(walk(join(outputDir, "static"))),
    functions,
  };
}

/** What `vite preview` answers for `url`, in the same terms (see the files named in the header). */
function routePreview(distDir: string, url: string): Served {
  const parsed = new URL(url, "http://preview.invalid");
  const path = parsed.pathname;
  const query = Object.fromEntries(parsed.searchParams);
  const redirect = previewRedirect(path);
  if (redirect !== null) return { kind: "redirect", status: 308, location: redirect };
  if (/^\/api(\/|$)/.test(path)) {
    const name = path.replace(/^\/api\/?/, "");
    return (LOCAL_FUNCTION_NAMES as readonly string[]).includes(name)
      ? { kind: "function", name: `api/${name}`, query }
      : { kind: "status", status: 404 };
  }
  const rewrite = findRewrite(path);
  if (rewrite && "function" in rewrite.to)
    return { kind: "function", name: `api/${rewrite.to.function}`, query: { ...query, __path: path } };
  const target = resolvePreviewTarget(distDir, path);
  if (target.kind === "html")
    return { kind: "static", file: relative(distDir, target.file).split("\\").join("/"), status: target.status };
  const file = path.replace(/^\/+/, "");
  return existsSync(join(distDir, file)) ? { kind: "static", file, status: 200 } : { kind: "status", status: 404 };
}

/** Compared by what the visitor gets: a function is compared by the path it answers for. */
function normalise(served: Served, url: string): unknown {
  if (served.kind !== "function") return served;
  return {
    kind: "function",
    name: served.name,
    path: served.query.__path ?? new URL(url, "http://x.invalid").pathname,
  };
}

function sampleUrls(distDir: string): string[] {
  const pages = walk(distDir)
    .filter((file) => file.endsWith("index.html"))
    .map((file) => `/${file.slice(0, -"index.html".length)}`.replace(/(.)\/$/, "$1"));
  const asset = walk(join(distDir, "assets")).find((file) => file.endsWith(".js"));
  const functions = [...LOCAL_FUNCTION_NAMES].flatMap((name) => [`/api/${name}`, `/api/${name}/`]);
  return [
    ...pages,
    "/contact/",
    "/index.html",
    "/services/index",
    "/terms.html",
    "/admin",
    "/admin/",
    "/admin/leads",
    "/admin/leads/5d2c8f0e-0000-4000-8000-000000000000",
    "/admin/edit-post/abc",
    "/blog",
    "/blog/",
    "/blog/a-post",
    "/blog/search?q=crm",
    "/blog/category/web-design",
    "/blog/page/2",
    // The cards: the card function's, before the blog's rewrite.
    "/blog/card.png",
    "/blog/a-post/card.png",
    "/blog/category/web-design/card.png",
    "/blog/card.png/more",
    SITEMAP_PATH,
    FEED_PATH,
    "/nope",
    "/portfolio/nope",
    "/assets/missing.js",
    ...(asset ? [`/assets/${asset}`] : []),
    "/robots.txt",
    "/favicon.svg",
    "/images/whatsapp.svg",
    "/api",
    "/api/nope",
    ...functions,
  ];
}

/**
 * Loads a built function in its own folder (as Vercel runs it) and sends it a PUT. Files the build
 * lists in `filePathMap` (vercel.json's includeFiles) are uploaded from the project on deploy
 * rather than copied into the folder, so they are put in place first, from the project's copy.
 */
function callFunction(projectDir: string, funcDir: string, name: string): { status?: number; error?: string } {
  const config = JSON.parse(readFileSync(join(funcDir, ".vc-config.json"), "utf8")) as {
    handler: string;
    runtime: string;
    filePathMap?: Record<string, string>;
  };
  if (!config.runtime.startsWith("nodejs")) return { error: `runtime ${config.runtime}, not Node.js` };
  for (const [inFunction, inProject] of Object.entries(config.filePathMap ?? {})) {
    // Files only: the copy's node_modules is a link to the tree's, which the includeFiles glob can
    // list as an entry of its own (it did under Node 24); its files are listed one by one as well.
    if (statSync(join(projectDir, inProject)).isDirectory()) continue;
    if (!existsSync(join(funcDir, inFunction))) {
      mkdirSync(dirname(join(funcDir, inFunction)), { recursive: true });
      cpSync(join(projectDir, inProject), join(funcDir, inFunction));
    }
  }
  const script = `
    const mod = await import(${JSON.stringify(new URL(`file://${join(funcDir, config.handler)}`).href)});
    const handler = mod.default;
    const fetchHandler = typeof handler === "function" ? handler : handler?.fetch?.bind(handler);
    if (!fetchHandler) throw new Error("no default export with fetch");
    const response = await fetchHandler(new Request("https://verify.invalid/${name}", { method: "PUT", body: "{}" }));
    process.stdout.write(String(response.status));`;
  const result = spawnSync(process.execPath, ["--input-type=module", "-e", script], {
    cwd: funcDir,
    encoding: "utf8",
    timeout: 60_000,
    env: { PATH: process.env.PATH },
  });
  if (result.status !== 0) return { error: (result.stderr || result.stdout).trim().split("\n").slice(-3).join(" ") };
  return { status: Number(result.stdout) };
}

/**
 * Asks the built card function, in its own folder (after callFunction has put its files in place),
 * for the blog's social card, which needs no row: a 1200x630 PNG when satori, resvg's native module,
 * the fonts and the logo are all in the function. Supabase is set to a closed port: nothing is read.
 */
function drawCardInFunction(funcDir: string): string {
  const config = JSON.parse(readFileSync(join(funcDir, ".vc-config.json"), "utf8")) as { handler: string };
  const script = `
    const mod = await import(${JSON.stringify(new URL(`file://${join(funcDir, config.handler)}`).href)});
    const response = await mod.default.fetch(new Request("https://verify.invalid/api/blog-card?__path=/blog/card.png"));
    const bytes = new Uint8Array(await response.arrayBuffer());
    const view = new DataView(bytes.buffer);
    process.stdout.write(response.status + " " + response.headers.get("content-type") + " " +
      (bytes.length > 24 ? view.getUint32(16) + "x" + view.getUint32(20) : "no image"));`;
  const result = spawnSync(process.execPath, ["--input-type=module", "-e", script], {
    cwd: funcDir,
    encoding: "utf8",
    timeout: 60_000,
    env: { PATH: process.env.PATH, SUPABASE_URL: "http://127.0.0.1:9", SUPABASE_ANON_KEY: "verify" },
  });
  return result.status === 0 ? result.stdout : (result.stderr || result.stdout).trim().split("\n").slice(-3).join(" ");
}

/**
 * Asks the built blog function, in its own folder, for /book: the page, rendered by the bundle, with
 * the free times asked of the calls function's handler of them (src/server/calls/free-times.js, which
 * the function imports on the first /book only). Supabase is set to a closed port, so the times cannot
 * be had and the page has its placeholder; what counts is that the handler loaded and answered (a 503,
 * logged), not that its module was missing. Answers the status and what the function logged.
 */
function bookInFunction(funcDir: string): { page: string; log: string } {
  const config = JSON.parse(readFileSync(join(funcDir, ".vc-config.json"), "utf8")) as { handler: string };
  // Timed as a cold start: the import of the function in a fresh process, then its first /book, which
  // imports the free times' handler (its reads fail at once against the closed port).
  const script = `
    const { performance } = await import("node:perf_hooks");
    const started = performance.now();
    const mod = await import(${JSON.stringify(new URL(`file://${join(funcDir, config.handler)}`).href)});
    const imported = performance.now();
    const response = await mod.default.fetch(new Request("https://verify.invalid/api/blog?__path=/book"));
    const body = await response.text();
    const answered = performance.now();
    process.stdout.write(response.status + " " + (body.includes("Book a free discovery call") ? "the booking page" : "another page"));
    process.stderr.write("\\ncold start: import " + (imported - started).toFixed(0) + " ms, first /book " + (answered - imported).toFixed(0) + " ms\\n");`;
  const result = spawnSync(process.execPath, ["--input-type=module", "-e", script], {
    cwd: funcDir,
    encoding: "utf8",
    timeout: 60_000,
    env: {
      PATH: process.env.PATH,
      SUPABASE_URL: "http://127.0.0.1:9",
      SUPABASE_ANON_KEY: "verify",
      SUPABASE_SERVICE_ROLE_KEY: "verify",
    },
  });
  return { page: result.status === 0 ? result.stdout : `failed (${result.status})`, log: result.stderr.trim() };
}

/** The bytes of the files under `dir` (links not followed). */
function folderBytes(dir: string): number {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .reduce((sum, entry) => sum + statSync(join(entry.parentPath, entry.name)).size, 0);
}

/**
 * Makes the accepted proposal's PDF inside a built function that can send it (its outbox carries
 * src/server/proposals/pdf.js), after callFunction has put its files in place: the PDF's fonts are
 * read at run time from beside that file, so a function without them (vercel.json's includeFiles)
 * would fail every acceptance e-mail. Answers "%PDF-" and the byte count, or the error.
 */
function pdfInFunction(funcDir: string): string {
  const script = `
    const { proposalPdf } = await import(${JSON.stringify(new URL(`file://${join(funcDir, "src/server/proposals/pdf.js")}`).href)});
    const terms = { number: "P-0001", title: "GrowthSite for Ọlá Foods", currency: "NGN", scope: "A site.",
      validUntil: "2026-12-31", lines: [{ kind: "package", description: "GrowthSite", quantity: 1, unitPrice: 45000000, total: 45000000 }],
      subtotal: 45000000, discount: 0, total: 45000000,
      installments: [{ position: 0, label: "Deposit", due: "acceptance", shareBasisPoints: 10000, amount: 45000000 }], retainer: null };
    const bytes = await proposalPdf(terms, { name: "Adébáyọ̀ Okafor", at: "2026-11-29T10:00:00Z", ip: "203.0.113.7",
      userAgent: "verify", sha256: "0".repeat(64) });
    process.stdout.write(bytes.subarray(0, 5).toString("latin1") + " " + bytes.length);`;
  const result = spawnSync(process.execPath, ["--input-type=module", "-e", script], {
    cwd: funcDir,
    encoding: "utf8",
    timeout: 60_000,
    env: { PATH: process.env.PATH },
  });
  return result.status === 0 ? result.stdout : (result.stderr || result.stdout).trim().split("\n").slice(-3).join(" ");
}

function main() {
  const workDir = mkdtempSync(join(tmpdir(), "verify-vercel-"));
  const failures: string[] = [];
  try {
    step(`Copying the working tree to ${workDir}`);
    console.log(`${copyWorkingTree(workDir)} files`);
    mkdirSync(join(workDir, ".vercel"));
    writeFileSync(
      join(workDir, ".vercel", "project.json"),
      JSON.stringify({
        projectId: "prj_verify",
        orgId: "team_verify",
        settings: {
          framework: "vite",
          buildCommand: "npm run build",
          outputDirectory: "dist",
          // No install: the copy links the tree's node_modules, which `npm ci` installed from the
          // same lockfile Vercel installs from. Vercel's own `npm install` there re-resolved the whole
          // tree again (30 s and a core and a half) and changed nothing.
          installCommand: "",
          devCommand: null,
          rootDirectory: null,
        },
      }),
    );
    ensureCli();

    step("vercel build");
    const started = Date.now();
    const build = spawnSync(process.execPath, [cli, "build", "--yes"], {
      cwd: workDir,
      encoding: "utf8",
      // VERCEL_INSTALL_COMPLETED: the Node functions' builder (@vercel/build-utils' runNpmInstall)
      // installs again unless told the install is done; here node_modules is the tree's own (above).
      env: { ...process.env, VERCEL_TELEMETRY_DISABLED: "1", VERCEL_INSTALL_COMPLETED: "1" },
      maxBuffer: 64 * 1024 * 1024,
    });
    if (build.status !== 0) {
      console.error(build.stdout, build.stderr);
      throw new Error(`vercel build failed (exit ${build.status})`);
    }
    console.log(`built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    const outputDir = join(workDir, ".vercel", "output");
    const output = readOutput(outputDir);

    step("Functions");
    const sources = readdirSync(join(root, "api"))
      .filter((file) => /^[^_.].*\.ts$/.test(file) && !file.endsWith(".test.ts") && !file.endsWith(".d.ts"))
      .map((file) => `api/${file.slice(0, -3)}`)
      .sort();
    const built = [...output.functions].sort();
    if (JSON.stringify(built) !== JSON.stringify(sources))
      failures.push(`functions built: ${built.join(", ")}; api/ has: ${sources.join(", ")}`);
    const mounted = LOCAL_FUNCTION_NAMES.map((name) => `api/${name}`).sort();
    if (JSON.stringify(mounted) !== JSON.stringify(sources))
      failures.push(
        `the local servers mount ${mounted.join(", ")}; api/ has: ${sources.join(", ")} (supabase/local/functions-plugin.ts)`,
      );
    for (const name of built) {
      const result = callFunction(workDir, join(outputDir, "functions", `${name}.func`), name);
      console.log(`  ${name}: ${result.error ?? `PUT → ${result.status}`}`);
      if (result.error || result.status !== 405)
        failures.push(`${name} did not load and answer 405 to a PUT: ${result.error ?? result.status}`);
    }
    for (const name of built) {
      const funcDir = join(outputDir, "functions", `${name}.func`);
      if (!existsSync(join(funcDir, "src/server/proposals/pdf.js"))) continue;
      const made = pdfInFunction(funcDir);
      console.log(`  ${name}: the accepted proposal's PDF → ${made}`);
      if (!made.startsWith("%PDF- ")) failures.push(`${name} cannot make the accepted proposal's PDF: ${made}`);
    }
    if (built.includes("api/blog-card")) {
      const card = drawCardInFunction(join(outputDir, "functions", "api/blog-card.func"));
      console.log(`  api/blog-card: GET /blog/card.png → ${card}`);
      if (card !== "200 image/png 1200x630") failures.push(`api/blog-card did not draw /blog/card.png: ${card}`);
    }
    if (built.includes("api/blog")) {
      // The blog's pages load none of what a card is drawn with: it is the card function's alone.
      const blogDir = join(outputDir, "functions", "api/blog.func");
      const carried = [
        "node_modules/@twemoji",
        "src/server/social-card/render.js",
        "src/server/social-card/fonts",
      ].filter((path) => existsSync(join(blogDir, path)));
      console.log(
        `  api/blog: ${(folderBytes(blogDir) / 1e6).toFixed(1)} MB as built, api/blog-card: ${(folderBytes(join(outputDir, "functions", "api/blog-card.func")) / 1e6).toFixed(1)} MB`,
      );
      if (carried.length) failures.push(`api/blog carries what only the card function needs: ${carried.join(", ")}`);
      const book = bookInFunction(blogDir);
      const timesLine =
        book.log.split("\n").find((line) => line.includes("/book's times")) ?? "nothing about the times";
      const coldLine = book.log.split("\n").find((line) => line.startsWith("cold start:")) ?? "cold start not timed";
      console.log(`  api/blog: GET /book → ${book.page}; logged: ${timesLine}; ${coldLine}`);
      if (book.page !== "200 the booking page" || !/\/book's times answered \d{3}/.test(timesLine))
        failures.push(
          `api/blog did not render /book and ask the calls function's handler for its times: ${book.page}; ${book.log}`,
        );
    }

    step("Routes and headers, against vite preview");
    const expectedSecurity = securityHeaders({ supabaseUrl: process.env.VITE_SUPABASE_URL || undefined });
    const distDir = join(workDir, "dist");
    const urls = sampleUrls(distDir);
    for (const url of urls) {
      const vercel = routeVercel(output, url);
      const preview = routePreview(distDir, url);
      const [got, want] = [normalise(vercel.served, url), normalise(preview, url)];
      if (JSON.stringify(got) !== JSON.stringify(want))
        failures.push(`${url}: Vercel serves ${JSON.stringify(got)}, vite preview ${JSON.stringify(want)}`);
      // Vercel answers its clean-URL redirects before the header rules (an empty 308 needs none).
      if (vercel.served.kind === "redirect") continue;
      const path = new URL(url, "http://x.invalid").pathname;
      const expected: Record<string, string> = {
        ...expectedSecurity,
        ...(ADMIN_PATH.test(path) ? ADMIN_HEADERS : {}),
        ...(path.startsWith("/assets/") ? { "Cache-Control": IMMUTABLE_CACHE } : {}),
      };
      for (const [name, value] of Object.entries(expected)) {
        if (vercel.headers[name] !== value)
          failures.push(
            `${url}: header ${name} is ${JSON.stringify(vercel.headers[name] ?? null)}, expected ${JSON.stringify(value)}`,
          );
      }
    }
    console.log(
      `  ${urls.length} addresses compared; ${Object.keys(expectedSecurity).length} security headers checked on each`,
    );
  } catch (error) {
    failures.push((error as Error).message);
  } finally {
    if (process.env.KEEP_VERCEL_BUILD === "1") console.log(`\nKept ${workDir}`);
    else rmSync(workDir, { recursive: true, force: true });
  }

  if (failures.length) {
    console.error(
      `\n✗ verify:vercel found ${failures.length} problem(s):\n${failures.map((failure) => `  - ${failure}`).join("\n")}`,
    );
    process.exit(1);
  }
  console.log("\n✓ Vercel's build matches: functions, headers, redirects, rewrites and the 404 page.");
}

main();
