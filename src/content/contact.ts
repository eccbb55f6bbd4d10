/**
 * Copy and choices of the contact page and the thank-you page. The option values are the stored
 * answers (spec section 3, "Contact form"); labels are what a visitor reads.
 */
export type ServiceId = "web-design" | "crm" | "paid-ads";
type YesNo = "" | "yes" | "no";

export interface Option<T extends string = string> {
  value: T;
  label: string;
}

/** The answers, as stored in sessionStorage under `contactStorageKey`. */
export interface ContactRequest {
  service: ServiceId | "";
  hasWebsite: YesNo;
  webPackage: string;
  reference: string;
  features: string[];
  useCRM: YesNo;
  crmPackage: string;
  teamSize: string;
  challenge: string;
  adPlatform: string;
  adPackage: string;
  hasRunAds: YesNo;
  roas: string;
  fullName: string;
  companyName: string;
  email: string;
  phone: string;
  message: string;
}

export const emptyContactRequest: ContactRequest = {
  service: "",
  hasWebsite: "",
  webPackage: "",
  reference: "",
  features: [],
  useCRM: "",
  crmPackage: "",
  teamSize: "",
  challenge: "",
  adPlatform: "",
  adPackage: "",
  hasRunAds: "",
  roas: "",
  fullName: "",
  companyName: "",
  email: "",
  phone: "",
  message: "",
};

export const contactStorageKey = "contact-request";
/** The token that books the enquiry's call from /thank-you (api/contact.ts's `bookingToken`), in sessionStorage. */
export const bookingTokenStorageKey = "contact-booking-token";

export const serviceOptions: (Option<ServiceId> & { description: string })[] = [
  { value: "web-design", label: "Web Design", description: "A fast, modern website that turns visitors into leads." },
  { value: "crm", label: "CRM Automation", description: "Follow-ups, pipelines and reminders that run themselves." },
  {
    value: "paid-ads",
    label: "Paid Ads Management",
    description: "Facebook and Google campaigns built around your numbers.",
  },
];

export const yesNoOptions: Option<"yes" | "no">[] = [
  { value: "yes", label: "Yes" },
  { value: "no", label: "No" },
];

export const webPackages: Option[] = [
  { value: "LaunchSite", label: "LaunchSite" },
  { value: "GrowthSite", label: "GrowthSite" },
  { value: "ShopSite OS", label: "ShopSite OS" },
];

export const webFeatures: Option[] = [
  { value: "speed", label: "Speed" },
  { value: "animations", label: "Animations" },
  { value: "lead-form", label: "Lead form" },
  { value: "e-commerce", label: "E-commerce" },
  { value: "others", label: "Others" },
];

export const crmPackages: Option[] = [
  { value: "CustomerFlow", label: "CustomerFlow" },
  { value: "CustomerFlow Pro", label: "CustomerFlow Pro" },
  { value: "CustomerFlow OS", label: "CustomerFlow OS" },
];

export const adPlatforms: Option[] = [
  { value: "facebook", label: "Facebook" },
  { value: "google", label: "Google" },
  { value: "both", label: "Both" },
];

export const adPackages: Option[] = [
  { value: "AdIgnite", label: "AdIgnite" },
  { value: "AdGrowth", label: "AdGrowth" },
  { value: "AdEngine OS", label: "AdEngine OS" },
];

export const roasBands: Option[] = [
  { value: "<1x", label: "Less than 1x" },
  { value: "1-2x", label: "1-2x" },
  { value: "2-5x", label: "2-5x" },
  { value: "5x+", label: "5x+" },
];

export const contactCopy = {
  seo: {
    title: "Contact Us | Ascend Digital",
    description:
      "Tell Ascend Digital about your business: web design, CRM automation or paid ads. Book a free discovery call with our team in Abuja.",
  },
  eyebrow: "Contact",
  heading: "Let's build your system.",
  intro:
    "Tell us what you need and we'll come back with a plan. Prefer our full intake form? Use Get Started and it opens in a new tab.",
  getStarted: "Get Started",
  formHeading: "Tell us about your project",
  legends: {
    service: "Which service do you need?",
    webDesign: "Web design details",
    crm: "CRM automation details",
    paidAds: "Paid ads details",
    contact: "Your details",
    hasWebsite: "Do you already have a website?",
    webPackage: "Which package interests you?",
    features: "Which features matter most?",
    useCRM: "Do you currently use a CRM?",
    crmPackage: "Which package interests you?",
    adPlatform: "Which platform do you want to advertise on?",
    adPackage: "Which package interests you?",
    hasRunAds: "Have you run ads before?",
    roas: "What is the highest ROAS you have achieved?",
  },
  labels: {
    reference: "Reference sites or styles you like",
    teamSize: "How many team members need access?",
    challenge: "What is your biggest sales or lead challenge?",
    fullName: "Full name",
    companyName: "Company name",
    email: "Email address",
    phone: "Phone number",
    message: "Message (optional)",
  },
  placeholders: {
    reference: "e.g. stripe.com, a clean minimal look",
    fullName: "e.g. Amaka Okafor",
    email: "you@company.com",
    phone: "+234 800 000 0000",
  },
  requiredHint: "Fields marked * are required.",
  errors: {
    fullName: "Please enter your full name.",
    emailMissing: "Please enter your email address.",
    emailInvalid: "Please enter a valid email address, like name@company.com.",
    summary: "Please fix the highlighted fields.",
    tooLong: (label: string, max: number) => `“${label}” can be at most ${max.toLocaleString("en-US")} characters.`,
    choice: (label: string) => `Please pick one of the offered answers to “${label}”.`,
    phone: "Please enter a phone number with digits, spaces, +, brackets or dashes only.",
    teamSize: "Please enter the number of team members as a whole number from 1 to 100,000.",
    text: (label: string) => `“${label}” must be text.`,
  },
  /** What the visitor reads when the enquiry could not be sent; every answer stays in the form. */
  failure: {
    heading: "Your details were not sent",
    network: "We could not reach our server. Check your connection and try again.",
    server: "Something went wrong on our side.",
    kept: "Everything you typed is still here.",
    retry: "Try again",
    alternatives: "Or reach us directly:",
    email: "Email us",
    whatsapp: "Chat on WhatsApp",
  },
  sending: "Sending…",
  submit: "Send My Details",
  aside: {
    heading: "Prefer to talk?",
    body: "Reach our team directly. We reply within one business day, Monday to Friday.",
    emailLabel: "Email",
    phoneLabel: "Phone",
    whatsappLabel: "WhatsApp",
    whatsappCta: "Chat with our team",
    locationLabel: "Office",
    nextHeading: "What happens next",
    nextSteps: [
      "We review your answers within one business day.",
      "We book a free, no-obligation discovery call.",
      "You receive a tailored proposal and strategy plan.",
    ],
  },
  faqHeading: "Frequently asked questions",
  faqEyebrow: "FAQ",
} as const;

export const thankYouCopy = {
  seo: {
    title: "You're Booked In! | Ascend Digital",
    description: "Your request has reached Ascend Digital. A personalised strategy plan is on its way.",
  },
  heading: "You're Booked In!",
  /** By first name when this tab sent the enquiry; the page opened otherwise says it without. */
  greeting: (firstName: string | null) => (firstName ? `Thank you, ${firstName}.` : "Thank you."),
  message:
    "We've received your request. Pick a time below for your free discovery call, and we'll bring a personalised strategy plan to it.",
  nextSteps: "Keep an eye on your inbox: the invitation comes by e-mail as soon as you book.",
  /** Opened without an enquiry of this visit (no booking token): book with name and e-mail instead. */
  noToken: "Want to talk it through? Book a free discovery call at a time that suits you.",
  /** The link to /book (also on /contact, in the hero). */
  bookCall: "Book a free discovery call",
  home: "Return to Homepage",
} as const;

const { labels, legends } = contactCopy;

/** How each answer is named in a message (errors, the team's e-mail), as the form labels it. */
export const leadFieldLabels: Record<keyof ContactRequest, string> = {
  service: legends.service,
  hasWebsite: legends.hasWebsite,
  webPackage: `${legends.webDesign}: ${legends.webPackage}`,
  reference: labels.reference,
  features: legends.features,
  useCRM: legends.useCRM,
  crmPackage: `${legends.crm}: ${legends.crmPackage}`,
  teamSize: labels.teamSize,
  challenge: labels.challenge,
  adPlatform: legends.adPlatform,
  adPackage: `${legends.paidAds}: ${legends.adPackage}`,
  hasRunAds: legends.hasRunAds,
  roas: legends.roas,
  fullName: labels.fullName,
  companyName: labels.companyName,
  email: labels.email,
  phone: labels.phone,
  message: labels.message.replace(/\s*\(optional\)$/, ""),
};

/**
 * The form as the rules of an enquiry read it (src/lib/lead-rules.ts's LeadForm, given by the contact
 * form and api/contact): each answer's name, the offered answers, the error messages.
 */
export const leadForm = {
  labels: leadFieldLabels,
  choices: {
    service: serviceOptions,
    hasWebsite: yesNoOptions,
    webPackage: webPackages,
    useCRM: yesNoOptions,
    crmPackage: crmPackages,
    adPlatform: adPlatforms,
    adPackage: adPackages,
    hasRunAds: yesNoOptions,
    roas: roasBands,
  },
  features: webFeatures,
  errors: contactCopy.errors,
};
