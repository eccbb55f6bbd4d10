import { createHash } from "node:crypto";

/**
 * The one script a page names: a few lines inline, at the end of <body>, that start the app (the entry,
 * src/main.tsx) only once the page's first contentful paint has reached the screen. Every rendered
 * page is complete without script and its forms work as plain HTML forms until hydration, so nothing
 * of the app's JavaScript (React alone is 60 KB gzipped) should compete with the HTML, the inline
 * stylesheet and the preloaded font for a phone's first paint on 4G.
 *
 * Why inline and not a module file (as it was, src/boot.ts): any script requested before the paint is
 * tied, in Lighthouse's model of the largest paint, to the task that sent its request, and the one
 * that sends the preload scanner's requests runs the parser over the rest of the page (12-20 ms at
 * full speed, 180-290 ms at the low-tier phone's slowdown). A 1.5 KB boot module so made LCP 1.1-1.2x
 * its no-script copy on routes where both paint everything at once. Inline, nothing is requested
 * before the paint, and the app's requests go out at the same moment as before, with no round trip
 * for a boot module after it. The CSP allows this script by its hash (scripts/security-headers.ts), so
 * its text is a constant: what differs per build (the entry, its imports) is in data attributes.
 *
 * What it does:
 * - keeps the last press on a plain button made before the app starts, in `window.__earlyPress`, for
 *   src/lib/early-press.ts to make again once the app has rendered;
 * - once the first contentful paint is reported (the browser reports it after presentation; a frame
 *   callback's timer can fire tens of milliseconds before the pixels are shown), adds a
 *   `modulepreload` for each of the entry's static imports (`data-preload`: React and the router, React
 *   DOM, the app shell; each after the chunks it imports) and for the entry (`data-entry`), so all of
 *   them are fetched in parallel, then imports them one at a time, each in a task of its own, the entry
 *   last. Each preload is added in a task of its own too: starting a fetch costs the main thread
 *   0.3-0.7 ms at full speed, and five in one task made a task of 3-4 ms here, 4-17 ms in
 *   Lighthouse's own trace, where a task of 10 ms or more counts as a long task of the phone
 *   (docs/performance.md). Imported together, the browser evaluates a module graph in one task: React DOM's
 *   initialisation (src/lib/react-dom-client.ts, now a chunk of its own) and the app's modules made one
 *   task of 8-16 ms at full speed on a 2-core machine, which Lighthouse's model of a low-tier phone
 *   multiplies by 10-15; apart, the framework with React DOM took 5-8 ms and the entry 3 ms, and
 *   React DOM alone now takes 6-12 ms and the rest of the framework 2-3 (docs/performance.md);
 * - starts at once on a page with nothing to paint first (the admin's shell, an empty #root), after a
 *   frame in a browser without paint timing, and after FALLBACK_MS on a page that never reports its
 *   paint (a tab kept in the background).
 *
 * Written by hand because it is the page's only inline code: it must stay small, readable as it
 * ships, and byte for byte the text its hash names.
 */
export const BOOTSTRAP_SCRIPT = `(() => {
  const script = document.querySelector("script[data-entry]");
  const early = (window.__earlyPress = {
    button: null,
    keep(event) {
      const button = event.target instanceof Element ? event.target.closest("button") : null;
      if (button && button.type === "button") early.button = button;
    },
  });
  window.addEventListener("click", early.keep, true);
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    const chunks = [...(script.dataset.preload || "").split(" ").filter(Boolean), script.dataset.entry];
    const evaluate = (index) =>
      import(chunks[index]).then(
        () => index + 1 < chunks.length && setTimeout(() => evaluate(index + 1), 0),
        (error) => console.error("The page's script did not load:", error),
      );
    const preload = (index) => {
      const link = document.createElement("link");
      link.rel = "modulepreload";
      link.href = chunks[index];
      document.head.append(link);
      if (index + 1 < chunks.length) setTimeout(() => preload(index + 1), 0);
      else evaluate(0);
    };
    preload(0);
  };
  const root = document.getElementById("root");
  const paintTiming =
    typeof PerformanceObserver === "function" && PerformanceObserver.supportedEntryTypes?.includes("paint");
  if (!root?.firstElementChild || !paintTiming) {
    requestAnimationFrame(() => setTimeout(start, 0));
    return;
  }
  const observer = new PerformanceObserver((entries) => {
    if (!entries.getEntriesByName("first-contentful-paint").length) return;
    observer.disconnect();
    setTimeout(start, 0);
  });
  observer.observe({ type: "paint", buffered: true });
  setTimeout(start, 3000);
})();`;

/** The CSP source that allows BOOTSTRAP_SCRIPT and no other inline script. */
export const BOOTSTRAP_SCRIPT_HASH = `sha256-${createHash("sha256").update(BOOTSTRAP_SCRIPT).digest("base64")}`;

const escapeAttribute = (value: string) => value.replace(/&/g, "&amp;").replace(/"/g, "&quot;");

/** The element a page carries: the script, naming the entry and the modules to fetch with it. */
export function bootstrapTag(entry: string, preloads: readonly string[]): string {
  const preload = preloads.length ? ` data-preload="${escapeAttribute(preloads.join(" "))}"` : "";
  return `<script data-entry="${escapeAttribute(entry)}"${preload}>${BOOTSTRAP_SCRIPT}</script>`;
}
