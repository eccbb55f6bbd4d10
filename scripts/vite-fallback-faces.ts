import type { Plugin } from "vite";

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
 */
export function fallbackFaceFixes(css: string): string {
  const fallbackFace = /@font-face\{font-family:[^;{}]* fallback;src:(local\([^;{}]*\));[^{}]*\}/g;
  const last = new Map<string, number>();
  for (const match of css.matchAll(fallbackFace)) last.set(match[1]!, match.index);
  return css
    .replace(fallbackFace, (face: string, source: string, offset: number) => (last.get(source) === offset ? face : ""))
    .replaceAll("src:local(Arial)", 'src:local(Arial),local("Liberation Sans"),local(Arimo)');
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
