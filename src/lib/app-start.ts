/**
 * The performance mark the browser entry (src/main.tsx) sets on the first line of its body, after the
 * page's first paint (the inline script, scripts/bootstrap-script.ts): whatever the page paints from
 * then on may be the app's doing.
 * tests/e2e/hydration-cost.spec.ts draws its line for the largest paint there.
 */
export const APP_START_MARK = "app-start";
