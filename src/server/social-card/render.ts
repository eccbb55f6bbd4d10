/**
 * Draws a social card: satori lays out the card (card.ts) as SVG with the fonts committed beside
 * this module, resvg paints it as a 1200x630 PNG. Loaded by the blog function's adapter
 * (blog-function.ts), not bundled with the blog: resvg is a native module, and satori would weigh
 * on every page's cold start. The fonts, the logo and the emoji are files of the repository, read
 * once per process; vercel.json's includeFiles (src/server/paths.ts) ships them with the function.
 */
import { readFile } from "node:fs/promises";
import { Resvg } from "@resvg/resvg-js";
import satori from "satori";
import { SOCIAL_CARD_SIZE } from "../../lib/social-card-path.js";
import { CARD_FONT_FAMILY, cardElement, type SocialCard } from "./card.js";
import { loadEmoji } from "./emoji.js";
import { CARD_FONTS } from "./font-files.js";

/** 1200x630, as every page's og:image:width and og:image:height say (lib/social-card-path.ts). */
export const CARD_SIZE = SOCIAL_CARD_SIZE;

/** Where the card's files are: this folder's fonts/ and the site's favicon (public/favicon.svg). */
const FONT_DIR = new URL("./fonts/", import.meta.url);
const LOGO = new URL("../../../public/favicon.svg", import.meta.url);

type Fonts = Parameters<typeof satori>[1]["fonts"];

interface Assets {
  fonts: Fonts;
  logo: string;
}

let assets: Promise<Assets> | null = null;

/** The fonts and the logo, read on the first card and kept (again after a failed read). */
function loadAssets(): Promise<Assets> {
  assets ??= Promise.all([
    Promise.all(
      CARD_FONTS.map(async (font) => ({
        name: CARD_FONT_FAMILY,
        weight: font.weight,
        style: "normal" as const,
        data: await readFile(new URL(font.file, FONT_DIR)),
      })),
    ),
    readFile(LOGO),
  ]).then(
    ([fonts, logo]) => ({ fonts, logo: `data:image/svg+xml;base64,${logo.toString("base64")}` }),
    (error: unknown) => {
      assets = null;
      throw error;
    },
  );
  return assets;
}

export interface RenderOptions {
  /**
   * What satori asks for when the fonts lack a character: an emoji (code "emoji") is drawn from
   * Twemoji; anything else is a character the fonts should have had, and is left out.
   */
  loadAdditionalAsset?: (code: string, segment: string) => Promise<string | Fonts>;
}

/** The default asset loader: emoji from Twemoji, nothing else. */
export async function loadCardAsset(code: string, segment: string): Promise<string | Fonts> {
  if (code === "emoji") return (await loadEmoji(segment)) ?? "";
  return [];
}

/** The card as SVG (satori's output), for tests and the PNG below. */
export async function drawCardSvg(card: SocialCard, options: RenderOptions = {}): Promise<string> {
  const { fonts, logo } = await loadAssets();
  return satori(cardElement(card, logo, CARD_SIZE), {
    ...CARD_SIZE,
    fonts,
    loadAdditionalAsset: options.loadAdditionalAsset ?? loadCardAsset,
  });
}

/** The card as PNG bytes, exactly CARD_SIZE. */
export async function renderCard(card: SocialCard, options: RenderOptions = {}): Promise<Uint8Array<ArrayBuffer>> {
  const svg = await drawCardSvg(card, options);
  const png = new Resvg(svg, { fitTo: { mode: "width", value: CARD_SIZE.width }, font: { loadSystemFonts: false } })
    .render()
    .asPng();
  // A copy (150 KB, microseconds) typed as a Response body takes it.
  return new Uint8Array(png);
}
