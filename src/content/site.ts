export interface NavItem {
  name: string;
  path: string;
}

/** The brand icons a profile can show, by name: components/ui/social-icons.ts maps them to glyphs. */
export type SocialIconName = "facebook" | "instagram" | "linkedin" | "github";

/**
 * The agency's profiles. Each names its icon; the glyphs are in components/ui/social-icons.ts,
 * which only the footer and the blog's sidebar load, so the header's code carries no icon paths.
 */
export interface SocialProfile {
  name: "Facebook" | "Instagram" | "LinkedIn" | "GitHub";
  href: string;
  icon: SocialIconName;
}

export const site = {
  name: "Ascend Digital",
  shortName: "Ascend",
  tagline: "Web design, CRM automation and paid ads for growing businesses",
  location: "Abuja, NG",
  brandText: "We transform businesses through innovative web design, CRM automation and strategic digital advertising.",
  defaultDescription:
    "Ascend Digital builds fast websites, automates CRM follow-up and runs Google and Facebook ad campaigns for growing businesses in Nigeria and beyond.",
  getStarted: "Get Started",
} as const;

export const navItems: NavItem[] = [
  { name: "Home", path: "/" },
  { name: "Services", path: "/services" },
  { name: "Portfolio", path: "/portfolio" },
];

export const socialProfiles: SocialProfile[] = [
  { name: "Facebook", href: "https://www.facebook.com/ascenddigitalng", icon: "facebook" },
  { name: "Instagram", href: "https://www.instagram.com/ascenddigitalng", icon: "instagram" },
  { name: "LinkedIn", href: "https://www.linkedin.com/company/ascenddigitalng", icon: "linkedin" },
  { name: "GitHub", href: "https://github.com/ascenddigitalng", icon: "github" },
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
      { name: "Book a discovery call", path: "/book" },
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
  message: (pageUrl: string) =>
    `Hi Ascend Digital, I'm looking at ${pageUrl} and would like to talk about my business.`,
} as const;
