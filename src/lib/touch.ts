/**
 * The keys of a touch (where a visit came from; lib/attribution.ts keeps them in the browser) and
 * the bound on their values, shared by attribution, the enquiry's rules that clean what the browser
 * sends (lib/lead-rules.ts) and the leads' CSV export. A module of its own so the contact form, whose
 * rules come with the page, does not bring attribution's code with them: the form loads that when it
 * sends.
 */

/** The campaign's parameters in a landing URL. */
export const CAMPAIGN_PARAMS = [
  "utm_source",
  "utm_medium",
  "utm_campaign",
  // The ad platform's campaign id (Meta's {{campaign.id}}, Google's {campaignid}): reports match spend by it first.
  "utm_id",
  "utm_term",
  "utm_content",
  "gclid",
  "fbclid",
] as const;
/** Every key a stored touch may carry: the campaign's, where the visit landed and came from, and when. */
export const TOUCH_KEYS = [...CAMPAIGN_PARAMS, "landing_page", "referrer", "at"] as const;
/** The longest value kept of each key. */
export const MAX_TOUCH_VALUE = 300;
