/**
 * The post editor's "Search and social" section (issue 38): the six optional fields, their counters
 * and checks, and the previews of a search result and of link cards. Each field's fallback is shown
 * as its placeholder, from the rules the served page uses (src/lib/post-meta.ts).
 */
export const postSeoCopy = {
  heading: "Search and social",
  intro:
    "Optional. What a search result and a shared link show. Leave a field empty to use what is shown in grey, which follows the post.",
  fields: {
    // No label here contains another field's ("Title", "Image URL"): pages find fields by their label.
    seoTitle: { label: "Headline in search results", hint: "Google shows about 60 characters." },
    seoDescription: { label: "Description in search results", hint: "Google shows about 155 characters." },
    canonicalUrl: {
      label: "Canonical URL",
      hint: "Only for a post first published elsewhere: the address of the original. The post then leaves the sitemap.",
    },
    socialTitle: { label: "Headline on shared links", hint: "For WhatsApp, LinkedIn, Facebook and X." },
    socialDescription: { label: "Description on shared links", hint: "For WhatsApp, LinkedIn, Facebook and X." },
    socialImageUrl: {
      label: "Picture on shared links (address)",
      hint: "Best at 1200 x 630. Without one, the cover is shared; without a cover, a card drawn from the title.",
    },
  },
  /** The counter under a field with a display limit. */
  count: (length: number, limit: number) => `${length} of about ${limit} characters`,
  /** Past the limit: a polite note, not an error (the post still saves). */
  overLimit: (over: number) =>
    `${over} ${over === 1 ? "character" : "characters"} past what Google usually shows: the end may be cut.`,
  notWebAddress: "Use a full web address starting with https:// (or http://), such as https://example.com/page.",
  /** The canonical URL's placeholder before the post has an address. */
  ownAddress: "This post's own address",
  previews: {
    heading: "Previews",
    intro: "Drawn from the fields above, as the post's page will carry them.",
    google: "Google",
    linkCard: "WhatsApp and LinkedIn",
    x: "X",
    googleLabel: "How a Google result may show the post",
    linkCardLabel: "How a link shared on WhatsApp or LinkedIn shows the post",
    xLabel: "How a post on X shows the link",
    xFrom: (domain: string) => `From ${domain}`,
    drawnCardDraft: "A card will be drawn from the title when the post is published.",
    drawnCardFailed: "The drawn card shows here once the post's page is live.",
    imageFailed: "The image could not be loaded. Check its address.",
  },
} as const;
