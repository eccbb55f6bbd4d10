/**
 * Build step after `vite build` (client, into dist/) and `vite build --ssr src/entry-server.tsx`
 * (into dist-ssr/): renders every prerendered route into dist/<route>/index.html, the not-found page
 * into dist/404.html, keeps the untouched template as the SPA shell (blog posts, admin), and writes
 * sitemap.xml and the sitemap line of robots.txt from the site URL setting.
 *
 *   tsx scripts/prerender.ts [--outDir dist] [--ssrDir dist-ssr]
 *
 * Blog posts join the sitemap when a hosted Supabase is configured (VITE_SUPABASE_URL) and reachable
 * at build time; otherwise they are left out quietly (rebuild after publishing to add them).
 */
import { existsSync } from "node:fs";
import { mkdir, readFile, rm, writeFile } from "node:fs/promises";
import { dirname, join, relative, resolve } from "node:path";
import { parseArgs } from "node:util";
import { pathToFileURL } from "node:url";
import { findRoute } from "../src/app/routes";
import { htmlFileFor, notFoundFile, shellFile, staticPaths } from "./prerender-routes";

interface ServerEntry {
  render(url: string): Promise<{ head: string; body: string }>;
  config: { siteUrl: string; supabaseUrl: string; supabaseAnonKey: string };
}

const { values: args } = parseArgs({
  options: { outDir: { type: "string", default: "dist" }, ssrDir: { type: "string", default: "dist-ssr" } },
});
const outDir = resolve(args.outDir);
const ssrDir = resolve(args.ssrDir);

const shellDefault = /\s*<(title|meta)\b[^>]*\bdata-shell-default\b[^>]*>(?:[^<]*<\/title>)?/g;
const emptyRoot = '<div id="root"></div>';

/** The template with the page's own head tags in place of the shell defaults, and its HTML in #root. */
export function fillTemplate(template: string, head: string, body: string): string {
  if (!template.includes(emptyRoot)) throw new Error(`The template has no empty ${emptyRoot}.`);
  const withoutDefaults = template.replace(shellDefault, "");
  return withoutDefaults.replace("</head>", `    ${head}\n  </head>`).replace(emptyRoot, `<div id="root">${body}</div>`);
}

type ClientManifest = Record<string, { file: string; imports?: string[] }>;

/**
 * `<link rel="modulepreload">` for the JavaScript of the page at `path` (from the client build's
 * manifest), so the browser fetches the page chunk alongside the entry instead of after it.
 * The chunk is found from the route's `import("...")`; if it cannot be found, nothing is added.
 */
function pageChunkPreloads(manifest: ClientManifest, path: string, template: string): string {
  const specifier = /import\(\s*["']([^"']+)["']/.exec(findRoute(path)?.load.toString() ?? "")?.[1];
  if (!specifier) return "";
  const source = relative(process.cwd(), resolve("src/app", specifier)).replace(/\\/g, "/");
  const key = Object.keys(manifest).find((name) => name.replace(/\.[jt]sx?$/, "") === source);
  const files = new Set<string>();
  const visit = (name: string) => {
    const chunk = manifest[name];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    chunk.imports?.forEach(visit);
  };
  if (key) visit(key);
  return [...files]
    .filter((file) => file.endsWith(".js") && !template.includes(`/${file}"`))
    .map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`)
    .join("\n    ");
}

function isNoIndex(head: string): boolean {
  return /<meta\b[^>]*name="robots"[^>]*content="[^"]*noindex/.test(head);
}

function xmlEscape(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

async function listPublishedPosts(entry: ServerEntry): Promise<{ slug: string; lastmod: string }[]> {
  const { supabaseUrl, supabaseAnonKey } = entry.config;
  if (!supabaseUrl || !supabaseAnonKey) return [];
  try {
    const response = await fetch(`${supabaseUrl}/rest/v1/posts?select=slug,created_at,updated_at&order=created_at.desc`, {
      headers: { apikey: supabaseAnonKey, Authorization: `Bearer ${supabaseAnonKey}` },
      signal: AbortSignal.timeout(10_000),
    });
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    const rows = (await response.json()) as { slug: string; created_at: string; updated_at?: string | null }[];
    return rows.map((row) => ({ slug: row.slug, lastmod: (row.updated_at ?? row.created_at).slice(0, 10) }));
  } catch (error) {
    console.warn(`prerender: blog posts left out of the sitemap (${error instanceof Error ? error.message : String(error)}).`);
    return [];
  }
}

async function main() {
  const entryFile = join(ssrDir, "entry-server.js");
  if (!existsSync(entryFile)) throw new Error(`${entryFile} is missing: run vite build --ssr src/entry-server.tsx first.`);
  const entry = (await import(pathToFileURL(entryFile).href)) as ServerEntry;

  // A second run over the same build starts again from the saved shell, not from a rendered page.
  const shellPath = join(outDir, shellFile);
  const template = await readFile(existsSync(shellPath) ? shellPath : join(outDir, "index.html"), "utf8");
  await writeFile(shellPath, template);

  const manifestPath = join(outDir, ".vite", "manifest.json");
  const manifest = existsSync(manifestPath) ? (JSON.parse(await readFile(manifestPath, "utf8")) as ClientManifest) : {};

  const siteUrl = entry.config.siteUrl;
  const today = new Date().toISOString().slice(0, 10);
  const sitemapEntries: { loc: string; lastmod: string }[] = [];

  for (const path of staticPaths) {
    const { head, body } = await entry.render(path);
    const file = join(outDir, htmlFileFor(path));
    await mkdir(dirname(file), { recursive: true });
    const preloads = pageChunkPreloads(manifest, path, template);
    await writeFile(file, fillTemplate(template, preloads ? `${preloads}\n    ${head}` : head, body));
    if (!isNoIndex(head)) sitemapEntries.push({ loc: `${siteUrl}${path === "/" ? "/" : path}`, lastmod: today });
  }

  const notFound = await entry.render("/__not-found__");
  await writeFile(join(outDir, notFoundFile), fillTemplate(template, notFound.head, notFound.body));

  for (const post of await listPublishedPosts(entry)) {
    sitemapEntries.push({ loc: `${siteUrl}/blog/${encodeURIComponent(post.slug)}`, lastmod: post.lastmod });
  }

  const sitemap = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...sitemapEntries.map((item) => `  <url><loc>${xmlEscape(item.loc)}</loc><lastmod>${item.lastmod}</lastmod></url>`),
    "</urlset>",
    "",
  ].join("\n");
  await writeFile(join(outDir, "sitemap.xml"), sitemap);

  const robotsPath = join(outDir, "robots.txt");
  const robots = existsSync(robotsPath) ? await readFile(robotsPath, "utf8") : "User-agent: *\nAllow: /\n";
  await writeFile(robotsPath, `${robots.replace(/^Sitemap:.*\n?/gim, "").trimEnd()}\n\nSitemap: ${siteUrl}/sitemap.xml\n`);

  // The manifest was only needed here; it is not part of the site.
  await rm(join(outDir, ".vite"), { recursive: true, force: true });

  console.log(`prerender: ${staticPaths.length} routes, ${notFoundFile}, ${shellFile}, sitemap.xml (${sitemapEntries.length} URLs) in ${outDir}`);
}

await main();
