import { site } from "./site.js";

/**
 * What a proposal sends (src/server/proposals/mail.ts and pdf.ts): the client's link on each send,
 * the acceptance (to the client and to the team, the proposal as accepted attached as a PDF), a
 * receipt for each payment, the request of the balance, and the retainer's notices; with the PDF's
 * own words and the member's answers of api/proposals that speak of these e-mails. The document's
 * labels (scope, price, plan) are the client's page's, content/proposals.ts.
 */
export const proposalMailCopy = {
  facts: {
    number: "Proposal",
    title: "For",
    total: "Total",
    validUntil: "Valid until",
    paid: "Paid",
    reference: "Reference",
    channel: "Paid by",
    left: "Left to pay",
    acceptedBy: "Accepted by",
    acceptedAt: "Accepted on",
  },
  /** Paystack's channel names, as a client reads them; another is shown as Paystack gives it. */
  channels: {
    card: "Card",
    bank: "Bank",
    bank_transfer: "Bank transfer",
    ussd: "USSD",
    qr: "QR code",
    mobile_money: "Mobile money",
    eft: "EFT",
    apple_pay: "Apple Pay",
  } as Record<string, string>,
  link: {
    subject: (number: string, title: string) => `Your proposal ${number}: ${title}`,
    preview: (title: string) => `Your proposal for ${title} is ready to read.`,
    heading: (firstName: string) => `Your proposal is ready, ${firstName}`,
    intro: `Thank you for your time with ${site.name}. Your proposal is below: read it, and accept it on its page when you are ready.`,
    button: "Read your proposal",
    private: "The link is yours alone: it opens your proposal without a password, so please do not share it.",
  },
  /**
   * The proposal as the client's WhatsApp template names it (its second body parameter; the approved
   * template's own text around the three parameters reads, for example: "Hello {{1}}, your proposal
   * {{2}} from Ascend Digital is ready: {{3}}").
   */
  whatsappProposal: (number: string, title: string) => `${number} (${title})`,
  acceptance: {
    subject: (number: string) => `Proposal ${number} accepted: thank you`,
    preview: "Your acceptance is recorded. The proposal as accepted is attached.",
    heading: (firstName: string) => `Thank you, ${firstName}`,
    intro:
      "Your acceptance is recorded. The proposal as you accepted it, with the record of your acceptance, is attached as a PDF for your files.",
    next: "The next step is the deposit: pay it on your proposal's page, by card, bank transfer or USSD.",
    button: "Pay the deposit",
  },
  teamAcceptance: {
    subject: (number: string, name: string) => `Accepted: ${number} by ${name}`,
    preview: (name: string) => `${name} accepted a proposal.`,
    heading: "A proposal was accepted",
    intro: (name: string, title: string) =>
      `${name} accepted “${title}”. The proposal as accepted, with the record of the acceptance, is attached.`,
    openLead: "Open the lead",
    fields: { ip: "Address", browser: "Browser", sha256: "SHA-256 of what was shown" },
    unknown: "Not known",
  },
  receipt: {
    subject: (number: string, amount: string) => `Receipt: ${amount} for proposal ${number}`,
    preview: (amount: string) => `We received your payment of ${amount}.`,
    heading: (firstName: string) => `Payment received, thank you ${firstName}`,
    intro: "We received your payment. This e-mail is your receipt.",
    nextKickoff: "Next: book your kickoff call, so we can start the work together.",
    bookButton: "Book the kickoff call",
    nextLeft: "What is left is due as your proposal's payment plan says; you pay it on the same page.",
    paidInFull: "Your proposal is paid in full. Thank you for your trust.",
    pageLink: "Your proposal and its payments",
  },
  balance: {
    subject: (number: string, amount: string) => `Balance due: ${amount} for proposal ${number}`,
    preview: (amount: string) => `The balance of ${amount} is due.`,
    heading: (firstName: string) => `Your balance is due, ${firstName}`,
    intro: "The work your proposal's payment plan ties the balance to is done. You can pay what is left on its page.",
    button: "Pay the balance",
  },
  retainer: {
    subject: (number: string, month: string) => `Your retainer for ${month} (proposal ${number})`,
    preview: (month: string) => `Your monthly retainer for ${month} is due on the 1st.`,
    heading: (firstName: string) => `Your retainer is due, ${firstName}`,
    intro: (month: string) =>
      `Your monthly retainer for ${month} is due on the 1st. You can pay it on your proposal's page.`,
    month: "Month",
    button: "Pay the retainer",
  },
  retainerFailed: {
    subject: (number: string, month: string) => `Retainer not requested: ${number}, ${month}`,
    preview: (month: string) => `The retainer for ${month} could not be requested.`,
    heading: "A retainer could not be requested",
    intro: (title: string, month: string) =>
      `The retainer of “${title}” for ${month} could not be requested from the client. Ask for it by hand, or fix the cause below.`,
    reason: "Why",
    openLead: "Open the lead",
  },
  signOff: "Warm regards,",
  signature: `The ${site.name} team`,
  whyReceived: `You receive this e-mail because ${site.name} sent you a proposal. Reply to it to reach us.`,
} as const;

/** The accepted proposal as a PDF (src/server/proposals/pdf.ts). */
export const proposalPdfCopy = {
  fileName: (number: string) => `${site.name} proposal ${number}.pdf`.replace(/\s+/g, "-"),
  title: (number: string, title: string) => `Proposal ${number}: ${title}`,
  brand: site.name,
  tagline: site.tagline,
  footer: `${site.name} · ${site.location}`,
  acceptanceHeading: "Acceptance",
  acceptance: {
    name: "Name typed",
    at: "Time (Lagos)",
    ip: "Address",
    browser: "Browser",
    sha256: "SHA-256 of the proposal as shown",
  },
  unknown: "Not recorded",
  retainerNone: "None",
} as const;

/** What api/proposals answers a member about these e-mails (src/server/proposals/handler.ts). */
export const proposalMemberCopy = {
  sent: "Sent: the link is on its way to the client by e-mail. You can also copy it below.",
  sentWithWhatsApp: "Sent: the link is on its way to the client by e-mail and by WhatsApp. You can also copy it below.",
  balanceRequested: "Asked: the balance request is on its way to the client by e-mail.",
  balanceProposalId: "Say which proposal's balance to ask for (its id).",
  noSession: "Sign in to ask for a balance.",
} as const;
