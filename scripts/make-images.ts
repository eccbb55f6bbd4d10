/**
 * Draws the site's icons and link-preview card, then renders them to PNG once with headless Chromium
 * (Playwright's launcher, playwright-core). The PNGs are committed; run again after a brand change:
 *
 *   npx tsx scripts/make-images.ts
 */
import { readFile, writeFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { chromium } from "@playwright/test";
import { site } from "../src/content/site";
import { escapeHtml } from "../src/lib/text";

// The same icon names as src/content/seo.ts (which reads the Vite env, so it is not imported); the
// colour is tailwind.config.ts's brand-800, as in index.html's theme-color.
const siteIcons = {
  svg: "/favicon.svg",
  png32: "/favicon-32.png",
  appleTouch: "/apple-touch-icon.png",
  png192: "/icon-192.png",
  png512: "/icon-512.png",
};
const themeColor = "#362ca1";

const brand = { 700: "#4233c8", 800: "#362ca1", 950: "#1c184a", accent: "#fcd34d", accentSoft: "#fde68a" };
const publicDir = fileURLToPath(new URL("../public/", import.meta.url));
// Inlined: a page opened with setContent may not load file:// fonts.
const fontFile = new URL(
  "../node_modules/@fontsource-variable/plus-jakarta-sans/files/plus-jakarta-sans-latin-wght-normal.woff2",
  import.meta.url,
);
const fontUrl = `data:font/woff2;base64,${(await readFile(fontFile)).toString("base64")}`;

/** The ascending mark of the Logo component, as a standalone square icon. */
function markSvg(size: number, { padded = false } = {}): string {
  // A padded variant keeps the mark inside the safe zone of maskable icons.
  const inner = padded ? `<g transform="translate(4 4) scale(0.8)">${markPaths()}</g>` : markPaths();
  const radius = padded ? 0 : 11;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 40" width="${size}" height="${size}"><rect width="40" height="40" rx="${radius}" fill="${brand[700]}"/>${inner}</svg>`;
}

function markPaths(): string {
  return `<path d="M10 28 L18 17 L23 22 L30 12" fill="none" stroke="${brand.accent}" stroke-width="3.5" stroke-linecap="round" stroke-linejoin="round"/><circle cx="30" cy="12" r="3" fill="${brand.accent}"/>`;
}

function ogCardHtml(): string {
  const pills = ["Web Design", "CRM Automation", "Google &amp; Facebook Ads"];
  const bars = [38, 52, 47, 66, 74, 92];
  return `<!doctype html><html><head><style>
    @font-face { font-family: "Jakarta"; src: url("${fontUrl}") format("woff2"); font-weight: 200 800; }
    * { box-sizing: border-box; margin: 0; }
    body { width: 1200px; height: 630px; overflow: hidden; font-family: "Jakarta", sans-serif;
      background: ${brand[950]}; color: #fff; }
    /* Flat colours, no gradients: the PNG stays small enough for WhatsApp's preview limit (~300 kB). */
    .glow { position: absolute; right: -160px; top: -220px; width: 760px; height: 760px; border-radius: 50%; background: ${brand[800]}; }
    .glow2 { position: absolute; right: -60px; top: -120px; width: 520px; height: 520px; border-radius: 50%; background: ${brand[700]}; }
    .wrap { position: absolute; inset: 0; padding: 72px 80px; display: flex; flex-direction: column; }
    .brand { display: flex; align-items: center; gap: 18px; font-size: 34px; font-weight: 800; letter-spacing: -0.02em; }
    .brand span { color: ${brand.accentSoft}; }
    h1 { margin-top: 56px; max-width: 700px; font-size: 64px; line-height: 1.06; font-weight: 800; letter-spacing: -0.03em; }
    h1 em { font-style: normal; color: ${brand.accent}; }
    .pills { margin-top: auto; display: flex; gap: 14px; }
    .pill { padding: 12px 22px; border-radius: 999px; background: rgba(255,255,255,0.12); border: 1px solid rgba(255,255,255,0.25); font-size: 24px; font-weight: 600; }
    .where { position: absolute; right: 80px; bottom: 84px; font-size: 24px; font-weight: 600; color: #dfe2ff; }
    .chart { position: absolute; right: 80px; top: 150px; width: 330px; height: 280px; border-radius: 28px; background: ${brand[950]}; border: 2px solid rgba(255,255,255,0.25); padding: 28px; display: flex; align-items: flex-end; gap: 16px; }
    .bar { flex: 1; border-radius: 10px 10px 4px 4px; background: ${brand.accent}; }
    .bar.dim { background: rgba(255,255,255,0.35); }
  </style></head><body><div class="glow"></div><div class="glow2"></div><div class="wrap">
    <div class="brand">${markSvg(64)}<div>${escapeHtml(site.shortName, "content")} <span>Digital</span></div></div>
    <h1>Websites, CRM automation &amp; ads that <em>grow your business</em></h1>
    <div class="pills">${pills.map((pill) => `<div class="pill">${pill}</div>`).join("")}</div>
  </div>
  <div class="chart">${bars.map((height, index) => `<div class="bar${index < 3 ? " dim" : ""}" style="height:${height}%"></div>`).join("")}</div>
  <div class="where">${escapeHtml(site.location.replace("NG", "Nigeria"), "content")}</div>
  </body></html>`;
}

const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox", "--disable-gpu"] });
try {
  const page = await browser.newPage({ deviceScaleFactor: 1 });
  await writeFile(`${publicDir}favicon.svg`, `${markSvg(40)}\n`);

  const icons: [string, number, boolean][] = [
    [siteIcons.png32, 32, false],
    [siteIcons.appleTouch, 180, true],
    [siteIcons.png192, 192, false],
    [siteIcons.png512, 512, true],
  ];
  for (const [file, size, padded] of icons) {
    await page.setViewportSize({ width: size, height: size });
    await page.setContent(`<!doctype html><html><body style="margin:0">${markSvg(size, { padded })}</body></html>`);
    await page.screenshot({
      path: `${publicDir}${file.slice(1)}`,
      omitBackground: !padded,
      clip: { x: 0, y: 0, width: size, height: size },
    });
  }

  await page.setViewportSize({ width: 1200, height: 630 });
  await page.setContent(ogCardHtml(), { waitUntil: "load" });
  await page.evaluate(() => document.fonts.ready);
  await page.screenshot({ path: `${publicDir}og-image.png`, clip: { x: 0, y: 0, width: 1200, height: 630 } });

  const manifest = {
    name: site.name,
    short_name: site.shortName,
    description: site.defaultDescription,
    lang: "en",
    start_url: "/",
    scope: "/",
    display: "standalone",
    background_color: "#ffffff",
    theme_color: themeColor,
    icons: [
      { src: siteIcons.svg, type: "image/svg+xml", sizes: "any" },
      { src: siteIcons.png192, type: "image/png", sizes: "192x192" },
      { src: siteIcons.png512, type: "image/png", sizes: "512x512", purpose: "any maskable" },
    ],
  };
  await writeFile(`${publicDir}site.webmanifest`, `${JSON.stringify(manifest, null, 2)}\n`);
} finally {
  await browser.close();
}
console.log("make-images: favicon.svg, PNG icons, og-image.png and site.webmanifest written to public/");
