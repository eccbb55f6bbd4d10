/**
 * Where the card's words go, decided before satori draws them: the title's size and lines, so a
 * short title is set large and a long one smaller, and one too long for the card is cut at a word
 * with an ellipsis instead of running off its edge. Pure (no fonts): widths are estimated from
 * Plus Jakarta Sans's proportions, on the safe side, and satori wraps the chosen lines itself.
 */

/** The card's title box: the card's width less its padding, and at most this many lines. */
export const TITLE_BOX = { width: 1040, maxLines: 4 } as const;

/** Title sizes from large to small, in pixels, and each size's line height. */
const TITLE_SIZES = [76, 68, 60, 54] as const;
const TITLE_LINE_HEIGHT = 1.14;

const ELLIPSIS = "…";

/**
 * Advance widths of Plus Jakarta Sans ExtraBold, in ems, rounded up: narrow letters and punctuation,
 * wide ones, capitals, and the rest. An emoji is drawn one em square.
 */
function advance(character: string): number {
  if (/\p{Extended_Pictographic}/u.test(character)) return 1.05;
  if (/\p{M}/u.test(character)) return 0;
  if (/[ilj.,:;!'’|I]/.test(character)) return 0.3;
  if (/[ \-ftr()"“”‘]/.test(character)) return 0.4;
  if (/[mwMW@]/.test(character)) return 0.9;
  if (/\p{Lu}|[0-9]/u.test(character)) return 0.7;
  return 0.6;
}

/** The estimated width of `text` at `size` pixels. */
function width(text: string, size: number): number {
  let ems = 0;
  for (const character of text) ems += advance(character);
  return ems * size;
}

/** Greedy word wrap: the lines `text` takes in `maxWidth`; a word wider than a line is cut. */
function wrap(words: readonly string[], size: number, maxWidth: number): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of words) {
    const candidate = line ? `${line} ${word}` : word;
    if (width(candidate, size) <= maxWidth) {
      line = candidate;
      continue;
    }
    if (line) lines.push(line);
    line = word;
    // A single word longer than the box (a URL, say) is broken by characters.
    while (width(line, size) > maxWidth) {
      let cut = line.length;
      while (cut > 1 && width(line.slice(0, cut), size) > maxWidth) cut -= 1;
      lines.push(line.slice(0, cut));
      line = line.slice(cut);
    }
  }
  if (line) lines.push(line);
  return lines;
}

/**
 * Letters Plus Jakarta Sans has no glyph for but draws well as a letter and a combining mark: the
 * syllabic nasals with a tone Igbo and Yoruba write (ǹ ḿ). Anything else is composed (NFC).
 */
const DRAWN_APART = /[\u01f8\u01f9\u1e3e\u1e3f]/g;

/** Text as the card draws it: composed, save the letters drawn apart; whitespace collapsed. */
export function cardText(text: string): string {
  return text
    .normalize("NFC")
    .replace(DRAWN_APART, (letter) => letter.normalize("NFD"))
    .replace(/\s+/g, " ")
    .trim();
}

export interface TitleLayout {
  fontSize: number;
  lineHeight: number;
  lines: string[];
  /** True when the title was cut to fit. */
  clamped: boolean;
}

/**
 * The title as the card sets it: the largest size at which it fits in TITLE_BOX, or the smallest
 * size with its last line ending in an ellipsis. The text is cardText's: a letter and its tone mark
 * typed apart are drawn as the one glyph the font has when it has it.
 */
export function layoutTitle(title: string, box: { width: number; maxLines: number } = TITLE_BOX): TitleLayout {
  const words = cardText(title).split(" ").filter(Boolean);
  for (const fontSize of TITLE_SIZES) {
    const lines = wrap(words, fontSize, box.width);
    if (lines.length <= box.maxLines) return { fontSize, lineHeight: TITLE_LINE_HEIGHT, lines, clamped: false };
  }
  const fontSize = TITLE_SIZES[TITLE_SIZES.length - 1]!;
  const lines = wrap(words, fontSize, box.width).slice(0, box.maxLines);
  let last = lines[lines.length - 1]!;
  while (last && width(`${last}${ELLIPSIS}`, fontSize) > box.width)
    last = last.includes(" ") ? last.replace(/\s*\S+$/, "") : last.slice(0, -1);
  // End on a word, without the punctuation before the cut: "the end, …" reads as "the end…".
  lines[lines.length - 1] = `${last.replace(/[\s,;:.–—-]+$/, "")}${ELLIPSIS}`;
  return { fontSize, lineHeight: TITLE_LINE_HEIGHT, lines, clamped: true };
}
