import type { SearchSocialColumn } from "./post-meta";

/** A post's search and social fields with none of them set: its pages fall back to today's tags. */
export const NO_SEARCH_SOCIAL_FIELDS: Record<SearchSocialColumn, null> = {
  seo_title: null,
  seo_description: null,
  canonical_url: null,
  social_title: null,
  social_description: null,
  social_image_url: null,
};
