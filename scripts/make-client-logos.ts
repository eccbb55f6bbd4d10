/**
 * Writes the home page's client-tool logos as static SVG files (public/images/clients/*.svg) from
 * simple-icons, in the strip's slate tone. As files they cost no JavaScript: the strip is decoration
 * for the eye, and bundling the paths put about 8 KB (gzipped) into every page's entry script.
 * Run with `npx tsx scripts/make-client-logos.ts` after changing the list in src/content/clients.ts.
 *
 * It also writes the floating WhatsApp button's white glyph (public/images/whatsapp.svg), for the
 * same reason: the button is on every public page, and as a file its path costs no script.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import * as icons from "simple-icons";
import { clientLogos } from "../src/content/clients";

const FILL = "#64748b";
const out = new URL("../public/images/clients/", import.meta.url);
mkdirSync(out, { recursive: true });

function pathOf(slug: string): string {
  const icon = Object.values(icons).find(
    (candidate) =>
      typeof candidate === "object" && candidate !== null && "slug" in candidate && candidate.slug === slug,
  );
  if (!icon || typeof icon !== "object" || !("path" in icon))
    throw new Error(`simple-icons has no icon with the slug ${slug}`);
  return (icon as { path: string }).path;
}

function glyph(slug: string, fill: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" width="28" height="28" fill="${fill}"><path d="${pathOf(slug)}"/></svg>\n`;
}

for (const client of clientLogos) {
  writeFileSync(new URL(`${client.slug}.svg`, out), glyph(client.slug, FILL));
  console.log(`public/images/clients/${client.slug}.svg`);
}

writeFileSync(new URL("../public/images/whatsapp.svg", import.meta.url), glyph("whatsapp", "#ffffff"));
console.log("public/images/whatsapp.svg");
