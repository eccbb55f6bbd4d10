import { siFacebook, siGithub, siInstagram } from "simple-icons";
import type { BrandGlyph } from "../components/ui/BrandIcon";

/** simple-icons no longer ships LinkedIn's mark, so this 'in' glyph is drawn for the site. */
export const linkedInGlyph: BrandGlyph = {
  title: "LinkedIn",
  path: "M4 2h16a2 2 0 0 1 2 2v16a2 2 0 0 1-2 2H4a2 2 0 0 1-2-2V4a2 2 0 0 1 2-2zM6 10h3v8H6zM7.5 5.4a1.7 1.7 0 1 1 0 3.4 1.7 1.7 0 0 1 0-3.4zM11 10h2.9v1.3c.5-.9 1.5-1.5 2.9-1.5 2.2 0 3.2 1.4 3.2 3.9V18h-3v-3.8c0-1.1-.4-1.8-1.4-1.8s-1.6.7-1.6 1.8V18h-3z",
};

export interface NavItem {
  name: string;
  path: string;
}

export interface SocialLink {
  name: string;
  icon: BrandGlyph;
  href: string;
}

export const site = {
  name: "Ascend Digital",
  shortName: "Ascend",
  tagline: "Web design, CRM automation and paid ads for growing businesses",
  location: "Abuja, NG",
  brandText:
    "We transform businesses through innovative web design, CRM automation and strategic digital advertising.",
  defaultDescription:
    "Ascend Digital builds fast websites, automates CRM follow-up and runs Google and Facebook ad campaigns for growing businesses in Nigeria and beyond.",
  getStarted: "Get Started",
} as const;

export const navItems: NavItem[] = [
  { name: "Home", path: "/" },
  { name: "Services", path: "/services" },
  { name: "Portfolio", path: "/portfolio" },
];

export const socialLinks: SocialLink[] = [
  { name: "Facebook", icon: siFacebook, href: "https://www.facebook.com/ascenddigitalng" },
  { name: "Instagram", icon: siInstagram, href: "https://www.instagram.com/ascenddigitalng" },
  { name: "LinkedIn", icon: linkedInGlyph, href: "https://www.linkedin.com/company/ascenddigitalng" },
  { name: "GitHub", icon: siGithub, href: "https://github.com/ascenddigitalng" },
];

export const footerColumns = {
  services: {
    title: "Services",
    links: [
      { name: "Web Design", path: "/services" },
      { name: "CRM Automation", path: "/services" },
      { name: "Facebook & Google Ads", path: "/services" },
    ],
  },
  company: {
    title: "Company",
    links: [
      { name: "Portfolio", path: "/portfolio" },
      { name: "Blog", path: "/blog" },
      { name: "Contact", path: "/contact" },
      { name: "Terms & Conditions", path: "/terms" },
      { name: "Privacy Policy", path: "/privacy" },
    ],
  },
  contactTitle: "Contact",
  /** Reopens the ad-consent choice (src/features/consent). */
  privacyChoices: "Privacy choices",
} satisfies Record<string, unknown>;

export const notFound = {
  title: "Page not found",
  heading: "We couldn't find that page",
  body: "The link may be broken or the page may have moved. Here are some places to start instead.",
  homeLabel: "Back to Home",
};

/** The WhatsApp chat: the floating button's label and the message it starts with, naming the page. */
export const whatsappChat = {
  label: "Chat with us on WhatsApp",
  message: (pageUrl: string) => `Hi Ascend Digital, I'm looking at ${pageUrl} and would like to talk about my business.`,
} as const;
