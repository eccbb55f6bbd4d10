import { readFileSync } from "node:fs";
import { test as base, type BrowserContext, type BrowserContextOptions, type Page } from "@playwright/test";

/**
 * `test` whose `page` (and `context`) is kept from one test to the next in a worker, for specs that
 * read pages as a visitor does: it is the browser a visitor has on their second page, not a new one.
 *
 * Why: a new browser context per test starts a new renderer process, which compiles the site's
 * script and parses its styles again. Measured on this 2-core machine, ten loads of five public
 * routes, CPU of the whole machine per load: 0.93-1.07 s with a context each, 0.59-0.61 s in one
 * page kept between them (a tiny page of the same origin loaded in between, as below).
 *
 * What each test still starts from, as with a new context: the same-origin `/robots.txt` (so that a
 * `goto` to a path that differs only by its hash loads the page, rather than scrolling the previous
 * one), the cookies and local storage of the `storageState` option and nothing else (session
 * storage cleared), no emulated media, no routes or extra headers, no other page open, and no
 * listeners left from the test before. A
 * test that fails ends its worker, and the kept page with it.
 *
 * Requests the kept page's cache answers are still reported (a `request` and a `response` for each
 * script: 27 of 27 on /blog after /), so a spec may count them. Not for a spec that adds init
 * scripts, exposes bindings, installs a clock or grants permissions (they cannot be undone), nor
 * for one that measures a first visit (what is downloaded, what the first paint costs): those use
 * Playwright's own `test`.
 */

/** The options a context is made with that a page cannot change afterwards: the kept page's key. */
type KeptOptions = Omit<BrowserContextOptions, "viewport" | "storageState">;

type StorageState = Exclude<BrowserContextOptions["storageState"], undefined>;

function stateOf(storageState: StorageState | undefined) {
  if (storageState === undefined) return { cookies: [], origins: [] };
  if (typeof storageState === "string")
    return JSON.parse(readFileSync(storageState, "utf8")) as Exclude<StorageState, string>;
  return storageState;
}

/** Brings a kept page back to a new context's state, as the `storageState` option describes it. */
async function reset(page: Page, baseURL: string | undefined, storageState: StorageState | undefined) {
  const state = stateOf(storageState);
  const context = page.context();
  await page.goto(new URL("/robots.txt", baseURL).href);
  await page.evaluate(
    (origins) => {
      localStorage.clear();
      sessionStorage.clear();
      for (const origin of origins) {
        if (origin.origin !== location.origin) continue;
        for (const { name, value } of origin.localStorage) localStorage.setItem(name, value);
      }
    },
    state.origins.map(({ origin, localStorage }) => ({ origin, localStorage })),
  );
  await context.clearCookies();
  if (state.cookies.length) await context.addCookies(state.cookies);
}

/**
 * The kept pages of this worker (a worker is a process of its own, and loads this module once), one
 * for each set of context options that a page cannot change. They close with the worker's browser.
 */
const keptPages = new Map<string, Page>();

export const test = base.extend<{ context: BrowserContext; page: Page }>({
  page: async (
    {
      browser,
      baseURL,
      viewport,
      storageState,
      javaScriptEnabled,
      userAgent,
      deviceScaleFactor,
      isMobile,
      hasTouch,
      locale,
      timezoneId,
      colorScheme,
      reducedMotion,
      forcedColors,
      permissions,
      geolocation,
      offline,
      acceptDownloads,
      httpCredentials,
      ignoreHTTPSErrors,
      extraHTTPHeaders,
      bypassCSP,
      serviceWorkers,
      contextOptions,
    },
    provide,
  ) => {
    // The same names again: Playwright reads a fixture's dependencies from its parameter's
    // destructuring and refuses a rest element there, so the options cannot be gathered as `...rest`.
    const options: KeptOptions = {
      ...contextOptions,
      baseURL,
      javaScriptEnabled,
      userAgent,
      deviceScaleFactor,
      isMobile,
      hasTouch,
      locale,
      timezoneId,
      colorScheme,
      reducedMotion,
      forcedColors,
      permissions,
      geolocation,
      offline,
      acceptDownloads,
      httpCredentials,
      ignoreHTTPSErrors,
      extraHTTPHeaders,
      bypassCSP,
      serviceWorkers,
    };
    const key = JSON.stringify(options);
    let page = keptPages.get(key);
    if (!page || page.isClosed() || page.context().browser() !== browser) {
      const context = await browser.newContext({ ...options, viewport });
      page = await context.newPage();
      keptPages.set(key, page);
    }
    if (viewport) await page.setViewportSize(viewport);
    await reset(page, baseURL, storageState);
    await provide(page);
    const context = page.context();
    for (const other of context.pages()) if (other !== page) await other.close();
    page.removeAllListeners();
    context.removeAllListeners();
    await page.unrouteAll({ behavior: "ignoreErrors" });
    await context.unrouteAll({ behavior: "ignoreErrors" });
    await page.setExtraHTTPHeaders({});
    await page.emulateMedia({ media: null, colorScheme: null, reducedMotion: null, forcedColors: null });
  },
  context: async ({ page }, provide) => {
    await provide(page.context());
  },
});

export { expect } from "@playwright/test";
