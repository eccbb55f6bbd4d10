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
export function characterAdvance(character: string): number {
  if (/\p{Extended_Pictographic}/u.test(character)) return 1.05;
  if (/\p{M}/u.test(character)) return 0;
  if (/[ilj.,:;!'’|I]/.test(character)) return 0.3;
  if (/[ \-ftr()"“”‘]/.test(character)) return 0.4;
  if (/[mwMW@]/.test(character)) return 0.9;
  if (/\p{Lu}|[0-9]/u.test(character)) return 0.7;
  return 0.6;
}

/** How the layout measures a character, in ems (characterAdvance; a test counts the calls). */
export type Advance = (character: string) => number;

/** The narrowest character that takes any room (characterAdvance's narrow letters and punctuation). */
const NARROWEST = 0.3;

/**
 * Greedy word wrap: the lines `words` take in `maxWidth` at `size`; a word wider than a line is cut
 * by characters. Each character is measured once per word and line (the line's width is kept as a
 * sum, never measured again), so the time is linear in the text.
 */
function wrap(words: readonly string[], size: number, maxWidth: number, advance: Advance): string[] {
  const lines: string[] = [];
  const space = advance(" ") * size;
  let line = "";
  let lineWidth = 0;
  for (const word of words) {
    const characters = Array.from(word);
    const widths = characters.map((character) => advance(character) * size);
    const wordWidth = widths.reduce((sum, value) => sum + value, 0);
    if (line && lineWidth + space + wordWidth <= maxWidth) {
      line = `${line} ${word}`;
      lineWidth += space + wordWidth;
      continue;
    }
    if (line) lines.push(line);
    if (wordWidth <= maxWidth) {
      line = word;
      lineWidth = wordWidth;
      continue;
    }
    // A single word longer than the box (a URL, say) is broken by characters, at least one a line.
    line = "";
    lineWidth = 0;
    characters.forEach((character, index) => {
      const characterWidth = widths[index]!;
      if (line && lineWidth + characterWidth > maxWidth) {
        lines.push(line);
        line = "";
        lineWidth = 0;
      }
      line += character;
      lineWidth += characterWidth;
    });
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
 * The most characters that take room (not a combining mark) a title keeps before it is measured:
 * more than the box's lines and one line more could hold at the smallest size in the narrowest
 * characters. A title cut there is set exactly as the whole one would be (it overflows the box
 * either way, and the word the cut falls in is wider than a line, so it is broken by characters
 * either way), and a title of any length costs no more than this to lay out.
 */
function keptCharacters(box: { width: number; maxLines: number }): number {
  const perLine = Math.floor(box.width / (NARROWEST * TITLE_SIZES[TITLE_SIZES.length - 1]!));
  return (box.maxLines + 1) * perLine + 1;
}

/** At most a few combining marks to a letter (Yoruba writes two): a run beyond that is not a title. */
const MARKS_PER_CHARACTER = 3;

/** `text` cut after `kept` characters that take room, with their marks (at most MARKS_PER_CHARACTER each). */
function cutBeforeMeasuring(text: string, kept: number): string {
  let taking = 0;
  let all = 0;
  let end = 0;
  for (const character of text) {
    if (!/\p{M}/u.test(character)) taking += 1;
    all += 1;
    if (taking > kept || all > kept * (MARKS_PER_CHARACTER + 1)) break;
    end += character.length;
  }
  return text.slice(0, end);
}

/**
 * The title as the card sets it: the largest size at which it fits in TITLE_BOX, or the smallest
 * size with its last line ending in an ellipsis. The text is cardText's: a letter and its tone mark
 * typed apart are drawn as the one glyph the font has when it has it. A long title is cut before it
 * is measured (cutBeforeMeasuring), and each character is measured a bounded number of times, so
 * no title can hold the function up (a 1,600-character word took 41 s when each cut re-measured
 * the whole line).
 */
export function layoutTitle(
  title: string,
  box: { width: number; maxLines: number } = TITLE_BOX,
  advance: Advance = characterAdvance,
): TitleLayout {
  const words = cutBeforeMeasuring(cardText(title), keptCharacters(box)).split(" ").filter(Boolean);
  let lines: string[] = [];
  for (const fontSize of TITLE_SIZES) {
    lines = wrap(words, fontSize, box.width, advance);
    if (lines.length <= box.maxLines) return { fontSize, lineHeight: TITLE_LINE_HEIGHT, lines, clamped: false };
  }
  // Too long at the smallest size (the last wrapped): its first lines, the last ending in an ellipsis.
  const fontSize = TITLE_SIZES[TITLE_SIZES.length - 1]!;
  lines = lines.slice(0, box.maxLines);
  const characters = Array.from(lines[lines.length - 1]!);
  const widths = characters.map((character) => advance(character) * fontSize);
  let lastWidth = widths.reduce((sum, value) => sum + value, 0);
  const ellipsis = advance(ELLIPSIS) * fontSize;
  // Words come off the end while the ellipsis does not fit, then characters from the one word left.
  let spaces = characters.filter((character) => character === " ").length;
  const drop = () => {
    lastWidth -= widths.pop()!;
    return characters.pop();
  };
  while (characters.length > 0 && lastWidth + ellipsis > box.width) {
    if (spaces === 0) {
      drop();
      continue;
    }
    while (characters.length > 0 && characters[characters.length - 1] !== " ") drop();
    while (characters[characters.length - 1] === " ") {
      drop();
      spaces -= 1;
    }
  }
  // End on a word, without the punctuation before the cut: "the end, …" reads as "the end…".
  lines[lines.length - 1] = `${characters.join("").replace(/[\s,;:.–—-]+$/, "")}${ELLIPSIS}`;
  return { fontSize, lineHeight: TITLE_LINE_HEIGHT, lines, clamped: true };
}
