/**
 * Search and link-preview data shared by the pages and the prerender step: structured data
 * (JSON-LD) builders and the site's identity for the web manifest and icons.
 */
import { config } from "../config";
import { site, socialLinks } from "./site";

/** Brand colour of the browser UI (theme-color, manifest): brand-800. */
export const themeColor = "#362ca1";

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
    "@type": "ProfessionalService",
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
    sameAs: socialLinks.map((link) => link.href),
  };
}

export interface FaqEntry {
  question: string;
  answer: string;
}

/** FAQPage structured data for the contact page's questions. */
export function faqPageJsonLd(items: readonly FaqEntry[]): Record<string, unknown> {
  return {
    "@context": "https://schema.org",
    "@type": "FAQPage",
    mainEntity: items.map((item) => ({
      "@type": "Question",
      name: item.question,
      acceptedAnswer: { "@type": "Answer", text: item.answer },
    })),
  };
}

export interface BlogPostingInput {
  title: string;
  slug: string;
  content: string;
  category?: string | null;
  imageUrl?: string | null;
  authorName?: string | null;
  publishedAt: string;
  modifiedAt?: string | null;
}

/** BlogPosting structured data for a post page (rendered on the client; posts are not prerendered). */
export function blogPostingJsonLd(post: BlogPostingInput): Record<string, unknown> {
  const url = absoluteUrl(`/blog/${encodeURIComponent(post.slug)}`);
  return {
    "@context": "https://schema.org",
    "@type": "BlogPosting",
    headline: post.title,
    description: post.content.replace(/\s+/g, " ").trim().slice(0, 160),
    url,
    mainEntityOfPage: url,
    datePublished: post.publishedAt,
    dateModified: post.modifiedAt ?? post.publishedAt,
    ...(post.category ? { articleSection: post.category } : {}),
    ...(post.imageUrl ? { image: post.imageUrl } : {}),
    author: post.authorName
      ? { "@type": "Person", name: post.authorName }
      : { "@type": "Organization", name: site.name, url: absoluteUrl("/") },
    publisher: { "@type": "Organization", name: site.name, logo: { "@type": "ImageObject", url: absoluteUrl(siteIcons.png512) } },
  };
}
