/**
 * The one script a page names. It starts the app (main.tsx) only once the page's first contentful
 * paint has reached the screen, so nothing of the app's JavaScript (React alone is 60 KB gzipped)
 * competes with the page's HTML, inline stylesheet and preloaded font for the first paint of a
 * phone on 4G: every rendered page is complete without script, and forms work as plain HTML forms
 * until hydration. For the same reason pages carry no `modulepreload` of their chunks; Vite's loader
 * fetches main's imports in parallel with main when it is imported (vite.config.ts), and main loads
 * the page's chunk before hydrating.
 *
 * Why the paint entry and not a frame callback: a frame callback runs before the frame is painted and
 * its timer fires once the frame is handed to the compositor, which can be tens of milliseconds
 * before the pixels are shown; measured in Chromium, the entry's 70 KB request then regularly
 * finished before the largest paint and so counted as part of it. The browser reports
 * `first-contentful-paint` after presentation. The admin's shell (an empty #root, rendered by the
 * app alone) has nothing to paint first and starts at once, a browser without paint timing starts
 * after a frame, and a page that never reports its paint (a tab kept in the background) starts after
 * FALLBACK_MS anyway.
 *
 * A module file rather than an inline script: the CSP allows no inline script (script-src 'self').
 */
import "./index.css";
import { keepEarlyPresses } from "./lib/early-press";

const FALLBACK_MS = 3000;

/** Imports the entry; a second call (the fallback timer after the paint) finds it loaded already. */
const start = () => {
  import("./main").catch((error: unknown) => console.error("The page's script did not load:", error));
};

function startAfterFirstPaint() {
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
  setTimeout(start, FALLBACK_MS);
}

keepEarlyPresses();
startAfterFirstPaint();
