// @vitest-environment jsdom
/**
 * Reads the prerendered build (`npm run build` writes dist/; BUILD_OUT_DIR points elsewhere) and
 * checks what crawlers and link-preview bots receive. The route list comes from the route table, so
 * a new prerendered page is checked without editing this file.
 *
 * Without a build this suite is skipped locally, with a message; in CI (CI set) it fails.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import { BOOTSTRAP_SCRIPT } from "../../scripts/bootstrap-script";
import { chunkFile, FRAMEWORK_CHUNK, REACT_DOM_CHUNK, REACT_DOM_CLIENT_CHUNK } from "../../scripts/chunk-names";
import { COMPILE_HINT, HINTED_CHUNKS } from "../../scripts/vite-compile-hints";
import { PRELOADED_FONT } from "../../scripts/font-files";
import * as routes from "../../scripts/prerender-routes";
import { previewRedirect, resolvePreviewTarget } from "../../scripts/preview-routes";
import { findRoute } from "../../src/app/routes";
import { config } from "../../src/config";
import { notFound } from "../../src/content/site";

const outDir = resolve(process.env.BUILD_OUT_DIR ?? "dist");
const ssrDir = resolve(process.env.BUILD_SSR_DIR ?? "dist-ssr");
const hasBuild = existsSync(outDir);
const inCi = Boolean(process.env.CI);
const siteUrl = config.siteUrl;

if (!hasBuild && !inCi) {
  console.warn(
    `build-output: ${outDir} does not exist, so the build checks are skipped. Run \`npm run build\` first (in CI they fail instead).`,
  );
  it.skip(`needs \`npm run build\`: ${outDir} is missing, so the prerendered build was not checked`, () => undefined);
}

function read(file: string): string {
  const path = join(outDir, file);
  if (!existsSync(path)) throw new Error(`${path} is missing: was it built with \`npm run build\`?`);
  return readFileSync(path, "utf8");
}

/** A page's scripts that run (not its data blocks): the one that starts the app, and nothing else. */
function runnableScripts(doc: Document): HTMLScriptElement[] {
  return [...doc.querySelectorAll("script")].filter((script) => !/json/.test(script.type));
}

function parse(file: string): Document {
  return new DOMParser().parseFromString(read(file), "text/html");
}

function meta(doc: Document, key: string): string | null {
  const element = doc.head.querySelector(`meta[property="${key}"], meta[name="${key}"]`);
  return element?.getAttribute("content") ?? null;
}

function canonicalFor(path: string): string {
  return `${siteUrl}${path === "/" ? "/" : path}`;
}

function jsonLdBlocks(doc: Document): Record<string, unknown>[] {
  return [...doc.querySelectorAll('script[type="application/ld+json"]')].map(
    (script) => JSON.parse(script.textContent ?? "") as Record<string, unknown>,
  );
}

function hasType(block: Record<string, unknown>, type: string): boolean {
  const value = block["@type"];
  return Array.isArray(value) ? value.includes(type) : value === type;
}

const isNoIndex = (doc: Document) => /noindex/.test(meta(doc, "robots") ?? "");

describe.skipIf(!hasBuild && !inCi)(`prerendered build in ${outDir}`, () => {
  it("exists (run `npm run build` before the tests)", () => {
    expect(hasBuild, `${outDir} is missing`).toBe(true);
    expect(
      existsSync(join(outDir, routes.shellFile)),
      `${routes.shellFile} is missing: the prerender step did not run`,
    ).toBe(true);
  });

  describe.each(routes.staticPaths)("%s", (path) => {
    it("has its content, one title, one description, a canonical and the Open Graph and Twitter set in <head>", () => {
      const doc = parse(routes.htmlFileFor(path));
      expect(doc.documentElement.getAttribute("lang")).toBe("en");

      const root = doc.getElementById("root");
      const headings = root?.querySelectorAll("h1") ?? [];
      expect(headings, "exactly one h1 inside #root").toHaveLength(1);
      expect(headings[0]?.textContent?.trim()).not.toBe("");
      expect(root?.querySelector("template"), "no outlined Suspense boundary").toBeNull();
      expect(root?.textContent, "the page, not the route's loading fallback").not.toContain("Loading page");

      expect(doc.querySelectorAll("[data-shell-default]"), "template defaults removed").toHaveLength(0);
      expect(doc.querySelectorAll("title")).toHaveLength(1);
      expect(doc.head.querySelector("title")?.textContent?.trim()).not.toBe("");
      expect(doc.querySelectorAll('meta[name="description"]')).toHaveLength(1);
      expect(meta(doc, "description")).toMatch(/\S{3,}/);
      expect(doc.body.querySelector("title, meta, link"), "head tags are not left in the body").toBeNull();

      const canonical = doc.head.querySelectorAll('link[rel="canonical"]');
      expect(canonical).toHaveLength(1);
      expect(canonical[0]?.getAttribute("href")).toBe(canonicalFor(path));

      expect(meta(doc, "og:title")).toBe(doc.title);
      expect(meta(doc, "og:description")).toBe(meta(doc, "description"));
      expect(meta(doc, "og:url")).toBe(canonicalFor(path));
      expect(meta(doc, "og:type")).toMatch(/^(website|article)$/);
      expect(meta(doc, "og:image")).toBe(`${siteUrl}/og-image.png`);
      expect(meta(doc, "og:image:width")).toBe("1200");
      expect(meta(doc, "og:image:height")).toBe("630");
      expect(meta(doc, "og:image:alt")).toMatch(/\S/);
      expect(meta(doc, "twitter:card")).toBe("summary_large_image");
      expect(meta(doc, "twitter:title")).toBe(doc.title);
      expect(meta(doc, "twitter:image")).toBe(meta(doc, "og:image"));

      expect(meta(doc, "theme-color")).toMatch(/^#[0-9a-f]{6}$/i);
      expect(doc.head.querySelector('link[rel="icon"][type="image/svg+xml"]')).not.toBeNull();
      expect(doc.head.querySelector('link[rel="icon"][type="image/png"]')).not.toBeNull();
      expect(doc.head.querySelector('link[rel="manifest"]')).not.toBeNull();

      // One script, inline, the text the CSP allows by its hash, which starts the app after the first
      // paint (scripts/bootstrap-script.ts); nothing of the app is requested before it does.
      const scripts = runnableScripts(doc);
      expect(scripts).toHaveLength(1);
      expect(scripts[0]!.hasAttribute("src")).toBe(false);
      expect(scripts[0]!.textContent).toBe(BOOTSTRAP_SCRIPT);
      expect(doc.body.lastElementChild, "after #root, which it reads").toBe(scripts[0]);
      expect(existsSync(join(outDir, scripts[0]!.dataset.entry!)), scripts[0]!.dataset.entry).toBe(true);
      expect(doc.querySelectorAll('link[rel="modulepreload"], link[as="script"]')).toHaveLength(0);
    });
  });

  it("gives every prerendered route its own h1 and title", () => {
    const pages = routes.staticPaths.map((path) => parse(routes.htmlFileFor(path)));
    const headings = pages.map((doc) => doc.querySelector("#root h1")?.textContent?.trim());
    const titles = pages.map((doc) => doc.title);
    expect(new Set(headings).size, `h1 texts: ${headings.join(" / ")}`).toBe(routes.staticPaths.length);
    expect(new Set(titles).size, `titles: ${titles.join(" / ")}`).toBe(routes.staticPaths.length);
  });

  it("shows each page's heading and main panel before any script runs (nothing above the fold starts at opacity 0)", () => {
    // An animation's initial opacity 0 in prerendered markup hides that content until the
    // JavaScript and the animation code have loaded, which delays the largest paint.
    const hidden = (element: Element | null | undefined) => {
      for (let node = element; node; node = node.parentElement) {
        if (/opacity:\s*0(?![.\d])/.test(node.getAttribute("style") ?? "")) return true;
      }
      return false;
    };
    for (const path of routes.staticPaths) {
      const doc = parse(routes.htmlFileFor(path));
      const h1 = doc.querySelector("#root h1");
      expect(h1, `${path} has no h1`).not.toBeNull();
      expect(hidden(h1), `${path}: the h1 starts hidden`).toBe(false);
      for (const panel of doc.querySelectorAll('#root [role="tabpanel"]')) {
        expect(hidden(panel.firstElementChild), `${path}: tab panel #${panel.id} starts hidden`).toBe(false);
      }
    }
  });

  it("paints without waiting for script or a stylesheet, and applies none after: the whole stylesheet inline, after the preloads, and the font ahead of the scripts", () => {
    const assets = readdirSync(join(outDir, "assets"));
    const stylesheets = assets.filter((name) => name.endsWith(".css"));
    expect(stylesheets, "one stylesheet").toHaveLength(1);
    const css = read(join("assets", stylesheets[0]!));
    for (const file of [...routes.staticPaths.map(routes.htmlFileFor), routes.notFoundFile]) {
      const html = read(file);
      const doc = parse(file);
      const inline = [...doc.head.querySelectorAll("style")]
        .filter((style) => !style.closest("noscript"))
        .map((style) => style.textContent ?? "");
      // The built stylesheet, whole and as built, in one <style>; nothing linked, with or without script.
      expect(
        inline.filter((text) => text === css),
        `${file}: the stylesheet inline`,
      ).toHaveLength(1);
      expect(html, `${file}: no stylesheet linked`).not.toMatch(/<link\b[^>]*\brel="stylesheet"/);
      // What the first paint fetches is asked for first: the font's and images' preloads before any
      // script, and before the stylesheet's bytes, which would hold their discovery back.
      const head = html.slice(0, html.indexOf("</head>"));
      const firstScript = Math.min(
        ...[head.indexOf("<script"), head.indexOf('rel="modulepreload"')].filter((index) => index >= 0),
      );
      expect(head.lastIndexOf('rel="preload"'), `${file}: preloads before the stylesheet`).toBeLessThan(
        head.lastIndexOf("<style>"),
      );
      expect(head.search(/rel="preload"[^>]*as="font"/), `${file}: font preload before scripts`).toBeGreaterThan(-1);
      expect(head.search(/rel="preload"[^>]*as="font"/), `${file}: font preload before scripts`).toBeLessThan(
        firstScript,
      );
      // The one file preloaded is the core face, whose characters every page's copy uses.
      const fonts = [...doc.head.querySelectorAll('link[rel="preload"][as="font"]')].map(
        (link) => link.getAttribute("href") ?? "",
      );
      expect(fonts, `${file}: the preloaded font`).toEqual([
        expect.stringMatching(new RegExp(`^/assets/${PRELOADED_FONT.file.replace(/\.woff2$/, "")}-[\\w-]{8}\\.woff2$`)),
      ]);
    }
    // The admin's SPA shell renders nothing on the server: its stylesheet stays an ordinary link.
    expect(parse(routes.shellFile).head.querySelector('link[rel="stylesheet"]')?.getAttribute("href")).toBe(
      `/assets/${stylesheets[0]}`,
    );
    // No chunk lists the stylesheet for Vite's loader, which would link it again on a rendered page
    // (vite.config.ts, cssCodeSplit).
    for (const chunk of assets.filter((name) => name.endsWith(".js")))
      expect(read(join("assets", chunk)), chunk).not.toMatch(/assets\/[\w-]+\.css/);
  });

  it("starts the app with its entry's imports fetched alongside, not a round trip later", () => {
    const [script] = runnableScripts(parse(routes.htmlFileFor("/")));
    const entry = script!.dataset.entry!;
    expect(entry).toMatch(/^\/assets\/index-[\w-]+\.js$/);
    const staticImports = (file: string) =>
      [
        ...readFileSync(join(outDir, "assets", file), "utf8").matchAll(
          /(?:^|[;\s}])import\s*(?:[\w*{}\s,$]+from\s*)?["'`]\.\/([\w.-]+\.js)["'`]/g,
        ),
      ].map((match) => match[1]!);
    // Every module the entry imports, however deep: the browser would find each a level later.
    const wanted = new Set<string>();
    const visit = (file: string) => {
      for (const imported of staticImports(file))
        if (!wanted.has(imported)) {
          wanted.add(imported);
          visit(imported);
        }
    };
    visit(entry.replace("/assets/", ""));
    expect(wanted.size).toBeGreaterThan(0);
    expect(new Set(script!.dataset.preload!.split(" ")), "data-preload names each of them, and nothing else").toEqual(
      new Set([...wanted].map((file) => `/assets/${file}`)),
    );
    expect(existsSync(join(outDir, ".vite")), "the build manifest is not deployed").toBe(false);
  });

  it("starts React DOM's chunk and the framework's with V8's compile hint, and no other", () => {
    const scripts = readdirSync(join(outDir, "assets")).filter((file) => file.endsWith(".js"));
    const hinted = scripts.filter((file) => read(`assets/${file}`).startsWith(COMPILE_HINT));
    expect(HINTED_CHUNKS).toEqual([REACT_DOM_CHUNK, FRAMEWORK_CHUNK]);
    expect(hinted.sort()).toEqual(
      scripts.filter((file) => HINTED_CHUNKS.some((name) => chunkFile(name).test(file))).sort(),
    );
    expect(hinted).toHaveLength(HINTED_CHUNKS.length);
  });

  it("initialises React DOM in a task of its own, after its chunk's, the framework's, and before the entry's", async () => {
    // The page's script evaluates each of the entry's imports in a task of its own, in the order
    // data-preload names them, then the entry (scripts/bootstrap-script.ts). React DOM's client
    // announces itself to the DevTools hook as its CommonJS body runs. Evaluating the framework chunk
    // (React, the router) must not run it, nor evaluating React DOM's chunk, where Lighthouse's trace
    // copies 211 KB of source as the chunk first runs: the chunk named after React DOM's client,
    // evaluated after it, runs it.
    const [script] = runnableScripts(parse(routes.htmlFileFor("/")));
    const preloads = script!.dataset.preload!.split(" ");
    const framework = preloads.findIndex((file) => chunkFile(FRAMEWORK_CHUNK).test(file));
    const reactDom = preloads.findIndex((file) => chunkFile(REACT_DOM_CHUNK).test(file));
    const client = preloads.findIndex((file) => chunkFile(REACT_DOM_CLIENT_CHUNK).test(file));
    expect(framework, "the framework chunk is preloaded").toBeGreaterThanOrEqual(0);
    expect(reactDom, "the React DOM chunk is preloaded after the framework chunk it imports").toBeGreaterThan(
      framework,
    );
    expect(client, "the client's chunk is preloaded after the React DOM chunk it imports").toBeGreaterThan(reactDom);
    const hook = {
      supportsFiber: true,
      isDisabled: false,
      renderers: 0,
      checkDCE() {},
      inject: () => ++hook.renderers,
    };
    const global = globalThis as { __REACT_DEVTOOLS_GLOBAL_HOOK__?: unknown };
    global.__REACT_DEVTOOLS_GLOBAL_HOOK__ = hook;
    const renderersAfter = async (file: string) => {
      await import(/* @vite-ignore */ pathToFileURL(join(outDir, file)).href);
      return hook.renderers;
    };
    try {
      expect(await renderersAfter(preloads[framework]!), "React DOM waits for the framework").toBe(0);
      expect(await renderersAfter(preloads[reactDom]!), "React DOM's chunk only defines it").toBe(0);
      expect(await renderersAfter(preloads[client]!), "React DOM initialised by its client's chunk").toBe(1);
    } finally {
      delete global.__REACT_DEVTOOLS_GLOBAL_HOOK__;
    }
  });

  it("leaves the sitemap to the request-time renderer, with every indexable prerendered page but those it keeps out, and no noindex page", () => {
    // A static dist/sitemap.xml would be served instead of the function's, without the blog's posts.
    expect(existsSync(join(outDir, "sitemap.xml"))).toBe(false);
    const manifest = JSON.parse(readFileSync(join(ssrDir, routes.serverManifestFile), "utf8")) as {
      staticPages: { path: string; lastmod: string }[];
    };
    const listed = manifest.staticPages.map((page) => page.path);
    for (const path of routes.staticPaths)
      expect(listed.includes(path), `${path} in the sitemap`).toBe(
        !isNoIndex(parse(routes.htmlFileFor(path))) && findRoute(path)?.sitemap !== false,
      );
    // Reached only after an enquiry: open to search engines (Lighthouse's SEO audit), not offered to them.
    expect(isNoIndex(parse(routes.htmlFileFor("/thank-you")))).toBe(false);
    expect(listed).not.toContain("/thank-you");
    expect(listed.some((path) => path.includes("/admin"))).toBe(false);
    expect(readFileSync(join(ssrDir, routes.serverTemplateFile), "utf8")).toBe(read(routes.shellFile));
  });

  it("points robots.txt to the sitemap and keeps crawlers out of admin", () => {
    const robots = read("robots.txt");
    expect(robots).toMatch(/^User-agent: \*$/m);
    expect(robots).toContain(`Sitemap: ${siteUrl}/sitemap.xml`);
    expect(robots).toMatch(/^Disallow: \/admin$/m);
  });

  it("describes the agency as an organization with Abuja, NG, e-mail, phone and profiles on the home page", () => {
    const organization = jsonLdBlocks(parse("index.html")).find(
      (block) => hasType(block, "Organization") || hasType(block, "ProfessionalService"),
    );
    expect(organization).toMatchObject({
      name: "Ascend Digital",
      email: config.contactEmail,
      telephone: config.contactPhone,
      address: { addressLocality: "Abuja", addressCountry: "NG" },
    });
    expect((organization?.sameAs as string[] | undefined)?.length).toBeGreaterThanOrEqual(4);
  });

  it("marks up the contact page's questions as an FAQPage", () => {
    const doc = parse(routes.htmlFileFor("/contact"));
    const faq = jsonLdBlocks(doc).find((block) => hasType(block, "FAQPage"));
    const questions = (faq?.mainEntity as { name: string }[] | undefined) ?? [];
    expect(questions.length).toBeGreaterThanOrEqual(4);
    for (const question of questions) expect(doc.getElementById("root")?.textContent).toContain(question.name);
  });

  it("prerenders the not-found page (noindex) and keeps an empty SPA shell with the default tags", () => {
    const page = parse(routes.notFoundFile);
    expect(page.querySelector("#root h1")?.textContent).toBe(notFound.heading);
    expect(page.title).toContain(notFound.title);
    expect(isNoIndex(page)).toBe(true);
    expect(page.querySelectorAll("title")).toHaveLength(1);

    const shell = parse(routes.shellFile);
    expect(shell.getElementById("root")?.childNodes).toHaveLength(0);
    expect(shell.querySelectorAll("title[data-shell-default]")).toHaveLength(1);
    expect(shell.querySelector('script[data-entry^="/assets/"]')).not.toBeNull();
  });

  it("ships a 1200x630 OG image, icons and a web manifest", () => {
    const png = readFileSync(join(outDir, "og-image.png"));
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([1200, 630]);
    expect(png.length, "small enough for WhatsApp's link preview (about 300 kB)").toBeLessThan(300_000);
    const manifest = JSON.parse(read("site.webmanifest")) as {
      name: string;
      theme_color: string;
      icons: { src: string }[];
    };
    expect(manifest.name).toBe("Ascend Digital");
    expect(manifest.theme_color).toBe(meta(parse("index.html"), "theme-color"));
    for (const icon of manifest.icons) expect(existsSync(join(outDir, icon.src)), icon.src).toBe(true);
  });

  it("is served by vite preview the way vercel.json serves it on Vercel", () => {
    const target = (path: string) => {
      const result = resolvePreviewTarget(outDir, path);
      return result.kind === "next" ? "next" : `${result.status} ${result.file.slice(outDir.length + 1)}`;
    };
    for (const path of routes.staticPaths) expect(target(path), path).toBe(`200 ${routes.htmlFileFor(path)}`);
    expect(target("/services/")).toBe("200 services/index.html");
    // Clean URLs without a trailing slash, as vercel.json's cleanUrls and trailingSlash make Vercel
    // redirect (scripts/verify-vercel.ts checks these against Vercel's build).
    const redirects = {
      "/services/": "/services",
      "/index.html": "/",
      "/terms.html": "/terms",
      "/portfolio/index": "/portfolio",
      "/api/contact/": "/api/contact",
      "/services": null,
      "/rest/v1/": null,
      "/": null,
    };
    for (const [path, location] of Object.entries(redirects)) expect(previewRedirect(path), path).toBe(location);
    for (const path of ["/admin", "/admin/create-post"]) expect(target(path), path).toBe(`200 ${routes.shellFile}`);
    for (const path of ["/no-such-page", "/portfolio/no-such-project", "/assets/missing.js"])
      expect(target(path), path).toBe(`404 ${routes.notFoundFile}`);
    // The functions: api/ itself, the blog's renderer (mounted on its paths), the local backend.
    for (const path of [
      "/api/subscribe",
      "/blog",
      "/blog/some-post",
      "/blog/page/2",
      "/sitemap.xml",
      "/rss.xml",
      "/rest/v1/posts",
      "/auth/v1/token",
      "/robots.txt",
      "/og-image.png",
    ]) {
      expect(target(path), path).toBe("next");
    }

    const vercel = JSON.parse(readFileSync("vercel.json", "utf8")) as {
      rewrites: { source: string; destination: string }[];
      functions: Record<string, { includeFiles?: string }>;
    };
    expect(vercel.rewrites).toEqual(
      expect.arrayContaining(
        ["/admin", "/admin/:path*"].map((source) => ({ source, destination: `/${routes.shellFile}` })),
      ),
    );
    expect(vercel.rewrites).toEqual(
      expect.arrayContaining([
        { source: "/blog/card.png", destination: "/api/blog-card?__path=/blog/card.png" },
        { source: "/blog/:rest*/card.png", destination: "/api/blog-card?__path=/blog/:rest*/card.png" },
        { source: "/blog", destination: "/api/blog?__path=/blog" },
        { source: "/blog/:rest*", destination: "/api/blog?__path=/blog/:rest*" },
        { source: "/sitemap.xml", destination: "/api/blog?__path=/sitemap.xml" },
        { source: "/rss.xml", destination: "/api/blog?__path=/rss.xml" },
      ]),
    );
    // The cards are tried first: Vercel takes the first rewrite that matches.
    const sources = vercel.rewrites.map((rewrite) => rewrite.source);
    expect(sources.indexOf("/blog/:rest*/card.png")).toBeLessThan(sources.indexOf("/blog/:rest*"));
    // Both functions load the blog's bundle; only the card function carries what a card is drawn with.
    expect(vercel.functions["api/blog.ts"]?.includeFiles).toBe("dist-ssr/**");
    expect(vercel.functions["api/blog-card.ts"]?.includeFiles).toMatch(/^\{dist-ssr\/\*\*,.*@twemoji/);
    expect(
      vercel.rewrites.filter((rewrite) => rewrite.source.startsWith("/api")),
      "/api/ is left to the function",
    ).toEqual([]);
  });
});
