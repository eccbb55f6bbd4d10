/**
 * The site's font files, declared once: which characters each holds and which package file it is cut
 * from. scripts/make-fonts.ts writes them, scripts/vite-font-preload.ts preloads the one marked
 * `preload`, and tests/unit/fonts.test.ts holds src/index.css's faces to these ranges. Kept apart
 * from the cutting so that the build config can read it without loading the subsetter.
 *
 * - the Latin file split in two: a core face with the characters the site's own copy uses (ASCII,
 *   typographic quotes and dashes), preloaded by every page, and the rest of Latin-1 and its
 *   punctuation, which a browser fetches only for a page that contains one of those characters (a
 *   post with an accent, say), by the face's unicode-range;
 * - the naira sign in a face of its own: it sits in the package's Latin Extended file, which a page
 *   with a naira amount downloaded whole (21 KB) for that one glyph.
 *
 * The package's two ranges overlap (a few letters and U+2020); such a character goes to the Latin
 * file alone, so no two faces claim one.
 */
export const FONT_DIR = new URL("../src/assets/fonts/", import.meta.url);

type Range = readonly [number, number];
const single = (codePoint: number): Range => [codePoint, codePoint];

/** The package's own unicode-range values for its two Latin files. */
const PACKAGE_LATIN: Range[] = [
  [0x0000, 0x00ff],
  single(0x0131),
  [0x0152, 0x0153],
  [0x02bb, 0x02bc],
  single(0x02c6),
  single(0x02da),
  single(0x02dc),
  single(0x0304),
  single(0x0308),
  single(0x0329),
  [0x2000, 0x206f],
  single(0x20ac),
  single(0x2122),
  single(0x2191),
  single(0x2193),
  single(0x2212),
  single(0x2215),
  single(0xfeff),
  single(0xfffd),
];
const PACKAGE_LATIN_EXT: Range[] = [
  [0x0100, 0x02ba],
  [0x02bd, 0x02c5],
  [0x02c7, 0x02cc],
  [0x02ce, 0x02d7],
  [0x02dd, 0x02ff],
  [0x1e00, 0x1e9f],
  [0x1ef2, 0x1eff],
  single(0x2020),
  [0x20a0, 0x20ab],
  [0x20ad, 0x20c0],
  single(0x2113),
  [0x2c60, 0x2c7f],
  [0xa720, 0xa7ff],
];

const NAIRA = 0x20a6;
/** Printable ASCII, no-break space, ©, ·, en and em dashes, curly quotes, bullet, ellipsis, €, ™. */
const CORE: Range[] = [
  [0x0020, 0x007e],
  single(0x00a0),
  single(0x00a9),
  single(0x00b7),
  [0x2013, 0x2014],
  [0x2018, 0x2019],
  [0x201c, 0x201d],
  single(0x2022),
  single(0x2026),
  single(0x20ac),
  single(0x2122),
];

function codePoints(ranges: readonly Range[]): Set<number> {
  const points = new Set<number>();
  for (const [first, last] of ranges) for (let point = first; point <= last; point += 1) points.add(point);
  return points;
}

function without(all: Set<number>, taken: Set<number>): Set<number> {
  return new Set([...all].filter((point) => !taken.has(point)));
}

/** A set of code points as a CSS unicode-range value: `U+20-7E, U+A0, …`, ranges merged. */
export function unicodeRange(points: Set<number>): string {
  const sorted = [...points].sort((a, b) => a - b);
  const parts: string[] = [];
  const hex = (point: number) => point.toString(16).toUpperCase();
  for (let index = 0; index < sorted.length;) {
    let end = index;
    while (end + 1 < sorted.length && sorted[end + 1] === sorted[end]! + 1) end += 1;
    parts.push(end === index ? `U+${hex(sorted[index]!)}` : `U+${hex(sorted[index]!)}-${hex(sorted[end]!)}`);
    index = end + 1;
  }
  return parts.join(", ");
}

export interface FontFile {
  /** The file's name in src/assets/fonts/. */
  file: string;
  /** The package file it is cut from. */
  source: string;
  points: Set<number>;
  /** Preloaded by every page (scripts/vite-font-preload.ts). */
  preload: boolean;
}

const core = codePoints(CORE);
const naira = new Set([NAIRA]);
const latin = codePoints(PACKAGE_LATIN);

export const FONT_FILES: readonly FontFile[] = [
  {
    file: "plus-jakarta-sans-latin-ext.woff2",
    source: "plus-jakarta-sans-latin-ext-wght-normal.woff2",
    points: without(without(codePoints(PACKAGE_LATIN_EXT), naira), latin),
    preload: false,
  },
  {
    file: "plus-jakarta-sans-naira.woff2",
    source: "plus-jakarta-sans-latin-ext-wght-normal.woff2",
    points: naira,
    preload: false,
  },
  {
    file: "plus-jakarta-sans-latin.woff2",
    source: "plus-jakarta-sans-latin-wght-normal.woff2",
    points: without(latin, core),
    preload: false,
  },
  {
    file: "plus-jakarta-sans-core.woff2",
    source: "plus-jakarta-sans-latin-wght-normal.woff2",
    points: core,
    preload: true,
  },
];

/** The weights the site sets, Tailwind's font-normal to font-extrabold: each face's font-weight. */
export const FONT_WEIGHTS = { min: 400, max: 800 } as const;

/** The file every page preloads. */
export const PRELOADED_FONT = FONT_FILES.find((font) => font.preload)!;
