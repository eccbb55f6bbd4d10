/**
 * Writes the home page's client-tool logos as static SVG files (public/images/clients/*.svg) from
 * simple-icons, in the strip's slate tone. As files they cost no JavaScript: the strip is decoration
 * for the eye, and bundling the paths put about 8 KB (gzipped) into every page's entry script.
 * Run with `npx tsx scripts/make-client-logos.ts` after changing the list in src/content/clients.ts.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import * as icons from "simple-icons";
import { clientLogos } from "../src/content/clients";

const FILL = "#64748b";
const out = new URL("../public/images/clients/", import.meta.url);
mkdirSync(out, { recursive: true });

for (const client of clientLogos) {
  const icon = Object.values(icons).find((candidate) => typeof candidate === "object" && candidate !== null && "slug" in candidate && candidate.slug === client.slug);
  if (!icon || typeof icon !== "object" || !("path" in icon)) throw new Error(`simple-icons has no icon with the slug ${client.slug}`);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" width="28" height="28" fill="${FILL}"><path d="${(icon as { path: string }).path}"/></svg>\n`;
  writeFileSync(new URL(`${client.slug}.svg`, out), svg);
  console.log(`public/images/clients/${client.slug}.svg`);
}
