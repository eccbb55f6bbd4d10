import { describe, expect, it } from "vitest";
import { cardText, characterAdvance, layoutTitle, TITLE_BOX } from "./layout";

describe("the card's title layout", () => {
  it("sets a short title large, on one line, whole", () => {
    const layout = layoutTitle("Why speed sells");
    expect(layout).toMatchObject({ lines: ["Why speed sells"], clamped: false });
    expect(layout.fontSize).toBe(76);
  });

  it("sets a longer title smaller before it cuts anything", () => {
    const title = "How a Lagos retailer cut follow-up time from three days to ten minutes with a CRM pipeline";
    const layout = layoutTitle(title);
    expect(layout.clamped).toBe(false);
    expect(layout.lines.join(" ")).toBe(title);
    expect(layout.lines.length).toBeLessThanOrEqual(TITLE_BOX.maxLines);
  });

  it("clamps a very long title to the box's lines, cut at a word with an ellipsis", () => {
    const title = Array.from({ length: 12 }, () => "automation pipelines for growing businesses").join(" ");
    const layout = layoutTitle(title);
    expect(layout.clamped).toBe(true);
    expect(layout.lines).toHaveLength(TITLE_BOX.maxLines);
    expect(layout.fontSize).toBe(54);
    const last = layout.lines.at(-1)!;
    expect(last.endsWith("…")).toBe(true);
    // The words before the ellipsis are whole words of the title.
    expect(title.startsWith(layout.lines.join(" ").slice(0, -1))).toBe(true);
    expect(last).not.toMatch(/[\s,]…$/);
  });

  it("breaks a word longer than a line instead of letting it run off the card", () => {
    const layout = layoutTitle(`See ${"https://example.com/".repeat(6)}`);
    expect(layout.lines.length).toBeGreaterThan(1);
    expect(layout.lines.join("")).toContain("example.com");
  });

  it("collapses whitespace and composes letters with their marks (NFC)", () => {
    // "ọ" typed as o + U+0323, "ń" as n + U+0301.
    const layout = layoutTitle("  Ọjà   o\u0323ja\n n\u0301 ta ");
    expect(layout.lines).toEqual(["Ọjà ọja ń ta"]);
  });

  it("keeps an emoji and Yoruba and Igbo letters as they are", () => {
    expect(layoutTitle("🚀 Ẹ̀rọ ayélujára: ụzọ ị ga-esi").lines.join(" ")).toBe("🚀 Ẹ̀rọ ayélujára: ụzọ ị ga-esi");
  });
});

describe("the card's title layout under a hostile title", () => {
  /** layoutTitle measuring with the real widths, counting every character it measures. */
  function measured(title: string) {
    let calls = 0;
    const layout = layoutTitle(title, TITLE_BOX, (character) => {
      calls += 1;
      return characterAdvance(character);
    });
    return { layout, calls };
  }

  // Each of the 4 sizes measures each kept character (five lines of the narrowest at 54 px: 321)
  // once, and the last line is measured once more for its ellipsis: about 1,400. Re-measuring the
  // whole line for each character cut took 41 s for the 1,600-character word.
  const BOUND = 2_000;

  it("lays out a 1,600-character word within a fixed number of measures, ending in an ellipsis", () => {
    const { layout, calls } = measured("W".repeat(1_600));
    expect(calls).toBeGreaterThan(0);
    expect(calls).toBeLessThan(BOUND);
    expect(layout.clamped).toBe(true);
    expect(layout.lines).toHaveLength(TITLE_BOX.maxLines);
    expect(layout.lines.at(-1)!.endsWith("…")).toBe(true);
    expect(layout.lines.slice(0, -1).every((line) => /^W+$/.test(line))).toBe(true);
  });

  it("lays out a 1,600-character title of words within the same bound, cut at a word", () => {
    const title = Array.from({ length: 300 }, (_, index) => `word${index % 10}`)
      .join(" ")
      .slice(0, 1_600);
    expect(title).toHaveLength(1_600);
    const { layout, calls } = measured(title);
    expect(calls).toBeLessThan(BOUND);
    expect(layout.clamped).toBe(true);
    expect(layout.lines).toHaveLength(TITLE_BOX.maxLines);
    expect(layout.lines.at(-1)).toMatch(/ word\d…$/);
  });

  it("costs no more for a title ten times as long: it is cut before it is measured", () => {
    const { layout, calls } = measured("i".repeat(16_000));
    expect(calls).toBeLessThan(BOUND);
    expect(measured("i".repeat(160_000)).calls).toBe(calls);
    expect(layout.lines.at(-1)!.endsWith("…")).toBe(true);
  });

  it("sets a cut title exactly as the whole one, and a run of combining marks costs no more", () => {
    const words = Array.from({ length: 120 }, (_, index) => `pipeline${index}`).join(" ");
    expect(layoutTitle(words)).toEqual(layoutTitle(`${words} ${"x".repeat(50_000)}`));
    expect(measured(`Zalgo${"\u0301".repeat(50_000)}`).calls).toBeLessThan(BOUND);
  });
});

describe("the card's text", () => {
  it("draws the syllabic nasals the font has no glyph for as a letter and a mark", () => {
    expect(cardText("ǹ ḿ Ǹ")).toBe("n\u0300 m\u0301 N\u0300");
    expect(cardText("e\u0301")).toBe("é");
  });
});
