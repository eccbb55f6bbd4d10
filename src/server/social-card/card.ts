/**
 * The card's picture as satori reads it (the elements and styles of a React tree, written as plain
 * objects so that this module needs neither React nor JSX): the brand's deep indigo with one accent,
 * the logo and the site's name, a pill above the title, the title large, and a footer line.
 * What the card says is given (SocialCard): the blog's bundle words it (content.ts), so this module
 * holds no copy.
 */
import type { CSSProperties, ReactElement } from "react";
import { cardText, layoutTitle } from "./layout.js";

/** What a card says. */
export interface SocialCard {
  /** The pill above the title: the post's category, "Blog", "Category"... */
  eyebrow: string;
  title: string;
  /** A sentence under the title (the blog's tagline, a category's count). */
  subtitle?: string;
  /** The footer's details after the site's name: the author, the reading time. */
  details: string[];
  siteName: string;
  /** The site's address as a reader would type it (ascenddigital.ng/blog). */
  address: string;
}

/** The Tailwind theme's colours the card uses (tailwind.config.ts; card.test.ts holds them equal). */
export const CARD_COLOURS = {
  brand200: "#c4c8ff",
  brand300: "#a0a3fd",
  brand600: "#4f40e3",
  brand700: "#4233c8",
  brand800: "#362ca1",
  brand950: "#1c184a",
  accent300: "#fde68a",
  accent400: "#fcd34d",
} as const;

export const CARD_FONT_FAMILY = "Plus Jakarta Sans";

type Child = ReactElement | string;

function box(style: CSSProperties, ...children: Child[]): ReactElement {
  return { type: "div", key: null, props: { style, children } };
}

function image(src: string, size: number): ReactElement {
  return { type: "img", key: null, props: { src, width: size, height: size, style: { width: size, height: size } } };
}

/**
 * A capital with a tone mark above it that Unicode has no single letter for (Ẹ̀, Ọ́, Ẹ̄: Yoruba
 * writes them). satori places no mark by the font's anchors: it draws a combining mark where a
 * small letter's would go, inside the capital, where it cannot be seen. Such a mark is set instead
 * as its spacing form (` ´ ¯), centred in a box raised above the capital.
 */
const CAPITAL_WITH_TONE = /(\p{Lu})([\u0300\u0301\u0304])/gu;
const SPACING_TONE: Record<string, string> = { "\u0300": "\u0060", "\u0301": "\u00b4", "\u0304": "\u00af" };

/** One line of the title: its text, with any capital and tone mark of CAPITAL_WITH_TONE stacked by hand. */
function titleLine(line: string, fontSize: number): ReactElement {
  const parts: Child[] = [];
  let last = 0;
  for (const match of line.matchAll(CAPITAL_WITH_TONE)) {
    if (match.index > last) parts.push(box({ display: "flex", whiteSpace: "pre" }, line.slice(last, match.index)));
    parts.push(
      box(
        { display: "flex", position: "relative" },
        match[1]!,
        box(
          {
            position: "absolute",
            left: 0,
            right: 0,
            top: -0.3 * fontSize,
            display: "flex",
            justifyContent: "center",
            letterSpacing: 0,
          },
          SPACING_TONE[match[2]!]!,
        ),
      ),
    );
    last = match.index + match[0].length;
  }
  if (parts.length === 0) return box({ display: "flex" }, line);
  if (last < line.length) parts.push(box({ display: "flex", whiteSpace: "pre" }, line.slice(last)));
  return box({ display: "flex" }, ...parts);
}

/** The card, `logo` being the brand mark as a data URL (public/favicon.svg). */
export function cardElement(card: SocialCard, logo: string, size: { width: number; height: number }): ReactElement {
  const title = layoutTitle(card.title);
  const c = CARD_COLOURS;
  return box(
    {
      width: size.width,
      height: size.height,
      display: "flex",
      flexDirection: "column",
      position: "relative",
      fontFamily: CARD_FONT_FAMILY,
      color: "white",
      backgroundColor: c.brand950,
      backgroundImage: `linear-gradient(135deg, ${c.brand950} 0%, ${c.brand800} 100%)`,
    },
    // Two soft rings in the corner, clear of the words.
    box({
      position: "absolute",
      right: -170,
      top: -250,
      width: 520,
      height: 520,
      borderRadius: 9999,
      backgroundColor: c.brand700,
      opacity: 0.45,
    }),
    box({
      position: "absolute",
      right: 50,
      top: 40,
      width: 170,
      height: 170,
      borderRadius: 9999,
      border: `2px solid ${c.brand600}`,
      opacity: 0.7,
    }),
    box(
      { display: "flex", flexDirection: "column", flexGrow: 1, padding: "56px 80px 0 80px" },
      box(
        { display: "flex", alignItems: "center" },
        image(logo, 56),
        box({ marginLeft: 18, fontSize: 30, fontWeight: 800, letterSpacing: -0.5 }, cardText(card.siteName)),
      ),
      box(
        { display: "flex", flexDirection: "column", flexGrow: 1, justifyContent: "center" },
        box(
          { display: "flex" },
          box(
            {
              display: "flex",
              padding: "8px 20px",
              borderRadius: 9999,
              backgroundColor: c.accent400,
              color: c.brand950,
              fontSize: 22,
              fontWeight: 800,
              letterSpacing: 1.5,
              textTransform: "uppercase",
            },
            cardText(card.eyebrow),
          ),
        ),
        box(
          {
            display: "flex",
            flexDirection: "column",
            marginTop: 24,
            fontSize: title.fontSize,
            fontWeight: 800,
            lineHeight: title.lineHeight,
            letterSpacing: -1.5,
          },
          ...title.lines.map((line) => titleLine(line, title.fontSize)),
        ),
        ...(card.subtitle
          ? [
              box(
                { marginTop: 22, fontSize: 30, fontWeight: 500, lineHeight: 1.35, color: c.brand200 },
                cardText(card.subtitle),
              ),
            ]
          : []),
      ),
    ),
    box(
      {
        display: "flex",
        justifyContent: "space-between",
        alignItems: "center",
        margin: "0 80px",
        padding: "26px 0 40px 0",
        borderTop: `2px solid ${c.brand700}`,
        fontSize: 26,
        fontWeight: 500,
        color: c.brand200,
      },
      box({ display: "flex" }, cardText(card.details.join(" · "))),
      box({ display: "flex", color: c.accent300, fontWeight: 800 }, cardText(card.address)),
    ),
    box({ position: "absolute", left: 0, bottom: 0, width: size.width, height: 10, backgroundColor: c.accent400 }),
  );
}
