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
  text: "If you came from one of our Google or Facebook ads and get in touch, we would like to tell them, so we know which ads work. Nothing is shared until you choose.",
  accept: "Accept",
  reject: "Reject",
  choose: "Choose",
  settingsTitle: "Your privacy choices",
  settingsText: "Choose what we may share with Google and Meta (Facebook and Instagram). You can change this at any time from 'Privacy choices' at the foot of every page.",
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
