import { site } from "./site";

/**
 * The portfolio list. Every image is an SVG mock-up drawn for this site (public/images/portfolio),
 * 800x560. A project without `link` is upcoming: its button raises the 'coming soon' toast.
 */
export type PortfolioCategory = "web-design" | "crm" | "ads";
export type PortfolioFilter = "all" | PortfolioCategory;

export interface PortfolioProject {
  id: number;
  title: string;
  category: PortfolioCategory;
  description: string;
  /** Foreground image; empty when the card shows only its background. */
  image: string;
  alt: string;
  /** Path of the case study, for example '/portfolio/mukki-paid-ads'; absent when not published yet. */
  link?: string;
  bgImage: string;
}

export const PORTFOLIO_IMAGE = { width: 800, height: 560 } as const;

export const portfolioPage = {
  seo: {
    title: `Portfolio | ${site.name}`,
    description:
      "Websites, CRM automation and paid ad campaigns we have built for schools, travel, hospitality, legal, dental and retail brands in Nigeria and beyond.",
    path: "/portfolio",
  },
  eyebrow: "Our work",
  title: "Results We've Delivered",
  description:
    "Real projects for real businesses: websites that convert, CRMs that follow up and ads that pay for themselves.",
  filterLabel: "Filter projects by category",
  viewProject: "View Project",
  categoryLabels: { "web-design": "Web Design", crm: "CRM Automation", ads: "Digital Ads" } satisfies Record<
    PortfolioCategory,
    string
  >,
  comingSoonToast: { title: "Project details coming soon!", description: "This feature isn't implemented yet..." },
  cta: {
    title: "Ready to Join Our Success Stories?",
    description:
      "Tell us about your business and we'll map out the website, automation or campaign that moves your numbers.",
    button: site.getStarted,
  },
} as const;

export const portfolioFilters: { id: PortfolioFilter; label: string }[] = [
  { id: "all", label: "All Projects" },
  { id: "web-design", label: "Web Design" },
  { id: "crm", label: "CRM Automation" },
  { id: "ads", label: "Digital Ads" },
];

const img = (name: string) => `/images/portfolio/${name}.svg`;

function project(
  id: number,
  slug: string,
  title: string,
  category: PortfolioCategory,
  description: string,
  alt: string,
): PortfolioProject {
  return { id, title, category, description, image: "", alt, link: `/portfolio/${slug}`, bgImage: img(slug) };
}

export const portfolioProjects: PortfolioProject[] = [
  project(
    1,
    "zeta-brent-education",
    "Zeta Brent Education",
    "web-design",
    "A study-abroad consultancy's website redesigned to turn curious students into booked consultations.",
    "Mock-up of the Zeta Brent Education website home page in a browser window",
  ),
  project(
    2,
    "supreme-living-accommodations",
    "Supreme Living Accommodations",
    "web-design",
    "A booking-first site for serviced apartments in Abuja, with room galleries and direct enquiries.",
    "Mock-up of the Supreme Living Accommodations website in a browser window",
  ),
  project(
    3,
    "zeta-brent-destinations",
    "Zeta Brent Destinations",
    "web-design",
    "A travel agency website that showcases packages and routes every enquiry to the right agent.",
    "Mock-up of the Zeta Brent Destinations travel website in a browser window",
  ),
  project(
    4,
    "zeta-brent-education-ads",
    "Zeta Brent Education Ads",
    "ads",
    "A six-week lead campaign on Facebook and Instagram that filled the consultation calendar.",
    "Ad results chart for Zeta Brent Education showing rising qualified leads",
  ),
  project(
    5,
    "noir-malika-paid-ads",
    "Noir Malika",
    "ads",
    "Paid social for a fashion label: creative testing and retargeting that reached 4.2x return on ad spend.",
    "Ad results chart for Noir Malika showing a 4.2x return on ad spend",
  ),
  project(
    6,
    "mukki-paid-ads",
    "Mukki",
    "ads",
    "Scaling a snack brand's online sales with Google and Meta campaigns that returned 12x ad spend.",
    "Ad results chart for Mukki showing a 12x return on ad spend",
  ),
  project(
    7,
    "hawthorne-legal-crm",
    "Hawthorne Legal",
    "crm",
    "Intake, reminders and follow-up automated for a law firm, so no enquiry waits for a call back.",
    "CRM pipeline board for Hawthorne Legal with enquiry, consultation and retained columns",
  ),
  project(
    8,
    "profix-ventures-crm",
    "Profix Ventures",
    "crm",
    "A quoting pipeline with automated reminders that stopped warm leads from going cold.",
    "CRM pipeline board for Profix Ventures with lead, quote and won columns",
  ),
  project(
    9,
    "growth-dynamics-crm",
    "Growth Dynamics",
    "crm",
    "A consulting firm's scattered spreadsheets replaced by one pipeline and automatic nurture sequences.",
    "CRM pipeline board for Growth Dynamics with prospect, discovery and proposal columns",
  ),
  project(
    10,
    "maple-dental-clinic-crm",
    "Maple Dental Clinic",
    "crm",
    "Online booking, reminders and recall campaigns that keep a dental clinic's chairs full.",
    "CRM pipeline board for Maple Dental Clinic with new patient, booked and recall columns",
  ),
  {
    id: 11,
    title: "Ember Bistro Online Ordering",
    category: "web-design",
    description:
      "An ordering website for a Lagos restaurant, with pick-up slots and WhatsApp order updates. Launching soon.",
    image: "",
    alt: "Mock-up of the Ember Bistro ordering website in a browser window",
    bgImage: img("upcoming-lagos-bistro"),
  },
];
