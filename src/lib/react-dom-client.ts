/**
 * React DOM's client, for src/main.tsx. It is a chunk of its own, `react-dom-client` (vite.config.ts),
 * so React DOM initialises (its CommonJS body runs) as that chunk is evaluated: after the react-dom
 * chunk, which holds the code, and before the entry, each in a task of its own
 * (scripts/bootstrap-script.ts). Imported by the entry directly, that work ran in the entry's
 * evaluation instead; kept in the react-dom chunk, it ran in the task where Lighthouse's trace copies
 * that chunk's source.
 */
export { createRoot, hydrateRoot } from "react-dom/client";
