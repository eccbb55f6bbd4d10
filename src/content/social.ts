import { siFacebook, siGithub, siInstagram } from "simple-icons";
import type { BrandGlyph } from "../components/ui/BrandIcon";
import { socialProfiles, type SocialProfile } from "./site";

/** simple-icons no longer ships LinkedIn's mark, so this 'in' glyph is drawn for the site. */
export const linkedInGlyph: BrandGlyph = {
  title: "LinkedIn",
  path: "M4 2h16a2 2 0 0 1 2 2v16a2 2 0 0 1-2 2H4a2 2 0 0 1-2-2V4a2 2 0 0 1 2-2zM6 10h3v8H6zM7.5 5.4a1.7 1.7 0 1 1 0 3.4 1.7 1.7 0 0 1 0-3.4zM11 10h2.9v1.3c.5-.9 1.5-1.5 2.9-1.5 2.2 0 3.2 1.4 3.2 3.9V18h-3v-3.8c0-1.1-.4-1.8-1.4-1.8s-1.6.7-1.6 1.8V18h-3z",
};

export interface SocialLink extends SocialProfile {
  icon: BrandGlyph;
}

const icons: Record<SocialProfile["name"], BrandGlyph> = { Facebook: siFacebook, Instagram: siInstagram, LinkedIn: linkedInGlyph, GitHub: siGithub };

/**
 * The agency's profiles with their icons, for the footer and the blog's sidebar. Apart from
 * site.ts so that the icon paths load with those parts only, not with the header in the entry.
 */
export const socialLinks: SocialLink[] = socialProfiles.map((profile) => ({ ...profile, icon: icons[profile.name] }));
