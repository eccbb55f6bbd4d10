/**
 * Copy of the newsletter sign-up (the footer form and the card under blog articles). The success and
 * error texts a visitor sees come from the reply of /api/subscribe; the ones here are the fallbacks.
 */
export const newsletterEndpoint = "/api/subscribe";

export type NewsletterVariant = "footer" | "card";

export const newsletterCopy = {
  variants: {
    footer: {
      heading: "Growth notes, once a month",
      description:
        "Practical ideas on websites, CRM follow-up and ad campaigns that bring in customers. No spam, unsubscribe at any time.",
    },
    card: {
      heading: "Enjoyed this article?",
      description:
        "Get our next guide on web design, CRM automation and paid ads in your inbox. One email a month, unsubscribe at any time.",
    },
  } satisfies Record<NewsletterVariant, { heading: string; description: string }>,
  emailLabel: "Email address",
  emailPlaceholder: "you@company.com",
  submit: "Subscribe",
  busy: "Subscribing...",
  /** Shown when the reply carries no message of its own. */
  success: "Thanks for subscribing! Please check your inbox to confirm your address.",
  failure: "We couldn't sign you up. Please try again.",
  /** Shown when the request never got a reply (offline, blocked). */
  networkError: "We couldn't reach the sign-up service. Check your connection and try again.",
} as const;
