/** The icons the home page's cards name; features/home/home-icons.ts maps each name to an icon. */
export type HomeIconName =
  | "briefcase"
  | "file-text"
  | "heart-handshake"
  | "lightbulb"
  | "magnet"
  | "megaphone"
  | "monitor-smartphone"
  | "phone-call"
  | "rocket"
  | "workflow";

/**
 * Copy and constants of the home page (spec sections 2 'Home', 3 and 9). Components in
 * src/features/home render these values and never hard-code text.
 */

/** Which drawn illustration a hero tab shows (inline SVG components in features/home). */
export type HeroIllustration = "browser-mockup" | "crm-pipeline" | "ads-chart";

export interface HeroTab {
  id: "design" | "automate" | "grow";
  label: string;
  title: string;
  description: string;
  /** Text alternative of the illustration. */
  imageText: string;
  image: HeroIllustration;
}

export const heroTabs: [HeroTab, HeroTab, HeroTab] = [
  {
    id: "design",
    label: "Design",
    title: "Pixel-Perfect Web Design",
    description:
      "Fast, responsive websites crafted to turn visitors into customers: clear messaging, clean layouts and lead capture built in from day one.",
    imageText: "A website mock-up in a browser window: headline, call-to-action button and service cards",
    image: "browser-mockup",
  },
  {
    id: "automate",
    label: "Automate",
    title: "Intelligent CRM Automation",
    description:
      "Nurture leads and close deals on autopilot. Every enquiry is captured, followed up and moved through your pipeline without a single missed message.",
    imageText: "A CRM pipeline board with lead cards moving from New Lead to Contacted, Proposal and Won",
    image: "crm-pipeline",
  },
  {
    id: "grow",
    label: "Grow",
    title: "Data-Driven Ad Campaigns",
    description:
      "Google and Facebook campaigns built on real numbers: sharp targeting, tested creatives and clear reporting that shows what every naira returns.",
    imageText: "An ad results dashboard with a rising chart of leads and return on ad spend",
    image: "ads-chart",
  },
];

/** Seconds the hero's highlight and content take to move between tabs (spec: 0.4 to 0.5 s). */
export const HERO_TAB_TRANSITION_S = 0.45;

export const hero = {
  eyebrow: "Digital agency · Abuja, Nigeria",
  tablistLabel: "What we do",
  ctaLabel: "Get Started",
  secondaryLabel: "Explore services",
  secondaryPath: "/services",
  trustNote: "Free discovery call · No obligation",
};

export const about = {
  eyebrow: "About us",
  title: "A small studio that builds systems, not gimmicks",
  paragraphs: [
    "We are a digital agency in Abuja helping small and growing businesses win more customers online. We design the website, automate the follow-up and run the ads, so every part of the funnel talks to the next.",
    "No bloated retainers and no vanity metrics: just lean tools that your team can actually use, and numbers you can check.",
  ],
  quote:
    "We build lean, automated systems that quietly do the work: no gimmicks, no fluff, just websites, pipelines and campaigns that bring in customers.",
  founder: {
    name: "Adaeze Nwankwo",
    role: "Founder & Lead Strategist",
    initials: "AN",
  },
  highlights: ["Strategy before software", "Built for mobile-first Nigerian customers", "Clear monthly reporting"],
};

export interface ServiceCard {
  /** The services page tab that the card links to (/services#id). */
  id: "web-development" | "crm-automation" | "paid-ads";
  icon: HomeIconName;
  title: string;
  description: string;
  /** Tailwind classes for the icon badge. */
  color: string;
}

export const servicesSection = {
  eyebrow: "Services",
  title: "Everything you need to grow online",
  description: "Three services that work on their own and work even better together.",
  linkLabel: "Learn more",
};

export const serviceCards: ServiceCard[] = [
  {
    id: "web-development",
    icon: "monitor-smartphone",
    title: "Web Development",
    description:
      "Responsive sites that convert: fast on every phone, easy to update and built around a clear call to action.",
    color: "bg-brand-50 text-brand-700",
  },
  {
    id: "crm-automation",
    icon: "workflow",
    title: "CRM Automation",
    description:
      "Capture every lead, automate follow-ups and reminders, and see your whole sales pipeline in one place.",
    color: "bg-accent-300/50 text-amber-800",
  },
  {
    id: "paid-ads",
    icon: "megaphone",
    title: "Facebook & Google Ads",
    description:
      "Targeted campaigns with tested creatives and honest reporting, tuned for cost per lead and return on ad spend.",
    color: "bg-emerald-50 text-emerald-700",
  },
];

export interface ProcessStep {
  icon: HomeIconName;
  title: string;
  description: string;
}

export const processSection = {
  eyebrow: "Process",
  title: "How It Works",
  description: "From first call to launch in four clear steps.",
  stepLabel: (index: number) => `Step ${index + 1}`,
};

export const processSteps: ProcessStep[] = [
  {
    icon: "phone-call",
    title: "Book a Free Call",
    description: "A free, no-obligation call to learn about your business and what you want to achieve.",
  },
  {
    icon: "lightbulb",
    title: "We Listen & Strategize",
    description: "A deep dive into your goals and challenges, so the plan fits how you actually sell.",
  },
  {
    icon: "file-text",
    title: "Get a Custom Proposal",
    description: "A detailed proposal tailored to your needs, with scope, timeline and price spelled out.",
  },
  {
    icon: "rocket",
    title: "Project Launch",
    description: "Once you approve, we build, test and launch, then hand over a system your team can run.",
  },
];

export interface StatItem {
  icon: HomeIconName;
  value: number;
  label: string;
  prefix: string;
  suffix: string;
  /** Tailwind classes for the icon badge. */
  color: string;
}

/** Default time the stat counters take to count from 0 to their value (spec section 9). */
export const STAT_COUNT_DURATION_MS = 1500;

export const statsSection = {
  eyebrow: "Results",
  title: "Numbers Don't Lie",
  description: "The work so far, in figures.",
};

export const stats: StatItem[] = [
  {
    icon: "briefcase",
    value: 150,
    label: "Projects Completed",
    prefix: "+",
    suffix: "",
    color: "bg-brand-500/20 text-brand-200",
  },
  {
    icon: "magnet",
    value: 8200,
    label: "Leads Captured",
    prefix: "+",
    suffix: "",
    color: "bg-accent-400/20 text-accent-300",
  },
  {
    icon: "megaphone",
    value: 400,
    label: "Campaigns Launched",
    prefix: "+",
    suffix: "",
    color: "bg-emerald-400/20 text-emerald-300",
  },
  {
    icon: "heart-handshake",
    value: 98,
    label: "Clients Served",
    prefix: "",
    suffix: "%",
    color: "bg-pink-400/20 text-pink-200",
  },
];

export const homeSeo = {
  title: "Premium Digital Agency | Web Development, CRM & Ads",
  description:
    "Ascend Digital is an Abuja agency for web development, CRM automation and Google and Facebook ad management that helps growing businesses win and keep more customers.",
  path: "/",
};
