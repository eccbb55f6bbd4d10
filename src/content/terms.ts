/**
 * The Terms & Conditions as data (a LegalDocument, content/legal.ts), rendered at /terms by the
 * shared LegalPage layout.
 */
import { config } from "../config";
import type { LegalDocument } from "./legal";
import { site } from "./site";

/** The document's own date: it changes when this document's text changes. */
const lastUpdated = { shown: "July 4, 2024", iso: "2024-07-04" } as const;

const email = config.contactEmail;
const name = site.name;

export const terms: LegalDocument = {
  title: "Terms & Conditions",
  seoTitle: `Terms & Conditions | ${name}`,
  description: `The terms that govern web design, CRM automation and paid ads services provided by ${name}, Abuja.`,
  path: "/terms",
  lastUpdated: lastUpdated.shown,
  lastUpdatedIso: lastUpdated.iso,
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
