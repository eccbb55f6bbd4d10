/**
 * Copy of the client's proposal page (/proposals/view): the document, accepting, declining, paying
 * and the return from Paystack. Why a request was refused is the function's own message
 * (src/server/proposals/context.ts); the states the page tells apart by the answer's status and
 * reason (an unknown link, one gone, a network failure) are worded here.
 */
export const proposalCopy = {
  seo: {
    title: "Your Proposal | Ascend Digital",
    description: "Read, accept and pay your proposal from Ascend Digital.",
  },
  heading: "Your proposal",
  loading: "Loading your proposal…",
  noScript:
    "This page needs JavaScript to show your proposal. Reply to the message that brought you the link and we'll send it another way.",
  network: "We couldn't reach our server. Please check your connection and try again.",
  server: "Something went wrong on our side. Please try again in a minute, or email or WhatsApp us.",
  retry: "Try again",
  contact: "Contact us",

  invalid: {
    heading: "This link is not valid",
    body: "The link may be incomplete, or we sent you a newer one since. Ask us for the current link.",
  },
  gone: {
    expired: {
      heading: "This proposal has expired",
      body: "Its offer was valid until a date that has passed. Ask us and we'll send you an up-to-date one.",
    },
    withdrawn: {
      heading: "This proposal was withdrawn",
      body: "We have withdrawn this version. Ask us for the current one.",
    },
    declined: {
      heading: "This proposal was declined",
      body: "It can no longer be accepted. If you've changed your mind, contact us and we'll prepare a new one.",
    },
    other: {
      heading: "This proposal is no longer open",
      body: "It has already been answered. Contact us if anything is unclear.",
    },
  },

  document: {
    from: "Proposal from",
    numberLabel: "Proposal number",
    statusLabel: "Status",
    validUntilLabel: "Valid until",
    validUntil: (day: string) => `${day}, end of day, Lagos time`,
    scopeHeading: "Scope of work",
    linesHeading: "Price",
    columns: { description: "Description", quantity: "Qty", unitPrice: "Unit price", total: "Total" },
    subtotal: "Subtotal",
    discount: "Discount",
    total: "Total",
    planHeading: "Payment plan",
    depositShare: (percent: string) => `${percent} deposit on acceptance, the balance as below.`,
    share: (percent: string) => `${percent} of the total`,
    due: {
      acceptance: "On acceptance",
      completion: "At completion",
      milestone: "At a milestone",
    } as Record<string, string>,
    paidMark: "Paid",
    nextMark: "Next to pay",
    paidSoFar: "Paid so far",
    leftToPay: "Left to pay",
    retainerHeading: "Monthly retainer",
    retainer: (amount: string, startsOn: string) =>
      `${amount} a month from ${startsOn}, due on the 1st of each month. Either side may end it with 30 days' written notice.`,
    print: "Print or save as PDF",
  },

  status: {
    sent: "Awaiting your answer",
    viewed: "Awaiting your answer",
    accepted: "Accepted",
    paid_in_part: "Accepted, paid in part",
    paid: "Paid in full",
    declined: "Declined",
    expired: "Expired",
    withdrawn: "Withdrawn",
  } as Record<string, string>,
  acceptedBy: (name: string, when: string) => `Accepted by ${name} on ${when} (Lagos time).`,

  accept: {
    heading: "Accept this proposal",
    intro:
      "If everything reads right, type your full name and tick the box. Your name and the time are recorded with the terms shown above.",
    nameLabel: "Type your full name to accept",
    nameHint: "As you would sign it, at most 120 characters.",
    nameRequired: "Type your full name to accept.",
    nameTooLong: "Your name can be at most 120 characters.",
    agreeLabel: "I have read this proposal and agree to its terms, its payment plan and the agency's terms of service.",
    agreeRequired: "Tick the box to agree to the terms.",
    submit: "Accept the proposal",
    submitting: "Accepting…",
    changedHeading: "The proposal has changed",
    changed:
      "The proposal changed since you opened it. We've loaded the current version: please read it again, then accept.",
  },
  accepted: {
    heading: "Thank you: the proposal is accepted",
    already: "This proposal was already accepted",
    body: "We'll be in touch to start. To begin the work, pay the deposit below.",
  },

  decline: {
    open: "Decline this proposal",
    heading: "Decline this proposal?",
    reasonLabel: "Anything you'd like us to know? (optional)",
    reasonHint: "At most 500 characters.",
    reasonTooLong: "A reason can be at most 500 characters.",
    confirm: "Yes, decline",
    declining: "Declining…",
    keep: "Keep the proposal",
  },
  declined: {
    heading: "The proposal is declined",
    body: "Thank you for letting us know. If you'd like a different scope or price, contact us any time.",
  },

  pay: {
    heading: "Payment",
    deposit: (amount: string) => `Pay the deposit of ${amount}`,
    installment: (label: string, amount: string) => `Pay ${label.toLowerCase()}: ${amount}`,
    retainer: (month: string, amount: string) => `Pay the retainer for ${month}: ${amount}`,
    opening: "Opening the secure payment page…",
    secure: "You'll pay on Paystack's secure page, then come back here.",
  },
  receipt: {
    heading: "Payment received",
    flaggedHeading: "Payment received, being checked",
    pendingHeading: "We're confirming your payment",
    pendingBody:
      "Paystack has not confirmed the payment yet. This can take a minute; check again shortly. You won't be charged twice.",
    check: "Check again",
    checking: "Checking…",
    next: (label: string, amount: string) => `Next: ${label}, ${amount}.`,
    fullyPaid: "Paid in full. Thank you!",
  },
} as const;
