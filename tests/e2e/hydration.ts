import { expect, type Page } from "@playwright/test";

/**
 * The app marks <html data-hydrated> once React has committed its first render (src/main.tsx).
 * Hydration runs as a transition, in short slices, so it can outlast the network's quiet period:
 * checks of what happens after hydration (console errors, CSP reports, requests made from effects)
 * wait for the marker, not only for "networkidle".
 */
export async function waitForHydration(page: Page): Promise<void> {
  await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
}

export async function gotoHydrated(page: Page, path: string) {
  const response = await page.goto(path);
  await waitForHydration(page);
  return response;
}
