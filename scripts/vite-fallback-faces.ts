import type { Plugin } from "vite";
import { FONT_WEIGHTS } from "./font-files.ts";

/** The weights fontaine copies from the real faces, and where a fallback face's bold begins (font-semibold). */
const WEIGHTS = `font-weight:${FONT_WEIGHTS.min} ${FONT_WEIGHTS.max}`;
const BOLD_FROM = 600;

/**
 * Two corrections to the fallback faces fontaine writes, one face per local font before each of the
 * family's @font-face rules:
 *
 * - Only the last of each is kept. fontaine measures each face's own file, and the files that hold
 *   no lowercase letters (the naira sign, Latin Extended) measure an average width 40% off; they lost
 *   to the later, core-derived faces anyway (the later @font-face wins), and cost bytes in every
 *   page's inline stylesheet.
 * - Liberation Sans and Arimo are metric-compatible with Arial (the same advance widths and vertical
 *   metrics, by design), so the face fontaine makes for Arial serves them unchanged: naming them too
 *   gives Linux desktops, which ship Liberation Sans and no Arial, a matched fallback. fontaine only
 *   knows the fonts in its metrics collection, which has neither name.
 * - Each face is split in two: the regular font for weights 400-500, its bold for 600-800.
 *   fontaine copies the real face's weight range (400 800) onto a face that names only the regular
 *   font, and a face that claims a weight is never made bold by the browser: until the brand font
 *   came, or for the whole page when it came too late (its core face is `font-display: optional`,
 *   src/index.css), every heading and button was drawn in the regular weight, narrower than the
 *   brand font's bold, and so wrapped differently. The bold face keeps the regular's metrics.
 */
export function fallbackFaceFixes(css: string): string {
  const fallbackFace = /@font-face\{font-family:[^;{}]* fallback;src:(local\([^;{}]*\));[^{}]*\}/g;
  const last = new Map<string, number>();
  for (const match of css.matchAll(fallbackFace)) last.set(match[1]!, match.index);
  return css
    .replace(fallbackFace, (face: string, source: string, offset: number) => (last.get(source) === offset ? face : ""))
    .replaceAll("src:local(Arial)", 'src:local(Arial),local("Liberation Sans"),local(Arimo)')
    .replace(fallbackFace, (face: string, source: string) => {
      if (!face.includes(WEIGHTS)) throw new Error(`A fallback face without ${WEIGHTS}, so not split: ${face}`);
      const regular = face.replace(WEIGHTS, `font-weight:${FONT_WEIGHTS.min} ${BOLD_FROM - 100}`);
      const bold = face
        .replace(WEIGHTS, `font-weight:${BOLD_FROM} ${FONT_WEIGHTS.max}`)
        .replace(source, boldSources(source));
      return regular + bold;
    });
}

/**
 * `local(Arial),local("Liberation Sans")` → each font's bold, by its full name and its PostScript
 * name (what `local()` matches): `local("Arial Bold"),local(Arial-BoldMT),local("Liberation Sans
 * Bold"),local(LiberationSans-Bold)`. Arial's PostScript names carry "MT".
 */
function boldSources(sources: string): string {
  return [...sources.matchAll(/local\("?([^")]+)"?\)/g)]
    .flatMap(([, name]) => {
      const postscript = name!.replaceAll(" ", "") + (name === "Arial" ? "-BoldMT" : "-Bold");
      return [`local("${name} Bold")`, `local(${postscript})`];
    })
    .join(",");
}

export function fallbackFaces(): Plugin {
  return {
    name: "fallback-faces",
    enforce: "post",
    generateBundle(_options, bundle) {
      for (const file of Object.values(bundle)) {
        if (file.type === "asset" && file.fileName.endsWith(".css") && typeof file.source === "string")
          file.source = fallbackFaceFixes(file.source);
      }
    },
  };
}
