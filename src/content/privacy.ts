/**
 * The Privacy Policy as data (a LegalDocument, content/legal.ts), rendered at /privacy by the
 * shared LegalPage layout.
 */
import { config } from "../config";
import type { LegalDocument } from "./legal";
import { site } from "./site";

/** The policy gained what is shared with Meta and Google, with consent, on this date. */
const lastUpdated = { shown: "November 25, 2026", iso: "2026-11-25" } as const;

const email = config.contactEmail;
const name = site.name;

export const privacy: LegalDocument = {
  title: "Privacy Policy",
  seoTitle: `Privacy Policy | ${name}`,
  description: `How ${name} collects, uses and protects your personal data under the Nigeria Data Protection Act 2023.`,
  path: "/privacy",
  lastUpdated: lastUpdated.shown,
  lastUpdatedIso: lastUpdated.iso,
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
        "We count visits to this website ourselves, to see which pages are read, which sites and campaigns bring visitors, and how many of those visitors go on to send an enquiry or open our intake form. When a page opens, and when you click 'Get Started' or a package's button, your browser sends our server a short note with only: the page's address, without anything after a '?'; the name of the site that sent you, if it is another site; the campaign tags of the link you arrived by (utm_source, utm_medium, utm_campaign and utm_id, the number the ad platform gives its campaign); whether that link carried an ad click reference (yes or no, never the reference itself); and the width of your screen as a range, such as 768 to 1023 pixels.",
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
