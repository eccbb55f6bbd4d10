import { config } from "../config";
import { site } from "./site";

/**
 * Terms & Conditions and Privacy Policy as data: one {title, paragraphs[]} per numbered section.
 * Rendered by the shared LegalPage layout, which numbers the sections and builds the table of
 * contents from these titles.
 */
interface LegalSection {
  title: string;
  paragraphs: string[];
}

export interface LegalDocument {
  title: string;
  seoTitle: string;
  description: string;
  path: string;
  /** As shown, e.g. 'July 4, 2024'. */
  lastUpdated: string;
  /** The same date for <time dateTime>, e.g. '2024-07-04'. */
  lastUpdatedIso: string;
  intro: string;
  sections: LegalSection[];
}

/** Each document keeps its own date: it changes when that document's text changes. */
const termsLastUpdated = { shown: "July 4, 2024", iso: "2024-07-04" } as const;
/** The policy gained what is shared with Meta and Google, with consent, on this date. */
const privacyLastUpdated = { shown: "November 25, 2026", iso: "2026-11-25" } as const;

export const legalCopy = {
  lastUpdatedLabel: "Last updated",
  contentsHeading: "Contents",
} as const;

const email = config.contactEmail;
const name = site.name;

export const terms: LegalDocument = {
  title: "Terms & Conditions",
  seoTitle: `Terms & Conditions | ${name}`,
  description: `The terms that govern web design, CRM automation and paid ads services provided by ${name}, Abuja.`,
  path: "/terms",
  lastUpdated: termsLastUpdated.shown,
  lastUpdatedIso: termsLastUpdated.iso,
  intro: `These Terms & Conditions govern your use of our website and the services provided by ${name}, a digital agency based in Abuja, Federal Capital Territory, Nigeria ("${name}", "we", "us"). Please read them carefully before engaging us.`,
  sections: [
    {
      title: "Acceptance of These Terms",
      paragraphs: [
        "By using this website, booking a call, accepting a proposal or paying an invoice, you agree to be bound by these Terms. If you are engaging us on behalf of a company, you confirm that you have authority to bind that company.",
        "Where a signed proposal or service agreement conflicts with these Terms, the signed document prevails for that project.",
      ],
    },
    {
      title: "Our Services",
      paragraphs: [
        "We provide website design and development, CRM setup and automation, and paid advertising management on platforms such as Facebook, Instagram and Google. The exact deliverables, timelines and prices for each engagement are set out in your proposal.",
        "Work that is not described in the proposal is outside the agreed scope and will be quoted separately before it begins.",
      ],
    },
    {
      title: "Proposals and Project Scope",
      paragraphs: [
        "Proposals are valid for 14 days from the date of issue. Prices are quoted in Nigerian naira unless the proposal states another currency.",
        "Timelines depend on receiving your content, feedback and access details on time. Delays on the client's side extend the timeline accordingly.",
      ],
    },
    {
      title: "Payment Terms",
      paragraphs: [
        "Project work requires a non-refundable deposit of 50% of the project fee before work begins. The remaining 50% is due on completion, before the final handover or launch.",
        "Monthly retainers, including ads management and CRM support, are billed in advance and are due on the 1st day of each month. Services may be paused if a retainer invoice remains unpaid seven days after its due date.",
        "Advertising spend is paid by the client directly to the platform and is not included in our management fees.",
      ],
    },
    {
      title: "Client Responsibilities",
      paragraphs: [
        "You agree to supply accurate information, lawful content and timely access to the accounts, domains and tools we need, and to review and approve work within the agreed periods.",
        "You are responsible for ensuring that the content, images and trademarks you give us do not infringe anyone's rights.",
      ],
    },
    {
      title: "Intellectual Property",
      paragraphs: [
        "When the project is paid in full, ownership of the final deliverables created specifically for you passes to you. Until then, all work remains our property.",
        "We keep ownership of our pre-existing tools, templates, code libraries and know-how, and grant you a licence to use them as part of your deliverables. We may show completed work in our portfolio unless you ask us in writing not to.",
      ],
    },
    {
      title: "Third-Party Platforms and Results",
      paragraphs: [
        "Our services rely on third-party platforms such as hosting providers, CRM software, payment gateways and advertising networks. We are not responsible for their outages, policy changes, fees or account decisions.",
        "Marketing results depend on many factors outside our control. We do not guarantee specific rankings, leads, sales or returns on ad spend.",
      ],
    },
    {
      title: "Cancellation and Termination",
      paragraphs: [
        "Either party may cancel a monthly retainer or ongoing service by giving 30 days' written notice, by e-mail or letter. Fees for the notice period remain payable.",
        "If a project is cancelled after work has begun, the deposit is retained and any work completed beyond the value of the deposit will be invoiced.",
      ],
    },
    {
      title: "Limitation of Liability",
      paragraphs: [
        "To the fullest extent permitted by law, our total liability arising from or relating to any service is limited to the amount you paid us for that service.",
        "We are not liable for indirect or consequential losses, including loss of profit, revenue, data or business opportunity.",
      ],
    },
    {
      title: "Governing Law and Disputes",
      paragraphs: [
        "These Terms are governed by the laws of the Federal Republic of Nigeria. The parties will first try to resolve any dispute through good-faith negotiation.",
        "If a dispute cannot be resolved within 30 days, it shall be submitted to the courts of the Federal Capital Territory, Abuja.",
      ],
    },
    {
      title: "Changes to These Terms and Contact",
      paragraphs: [
        "We may update these Terms from time to time. The date at the top of this page shows when they last changed; the version in force when you accepted a proposal applies to that project.",
        `Questions about these Terms? Write to us at ${email}.`,
      ],
    },
  ],
};

export const privacy: LegalDocument = {
  title: "Privacy Policy",
  seoTitle: `Privacy Policy | ${name}`,
  description: `How ${name} collects, uses and protects your personal data under the Nigeria Data Protection Act 2023.`,
  path: "/privacy",
  lastUpdated: privacyLastUpdated.shown,
  lastUpdatedIso: privacyLastUpdated.iso,
  intro: `This Privacy Policy explains how ${name}, a digital agency based in Abuja, Nigeria, collects, uses and protects your personal data when you visit our website or use our services. We process personal data in line with the Nigeria Data Protection Act 2023 (NDPA) and the Nigeria Data Protection Regulation (NDPR).`,
  sections: [
    {
      title: "Who We Are",
      paragraphs: [
        `${name} is the data controller for the personal data described in this policy. You can reach us about any privacy matter at ${email}.`,
      ],
    },
    {
      title: "Information We Collect",
      paragraphs: [
        "Information you give us: your name, company name, e-mail address, phone number and the details you share about your project through our contact form, intake form, e-mail or calls.",
        "Information collected automatically: the pages visited, the site and campaign that brought you, the type of device, the width of its screen and the country, counted without cookies and without anything that identifies you, as described under 'Counting Visits'.",
        "Where you came from: when you arrive through an advert or a campaign link, your browser keeps, on your device only, the campaign tags in the link (such as utm_source and utm_campaign, or an ad click reference from Google or Facebook), the page you arrived on, the site that referred you and the time, for your first visit and your latest one. This record is sent to us only with our contact form, if you send it; it then travels with your enquiry, so we know which campaign brought it. You can remove it by clearing this site's data in your browser.",
      ],
    },
    {
      title: "How We Use Your Information",
      paragraphs: [
        "We use your data to respond to enquiries, prepare proposals, deliver and support our services, send invoices, and improve our website.",
        "With your consent, we also send newsletters and updates. You can unsubscribe at any time using the link in each e-mail.",
      ],
    },
    {
      title: "Lawful Basis for Processing",
      paragraphs: [
        "Under the NDPA we rely on: your consent; the need to take steps before entering into, or to perform, a contract with you; compliance with our legal obligations; and our legitimate interest in running and improving our business, where this does not override your rights. Counting visits relies on our legitimate interest, and uses nothing that identifies you. Measuring which ad brought you, and personalised ads, rely on your consent alone.",
      ],
    },
    {
      title: "Cookies, Ads and Your Choices",
      paragraphs: [
        "We use essential cookies to make the website work. No code from Google, Meta or any analytics company runs in your browser on this site.",
        "On your first visit we ask whether we may measure which ad brought you. Until you choose, nothing is shared. We keep your answer in a cookie called ad_consent on your device for 12 months, then ask again. If you accept measurement, we also set a cookie called _fbp: a random number that identifies this browser to Meta, kept for 90 days. If you reject, we set no _fbp cookie and send nothing about you to Google or Meta, ever.",
        "What we send, and only if you accepted measurement: when you send our contact form, our server (not your browser) tells Meta, through its Conversions API, and Google, through Google Ads, that an enquiry came in. It sends your e-mail address and phone number hashed with SHA-256 (scrambled one way, so that the platform can match them to an account it already knows, but cannot read them from what we send); the ad click reference in the link you arrived by (gclid from Google, fbclid from Facebook); the _fbp browser number; and, to Meta only, your IP address and your browser's user agent (the name and version of your browser and device). If we later mark your enquiry as qualified, or you become a client, we send that status too, with the value of the package in Nigerian naira (NGN) where we know it.",
        "Why: so we can see which of our ads bring real enquiries and clients, and spend on the ones that work. If you also allow personalised ads, Google and Meta may use this to choose which ads they show you; if you do not, they may use it only to measure our ads.",
        `You can change your choice at any time with 'Privacy choices' at the foot of every page. Withdrawing stops anything more being sent and deletes the _fbp cookie; to ask about what was sent before, write to ${email}. You can also block or delete cookies in your browser settings; we will then ask again.`,
      ],
    },
    {
      title: "Counting Visits",
      paragraphs: [
        "We count visits to this website ourselves, to see which pages are read, which sites and campaigns bring visitors, and how many of those visitors go on to send an enquiry or open our intake form. When a page opens, and when you click 'Get Started' or a package's button, your browser sends our server a short note with only: the page's address, without anything after a '?'; the name of the site that sent you, if it is another site; the campaign tags of the link you arrived by (utm_source, utm_medium and utm_campaign); whether that link carried an ad click reference (yes or no, never the reference itself); and the width of your screen as a range, such as 768 to 1023 pixels.",
        "Our server adds the country you are visiting from and the type of device (phone, tablet or computer), worked out from your connection's IP address and your browser's user agent, and keeps neither. To tell one visitor from another within a day, it scrambles your IP address and user agent with SHA-256 together with a random value (a salt) that is replaced every day and deleted after a day. The result is a daily visitor key: without the salt no one, not even we, can follow a visitor from one day to the next or trace the key back to an address. Known bots are not counted.",
        "This count sets no cookie and stores nothing in your browser. Because nothing in it identifies you, it does not ask for your consent. It stays in our own database and is not shared with Google, Meta or any analytics company. Your privacy choice (see 'Cookies, Ads and Your Choices') decides only what we share with the ad platforms, and does not change this count.",
      ],
    },
    {
      title: "Sharing Your Information",
      paragraphs: [
        "We do not sell your personal data. We share it only with service providers who help us operate, such as hosting, e-mail, CRM and form providers, under contracts that require them to protect it, or when the law requires us to.",
        "With your consent only, we also share the hashed details described under 'Cookies, Ads and Your Choices' with Meta Platforms (Facebook and Instagram) and Google, to measure our ads.",
      ],
    },
    {
      title: "International Transfers",
      paragraphs: [
        "Some of our providers store data outside Nigeria. When we transfer personal data abroad, we do so only where the NDPA permits it and with appropriate safeguards in place.",
      ],
    },
    {
      title: "Data Retention",
      paragraphs: [
        "We keep enquiry data for up to 24 months after our last contact with you, and client records for as long as the law requires for accounting and tax purposes. Data we no longer need is deleted or anonymised.",
        "Your privacy choice is kept on your device for 12 months, and a copy of it (what you allowed, and when) is kept with your enquiry for as long as the enquiry.",
        "Each counted visit (see 'Counting Visits') is kept for 90 days; after that we keep only the daily totals per page, source, campaign, country and type of device.",
      ],
    },
    {
      title: "Data Security",
      paragraphs: [
        "We protect personal data with access controls, encrypted connections and trusted providers. No method of transmission or storage is completely secure, but we work to protect your data and will notify you and the Nigeria Data Protection Commission of a breach where the law requires.",
      ],
    },
    {
      title: "Your Rights",
      paragraphs: [
        "You have the right to be informed, to access your data, to have it corrected or deleted, to restrict or object to processing, to data portability, and to withdraw consent at any time.",
        `To have your data erased, e-mail ${email} from the address you gave us (or tell us which address it was) and ask for erasure. Under the NDPA 2023 and, where it applies to you, the EU GDPR (Article 17), we delete your enquiry, its notes and history, and anything waiting to be sent about it, within 30 days, and reply to confirm. We keep only a record that an erasure was made and when, never what it contained.`,
        `To exercise these rights, e-mail ${email}. If you are not satisfied with our response, you may complain to the Nigeria Data Protection Commission (NDPC).`,
      ],
    },
    {
      title: "Children's Privacy",
      paragraphs: [
        "Our website and services are intended for businesses and are not directed at children under 13. We do not knowingly collect personal data from children under 13; if you believe a child has given us data, contact us and we will delete it.",
      ],
    },
    {
      title: "Changes to This Policy and Contact Us",
      paragraphs: [
        "We may update this policy from time to time. The date at the top of this page shows when it last changed.",
        `Questions about this policy or your data? Write to us at ${email}.`,
      ],
    },
  ],
};
