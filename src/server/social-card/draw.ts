/**
 * Draws a social card with ./render.ts (satori, then resvg's native module, with the site's fonts, its
 * logo and Twemoji's pictures), loaded on the first card. Only the card function (api/blog-card.ts)
 * and the local servers import this: the blog's pages are answered by a function without any of it.
 */
import type { SocialCard } from "./card.js";

export async function drawSocialCard(card: SocialCard): Promise<Uint8Array<ArrayBuffer>> {
  const { renderCard } = await import("./render.js");
  return renderCard(card);
}
