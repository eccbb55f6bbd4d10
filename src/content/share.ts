import { siFacebook } from "simple-icons";
import whatsappSvg from "simple-icons/icons/whatsapp.svg?raw";
import xSvg from "simple-icons/icons/x.svg?raw";
import type { BrandGlyph } from "../components/ui/BrandIcon";
import { linkedInGlyph } from "./social";

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

/**
 * Where a reader can share an article: each network's own share address, opened as a plain link in
 * a new tab (no network's script is loaded). WhatsApp first: it is how Nigerian readers share.
 */
export interface ShareNetwork {
  name: string;
  icon: BrandGlyph;
  href: (url: string, title: string) => string;
}

const encode = encodeURIComponent;

export const shareNetworks: ShareNetwork[] = [
  { name: "WhatsApp", icon: glyphOf("WhatsApp", whatsappSvg), href: (url, title) => `https://wa.me/?text=${encode(`${title} ${url}`)}` },
  { name: "LinkedIn", icon: linkedInGlyph, href: (url) => `https://www.linkedin.com/sharing/share-offsite/?url=${encode(url)}` },
  { name: "X", icon: glyphOf("X", xSvg), href: (url, title) => `https://twitter.com/intent/tweet?url=${encode(url)}&text=${encode(title)}` },
  { name: "Facebook", icon: siFacebook, href: (url) => `https://www.facebook.com/sharer/sharer.php?u=${encode(url)}` },
];
