import { siFacebook, siWhatsapp, siX } from "simple-icons";
import type { BrandGlyph } from "../components/ui/BrandIcon";
import { linkedInGlyph } from "./site";

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
  { name: "WhatsApp", icon: siWhatsapp, href: (url, title) => `https://wa.me/?text=${encode(`${title} ${url}`)}` },
  { name: "LinkedIn", icon: linkedInGlyph, href: (url) => `https://www.linkedin.com/sharing/share-offsite/?url=${encode(url)}` },
  { name: "X", icon: siX, href: (url, title) => `https://twitter.com/intent/tweet?url=${encode(url)}&text=${encode(title)}` },
  { name: "Facebook", icon: siFacebook, href: (url) => `https://www.facebook.com/sharer/sharer.php?u=${encode(url)}` },
];
