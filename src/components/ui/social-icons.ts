import { siFacebook, siGithub, siInstagram } from "simple-icons";
import type { SocialIconName } from "../../content/site";
import type { BrandGlyph } from "./BrandIcon";

/** simple-icons does not ship LinkedIn's mark, so this 'in' glyph is drawn for the site. */
export const linkedInGlyph: BrandGlyph = {
  title: "LinkedIn",
  path: "M4 2h16a2 2 0 0 1 2 2v16a2 2 0 0 1-2 2H4a2 2 0 0 1-2-2V4a2 2 0 0 1 2-2zM6 10h3v8H6zM7.5 5.4a1.7 1.7 0 1 1 0 3.4 1.7 1.7 0 0 1 0-3.4zM11 10h2.9v1.3c.5-.9 1.5-1.5 2.9-1.5 2.2 0 3.2 1.4 3.2 3.9V18h-3v-3.8c0-1.1-.4-1.8-1.4-1.8s-1.6.7-1.6 1.8V18h-3z",
};

/**
 * The glyph of each profile's icon (content/site.ts names them). Its own module, loaded by the
 * footer and the blog's sidebar only, so that the icon paths are not in the header's entry code.
 */
export const socialGlyphs: Record<SocialIconName, BrandGlyph> = {
  facebook: siFacebook,
  instagram: siInstagram,
  linkedin: linkedInGlyph,
  github: siGithub,
};
