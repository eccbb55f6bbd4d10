/**
 * React DOM's client, for src/main.tsx. It lives in the react-dom chunk (vite.config.ts), so React
 * DOM initialises (its CommonJS body runs) as that chunk is evaluated. Imported by the entry directly,
 * that work ran in the entry's evaluation instead, and the page's inline script, which evaluates the
 * framework chunk, the react-dom chunk and the entry in tasks of their own
 * (scripts/bootstrap-script.ts), could not split it.
 */
export { createRoot, hydrateRoot } from "react-dom/client";
