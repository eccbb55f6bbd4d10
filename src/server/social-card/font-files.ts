/**
 * The social card's fonts, declared once: scripts/make-card-fonts.ts writes them, render.ts loads
 * them. Plus Jakarta Sans, the site's family, at the two weights the card sets: 800 for the title
 * (the site's headings are font-extrabold) and 500 for the rest. Each is one static file holding
 * every script the card draws: a letter and its combining tone mark must come from one font for
 * the mark to sit on the letter, so the site's files, cut by script, would not do.
 */
export interface CardFont {
  /** The file in src/server/social-card/fonts/. */
  file: string;
  /** The static font it is cut from, in @expo-google-fonts/plus-jakarta-sans (Google Fonts' files). */
  source: string;
  weight: 500 | 800;
}

export const CARD_FONTS: readonly CardFont[] = [
  { file: "plus-jakarta-sans-500.ttf", source: "500Medium/PlusJakartaSans_500Medium.ttf", weight: 500 },
  { file: "plus-jakarta-sans-800.ttf", source: "800ExtraBold/PlusJakartaSans_800ExtraBold.ttf", weight: 800 },
];

/**
 * The characters the files keep: Latin, Latin-1, Latin Extended-A and B, the combining marks,
 * Latin Extended Additional (ṣ ṅ ẹ ọ ị ụ), general punctuation, currency signs (₦), letterlike
 * symbols, arrows and maths operators.
 */
export const CARD_FONT_RANGES: readonly (readonly [number, number])[] = [
  [0x20, 0x24f],
  [0x2b0, 0x2ff],
  [0x300, 0x36f],
  [0x1e00, 0x1eff],
  [0x2000, 0x20cf],
  [0x2100, 0x215f],
  [0x2190, 0x21ff],
  [0x2200, 0x22ff],
];
