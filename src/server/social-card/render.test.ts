/**
 * The drawn card (render.ts) with the real fonts, logo and emoji of the repository: PNG, 1200x630,
 * far under the platforms' 5 MB; an emoji drawn from Twemoji's files; Yoruba and Igbo titles drawn
 * from the card's own fonts, every character found (satori asks the asset loader for any it lacks).
 */
import { readFileSync } from "node:fs";
import { describe, expect, it, vi } from "vitest";
import theme from "../../../tailwind.config";
import { SOCIAL_CARD_SIZE } from "../../lib/blog-paths";
import { CARD_FONT_DIR, makeCardFont } from "../../../scripts/make-card-fonts";
import type { ReactElement } from "react";
import { CARD_COLOURS, cardElement, type SocialCard } from "./card";
import { twemojiName } from "./emoji";
import { CARD_FONTS } from "./font-files";
import { CARD_SIZE, drawCardSvg, loadCardAsset, renderCard } from "./render";

const card = (title: string, details = ["Tèmítọ́pẹ́ Ṣàngó", "5 min read"]): SocialCard => ({
  eyebrow: "E-commerce",
  title,
  details,
  siteName: "Ascend Digital",
  address: "ascenddigital.ng/blog",
});

/** The width and height in a PNG's IHDR chunk, after its 8-byte signature. */
function pngSize(png: Uint8Array) {
  const view = new DataView(png.buffer, png.byteOffset, png.byteLength);
  return { width: view.getUint32(16), height: view.getUint32(20) };
}

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** The default asset loader, watched. */
function watchedLoader() {
  return vi.fn(loadCardAsset);
}

describe("the social card", () => {
  it("is a 1200x630 PNG far under 5 MB", async () => {
    const png = await renderCard(card("Why speed sells"));
    expect([...png.subarray(0, 8)]).toEqual(PNG_SIGNATURE);
    expect(String.fromCharCode(...png.subarray(12, 16))).toBe("IHDR");
    expect(pngSize(png)).toEqual({ width: 1200, height: 630 });
    expect(CARD_SIZE).toEqual({ width: 1200, height: 630 });
    // The size the pages announce with the card's path (og:image:width and og:image:height) is the
    // size of the picture drawn.
    expect(pngSize(png)).toEqual({ ...SOCIAL_CARD_SIZE });
    expect(png.byteLength).toBeLessThan(1024 * 1024);
  });

  it("draws a long title clamped, still 1200x630", async () => {
    const title = Array.from({ length: 10 }, () => "a very long title about CRM pipelines").join(" ");
    const svg = await drawCardSvg(card(title));
    expect(svg).toMatch(/^<svg width="1200" height="630"/);
    expect(pngSize(await renderCard(card(title)))).toEqual({ width: 1200, height: 630 });
  });

  it("draws an emoji from Twemoji's files, never from the network", async () => {
    const fetchSpy = vi.spyOn(globalThis, "fetch");
    const loader = watchedLoader();
    const svg = await drawCardSvg(card("🚀 Ads that pay for themselves"), { loadAdditionalAsset: loader });
    expect(loader).toHaveBeenCalledWith("emoji", "🚀");
    const rocket = readFileSync(new URL("../../../node_modules/@twemoji/svg/1f680.svg", import.meta.url));
    expect(svg).toContain(`data:image/svg+xml;base64,${rocket.toString("base64")}`);
    expect(fetchSpy).not.toHaveBeenCalled();
    fetchSpy.mockRestore();
  });

  it("names an emoji's file as Twemoji does", () => {
    expect(twemojiName("🚀")).toBe("1f680");
    expect(twemojiName("❤️")).toBe("2764");
    expect(twemojiName("🇳🇬")).toBe("1f1f3-1f1ec");
    expect(twemojiName("👩🏾‍💻")).toBe("1f469-1f3fe-200d-1f4bb");
  });

  it.each([
    ["Yoruba", "Ọjà Ẹ̀rọ: bí a ṣe ń ta ọjà lórí ayélujára"],
    ["Igbo", "Ụzọ ị ga-esi mee ahịa n'ịntanetị"],
    ["naira and Latin Extended", "₦50,000 a month: ṅ ṣ ẹ ọ ị ụ ā ē ī ō ū ǹ ḿ"],
  ])("draws a %s title with the card's own fonts: no character is missing", async (_, title) => {
    const loader = watchedLoader();
    const png = await renderCard(card(title), { loadAdditionalAsset: loader });
    // satori asks the loader for each character no font has; none is asked for.
    expect(loader).not.toHaveBeenCalled();
    expect(pngSize(png)).toEqual({ width: 1200, height: 630 });
  });

  it("raises the tone mark of a capital Unicode has no single letter for (Ẹ̀, Ọ́) above the letter", () => {
    // À is one letter (NFC), drawn by the font; Ẹ̀ and Ọ́ are a letter and a mark satori would hide.
    const tree = cardElement(card("Ẹ̀kọ́ Ọ́fẹ́ À"), "data:,", CARD_SIZE);
    const boxes: ReactElement<{ style: Record<string, unknown>; children: unknown[] }>[] = [];
    const texts: string[] = [];
    const walk = (node: unknown) => {
      if (typeof node === "string") texts.push(node);
      else if (node && typeof node === "object" && "props" in node) {
        const element = node as (typeof boxes)[number];
        boxes.push(element);
        for (const child of element.props.children ?? []) walk(child);
      }
    };
    walk(tree);
    expect(texts.join("")).not.toMatch(/\p{Lu}[\u0300\u0301\u0304]/u);
    const raised = boxes.filter((box) => box.props.style?.position === "absolute" && box.props.children?.length === 1);
    const marks = raised.filter((box) => ["`", "´", "¯"].includes(box.props.children[0] as string));
    expect(marks.map((box) => box.props.children[0])).toEqual(["`", "´"]);
    expect(marks.every((box) => (box.props.style.top as number) < 0)).toBe(true);
    expect(texts.join("")).toContain("À");
  });

  it("uses the brand's colours from the Tailwind theme", () => {
    const { brand, accent } = theme.theme.extend.colors;
    expect(CARD_COLOURS).toEqual({
      brand200: brand[200],
      brand300: brand[300],
      brand600: brand[600],
      brand700: brand[700],
      brand800: brand[800],
      brand950: brand[950],
      accent300: accent[300],
      accent400: accent[400],
    });
  });

  it("has fonts that are what scripts/make-card-fonts.ts makes", async () => {
    for (const font of CARD_FONTS) {
      const committed = readFileSync(new URL(font.file, CARD_FONT_DIR));
      expect((await makeCardFont(font)).equals(committed), font.file).toBe(true);
    }
  });
});
