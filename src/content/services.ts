import { config } from "../config";
import { site } from "./site";

/**
 * The services page: three services, their features and the pricing packages of spec section 9.
 * `section` names the section component that renders a service's own tab; it is a key, not a
 * component, so this module stays plain data. `icon` keys are mapped to icons by the feature.
 */
export type ServiceId = "web-development" | "crm-automation" | "paid-ads";
export type ServiceSectionKey = "web" | "crm" | "ads";
export type ServiceIconKey = "code" | "workflow" | "megaphone";

interface Package {
  name: string;
  description: string;
  /** Display text, for example '₦300,000' or 'Custom'. */
  price: string;
  /** Display text, for example 'one-time'. */
  period: string;
  features: string[];
  cta: { text: string; link: string };
  recommended: boolean;
}

export interface Service {
  id: ServiceId;
  name: string;
  hero: { title: string; subtitle: string };
  features: { title: string; description: string }[];
  pricing: { icon: ServiceIconKey; heading: string; subheading: string; packages: Package[] };
  section: ServiceSectionKey;
}

const getStarted = { text: site.getStarted, link: config.intakeFormUrl };

export const servicesPage = {
  seo: {
    title: `Services | ${site.name}`,
    description:
      "Web design and development, CRM automation and Facebook & Google ads management, with clear packages and prices in naira and dollars.",
    path: "/services",
  },
  eyebrow: "What we do",
  title: "Our Digital Solutions",
  description:
    "Three services that work as one system: a website that converts, a CRM that follows up for you, and ads that bring the right people in.",
  allTabLabel: "All Services",
  tablistLabel: "Choose a service",
  viewDetails: "View Details & Pricing",
  loading: "Loading...",
  mostPopular: "Most Popular",
  /** Delay before the page scrolls to the tab that the URL hash opened (spec section 9). */
  hashScrollDelayMs: 100,
} as const;

export const services: Service[] = [
  {
    id: "web-development",
    name: "Web Development",
    section: "web",
    hero: {
      title: "Websites That Turn Visitors Into Clients",
      subtitle: "Fast, responsive, search-ready sites designed around one goal: more enquiries for your business.",
    },
    features: [
      {
        title: "Responsive Design",
        description: "Layouts that look sharp and load fast on every phone, tablet and laptop.",
      },
      {
        title: "Conversion Focused",
        description: "Clear calls to action and lead forms placed where visitors decide.",
      },
      { title: "SEO Foundations", description: "Clean structure, metadata and speed so customers find you on Google." },
      { title: "Content Management", description: "Update pages, posts and offers yourself without touching code." },
      { title: "Speed Optimised", description: "Lean pages that stay quick on mid-range Android phones and 4G data." },
      { title: "Ongoing Support", description: "Fixes, updates and advice after launch, so your site keeps working." },
    ],
    pricing: {
      icon: "code",
      heading: "Website Packages",
      subheading: "One-time payment in naira. Hosting guidance included.",
      packages: [
        {
          name: "LaunchSite",
          description: "A professional online presence for new and small businesses.",
          price: "₦100,000",
          period: "one-time",
          features: ["Up to 3 pages", "Contact form", "Mobile responsive", "Basic on-page SEO", "3 months support"],
          cta: getStarted,
          recommended: false,
        },
        {
          name: "GrowthSite",
          description: "A lead-generating website for businesses ready to grow.",
          price: "₦300,000",
          period: "one-time",
          features: [
            "Up to 10 pages",
            "Content management system (CMS)",
            "Blog",
            "Lead capture forms",
            "Advanced SEO",
            "6 months support",
          ],
          cta: getStarted,
          recommended: true,
        },
        {
          name: "ShopSite OS",
          description: "A complete online store that sells while you sleep.",
          price: "₦800,000",
          period: "one-time",
          features: [
            "E-commerce store",
            "Payment gateway integration",
            "Inventory tracking",
            "Abandoned cart emails",
            "Order notifications",
            "12 months support",
          ],
          cta: getStarted,
          recommended: false,
        },
      ],
    },
  },
  {
    id: "crm-automation",
    name: "CRM Automation",
    section: "crm",
    hero: {
      title: "Follow-Up That Never Forgets",
      subtitle: "We set up your CRM, pipelines and automations so every lead is nurtured and every deal is tracked.",
    },
    features: [
      {
        title: "Pipeline Setup",
        description: "Stages that match how you sell, so you always know where each deal stands.",
      },
      {
        title: "Automated Follow-Up",
        description: "Email, SMS and WhatsApp sequences that reply in minutes, not days.",
      },
      { title: "Lead Capture", description: "Forms, ads and website enquiries flow straight into your CRM." },
      { title: "Appointment Booking", description: "Calendars with reminders that cut no-shows and back-and-forth." },
      { title: "Reporting Dashboards", description: "See leads, conversions and revenue at a glance, every day." },
      { title: "Team Training", description: "Hands-on sessions so your team actually uses the system." },
    ],
    pricing: {
      icon: "workflow",
      heading: "CRM Automation Packages",
      subheading: "Priced per setup in US dollars. CRM subscription billed separately by the provider.",
      packages: [
        {
          name: "Essential Automation",
          description: "The core pipeline and follow-up every small team needs.",
          price: "$950",
          period: "per setup",
          features: [
            "CRM account setup",
            "1 sales pipeline",
            "Lead capture form",
            "Automated email follow-up",
            "2-hour training",
          ],
          cta: getStarted,
          recommended: false,
        },
        {
          name: "Growth Engine",
          description: "Multi-channel automation for teams that want to scale.",
          price: "$2,200",
          period: "per setup",
          features: [
            "Up to 3 pipelines",
            "Email, SMS and WhatsApp sequences",
            "Appointment booking and reminders",
            "Reporting dashboard",
            "4-hour training and support",
          ],
          cta: getStarted,
          recommended: true,
        },
        {
          name: "Full System Build",
          description: "A complete, custom operating system for your sales and service.",
          price: "Custom",
          period: "per setup",
          features: [
            "Custom pipelines and workflows",
            "Integrations with your tools",
            "Data migration",
            "Team roles and permissions",
            "Ongoing optimisation",
          ],
          cta: { text: "Book a Call", link: config.intakeFormUrl },
          recommended: false,
        },
      ],
    },
  },
  {
    id: "paid-ads",
    name: "Paid Ads",
    section: "ads",
    hero: {
      title: "Ads That Bring Buyers, Not Just Clicks",
      subtitle: "Facebook, Instagram and Google campaigns built on data, tested creatives and clear reporting.",
    },
    features: [
      {
        title: "Audience Research",
        description: "We find the people most likely to buy and the words that move them.",
      },
      {
        title: "Creative That Converts",
        description: "Scroll-stopping images, video and copy, tested against each other.",
      },
      { title: "Campaign Setup", description: "Pixels, conversions and campaign structure done right from day one." },
      { title: "Retargeting", description: "Bring back visitors who showed interest but did not buy yet." },
      {
        title: "Budget Optimisation",
        description: "Spend moves to the ads and audiences that deliver the best return.",
      },
      { title: "Clear Reporting", description: "Plain-language reports on leads, sales and return on ad spend." },
    ],
    pricing: {
      icon: "megaphone",
      heading: "Paid Ads Packages",
      subheading: "Priced per setup in naira. Ad spend is excluded and paid directly to the platforms.",
      packages: [
        {
          name: "AdIgnite",
          description: "A focused first campaign to test your market.",
          price: "₦80,000",
          period: "per setup, ad spend excluded",
          features: ["1 platform", "1 campaign", "2 creatives", "Pixel and conversion setup", "End-of-campaign report"],
          cta: getStarted,
          recommended: false,
        },
        {
          name: "AdGrowth",
          description: "A full funnel across two platforms for steady growth.",
          price: "₦250,000",
          period: "per setup, ad spend excluded",
          features: [
            "2 platforms",
            "3 campaigns",
            "Retargeting",
            "Funnel strategy",
            "6 creatives",
            "Bi-weekly reports",
          ],
          cta: getStarted,
          recommended: true,
        },
        {
          name: "AdEngine OS",
          description: "A scaled advertising engine wired into your sales system.",
          price: "₦500,000",
          period: "per setup, ad spend excluded",
          features: [
            "2+ platforms",
            "6+ campaigns",
            "CRM integration",
            "Dashboard reporting",
            "Creative testing programme",
            "Weekly strategy calls",
          ],
          cta: getStarted,
          recommended: false,
        },
      ],
    },
  },
];

export function findService(id: string): Service | undefined {
  return services.find((service) => service.id === id);
}
