import { expect, test, type Page } from "@playwright/test";
import { ATTRIBUTION_KEY, VISIT_KEY } from "../../src/lib/attribution";
import { CONSENT_COOKIE } from "../../src/lib/consent";
import { gotoHydrated, waitForHydration } from "./hydration";

/**
 * The cookieless traffic count (src/lib/traffic-count.ts): one beacon to /api/collect per page
 * view, the landing page's campaign on each, one per click on the intake form. Each beacon is read
 * on its way to the function (src/server/collect.ts), which must accept it.
 */
interface Beacon {
  event: Record<string, unknown>;
  contentType: string | undefined;
  status: number;
}

// A browser's own user agent: the function drops HeadlessChrome as a bot before storing anything.
// An address of its own: the function allows an address 120 beacons a minute, and every other spec's
// page views come from 127.0.0.1 with a browser's user agent too (Playwright's desktop Chrome), so
// on a fast run they used that quota up and this spec's beacons were answered 429.
test.use({
  extraHTTPHeaders: { "x-forwarded-for": "198.51.100.82" },
  userAgent: "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
});

async function collectBeacons(page: Page): Promise<Beacon[]> {
  const beacons: Beacon[] = [];
  await page.route("/api/collect", async (route) => {
    const request = route.request();
    const response = await route.fetch();
    beacons.push({
      event: JSON.parse(request.postData() ?? "null"),
      contentType: request.headers()["content-type"],
      status: response.status(),
    });
    await route.fulfill({ response });
  });
  return beacons;
}

/** What this page keeps in the browser: cookies, and the keys of both storages. */
function keptInBrowser(page: Page) {
  return page.evaluate(() => ({
    cookies: document.cookie
      .split(";")
      .map((pair) => pair.split("=")[0]!.trim())
      .filter(Boolean)
      .sort(),
    local: Object.keys(localStorage).sort(),
    session: Object.keys(sessionStorage).sort(),
  }));
}

/**
 * What the site kept before the count existed: the consent choice's cookie (every test starts with
 * it, tests/e2e/consent-state.ts), and the arrival's campaign for an enquiry (src/lib/attribution.ts).
 */
const ALREADY_KEPT = { cookies: [CONSENT_COOKIE], local: [ATTRIBUTION_KEY], session: [VISIT_KEY] };

test("a visit from a campaign link and a client-side navigation send two page views, and keep nothing", async ({
  page,
  context,
}) => {
  const beacons = await collectBeacons(page);
  const cookiesBefore = (await context.cookies()).map((cookie) => cookie.name);
  await gotoHydrated(page, "/?utm_source=facebook&utm_campaign=x&fbclid=abc");
  await expect.poll(() => beacons.length).toBe(1);

  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Services" }).click();
  await expect(page).toHaveURL(/\/services$/);
  await expect.poll(() => beacons.length).toBe(2);

  const campaign = { utm_source: "facebook", utm_campaign: "x", click_id: true, width: 1280 };
  expect(beacons.map((beacon) => beacon.event)).toEqual([
    { kind: "pageview", path: "/", ...campaign },
    { kind: "pageview", path: "/services", ...campaign },
  ]);
  // A simple request (no CORS preflight), and never the click id's value.
  for (const beacon of beacons) {
    expect(beacon.status, "the function's answer").toBe(204);
    expect(beacon.contentType).toMatch(/^text\/plain/);
    expect(JSON.stringify(beacon.event)).not.toContain("abc");
  }

  // The page loaded once: the second view came from the router, not from a new document.
  expect(await page.evaluate(() => performance.getEntriesByType("navigation").length)).toBe(1);
  expect((await context.cookies()).map((cookie) => cookie.name)).toEqual(cookiesBefore);
  await expect.poll(() => keptInBrowser(page)).toEqual(ALREADY_KEPT);
});

test("the site that sent the visitor is counted by its host, and a page of this site is no referrer", async ({
  page,
}) => {
  const beacons = await collectBeacons(page);
  await page.goto("/portfolio", { referer: "https://www.google.com/search?q=agency" });
  await waitForHydration(page);
  await expect.poll(() => beacons.length).toBe(1);
  expect(beacons[0]!.event).toEqual({
    kind: "pageview",
    path: "/portfolio",
    referrer: "www.google.com",
    click_id: false,
    width: 1280,
  });

  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Home", exact: true }).click();
  await expect.poll(() => beacons.length).toBe(2);
  // The landing's referrer stays the visit's source for the page's lifetime, like its campaign.
  expect(beacons[1]!.event).toMatchObject({ path: "/", referrer: "www.google.com" });

  // A page load from a link on this site.
  await page.goto("/contact", { referer: new URL("/services", page.url()).href });
  await expect.poll(() => beacons.length).toBe(3);
  expect(beacons[2]!.event).toEqual({ kind: "pageview", path: "/contact", click_id: false, width: 1280 });
  expect(beacons.map((beacon) => beacon.status)).toEqual([204, 204, 204]);
});

test("a click on Get Started sends one intake event, and the form still opens in a new tab", async ({
  page,
  context,
}) => {
  const beacons = await collectBeacons(page);
  await gotoHydrated(page, "/?utm_source=google&utm_medium=cpc&utm_campaign=spring&gclid=Cj0KCQ");
  await expect.poll(() => beacons.length).toBe(1);

  const getStarted = page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: /Get Started/ });
  const intakeUrl = (await getStarted.getAttribute("href"))!;
  // The hosted form is a third party this machine cannot reach: answer for it.
  await context.route(`${intakeUrl}**`, (route) =>
    route.fulfill({ contentType: "text/html", body: "<title>Intake form</title>" }),
  );
  const [popup] = await Promise.all([context.waitForEvent("page"), getStarted.click()]);
  await popup.waitForLoadState();
  expect(popup.url()).toBe(intakeUrl);
  await popup.close();

  await expect.poll(() => beacons.length).toBe(2);
  expect(beacons[1]!.event).toEqual({
    kind: "intake",
    path: "/",
    utm_source: "google",
    utm_medium: "cpc",
    utm_campaign: "spring",
    click_id: true,
    width: 1280,
  });
  expect(beacons.map((beacon) => beacon.status)).toEqual([204, 204]);
  await expect(page).toHaveURL(/\/\?utm_source=google/);
});

test("the sign-in page sends nothing; the page reached from it is counted", async ({ page }) => {
  const beacons = await collectBeacons(page);
  await gotoHydrated(page, "/login");
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Home", exact: true }).click();
  await expect.poll(() => beacons.length).toBe(1);
  expect(beacons.map((beacon) => beacon.event.path)).toEqual(["/"]);
});
