/**
 * Rendered pages carry their critical CSS inline and link the full stylesheet with media="print" and
 * this attribute (src/server/critical-css.ts), so the stylesheet never holds up the first paint. The
 * CSP allows no inline script to switch it on, so the browser entry calls `applyDeferredStylesheets`.
 */
const DEFERRED_MEDIA_ATTRIBUTE = "data-beasties-media";

/** Switches every deferred stylesheet link of `document` to the media it was meant for. */
export function applyDeferredStylesheets(document: Document): void {
  document.querySelectorAll<HTMLLinkElement>(`link[${DEFERRED_MEDIA_ATTRIBUTE}]`).forEach((link) => {
    link.media = link.getAttribute(DEFERRED_MEDIA_ATTRIBUTE) || "all";
    link.removeAttribute(DEFERRED_MEDIA_ATTRIBUTE);
  });
}
