import { expect, type Page } from "@playwright/test";

/**
 * The app marks <html data-hydrated> once React has committed its first render (src/main.tsx).
 * Hydration runs as a transition, in short slices, so it can outlast the network's quiet period:
 * checks of what happens after hydration (console errors, CSP reports, requests made from effects)
 * wait for the marker, not only for "networkidle".
 */
export async function waitForHydration(page: Page): Promise<void> {
  // Longer than an expectation's 7 s: the boot waits for the first paint and an idle moment, which a
  // 2-core machine running two workers, their browsers and the servers can hold back that long (three
  // of eight consent tests once stopped here, at 0 marks after 7 s, with other work on the machine).
  await expect(page.locator("html[data-hydrated]")).toHaveCount(1, { timeout: 15_000 });
}

/**
 * Holds the app's entry (`/assets/index-*.js`) back until the returned function is called: the page
 * is on screen from its HTML and nothing of the app runs, as on a slow phone before its script has
 * arrived (a press then is kept and made again once the app has started, src/lib/early-press.ts).
 * For a first visit only: a kept page may have the entry cached.
 */
export async function holdTheApp(page: Page): Promise<() => void> {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

export async function gotoHydrated(page: Page, path: string) {
  const response = await page.goto(path);
  await waitForHydration(page);
  return response;
}

/**
 * Waits until the page is quiet: no request for 500 ms (Playwright's "networkidle"), then a moment
 * when the main thread has nothing to do (requestIdleCallback) and a frame after it, so work that
 * hydration scheduled (effects, the parts below the first screen, idle-time loads) has run and painted.
 */
export async function waitForQuiet(page: Page): Promise<void> {
  await page.waitForLoadState("networkidle");
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        requestIdleCallback(() => requestAnimationFrame(() => resolve()), { timeout: 10_000 });
      }),
  );
}

/**
 * Waits until nothing on the page moves: no finite CSS or Web Animation is running, and the scroll
 * position and every control's box and opacity are the same across two frames (a value driven from
 * JavaScript frame by frame would not show in the Web Animations list). Endless loops (the logo
 * strip) are not waited for. Use before checks of what is where, instead of a fixed pause.
 */
export async function waitForStillPage(page: Page): Promise<void> {
  await page.waitForFunction(
    () =>
      new Promise<boolean>((resolve) => {
        const endless = (animation: Animation) => animation.effect?.getComputedTiming().iterations === Infinity;
        const looping = document
          .getAnimations()
          .filter(endless)
          .map((animation) => (animation.effect as KeyframeEffect | null)?.target)
          .filter((target): target is Element => target instanceof Element);
        const snapshot = () =>
          JSON.stringify([
            window.scrollX,
            window.scrollY,
            ...[...document.querySelectorAll("a, button, input, select, textarea, h1, h2")]
              .filter((element) => !looping.some((loop) => loop.contains(element)))
              .map((element) => {
                const box = element.getBoundingClientRect();
                return [box.x, box.y, box.width, box.height, getComputedStyle(element).opacity];
              }),
          ]);
        const animating = () =>
          document.getAnimations().some((animation) => animation.playState === "running" && !endless(animation));
        const before = snapshot();
        requestAnimationFrame(() => requestAnimationFrame(() => resolve(!animating() && snapshot() === before)));
      }),
  );
}
