import { site } from "./site";

/**
 * The ten case studies at /portfolio/{slug}. Three layouts render them, chosen by `layout`:
 * 'web' (screenshots, solution highlights, live preview), 'ads' (campaign figures) and the generic
 * 'crm' layout (client, category, hero image, challenge, intervention, testimonial, metrics, highlights).
 * Metric icons are keys; the feature maps them to icons.
 */
export type CaseStudyLayout = "web" | "ads" | "crm";
export type MetricIconKey =
  "trending-up" | "trending-down" | "users" | "clock" | "target" | "zap" | "calendar" | "bell";

export interface CaseStudyImage {
  src: string;
  alt: string;
  width: number;
  height: number;
}

interface KeyMetric {
  value: string;
  label: string;
  icon: MetricIconKey;
}

export interface CaseStudy {
  slug: string;
  layout: CaseStudyLayout;
  client: string;
  category: string;
  title: string;
  /** One or two sentences: the intro under the title and the page's meta description. */
  summary: string;
  heroImage: CaseStudyImage;
  challenge: string;
  intervention: string;
  impact: string;
  testimonial: { text: string; author: string } | null;
  keyMetrics: KeyMetric[];
  highlights: string[];
  /** Ads: how long the campaign ran, for example '6 weeks'. */
  duration?: string;
  screenshots?: CaseStudyImage[];
  /** Web: the live site, opened in a new tab. */
  livePreviewUrl?: string;
}

export const caseStudyText = {
  backToPortfolio: "Back to Portfolio",
  client: "Client",
  category: "Category",
  duration: "Campaign length",
  challenge: "The Challenge",
  intervention: "What We Did",
  impact: "The Impact",
  metrics: "Key Metrics",
  solutionHighlights: "Solution Highlights",
  strategyHighlights: "Strategy Highlights",
  screenshots: "Screenshots",
  livePreview: "View Live Site",
  cta: {
    title: "Want results like these?",
    description: "Tell us where your business is today and we'll show you the fastest way to the next level.",
    button: site.getStarted,
  },
} as const;

const image = (name: string, alt: string): CaseStudyImage => ({
  src: `/images/portfolio/${name}.svg`,
  alt,
  width: 800,
  height: 560,
});

const WEB = "Web Design";
const ADS = "Digital Ads";
const CRM = "CRM Automation";

const caseStudies: CaseStudy[] = [
  {
    slug: "zeta-brent-education",
    layout: "web",
    client: "Zeta Brent Education",
    category: WEB,
    title: "Zeta Brent Education Website Redesign",
    summary:
      "A study-abroad consultancy's dated website rebuilt into a fast, trustworthy site that books consultations.",
    heroImage: image("zeta-brent-education", "The redesigned Zeta Brent Education home page in a browser window"),
    challenge:
      "Students found the old site slow on mobile data and could not tell which programmes fitted them, so most left without enquiring.",
    intervention:
      "We rebuilt the site around clear programme pages, a country finder and a short consultation form, with pages that load quickly on 4G.",
    impact:
      "Enquiries now arrive with the student's destination and budget attached, and the team spends its time advising instead of chasing details.",
    testimonial: {
      text: "Parents tell us the new site makes us look like the serious firm we are.",
      author: "Director, Zeta Brent Education",
    },
    keyMetrics: [
      { value: "3x", label: "more consultation requests", icon: "trending-up" },
      { value: "1.8s", label: "mobile load time", icon: "zap" },
    ],
    highlights: [
      "Programme finder that filters by country, level and budget",
      "Consultation form that routes each enquiry to the right adviser",
      "Mobile-first layouts tested on mid-range Android phones",
      "Content management so the team updates intakes and deadlines itself",
    ],
    screenshots: [
      image("zeta-brent-education", "Home page with the headline 'Study abroad, guided all the way'"),
      image("zeta-brent-education-courses", "Programmes page where students compare courses"),
      image("zeta-brent-education-mobile", "The home page on a phone"),
    ],
  },
  {
    slug: "supreme-living-accommodations",
    layout: "web",
    client: "Supreme Living Accommodations",
    category: WEB,
    title: "Supreme Living Accommodations Web Design",
    summary: "A booking-first website for serviced apartments in Abuja that turns browsers into direct bookings.",
    heroImage: image("supreme-living-accommodations", "The Supreme Living Accommodations website in a browser window"),
    challenge:
      "Guests booked through third-party platforms that took a large commission, and the brand had no home of its own online.",
    intervention:
      "We designed a visual site with room galleries, amenities, reviews and a direct enquiry flow that connects to WhatsApp.",
    impact:
      "More guests now book direct, and returning guests find the apartments without going through a marketplace.",
    testimonial: null,
    keyMetrics: [{ value: "40%", label: "of bookings now direct", icon: "calendar" }],
    highlights: [
      "Room galleries with fast, lightweight images",
      "Direct booking enquiries sent straight to WhatsApp",
      "Location and amenities pages written for search",
      "Guest reviews placed where booking decisions are made",
    ],
    livePreviewUrl: "https://supremeliving.ng",
  },
  {
    slug: "zeta-brent-destinations",
    layout: "web",
    client: "Zeta Brent Destinations",
    category: WEB,
    title: "Zeta Brent Destinations Web Design",
    summary:
      "A travel agency website that presents holiday packages beautifully and sends every enquiry to the right agent.",
    heroImage: image("zeta-brent-destinations", "The Zeta Brent Destinations travel website in a browser window"),
    challenge:
      "Packages lived in social media posts that were hard to find later, and enquiries came in scattered across channels.",
    intervention:
      "We built package pages with itineraries and prices, a trip enquiry form and a simple way for the team to publish new deals.",
    impact: "Travellers can browse and enquire at any hour, and the team answers from one inbox instead of five.",
    testimonial: null,
    keyMetrics: [{ value: "2x", label: "more trip enquiries", icon: "trending-up" }],
    highlights: [
      "Package pages with itineraries, inclusions and prices",
      "Trip enquiry form with travel dates and group size",
      "Deals the team publishes in minutes, without a developer",
      "Fast pages that hold up on mobile data",
    ],
    livePreviewUrl: "https://zetabrentdestinations.com",
  },
  {
    slug: "zeta-brent-education-ads",
    layout: "ads",
    client: "Zeta Brent Education",
    category: ADS,
    title: "Zeta Brent Education Lead Generation Campaign",
    summary:
      "A six-week Facebook and Instagram campaign that delivered 1,268 qualified leads and cut the cost per lead by 47%.",
    heroImage: image(
      "zeta-brent-education-ads",
      "Campaign dashboard for Zeta Brent Education with rising lead numbers",
    ),
    challenge:
      "Earlier boosted posts brought likes but few serious students, and the cost of each real lead kept climbing.",
    intervention:
      "We built lead-form campaigns aimed at students and parents by intent, tested creatives weekly and connected leads to instant follow-up.",
    impact:
      "The consultation calendar filled, leads were answered faster, and bookings rose while the cost of each lead fell.",
    testimonial: {
      text: "We had more qualified conversations in six weeks than in the previous six months.",
      author: "Admissions lead, Zeta Brent Education",
    },
    duration: "6 weeks",
    keyMetrics: [
      { value: "1,268", label: "qualified leads", icon: "users" },
      { value: "47%", label: "cost-per-lead reduction", icon: "trending-down" },
      { value: "2.3x", label: "faster response rate", icon: "zap" },
      { value: "21%", label: "increase in bookings", icon: "calendar" },
    ],
    highlights: [
      "Audiences built around study intent, destinations and budget",
      "Weekly creative tests across video, carousel and static ads",
      "Instant lead forms with qualifying questions",
      "Leads pushed to the CRM for follow-up within minutes",
    ],
  },
  {
    slug: "noir-malika-paid-ads",
    layout: "ads",
    client: "Noir Malika",
    category: ADS,
    title: "Noir Malika Paid Social Campaign",
    summary: "Creative testing and retargeting for a fashion label that reached a 4.2x return on ad spend.",
    heroImage: image("noir-malika-paid-ads", "Campaign dashboard for Noir Malika showing a 4.2x return on ad spend"),
    challenge: "The brand's ads won attention but not sales: visitors browsed the collection and left without buying.",
    intervention:
      "We restructured the account into prospecting and retargeting, tested product-led creatives and set up catalogue ads for returning visitors.",
    impact: "Every naira of ad spend now returns several in sales, and the team knows which pieces to feature next.",
    testimonial: null,
    duration: "8 weeks",
    keyMetrics: [
      { value: "4.2x", label: "return on ad spend", icon: "trending-up" },
      { value: "38%", label: "lower cost per purchase", icon: "trending-down" },
    ],
    highlights: [
      "Prospecting and retargeting separated with clear budgets",
      "Catalogue ads for visitors who viewed products",
      "Creative tests on styling, models and price framing",
      "Weekly reports in plain language",
    ],
  },
  {
    slug: "mukki-paid-ads",
    layout: "ads",
    client: "Mukki",
    category: ADS,
    title: "Mukki Online Sales Campaign",
    summary: "Google and Meta campaigns that scaled a snack brand's online orders to a 12x return on ad spend.",
    heroImage: image("mukki-paid-ads", "Campaign dashboard for Mukki showing a 12x return on ad spend"),
    challenge:
      "Mukki sold well in stores but online orders were flat, and earlier ads could not show which spend produced sales.",
    intervention:
      "We set up conversion tracking, launched search and shopping campaigns for buyers already looking, and paired them with Meta retargeting.",
    impact: "Online orders climbed month over month, with spend moving to the campaigns that proved their return.",
    testimonial: {
      text: "For the first time we can see exactly what our ad money brings back.",
      author: "Founder, Mukki",
    },
    duration: "12 weeks",
    keyMetrics: [
      { value: "12x", label: "return on ad spend", icon: "trending-up" },
      { value: "3.9%", label: "click-through rate", icon: "target" },
    ],
    highlights: [
      "Conversion tracking on every order",
      "Search and shopping campaigns for high-intent buyers",
      "Meta retargeting for visitors who did not check out",
      "Budget moved weekly to the best performers",
    ],
  },
  {
    slug: "hawthorne-legal-crm",
    layout: "crm",
    client: "Hawthorne Legal",
    category: CRM,
    title: "Hawthorne Legal Client Intake Automation",
    summary: "Automated intake, reminders and follow-up for a law firm, with 65% fewer missed follow-ups.",
    heroImage: image("hawthorne-legal-crm", "Hawthorne Legal's CRM pipeline from enquiry to retained client"),
    challenge:
      "Enquiries arrived by phone, e-mail and web form, and busy lawyers forgot to call back prospective clients.",
    intervention:
      "We set up one pipeline for every enquiry, automatic acknowledgements, consultation booking and reminders for each follow-up due.",
    impact: "Every enquiry gets a reply the same day, and partners see at a glance which matters are waiting on them.",
    testimonial: {
      text: "Nothing falls through the cracks any more. Clients notice how quickly we respond.",
      author: "Managing Partner, Hawthorne Legal",
    },
    keyMetrics: [
      { value: "65%", label: "fewer missed follow-ups", icon: "bell" },
      { value: "Same day", label: "reply to every enquiry", icon: "clock" },
    ],
    highlights: [
      "All enquiry channels flow into one pipeline",
      "Instant acknowledgement e-mail and SMS",
      "Self-service consultation booking with reminders",
      "Task reminders for every follow-up due",
    ],
  },
  {
    slug: "profix-ventures-crm",
    layout: "crm",
    client: "Profix Ventures",
    category: CRM,
    title: "Profix Ventures Quote-to-Cash Pipeline",
    summary: "A quoting pipeline with automatic reminders that saves the Profix team 20 hours a week.",
    heroImage: image("profix-ventures-crm", "Profix Ventures' CRM pipeline from lead to won deal"),
    challenge:
      "Quotes were tracked in spreadsheets and chats, and staff spent hours each week chasing replies by hand.",
    intervention:
      "We moved leads and quotes into a CRM, automated quote follow-up and connected invoices so the team sees each deal end to end.",
    impact: "Warm leads no longer go cold, and the hours once spent chasing now go to serving customers.",
    testimonial: null,
    keyMetrics: [
      { value: "20 hours", label: "saved per week", icon: "clock" },
      { value: "30%", label: "more quotes accepted", icon: "trending-up" },
    ],
    highlights: [
      "Quote stages with automatic follow-up after 2 and 5 days",
      "One view of every deal, from lead to payment",
      "Templates for quotes and reminders",
      "Weekly pipeline report by e-mail",
    ],
  },
  {
    slug: "growth-dynamics-crm",
    layout: "crm",
    client: "Growth Dynamics",
    category: CRM,
    title: "Growth Dynamics Sales Pipeline and Nurture",
    summary: "Scattered spreadsheets replaced by one pipeline and nurture sequences for a consulting firm.",
    heroImage: image("growth-dynamics-crm", "Growth Dynamics' CRM pipeline from prospect to proposal"),
    challenge:
      "Prospects went quiet after a first call, and nobody owned the follow-up between discovery and proposal.",
    intervention:
      "We designed a pipeline with clear owners, nurture sequences for quiet prospects and a dashboard for weekly sales meetings.",
    impact:
      "Prospects hear from the firm at the right moments, and the weekly meeting starts from facts instead of memory.",
    testimonial: {
      text: "Our pipeline finally tells us the truth about where every deal stands.",
      author: "CEO, Growth Dynamics",
    },
    keyMetrics: [
      { value: "2x", label: "more proposals sent", icon: "trending-up" },
      { value: "12 hours", label: "saved per week", icon: "clock" },
    ],
    highlights: [
      "Deal owners and next steps on every card",
      "Nurture e-mails for prospects who go quiet",
      "Sales dashboard for the weekly meeting",
      "Lead sources tracked from first touch",
    ],
  },
  {
    slug: "maple-dental-clinic-crm",
    layout: "crm",
    client: "Maple Dental Clinic",
    category: CRM,
    title: "Maple Dental Clinic Booking and Recall Automation",
    summary: "Online booking, reminders and recall campaigns that keep a dental clinic's chairs full.",
    heroImage: image("maple-dental-clinic-crm", "Maple Dental Clinic's CRM board from new patient to recall"),
    challenge: "No-shows left gaps in the schedule, and patients due for check-ups were never reminded.",
    intervention:
      "We added online booking, SMS and WhatsApp reminders, and recall campaigns for patients due for their next visit.",
    impact: "Fewer empty chairs, more returning patients and a front desk that answers fewer scheduling calls.",
    testimonial: null,
    keyMetrics: [
      { value: "45%", label: "fewer no-shows", icon: "calendar" },
      { value: "60%", label: "fewer missed follow-ups", icon: "bell" },
    ],
    highlights: [
      "Online booking connected to the clinic calendar",
      "Reminders 48 hours and 2 hours before each visit",
      "Six-month recall campaigns",
      "Review requests after each appointment",
    ],
  },
];

export const caseStudySlugs: string[] = caseStudies.map((study) => study.slug);

export function findCaseStudy(slug: string | undefined): CaseStudy | undefined {
  return caseStudies.find((study) => study.slug === slug);
}
