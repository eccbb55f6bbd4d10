/**
 * Build step after `vite build` (client, into dist/), `vite build --ssr src/entry-server.tsx` (the
 * prerender's bundle, into dist-prerender/) and `vite build --ssr src/blog-entry.ts` (the blog
 * function's, into dist-ssr/): renders every prerendered route into dist/<route>/index.html and the
 * not-found page into dist/404.html, keeps the untouched template as the SPA shell (admin), writes
 * the sitemap line of robots.txt, and leaves beside the blog's bundle what it reads at request time:
 * the template and a manifest of the prerendered pages the sitemap lists and the built stylesheets (the
 * sitemap itself is made at request time, from the database). Pages carry the stylesheets inline
 * (src/server/inline-stylesheets.ts) and no modulepreload of their chunks: the page's inline script
 * preloads them after the first paint (scripts/bootstrap-script.ts).
 *
 *   tsx scripts/prerender.ts [--outDir dist] [--ssrDir dist-ssr] [--prerenderDir dist-prerender]
 */
import { existsSync } from "node:fs";
import { mkdir, readdir, readFile, writeFile } from "node:fs/promises";
import { dirname, join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { pathToFileURL } from "node:url";
import type * as ServerEntryModule from "../src/entry-server";
import { SITEMAP_PATH } from "../src/lib/feed-paths";
import {
  htmlFileFor,
  notFoundFile,
  serverManifestFile,
  serverTemplateFile,
  shellFile,
  staticPaths,
} from "./prerender-routes";

type ServerEntry = typeof ServerEntryModule;

const { values: args } = parseArgs({
  options: {
    outDir: { type: "string", default: "dist" },
    ssrDir: { type: "string", default: "dist-ssr" },
    prerenderDir: { type: "string", default: "dist-prerender" },
  },
});
const outDir = resolve(args.outDir);
const ssrDir = resolve(args.ssrDir);
const prerenderDir = resolve(args.prerenderDir);

function isNoIndex(head: string): boolean {
  return /<meta\b[^>]*name="robots"[^>]*content="[^"]*noindex/.test(head);
}

async function main() {
  const entryFile = join(prerenderDir, "entry-server.js");
  if (!existsSync(entryFile))
    throw new Error(
      `${entryFile} is missing: run vite build --ssr src/entry-server.tsx --outDir ${args.prerenderDir} first.`,
    );
  const entry = (await import(pathToFileURL(entryFile).href)) as ServerEntry;

  // A second run over the same build starts again from the saved shell, not from a rendered page.
  const shellPath = join(outDir, shellFile);
  const template = await readFile(existsSync(shellPath) ? shellPath : join(outDir, "index.html"), "utf8");
  await writeFile(shellPath, template);

  // The built stylesheets, which every rendered page carries inline (src/server/inline-stylesheets.ts);
  // the request-time renderer gets them through its manifest, since the function has no dist/.
  const stylesheets: Record<string, string> = {};
  for (const file of (await readdir(join(outDir, "assets"))).filter((name) => name.endsWith(".css"))) {
    stylesheets[`/assets/${file}`] = await readFile(join(outDir, "assets", file), "utf8");
  }
  const finish = (html: string) => entry.inlineStylesheets(html, stylesheets);

  const siteUrl = entry.config.siteUrl;
  const today = new Date().toISOString().slice(0, 10);
  const staticPages: { path: string; lastmod: string }[] = [];

  for (const path of staticPaths) {
    const { head, body } = await entry.render(path);
    const file = join(outDir, htmlFileFor(path));
    await mkdir(dirname(file), { recursive: true });
    await writeFile(file, finish(entry.fillTemplate(template, head, body)));
    if (!isNoIndex(head) && entry.findRoute(path)?.sitemap !== false) staticPages.push({ path, lastmod: today });
  }

  // Pages rendered at request time outside the blog (/book), listed like the prerendered ones.
  for (const path of entry.requestTimeSitemapPaths) staticPages.push({ path, lastmod: today });

  const notFound = await entry.render("/__not-found__");
  await writeFile(join(outDir, notFoundFile), finish(entry.fillTemplate(template, notFound.head, notFound.body)));

  // What the request-time renderer needs: the template, the indexable pages and the stylesheets.
  await writeFile(join(ssrDir, serverTemplateFile), template);
  await writeFile(join(ssrDir, serverManifestFile), `${JSON.stringify({ staticPages, stylesheets }, null, 2)}\n`);

  const robotsPath = join(outDir, "robots.txt");
  const robots = existsSync(robotsPath) ? await readFile(robotsPath, "utf8") : "User-agent: *\nAllow: /\n";
  await writeFile(
    robotsPath,
    `${robots.replace(/^Sitemap:.*\n?/gim, "").trimEnd()}\n\nSitemap: ${siteUrl}${SITEMAP_PATH}\n`,
  );

  console.log(
    `prerender: ${staticPaths.length} routes, ${notFoundFile}, ${shellFile} in ${outDir}; ${serverTemplateFile}, ${serverManifestFile} (${staticPages.length} pages for the sitemap) in ${ssrDir}`,
  );
}

await main();
