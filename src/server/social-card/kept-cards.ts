/**
 * Drawn cards kept in the function's memory, so that a page's card is drawn once per change per
 * instance: the CDN keeps each card URL a day, but every instance, every region's cache and every
 * version asked for before the 301 (blog.ts) reached the drawing, about 100 ms of CPU each. Keyed
 * by what the card says (the SocialCard's fields), which is the page and its version: a post's
 * change of title, category, author or reading time is a new key; so is a category's new count.
 * The least recently used card goes first once the kept PNGs pass CARD_CACHE_BYTES.
 */
import { LRUCache } from "lru-cache";
import type { SocialCard } from "./card.js";

/** At most this many bytes of PNG kept per instance: 32 MB, about 300 cards of 100 KB. */
const CARD_CACHE_BYTES = 32 * 1024 * 1024;

export type DrawCard = (card: SocialCard) => Promise<Uint8Array<ArrayBuffer>>;

/** `draw`, keeping what it drew: the same card is drawn once, even when asked for twice at once. */
export function keepDrawnCards(draw: DrawCard, maxBytes = CARD_CACHE_BYTES): DrawCard {
  const kept = new LRUCache<string, Uint8Array<ArrayBuffer>>({
    maxSize: maxBytes,
    sizeCalculation: (png) => Math.max(1, png.byteLength),
  });
  const drawing = new Map<string, Promise<Uint8Array<ArrayBuffer>>>();
  return async function drawKept(card) {
    const key = JSON.stringify([card.siteName, card.address, card.eyebrow, card.title, card.subtitle, card.details]);
    let png = kept.get(key);
    if (!png) {
      let pending = drawing.get(key);
      if (!pending) {
        pending = draw(card).finally(() => drawing.delete(key));
        drawing.set(key, pending);
      }
      png = await pending;
      // A PNG larger than the whole cache is not kept (lru-cache leaves it out).
      kept.set(key, png);
    }
    // A copy for each response (150 KB, microseconds): a body handed to a Response is not shared.
    return new Uint8Array(png);
  };
}
