/**
 * The one script a page names. It starts the app (main.tsx) only after the first frame has been
 * painted, so nothing of the app's JavaScript (React alone is 60 KB gzipped) competes with the page's
 * HTML, inline critical CSS and preloaded font for the first paint of a phone on 4G: every rendered
 * page is complete without script, and forms work as plain HTML forms until hydration. For the same
 * reason pages carry no `modulepreload` of their chunks; Vite's loader fetches main's imports in
 * parallel when it is imported, and main loads the page's chunk before hydrating.
 *
 * A module file rather than an inline script: the CSP allows no inline script (script-src 'self').
 */
import "./index.css";

requestAnimationFrame(() => setTimeout(() => void import("./main"), 0));
