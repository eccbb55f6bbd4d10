import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { FONT_DIR, FONT_FILES, FONT_WEIGHTS, unicodeRange } from "../../scripts/font-files";
import { makeFont } from "../../scripts/make-fonts";
import { fallbackFaceFixes } from "../../scripts/vite-fallback-faces";

const css = readFileSync(new URL("../../src/index.css", import.meta.url), "utf8");

/** The family's @font-face rules in src/index.css, in order: the file each names and its range. */
function faces(): { file: string; range: string; weight: string }[] {
  return [...css.matchAll(/@font-face\s*\{([^}]*)\}/g)].map(([, body]) => ({
    file: /url\("\.\/assets\/fonts\/([^"]+)"\)/.exec(body!)?.[1] ?? "",
    range: (/unicode-range:\s*([^;]+);/.exec(body!)?.[1] ?? "").replace(/\s+/g, " ").trim(),
    weight: /font-weight:\s*([^;]+);/.exec(body!)?.[1]?.trim() ?? "",
  }));
}

describe("the font files", () => {
  it("each face in src/index.css names exactly the characters its file holds, and the preloaded core face comes last", () => {
    const declared = faces();
    expect(declared.map((face) => face.file)).toEqual(FONT_FILES.map((font) => font.file));
    for (const font of FONT_FILES)
      expect(declared.find((face) => face.file === font.file)?.range, font.file).toBe(unicodeRange(font.points));
    // The files carry only these weights: a face claiming more would have the browser synthesise them.
    for (const face of declared) expect(face.weight, face.file).toBe(`${FONT_WEIGHTS.min} ${FONT_WEIGHTS.max}`);
    // fontaine's fallback metrics come from the last face's file; only the core face holds the lowercase letters they are measured from.
    expect(FONT_FILES.at(-1)).toMatchObject({ file: "plus-jakarta-sans-core.woff2", preload: true });
    expect(FONT_FILES.filter((font) => font.preload)).toHaveLength(1);
  });

  it("no two faces claim the same character", () => {
    const seen = new Map<number, string>();
    for (const font of FONT_FILES) {
      for (const point of font.points) {
        expect(seen.get(point), `U+${point.toString(16)} in ${font.file}`).toBeUndefined();
        seen.set(point, font.file);
      }
    }
  });

  it("are what scripts/make-fonts.ts makes from the installed package (run it after updating the package)", async () => {
    expect(readdirSync(FONT_DIR).sort()).toEqual(FONT_FILES.map((font) => font.file).sort());
    for (const font of FONT_FILES) {
      const made = await makeFont(font);
      expect(made.equals(readFileSync(new URL(font.file, FONT_DIR))), `${font.file} is up to date`).toBe(true);
    }
    const core = readFileSync(new URL("plus-jakarta-sans-core.woff2", FONT_DIR));
    expect(core.length, "the preloaded file").toBeLessThan(16 * 1024);
  }, 30_000);

  it("the site's own copy needs no file but the core face's, and the naira sign's", () => {
    const covered = new Set(
      FONT_FILES.filter((font) => font.file.endsWith("-core.woff2") || font.file.endsWith("-naira.woff2")).flatMap(
        (font) => [...font.points],
      ),
    );
    const contentDir = new URL("../../src/content/", import.meta.url);
    const outside: string[] = [];
    for (const file of readdirSync(contentDir).filter((name) => name.endsWith(".ts") && !name.endsWith(".test.ts"))) {
      const text = readFileSync(new URL(file, contentDir), "utf8");
      for (const character of new Set(text)) {
        const point = character.codePointAt(0)!;
        if (point >= 0x20 && !covered.has(point))
          outside.push(`${file}: "${character}" U+${point.toString(16).toUpperCase()}`);
      }
    }
    expect(outside).toEqual([]);
  });
});

describe("fallbackFaceFixes", () => {
  const face = (source: string, size: string, weight = "400 800") =>
    `@font-face{font-family:Plus Jakarta Sans Variable fallback;src:${source};size-adjust:${size};font-style:normal;font-weight:${weight}}`;
  const real = (file: string) => `@font-face{font-family:Plus Jakarta Sans Variable;src:url(/assets/${file})}`;

  it("keeps the last fallback face per local font, names Arial's metric twins, and gives each its bold", () => {
    const built = [
      face("local(Roboto)", "143%"),
      face("local(Arial)", "143%"),
      real("naira.woff2"),
      face("local(Roboto)", "105%"),
      face("local(Helvetica Neue)", "104%"),
      face("local(Arial)", "105%"),
      real("core.woff2"),
    ].join("");
    expect(fallbackFaceFixes(built)).toBe(
      [
        real("naira.woff2"),
        face("local(Roboto)", "105%", "400 500"),
        face('local("Roboto Bold"),local(Roboto-Bold)', "105%", "600 800"),
        face("local(Helvetica Neue)", "104%", "400 500"),
        face('local("Helvetica Neue Bold"),local(HelveticaNeue-Bold)', "104%", "600 800"),
        face('local(Arial),local("Liberation Sans"),local(Arimo)', "105%", "400 500"),
        face(
          'local("Arial Bold"),local(Arial-BoldMT),local("Liberation Sans Bold"),local(LiberationSans-Bold),local("Arimo Bold"),local(Arimo-Bold)',
          "105%",
          "600 800",
        ),
        real("core.woff2"),
      ].join(""),
    );
  });

  it("stops the build on a fallback face of other weights than the real faces'", () => {
    expect(() => fallbackFaceFixes(face("local(Arial)", "105%", "100 900"))).toThrow(/without font-weight:400 800/);
  });
});
