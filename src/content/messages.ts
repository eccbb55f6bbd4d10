import { plural } from "../lib/plural.js";
import { site } from "./site.js";

const MINUTES = { one: "minute", other: "minutes" };

/**
 * The e-mails the site sends when a lead arrives (src/server/messages/templates.ts): to the team,
 * the reply to the visitor, and the reminder of an unanswered lead. Each is written once and sent as
 * both HTML and plain text.
 */

/** The brand's colours in e-mails (tailwind.config.ts's tokens; e-mail clients need inline values). */
export const mailColours = {
  brand: "#4233c8", // brand-700
  brandDark: "#1c184a", // brand-950
  brandTint: "#eef0ff", // brand-50
  accent: "#f5b70b", // accent-500
  ink: "#0f172a",
  muted: "#475569",
  soft: "#64748b",
  border: "#dfe2ff", // brand-100
  page: "#f6f7fb",
  white: "#ffffff",
} as const;

export const mailCopy = {
  brandName: site.name,
  footer: `${site.name} · ${site.location}`,
  team: {
    subject: (service: string, name: string) => `New enquiry: ${service} — ${name}`,
    preview: (name: string, service: string) => `${name} asked about ${service}.`,
    heading: "A new enquiry has arrived",
    intro: (name: string) => `${name} sent the contact form. Press Reply to answer them directly.`,
    personHeading: "Who",
    fields: {
      name: "Name",
      email: "E-mail",
      phone: "Phone",
      company: "Company",
      service: "Service",
      package: "Package",
    },
    answersHeading: "Their answers",
    messageHeading: "Message",
    campaignHeading: "Campaign",
    campaign: { source: "Source", medium: "Medium", campaign: "Campaign", clickId: "Click id" },
    clickIdCame: "Yes (from an ad click)",
    clickIdNone: "No",
    none: "—",
    openLead: "Open the lead in the admin",
    received: (at: string) => `Received ${at} (Lagos time)`,
  },
  visitor: {
    subject: (service: string) => `We have your enquiry about ${service}`,
    preview: "Thank you for reaching out. Here is what happens next.",
    greeting: (firstName: string) => `Hi ${firstName},`,
    thanks: `Thank you for contacting ${site.name}. Your enquiry has reached our team, and a person (not a robot) will get back to you shortly.`,
    askedHeading: "What you asked for",
    service: "Service",
    package: "Package",
    nextHeading: "What happens next",
    next: "We start with a free, no-obligation discovery call to learn about your business and your goals. Pick a time that suits you, and to make the most of it, tell us a little more in our short intake form.",
    bookCall: "Book a free discovery call",
    intake: "Fill in the intake form",
    whatsapp: "Chat with us on WhatsApp",
    whatsappMessage: (firstName: string, service: string) =>
      `Hi ${site.name}, this is ${firstName}. I just sent an enquiry about ${service}.`,
    replyNote: "You can also simply reply to this e-mail.",
    signOff: "Warm regards,",
    signature: `The ${site.name} team`,
    whyReceived: "You receive this e-mail because you sent the contact form on our website.",
  },
  reminder: {
    subject: (name: string, service: string, minutes: number) =>
      `Still waiting: ${name} (${service}) has had no answer for ${minutes} ${plural(minutes, MINUTES)}`,
    preview: "A lead is still marked new.",
    heading: "A lead is still waiting",
    body: (name: string, service: string, minutes: number) =>
      `${name} asked about ${service} ${minutes} ${plural(minutes, MINUTES)} ago, and the lead is still marked new. The sooner someone answers, the likelier it becomes a client.`,
    openLead: "Open the lead in the admin",
  },
} as const;
