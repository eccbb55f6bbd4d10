/**
 * Search and link-preview data: the agency's structured data (JSON-LD) for the home page, and the
 * icons that index.html, the web manifest and scripts/make-images.ts use.
 * (FAQPage and BlogPosting data are built beside their content: content/faq.ts, features/blog.)
 */
import { config } from "../config";
import { site, socialProfiles } from "./site";

export const siteIcons = {
  svg: "/favicon.svg",
  png32: "/favicon-32.png",
  appleTouch: "/apple-touch-icon.png",
  png192: "/icon-192.png",
  png512: "/icon-512.png",
} as const;

function absoluteUrl(path: string): string {
  return `${config.siteUrl}${path === "/" ? "/" : path}`;
}

/** The agency as an organization offering professional services: for the home page's `Seo jsonLd`. */
export function organizationJsonLd(): Record<string, unknown> {
  return {
    "@context": "https://schema.org",
    "@type": ["Organization", "ProfessionalService"],
    "@id": `${config.siteUrl}/#organization`,
    name: site.name,
    description: site.defaultDescription,
    slogan: site.tagline,
    url: absoluteUrl("/"),
    logo: absoluteUrl(siteIcons.png512),
    image: absoluteUrl("/og-image.png"),
    email: config.contactEmail,
    telephone: config.contactPhone,
    address: { "@type": "PostalAddress", addressLocality: "Abuja", addressCountry: "NG" },
    areaServed: { "@type": "Country", name: "Nigeria" },
    knowsAbout: ["Web design and development", "CRM automation", "Google Ads", "Facebook Ads"],
    sameAs: socialProfiles.map((link) => link.href),
  };
}
