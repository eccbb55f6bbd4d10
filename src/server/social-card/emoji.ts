/**
 * Emoji for the card, drawn from Twemoji's SVG files in the @twemoji/svg package (one file per
 * emoji, named by its code points): satori asks for each emoji its fonts lack, and gets the picture
 * as a data URL. Nothing is fetched; an emoji the package lacks is left out.
 */
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";

let folder: string | null = null;

/** The package's folder (resolved once: the function ships it, vercel.json's includeFiles). */
function twemojiFolder(): string {
  folder ??= dirname(createRequire(import.meta.url).resolve("@twemoji/svg/package.json"));
  return folder;
}

/**
 * Twemoji's file name for an emoji: its code points in hex joined by dashes, without the
 * variation selector U+FE0F unless the emoji is a sequence joined by U+200D (Twemoji's own rule).
 */
export function twemojiName(emoji: string): string {
  const points = [...emoji].map((character) => character.codePointAt(0)!);
  const kept = points.includes(0x200d) ? points : points.filter((point) => point !== 0xfe0f);
  return kept.map((point) => point.toString(16)).join("-");
}

const cache = new Map<string, Promise<string | null>>();

/** The emoji's picture as a data URL, or null when Twemoji has none. Each is read once per process. */
export function loadEmoji(emoji: string): Promise<string | null> {
  const name = twemojiName(emoji);
  let picture = cache.get(name);
  if (!picture) {
    picture = readFile(join(twemojiFolder(), `${name}.svg`)).then(
      (svg) => `data:image/svg+xml;base64,${svg.toString("base64")}`,
      () => null,
    );
    cache.set(name, picture);
  }
  return picture;
}
