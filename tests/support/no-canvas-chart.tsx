/**
 * What the admin's Chart.js charts are in jsdom, which has no canvas to draw on (vitest.config.ts's
 * DOM_RESOLVE): nothing. The figures each chart shows are in the table beside it, which the DOM tests
 * read; Playwright draws the real charts.
 */
export default function NoCanvasChart(): null {
  return null;
}
