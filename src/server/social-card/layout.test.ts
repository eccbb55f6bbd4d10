import { describe, expect, it } from "vitest";
import { cardText, layoutTitle, TITLE_BOX } from "./layout";

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

describe("the card's text", () => {
  it("draws the syllabic nasals the font has no glyph for as a letter and a mark", () => {
    expect(cardText("ǹ ḿ Ǹ")).toBe("n\u0300 m\u0301 N\u0300");
    expect(cardText("e\u0301")).toBe("é");
  });
});
