/**
 * Writes the site's font files (src/assets/fonts/*.woff2, declared in scripts/font-files.ts) from
 * @fontsource-variable/plus-jakarta-sans, cut down to what the site sets (subset-font, harfbuzz's
 * subsetter, does the cutting): the characters each file is declared to hold, and the weights the
 * site uses (the package's files carry 200–800).
 *
 * The faces' unicode-range values in src/index.css must name exactly the characters each file holds:
 * tests/unit/fonts.test.ts checks that, and that these files are what this script makes.
 * Run with `npx tsx scripts/make-fonts.ts` after changing a range or updating the package.
 */
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath, pathToFileURL } from "node:url";
import subsetFont from "subset-font";
import { FONT_DIR, FONT_FILES, FONT_WEIGHTS, unicodeRange, type FontFile } from "./font-files";

const PACKAGE_FILES = new URL("../node_modules/@fontsource-variable/plus-jakarta-sans/files/", import.meta.url);

export async function makeFont(font: FontFile): Promise<Buffer> {
  const source = readFileSync(new URL(font.source, PACKAGE_FILES));
  return subsetFont(source, String.fromCodePoint(...font.points), {
    targetFormat: "woff2",
    variationAxes: { wght: FONT_WEIGHTS },
  });
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  mkdirSync(FONT_DIR, { recursive: true });
  for (const font of FONT_FILES) {
    const bytes = await makeFont(font);
    writeFileSync(new URL(font.file, FONT_DIR), bytes);
    console.log(
      `${fileURLToPath(new URL(font.file, FONT_DIR))}: ${bytes.length} bytes; unicode-range: ${unicodeRange(font.points)}`,
    );
  }
}
