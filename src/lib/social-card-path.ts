/**
 * The drawn social card's URL and size (issue 38), re-exported by blog-paths.ts with the blog's
 * other paths: the card route, the pages' og:image and the posts' meta (post-meta.ts) all name it so.
 */

/** The size of every social card: what Facebook, WhatsApp, LinkedIn and X show large. */
export const SOCIAL_CARD_SIZE = { width: 1200, height: 630 } as const;

/**
 * The social card drawn for a blog page: the page's own path with `/card.png` (`/blog/card.png`,
 * `/blog/category/{slug}/card.png`, `/blog/{slug}/card.png`). `version` (say, the post's update time)
 * goes in the query so that platforms and the CDN fetch a new card when the post changes.
 */
export function socialCardPath(pagePath: string, version?: string): string {
  const path = `${pagePath.replace(/\/+$/, "")}/card.png`;
  return version ? `${path}?v=${encodeURIComponent(version)}` : path;
}
