import { expect, test, type Page } from "@playwright/test";
import { PUBLIC_ROUTES, SCRIPT_BUDGETS_KB } from "../../scripts/script-budgets";
import { e2eOrigin } from "../../scripts/e2e-origins";
import { waitForHydration } from "./hydration";

/**
 * The script budgets (scripts/script-budgets.ts), measured as a first-time visitor's phone pays them:
 * a fresh browser context with nothing stored (the consent question not yet answered, so the choice's
 * code loads too), Lighthouse's mobile screen and user agent, the production build over HTTPS and
 * HTTP/2 (the second preview server of scripts/e2e-servers.ts), and every Script request from the
 * navigation until the network is quiet after hydration and the idle callbacks, counted as Chrome
 * reports its transfer (encodedDataLength when the request finishes: the gzipped body plus its
 * HTTP/2 framing and headers). Lighthouse's network-requests audit reports the same figure as
 * transferSize (`npm run bench`, "Script until idle"), and so does Playwright's request.sizes() in
 * Chromium. The other public routes are measured and printed without a budget.
 */

const KB = 1024;
/** Lighthouse's network-quiet threshold: the run ends when no request has been open this long. */
const QUIET_MS = 1000;

// Lighthouse's default mobile emulation (a Moto G Power: lighthouse/core/config/constants.js).
test.use({
  baseURL: e2eOrigin("https"),
  ignoreHTTPSErrors: true,
  storageState: { cookies: [], origins: [] },
  viewport: { width: 412, height: 823 },
  screen: { width: 412, height: 823 },
  deviceScaleFactor: 1.75,
  isMobile: true,
  hasTouch: true,
  userAgent:
    "Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/136.0.0.0 Mobile Safari/537.36",
});

interface ScriptFile {
  url: string;
  bytes: number;
  protocol: string;
}

/**
 * Loads the route and returns the Script requests it made until the network was quiet: the load's
 * own quiet ("networkidle"), hydration, two rounds of idle callbacks (the page's own idle work was
 * scheduled before them), then QUIET_MS with no request open.
 */
async function scriptUntilIdle(page: Page, route: string): Promise<ScriptFile[]> {
  const cdp = await page.context().newCDPSession(page);
  const seen = new Map<string, { url: string; type?: string; protocol?: string }>();
  const open = new Set<string>();
  const scripts: ScriptFile[] = [];
  let lastActivity = Date.now();
  // A dedicated worker's own script (the call picker's, lib/calls/warm-intl.ts): this session sees its
  // request and its response's headers, but its response and end are reported to the worker's own
  // target. It counts as its body (Content-Length) plus its headers written out, more than HTTP/2's
  // compressed headers, and it is not waited for.
  const workerScripts = new Set<string>();
  cdp.on("Network.requestWillBeSent", (event) => {
    seen.set(event.requestId, { url: event.request.url, type: event.type });
    lastActivity = Date.now();
    if (!event.loaderId && event.documentURL === event.request.url) workerScripts.add(event.requestId);
    else open.add(event.requestId);
  });
  cdp.on("Network.responseReceivedExtraInfo", (event) => {
    const request = seen.get(event.requestId);
    if (!request || !workerScripts.has(event.requestId)) return;
    const headers = Object.entries(event.headers).reduce(
      (sum, [name, value]) => sum + name.length + value.length + 4,
      0,
    );
    scripts.push({ url: request.url, bytes: Number(event.headers["content-length"] ?? 0) + headers, protocol: "h2" });
  });
  cdp.on("Network.responseReceived", (event) => {
    const request = seen.get(event.requestId);
    if (request) Object.assign(request, { type: event.type, protocol: event.response.protocol });
  });
  cdp.on("Network.loadingFinished", (event) => {
    open.delete(event.requestId);
    lastActivity = Date.now();
    const request = seen.get(event.requestId);
    if (request?.type === "Script")
      scripts.push({ url: request.url, bytes: event.encodedDataLength, protocol: request.protocol ?? "?" });
  });
  cdp.on("Network.loadingFailed", (event) => {
    open.delete(event.requestId);
    lastActivity = Date.now();
  });
  await cdp.send("Network.enable");

  expect(await page.context().cookies(), "a first-time visitor has no cookie").toEqual([]);
  await page.goto(route, { waitUntil: "networkidle" });
  await waitForHydration(page);
  await page.evaluate(
    () =>
      new Promise<void>((resolve) =>
        requestIdleCallback(() => requestIdleCallback(() => resolve(), { timeout: 5000 }), { timeout: 5000 }),
      ),
  );
  await expect
    .poll(() => open.size === 0 && Date.now() - lastActivity >= QUIET_MS, {
      message: `${route}: the network did not go quiet`,
      timeout: 15_000,
      intervals: [100],
    })
    .toBe(true);
  await cdp.detach();
  return scripts;
}

const kb = (bytes: number) => (bytes / KB).toFixed(1);
const fileName = (url: string) => new URL(url).pathname.split("/").pop() ?? url;

for (const route of PUBLIC_ROUTES) {
  const budget = SCRIPT_BUDGETS_KB[route];
  const title =
    budget === undefined
      ? `${route} loads script until idle (measured, no budget)`
      : `${route} loads at most ${budget} KB of script until idle`;

  test(title, async ({ page }) => {
    const scripts = await scriptUntilIdle(page, route);
    const total = scripts.reduce((sum, script) => sum + script.bytes, 0);
    const figure = `${route}: ${kb(total)} KB of script until idle in ${scripts.length} files${
      budget === undefined ? "" : ` (budget ${budget} KB)`
    }`;
    console.log(`script budget: ${figure}`);
    test.info().annotations.push({ type: "script until idle", description: figure });

    expect(scripts.length, `${route} loaded no script`).toBeGreaterThan(0);
    const notHttp2 = scripts.filter((script) => script.protocol !== "h2");
    expect(
      notHttp2.map((script) => `${fileName(script.url)} over ${script.protocol}`),
      "scripts not over HTTP/2",
    ).toEqual([]);
    if (budget === undefined) return;
    const largest = [...scripts]
      .sort((a, b) => b.bytes - a.bytes)
      .slice(0, 6)
      .map((script) => `${fileName(script.url)} ${kb(script.bytes)} KB`)
      .join(", ");
    expect(
      total / KB,
      `${route} loads ${kb(total)} KB of script until idle, over its budget of ${budget} KB; largest: ${largest}`,
    ).toBeLessThanOrEqual(budget);
  });
}
