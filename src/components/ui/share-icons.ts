import { siFacebook } from "simple-icons";
import whatsappSvg from "simple-icons/icons/whatsapp.svg?raw";
import xSvg from "simple-icons/icons/x.svg?raw";
import type { ShareIconName } from "../../content/share";
import type { BrandGlyph } from "./BrandIcon";
import { linkedInGlyph } from "./social-icons";

/**
 * A glyph from one of simple-icons' SVG files. Importing `siWhatsapp` and `siX` from the package
 * index put their paths into every page's entry script, next to the footer's icons from the same
 * module; read from the files, they stay in the blog's chunk.
 */
function glyphOf(title: string, svg: string): BrandGlyph {
  const path = /<path d="([^"]+)"/.exec(svg)?.[1];
  if (!path) throw new Error(`No path in the ${title} icon`);
  return { title, path };
}

/** The glyph of each share link's icon (content/share.ts names them). */
export const shareGlyphs: Record<ShareIconName, BrandGlyph> = {
  whatsapp: glyphOf("WhatsApp", whatsappSvg),
  linkedin: linkedInGlyph,
  x: glyphOf("X", xSvg),
  facebook: siFacebook,
};
