import { readFileSync } from "node:fs";
import { expect, test, type Locator, type Page } from "@playwright/test";
import { LOCAL_CRON_SECRET } from "../../supabase/local/conversion-standins.ts";
import { bookThroughApi, confirmLink } from "./book-call";
import { pickerCopy } from "../../src/content/booking";
import { callsFunctionCopy } from "../../src/content/functions";
import { AGENCY_TIME_ZONE } from "../../src/lib/agency-zone";
import { bookingTokenStorageKey, contactStorageKey } from "../../src/content/contact";
import { gotoHydrated, waitForHydration, waitForQuiet } from "./hydration";
import { layoutShifts, recordLayoutShifts } from "./layout-shifts";
import { reactCommits, recordReactCommits } from "./react-commits";
import { collectConsoleErrors } from "./page-errors";

/**
 * Discovery calls from the visitor's side, against the production build, the real api/calls and
 * api/contact functions and the local Supabase (in memory, fresh for the run). The specs run in
 * parallel on one database, so each books on a day of its own (`day`: the nth day the picker lists,
 * Sundays aside). The functions take a form sent faster than a person could fill it for a bot's: the
 * page's clock moves on by the seconds a visitor would take.
 */

test.describe.configure({ mode: "parallel" });
// This spec's visitors come from an address of their own: bookings from /book count against the
// contact form's limits per client, which the other specs' enquiries from 127.0.0.1 also use.
test.use({ extraHTTPHeaders: { "x-forwarded-for": "198.51.100.60" } });

/**
 * The nth day's group of times, Sundays left out (book-call.ts's `notOnSunday` says why), and its
 * first time.
 */
function dayGroup(page: Page, day: number) {
  return page.getByRole("radiogroup", { name: /^Times on (?!Sunday)/ }).nth(day);
}

/**
 * The picker's first day of times, whatever its weekday: the times have come. While calls-admin.spec
 * has Sunday open, a Friday afternoon's first day is Sunday, and `dayGroup(page, 0)` (the Monday)
 * is drawn only once the visitor scrolls near it.
 */
function firstTimes(page: Page) {
  return page.getByRole("radiogroup", { name: /^Times on / }).first();
}

/**
 * The picker draws the days after the first once the visitor comes near them, a day at a time
 * while the marker under the last is on screen (SlotPicker): as a visitor would, scroll on until the
 * wanted day (counted as dayGroup counts) is there.
 */
/** Scrolls `element` to the middle of the screen, so that the marker under it is on screen too. */
async function toMiddle(element: Locator) {
  await element.evaluate((node) => node.scrollIntoView({ block: "center" }));
}

async function nearDay(page: Page, day: number) {
  const days = page.getByRole("radiogroup", { name: /^Times on / });
  await expect(async () => {
    await toMiddle(days.last());
    expect(await dayGroup(page, day).count()).toBe(1);
  }).toPass({ timeout: 15_000 });
}

async function pickFirstTimeOfDay(page: Page, day: number): Promise<string> {
  await nearDay(page, day);
  const time = dayGroup(page, day).locator("label").first();
  await time.click();
  await expect(time.getByRole("radio")).toBeChecked();
  return time.getByRole("radio").inputValue();
}

async function enquire(page: Page, name: string, email: string) {
  await page.clock.install();
  await gotoHydrated(page, "/contact");
  const form = page.getByRole("form", { name: "Tell us about your project" });
  await form.getByText("CRM Automation", { exact: true }).click();
  await form.getByLabel("Full name").fill(name);
  await form.getByLabel("Email address").fill(email);
  await page.clock.fastForward("00:20");
  await form.getByRole("button", { name: "Send My Details" }).click();
  await expect(page).toHaveURL(/\/thank-you$/);
}

/** /book's form (the footer has an e-mail field too). */
function bookingForm(page: Page) {
  return page.getByRole("form", { name: "Pick a time for your free discovery call" });
}

async function fillBookDetails(page: Page, name: string, email: string) {
  await bookingForm(page).getByLabel("Full name").fill(name);
  await bookingForm(page).getByLabel("Email address").fill(email);
  // Playwright's clock fakes AbortSignal.timeout too: jumping 20 s while the free times are still on
  // their way would abort their request at its 20 s timeout, and the picker would say it could not
  // reach the server (this test's failures on a loaded machine). The jump waits for the times. The
  // times are in /book's HTML now, so the form's challenge can still be on its way at the jump and be
  // aborted so (the second visitor's test once read "We could not check your browser" on CI): the
  // press asks for another (BookForm), as it does for a visitor whose request was lost.
  await expect(firstTimes(page)).toBeVisible();
  await page.clock.fastForward("00:20");
}

const PENDING = "Check your e-mail to confirm within 15 minutes";

test("a visitor enquires, lands on /thank-you, books a time in two taps and confirms it from the e-mail", async ({
  page,
}) => {
  const addresses: string[] = [];
  page.on("request", (request) => addresses.push(request.url()));
  const email = `chidi-${Date.now()}@example.ng`;
  await enquire(page, "Chidi Okeke", email);
  await expect(page.getByRole("heading", { level: 1, name: "You're Booked In!" })).toBeVisible();
  await expect(page.getByText("Thank you, Chidi.")).toBeVisible();

  // Tap one: a time. Tap two: the button that names it.
  await nearDay(page, 0);
  await dayGroup(page, 0).locator("label").first().click();
  const confirm = page.getByRole("button", { name: /^Book [A-Z][a-z]+day \d+ [A-Z][a-z]+, \d\d:\d\d$/ });
  await confirm.click();
  // Held, not booked, until the address is confirmed: the enquiry is not asked for a challenge.
  await expect(page.getByRole("status").filter({ hasText: PENDING })).toBeVisible();

  await page.goto(await confirmLink(page.request, email));
  await expect(page.getByRole("status").filter({ hasText: "Your call is confirmed." })).toBeVisible();
  await expect(page).toHaveURL(/\/calls\/manage#token=[A-Za-z0-9_-]{22}$/);
  const line = page.getByRole("status").filter({ hasText: "You're booked in for" });
  await expect(line).toBeVisible();
  await expect(line).toContainText(/You're booked in for [A-Z][a-z]+day \d+ [A-Z][a-z]+, \d\d:\d\d \(/);

  await expect(page.getByRole("link", { name: /Add to Google Calendar/ })).toHaveAttribute(
    "href",
    /^https:\/\/calendar\.google\.com\/calendar\/render\?action=TEMPLATE/,
  );
  await expect(page.getByRole("button", { name: "Reschedule" })).toBeVisible();

  // The .ics downloads from the button (a form's POST of the token), and the page stays.
  const pageUrl = page.url();
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: "Add to calendar (.ics)" }).click(),
  ]);
  expect(download.suggestedFilename()).toBe("discovery-call.ics");
  const ics = readFileSync(await download.path(), "utf8");
  expect(ics).toContain("BEGIN:VCALENDAR");
  expect(ics).toContain("METHOD:REQUEST");
  expect(page.url()).toBe(pageUrl);
  // No request of the page put the manage token in an address, where access logs keep it.
  const token = /#token=([\w-]{22})$/.exec(pageUrl)![1]!;
  expect(addresses.filter((address) => address.includes(token))).toEqual([]);
});

test("a token in the address (a form posted without script) books the call and leaves the address bar", async ({
  page,
}) => {
  // A client address of its own: two live calls at most per client.
  await page.setExtraHTTPHeaders({ "x-forwarded-for": "198.51.100.62" });
  const enquiry = await page.request.post("/api/contact", {
    headers: { "x-forwarded-for": "198.51.100.31" },
    data: { fullName: "Bisi Ade", email: `bisi-${Date.now()}@example.ng`, service: "crm", elapsedMs: 20_000 },
  });
  expect(enquiry.status()).toBe(200);
  const { bookingToken } = (await enquiry.json()) as { bookingToken: string };

  await gotoHydrated(page, `/thank-you#booking=${bookingToken}`);
  await expect(page).toHaveURL(/\/thank-you$/);
  await nearDay(page, 4);
  await dayGroup(page, 4).locator("label").first().click();
  await page.getByRole("button", { name: /^Book / }).click();
  await expect(page.getByRole("status").filter({ hasText: PENDING })).toBeVisible();
});

test("/thank-you opened directly offers /book instead of the picker", async ({ page }) => {
  await gotoHydrated(page, "/thank-you");
  await expect(page.getByRole("link", { name: "Book a free discovery call" })).toHaveAttribute("href", "/book");
  await expect(page.getByRole("radio")).toHaveCount(0);
});

test("a visitor books from /book, then moves the call from its page (the old time is free again) and cancels it", async ({
  page,
}) => {
  test.setTimeout(60_000);
  await page.setExtraHTTPHeaders({ "x-forwarded-for": "198.51.100.63" });
  await page.clock.install();
  await gotoHydrated(page, "/book");
  await expect(page.getByRole("heading", { level: 1, name: "Book a free discovery call" })).toBeVisible();

  // A wrong e-mail is refused with the contact form's words, and what was typed stays.
  const form = bookingForm(page);
  await form.getByLabel("Full name").fill("Ngozi Eze");
  await form.getByLabel("Email address").fill("ngozi-at-example");
  await pickFirstTimeOfDay(page, 1);
  await page.getByRole("button", { name: /^Book / }).click();
  await expect(page.getByText(/Please enter a valid email address/)).toBeVisible();
  await expect(form.getByLabel("Email address")).toBeFocused();
  await expect(form.getByLabel("Full name")).toHaveValue("Ngozi Eze");

  const email = `ngozi-${Date.now()}@example.ng`;
  await fillBookDetails(page, "Ngozi Eze", email);
  const first = await pickFirstTimeOfDay(page, 1);
  // The page's proof of work runs for real (challenge.ts), started when the form appeared.
  await page.getByRole("button", { name: /^Book / }).click();
  await expect(page.getByRole("status").filter({ hasText: PENDING })).toBeVisible();

  // The e-mail's link confirms the call and opens its page; then a move to another day.
  await recordLayoutShifts(page);
  await page.goto(await confirmLink(page.request, email));
  await expect(page.getByRole("status").filter({ hasText: "Your call is confirmed." })).toBeVisible();
  await expect(page).toHaveURL(/\/calls\/manage#token=/);
  const manageUrl = page.url();
  await expect(page.getByRole("heading", { level: 1, name: "Your discovery call" })).toBeVisible();
  // The booking arrived in a page a screen high at least: the footer did not move.
  expect(await layoutShifts(page), "the call's page moved as the booking arrived").toEqual([]);
  await page.getByRole("button", { name: "Reschedule" }).click();
  await expect(page.getByRole("heading", { name: "Pick a new time" })).toBeVisible();
  // The call's own time is not offered as a new one.
  await expect(page.locator(`input[name="slot"][value="${first}"]`)).toHaveCount(0);
  const moved = await pickFirstTimeOfDay(page, 2);
  expect(moved).not.toBe(first);
  await page.getByRole("button", { name: /^Book / }).click();
  await expect(page.getByText("Your call has been moved.")).toBeVisible();

  // The old time is offered to others again once the agency's calendar has moved the call's event
  // (the outbox's calendar_event row, sent after the answer: until then Google holds the old time
  // as busy). The outbox is run as Vercel Cron runs it rather than waiting for the dispatch.
  await expect
    .poll(
      async () => {
        const run = await page.request.get("/api/cron-outbox", {
          headers: { authorization: `Bearer ${LOCAL_CRON_SECRET}` },
        });
        expect(run.status()).toBe(200);
        return ((await (await page.request.get("/api/calls?view=slots")).json()) as { slots: string[] }).slots;
      },
      { timeout: 30_000 },
    )
    .toContain(first);
  const slots = (await (await page.request.get("/api/calls?view=slots")).json()) as { slots: string[] };
  expect(slots.slots).not.toContain(moved);

  // Cancel, with a note and a confirm step.
  await page.getByRole("button", { name: "Cancel the call" }).click();
  await page.getByLabel(/Anything you'd like us to know/).fill("Something came up, sorry.");
  await page.getByRole("button", { name: "Yes, cancel the call" }).click();
  await expect(page.getByRole("heading", { name: "Your call is cancelled. We've let the team know." })).toBeVisible();

  // The link is dead now.
  await page.reload();
  expect(page.url()).toBe(manageUrl);
  await expect(page.getByRole("heading", { name: "This link is no longer valid." })).toBeVisible();
  await expect(page.getByRole("link", { name: "Book a new call" })).toHaveAttribute("href", "/book");
});

test("the booking check runs beside the page: while it searches, the times come and a tap picks one", async ({
  page,
}) => {
  // A challenge no number answers, up to ten million: the page's solver (challenge.ts) is still
  // searching when the test ends. Awaiting the hashes alone ran the whole search as one task in
  // Chromium, and the page stayed frozen while it lasted: no times, no taps.
  let served = 0;
  await page.route("**/api/calls?view=challenge", (route) => {
    served += 1;
    return route.fulfill({
      json: { algorithm: "SHA-256", challenge: "0".repeat(64), maxnumber: 10_000_000, salt: "s", signature: "s" },
      headers: { "cache-control": "no-store" },
    });
  });
  await gotoHydrated(page, "/book");
  await expect(firstTimes(page)).toBeVisible();
  await expect.poll(() => served, { message: "the form asked for its challenge" }).toBe(1);
  // The search cannot have ended (ten million hashes take minutes): the tap is answered beside it.
  await pickFirstTimeOfDay(page, 0);
  await expect(page.getByRole("button", { name: /^Book / })).toBeEnabled();
});

test.describe("a visitor in London", () => {
  test.use({ timezoneId: "Europe/London" });

  test("the times' date data is loaded by a worker beside the page, and the times still come when it fails", async ({
    page,
  }) => {
    // lib/calls/warm-intl.ts: the page's first date formatter would load ICU's data on the main thread.
    const worker = page.waitForEvent("worker");
    await gotoHydrated(page, "/book");
    expect((await worker).url()).toMatch(/\/intl-warmup\.worker[-\w]*\.(js|ts)(\?|$)/);
    await expect(firstTimes(page)).toBeVisible();
    await expect(page.getByRole("combobox", { name: "Your time zone" })).toHaveValue("Europe/London");

    // A worker that cannot load holds nothing up: the page makes its formatters itself.
    await page.route("**/*intl-warmup*", (route) => route.abort());
    await gotoHydrated(page, "/book");
    await expect(firstTimes(page)).toBeVisible();
    await expect(page.getByRole("combobox", { name: "Your time zone" })).toHaveValue("Europe/London");
  });
});

test("on a phone the days after the first wait until the visitor comes near them, and then come a day at a time as the visitor scrolls on", async ({
  page,
}) => {
  // A phone's screen with its browser's bars shown. The rest come once the marker under the first day
  // is on screen; it was once half a screen ahead, and a first day of one row (today's last free time,
  // late in the agency's day) put it in reach on an 844 px screen. At 640 px it is out of reach
  // however many times the first day has.
  const height = 640;
  await page.setViewportSize({ width: 390, height });
  await gotoHydrated(page, "/book");
  const days = page.getByRole("radiogroup", { name: /^Times on / });
  // The first day comes with the times, below the first screen of a phone; the page then settles
  // without the rest (SlotPicker: they would be a second frame of style and layout in the load).
  await expect(days.first()).toBeAttached();
  await waitForQuiet(page);
  expect(await days.count()).toBe(1);
  expect(await days.first().evaluate((group) => group.getBoundingClientRect().top)).toBeGreaterThan(height * 1.5);

  // Scrolled to, the first day brings the next days while the marker under the last is on screen, each a
  // frame of its own, not the weeks at once (all at once, late in the agency's day, were one frame of
  // 59-83 ms in CI); the page settles with the rest still to come.
  await days.first().scrollIntoViewIfNeeded();
  await expect.poll(() => days.count()).toBeGreaterThan(1);
  await waitForQuiet(page);
  const near = await days.count();
  // Every day of the list, in the zone the picker shows.
  const allDays = () =>
    page.evaluate(async () => {
      const zone = document.querySelector<HTMLSelectElement>("select")!.value;
      const day = new Intl.DateTimeFormat("en-CA", { timeZone: zone, dateStyle: "short" });
      const { slots } = (await (await fetch("/api/calls?view=slots")).json()) as { slots: string[] };
      return new Set(slots.map((slot) => day.format(new Date(slot)))).size;
    });
  expect(near).toBeLessThan(await allDays());

  // Scrolled on to the end, every day comes.
  await expect(async () => {
    await toMiddle(days.last());
    expect(await days.count()).toBe(await allDays());
  }).toPass({ timeout: 20_000 });
  await expect(days.last().locator("label").first()).toBeVisible();
});

test("a second visitor cannot take a time just booked: the message and the nearest free times are shown", async ({
  page,
  request,
}) => {
  await page.clock.install();
  await gotoHydrated(page, "/book");
  await page.setExtraHTTPHeaders({ "x-forwarded-for": "198.51.100.64" });
  await fillBookDetails(page, "Tunde Bello", `tunde-${Date.now()}@example.ng`);
  const wanted = await pickFirstTimeOfDay(page, 3);

  // Someone else books that very time first.
  const other = await bookThroughApi(
    request,
    {
      start: wanted,
      timeZone: "Africa/Lagos",
      name: "Other Visitor",
      email: `other-${Date.now()}@example.ng`,
      website: "",
      elapsedMs: 20_000,
    },
    { "x-forwarded-for": "198.51.100.77" },
  );
  expect(other.status()).toBe(201);

  await page.getByRole("button", { name: /^Book / }).click();
  const alert = page.getByRole("alert");
  await expect(alert).toBeVisible();
  await expect(alert).toContainText(/taken/i);
  await expect(alert.getByText("These times nearby are still free:")).toBeVisible();
  const nearest = alert.getByRole("button");
  expect(await nearest.count()).toBeGreaterThan(0);
  // The list is loaded again: the taken time is gone from it.
  await expect(page.locator(`input[name="slot"][value="${wanted}"]`)).toHaveCount(0);

  // One of the nearest times books.
  await nearest.first().click();
  await page.getByRole("button", { name: /^Book / }).click();
  await expect(page.getByRole("status").filter({ hasText: PENDING })).toBeVisible();
});

test("a booking check that failed as the page loaded is asked for again at Book; refused again, the refusal is said, what was typed stays, and the next press books", async ({
  page,
}) => {
  await page.setExtraHTTPHeaders({ "x-forwarded-for": "198.51.100.92" });
  // The first challenge is answered with the function's error (the database restarting), the second
  // with its refusal of too many requests; the ones after them are the function's own answers.
  const failure = "The database is restarting.";
  const refused = callsFunctionCopy.messages.rateLimited;
  let asked = 0;
  await page.route("**/api/calls?view=challenge", async (route) => {
    asked += 1;
    if (asked === 1) await route.fulfill({ status: 500, json: { message: failure } });
    else if (asked === 2) await route.fulfill({ status: 429, json: { message: refused } });
    else await route.continue();
  });
  await page.clock.install();
  await gotoHydrated(page, "/book");
  const email = `kemi-${Date.now()}@example.ng`;
  await fillBookDetails(page, "Kemi Retry", email);
  await pickFirstTimeOfDay(page, 4);
  await expect.poll(() => asked, { message: "the page asked for its challenge as it loaded" }).toBe(1);

  // Asked for again at the press, and refused: the function's words, nothing typed or picked lost.
  const book = page.getByRole("button", { name: /^Book / });
  await book.click();
  await expect(page.getByRole("alert")).toContainText(refused);
  expect(asked, "one more challenge, asked for at the press").toBe(2);
  await expect(page.getByText(failure)).toHaveCount(0);
  const form = bookingForm(page);
  await expect(form.getByLabel("Full name")).toHaveValue("Kemi Retry");
  await expect(form.getByLabel("Email address")).toHaveValue(email);
  await expect(book).toBeEnabled();

  // The next press asks once more, and books.
  await book.click();
  await expect(page.getByRole("status").filter({ hasText: PENDING })).toBeVisible();
  expect(asked, "a third challenge, asked for at the second press").toBe(3);
});

test("without script, /book says booking needs JavaScript and offers the contact form and WhatsApp", async ({
  browser,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto("/book");
  await expect(page.getByRole("heading", { level: 1, name: "Book a free discovery call" })).toBeVisible();
  await expect(page.getByText(/Booking a time needs JavaScript/)).toBeVisible();
  await expect(page.getByRole("link", { name: "Send us a message" })).toHaveAttribute("href", "/contact");
  await expect(page.getByRole("link", { name: /Chat on WhatsApp/ })).toHaveAttribute("href", /^https:\/\/wa\.me\//);
  // The form and its times, in the page for a browser that runs its script, are not shown.
  const times = page.locator('input[name="slot"]');
  expect(await times.count()).toBeGreaterThan(0);
  await expect(times.first()).toBeHidden();
  await expect(page.getByRole("radio")).toHaveCount(0);
  await expect(page.getByRole("status").filter({ hasText: pickerCopy.loading })).toHaveCount(0);
  await context.close();
});

test("/book arrives with its first day's times in the HTML, and hydration keeps them: nothing taken out, nothing asked again, no error", async ({
  page,
}) => {
  const errors = collectConsoleErrors(page);
  const asked: string[] = [];
  page.on("request", (request) => {
    if (request.url().includes("view=slots")) asked.push(request.url());
  });
  // Every element taken out of the form from its first byte: a placeholder, or times drawn again.
  await page.addInitScript(() => {
    const removed: string[] = [];
    Object.assign(window, { removedFromForm: removed });
    new MutationObserver((records) => {
      for (const record of records)
        if (record.target instanceof Element && record.target.closest("form"))
          for (const node of record.removedNodes)
            if (node instanceof Element) removed.push(node.outerHTML.slice(0, 80));
    }).observe(document, { childList: true, subtree: true });
  });
  const served = await (await page.request.get("/book")).text();
  expect(served).toContain('name="slot"');
  expect(served).not.toContain(pickerCopy.loading);

  await page.goto("/book");
  const first = page.getByRole("radio").first();
  await expect(first).toBeAttached();
  const tagged = await first.evaluate((radio) => {
    (radio as HTMLInputElement).dataset.served = "yes";
    return radio.getAttribute("value");
  });
  await waitForHydration(page);
  // The same element once hydrated (in the test's zone the times may be written again, in place).
  await expect(page.locator(`input[name="slot"][value="${tagged}"]`)).toHaveAttribute("data-served", "yes");
  expect(await page.evaluate(() => (window as unknown as { removedFromForm: string[] }).removedFromForm)).toEqual([]);
  expect(asked).toEqual([]);
  expect(errors).toEqual([]);
});

// The form and the picker hydrate with the page, in its pass. Behind a Suspense boundary of their own
// (a chunk of their own), they hydrated in a later pass, 266-316 ms after the page at the low-tier
// phone's 9x, and a first tap on a time before that waited for React to hydrate them in the click
// (docs/performance.md, "`/book`'s first tap, hydrated in time").
test("/book's form and times hydrate with the page: nothing inside the page waits for a pass of its own", async ({
  page,
}) => {
  await recordReactCommits(page);
  await gotoHydrated(page, "/book");
  await expect(page.getByRole("radio").first()).toBeAttached();
  await waitForQuiet(page);
  // The route's own boundary, which React hydrates after the layout; none inside it.
  expect((await reactCommits(page)).dehydratedInMain).toBe(1);
});

test.describe("a visitor in Lagos", () => {
  // /book's times are in its HTML in the agency's zone (src/lib/calls/book-times.ts): a visitor there
  // sees them as served; elsewhere they are written again in the visitor's zone (below).
  test.use({ timezoneId: AGENCY_TIME_ZONE });

  test("with script, /book and /thank-you hold the times' place from the first paint: nothing moves as they arrive", async ({
    page,
  }) => {
    await recordLayoutShifts(page);
    for (const width of [390, 1440]) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
      await page.goto("/book");
      await expect(page.getByRole("radio").first()).toBeVisible();
      await waitForHydration(page);
      await waitForQuiet(page);
      expect(await layoutShifts(page), `/book at ${width} px: layout shifts`).toEqual([]);

      // /thank-you opened again in the tab that sent the enquiry (its name and booking token stored).
      await page.evaluate(
        ([request, token]) => {
          sessionStorage.setItem(request.key, JSON.stringify({ fullName: "Chidi Okeke" }));
          sessionStorage.setItem(token.key, token.value);
        },
        [{ key: contactStorageKey }, { key: bookingTokenStorageKey, value: "storedToken0123456789" }] as const,
      );
      await page.goto("/thank-you");
      await expect(page.getByText("Thank you, Chidi.")).toBeVisible();
      await expect(page.getByRole("radio").first()).toBeVisible();
      // The greeting's centred line takes the name in place (its text widens, a shift of about 0.001);
      // nothing moves up or down.
      const movedDown = (await layoutShifts(page))
        .flatMap((shift) => shift.sources)
        .filter((source) => {
          const [, fromY, fromHeight, toY, toHeight] =
            /from y (\S+) \((\S+) high\) to y (\S+) \((\S+) high\)/.exec(source) ?? [];
          return fromY !== toY || fromHeight !== toHeight;
        });
      expect(movedDown, `/thank-you at ${width} px: what moved`).toEqual([]);
    }
  });
});

test.describe("a visitor in London, on /book", () => {
  test.use({ timezoneId: "Europe/London" });

  test("sees the times written again in their zone once the page has hydrated: only the times' own words move, by a few pixels", async ({
    page,
  }) => {
    await recordLayoutShifts(page);
    for (const width of [390, 1440]) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
      await page.goto("/book");
      await waitForHydration(page);
      await expect(page.getByRole("combobox", { name: "Your time zone" })).toHaveValue("Europe/London");
      // Each time with the agency's beside it: "08:00" and "09:00 Lagos" in winter.
      await expect(firstTimes(page).getByRole("radio").first()).toHaveAccessibleName(/^\d\d:\d\d \(\d\d:\d\d Lagos\)$/);
      await waitForQuiet(page);
      const shifts = await layoutShifts(page);
      expect(
        shifts
          .flatMap((shift) => shift.sources)
          .filter((source) => !source.startsWith("span.text-base font-semibold tabular-nums")),
        `/book at ${width} px: what moved beside the times' words`,
      ).toEqual([]);
      expect(shifts.reduce((sum, shift) => sum + shift.value, 0)).toBeLessThan(0.001);
    }
  });
});
