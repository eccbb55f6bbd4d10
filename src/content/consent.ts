/**
 * The consent choice's words (src/features/consent). The two purposes are Google's consent-mode
 * names: `adUserData` (measuring which ad brought a visitor: Google Ads uploads and Meta's
 * Conversions API) and `adPersonalization`.
 */

// The footer's 'Privacy choices' label is in site.ts (footerColumns): this module loads only with
// the choice itself.
export const consentCopy = {
  regionLabel: "Privacy choices",
  title: "Can we measure our ads?",
  // Two short lines rather than one long paragraph: the banner arrives after the page has painted,
  // and a paragraph of it larger than the page's own lead text would become the page's largest paint
  // (tests/e2e/consent.spec.ts holds it smaller on the routes where the margin is narrowest).
  text: "If you came from our Google or Facebook ads, we'd like to tell them when you get in touch.",
  promise: "Nothing is shared until you choose.",
  accept: "Accept",
  reject: "Reject",
  choose: "Choose",
  settingsTitle: "Your privacy choices",
  settingsText:
    "Choose what we may share with Google and Meta (Facebook and Instagram). You can change this at any time from 'Privacy choices' at the foot of every page.",
  purposes: {
    adUserData: {
      label: "Measure which ad brought you",
      description:
        "When you send our contact form, we tell Google and Meta that a visitor from their ad got in touch, with your e-mail and phone scrambled (hashed) so they can match it, and later whether you became a client.",
    },
    adPersonalization: {
      label: "Personalised ads",
      description: "Google and Meta may use that to choose which ads they show you later.",
    },
  },
  save: "Save choices",
  acceptAll: "Accept all",
  rejectAll: "Reject all",
  back: "Back",
  close: "Close without changes",
  policyLink: "Privacy Policy",
  saved: "Your privacy choices are saved.",
} as const;
