/**
 * Rendered pages carry their critical CSS inline and link the full stylesheet with media="print" and
 * this attribute (src/server/critical-css.ts), so the stylesheet never holds up the first paint. The
 * CSP allows no inline script to switch it on, so the browser entry calls `applyDeferredStylesheets`.
 *
 * The inline CSS holds the rules of what the server rendered, nothing else. What appears on its own
 * after hydration, before the visitor does anything (the consent choice on a first visit), waits for
 * `deferredStylesheetsLoaded`: drawn with the critical rules alone it would show unstyled, in the flow
 * at the top of the page, then jump into place when the full stylesheet arrives (a layout shift of
 * 0.2-0.5 measured at 390 px with the stylesheet 1.5 s behind the script, which a print-priority
 * request on a slow connection can be).
 */
const DEFERRED_MEDIA_ATTRIBUTE = "data-beasties-media";

let loaded: Promise<void> = Promise.resolve();

/** Settles when `link` has loaded or failed (a failed stylesheet is no reason to hold anything back). */
function whenLinkLoaded(link: HTMLLinkElement): Promise<void> {
  if (link.sheet) return Promise.resolve();
  return new Promise((resolve) => {
    link.addEventListener("load", () => resolve(), { once: true });
    link.addEventListener("error", () => resolve(), { once: true });
  });
}

/** Switches every deferred stylesheet link of `document` to the media it was meant for. */
export function applyDeferredStylesheets(document: Document): void {
  const links = [...document.querySelectorAll<HTMLLinkElement>(`link[${DEFERRED_MEDIA_ATTRIBUTE}]`)];
  for (const link of links) {
    link.media = link.getAttribute(DEFERRED_MEDIA_ATTRIBUTE) || "all";
    link.removeAttribute(DEFERRED_MEDIA_ATTRIBUTE);
  }
  loaded = Promise.all(links.map(whenLinkLoaded)).then(() => undefined);
}

/**
 * Settles once the stylesheets `applyDeferredStylesheets` switched on have loaded (at once on a page
 * that deferred none: the admin's, or before the entry has run).
 */
export function deferredStylesheetsLoaded(): Promise<void> {
  return loaded;
}
