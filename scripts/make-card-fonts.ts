/**
 * Writes the social card's fonts (src/server/social-card/fonts/*.ttf, declared in
 * src/server/social-card/font-files.ts) from Google Fonts' static Plus Jakarta Sans files in
 * @expo-google-fonts/plus-jakarta-sans: satori reads TrueType but neither WOFF2 nor variable fonts
 * (the site's own files), and a tone mark sits on its letter only when both come from one font, which
 * the site's files, cut by script, are not. subset-font (harfbuzz's subsetter) keeps the characters
 * of CARD_FONT_RANGES and the layout tables that place the marks.
 * Run with `npx tsx scripts/make-card-fonts.ts` after changing a range or updating the package;
 * src/server/social-card/render.test.ts checks that the files are what this script makes.
 */
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath, pathToFileURL } from "node:url";
import subsetFont from "subset-font";
import { CARD_FONT_RANGES, CARD_FONTS, type CardFont } from "../src/server/social-card/font-files";

const PACKAGE = new URL("../node_modules/@expo-google-fonts/plus-jakarta-sans/", import.meta.url);
export const CARD_FONT_DIR = new URL("../src/server/social-card/fonts/", import.meta.url);

const WANTED = String.fromCodePoint(
  ...CARD_FONT_RANGES.flatMap(([first, last]) => Array.from({ length: last - first + 1 }, (_, index) => first + index)),
);

export function makeCardFont(font: CardFont): Promise<Buffer> {
  return subsetFont(readFileSync(new URL(font.source, PACKAGE)), WANTED, { targetFormat: "sfnt" });
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  mkdirSync(CARD_FONT_DIR, { recursive: true });
  for (const font of CARD_FONTS) {
    const bytes = await makeCardFont(font);
    writeFileSync(new URL(font.file, CARD_FONT_DIR), bytes);
    console.log(`${fileURLToPath(new URL(font.file, CARD_FONT_DIR))}: ${bytes.length} bytes`);
  }
}
