import { expect, test, type Browser, type Page } from "@playwright/test";
import { chunkFile, FRAMEWORK_CHUNK, REACT_DOM_CHUNK } from "../../scripts/chunk-names";
import { harnessTasks, longestOf, onPhone, type TraceEvent } from "../../scripts/long-tasks";
import { POST_ROUTE, PUBLIC_ROUTES } from "../../scripts/script-budgets";
import { APP_START_MARK } from "../../src/lib/app-start";
import { AGENCY_TIME_ZONE } from "../../src/lib/agency-zone";
import {
  calibrateToPhone,
  indexAtSlowdown,
  LOW_TIER_BENCHMARK_INDEX,
  setSlowdown,
  type PhoneCalibration,
} from "../../scripts/cpu-calibration";
import { waitForHydration, waitForQuiet } from "./hydration";

/**
 * What hydration may cost a phone (issue: script that costs the visitor nothing), read in Chromium
 * slowed to a low-tier phone (below) on a 390 × 844 screen, with the consent question answered (the project's storage
 * state), so only the page itself paints:
 *
 * - **The largest paint is painted once.** The page's largest element is on screen from the
 *   prerendered HTML. Once the app's code runs (its entry, src/main.tsx, imported after the first
 *   paint by the page's inline script, scripts/bootstrap-script.ts, sets APP_START_MARK first) no new largest-contentful-paint entry may come, and the
 *   element that was largest is the same node, at the same place and size, once the page has
 *   hydrated. A hydration that replaced the node or its text, or moved it, would paint it again and
 *   report a later LCP. The line is the app's first line, not its request: the parser's own paints
 *   may still come between the two (a post's first paragraph was once painted 24 ms after the
 *   request, in the frame after the first paint, a hundred before the app ran).
 * - **Hydration works in slices, on every public route.** React hydrates the
 *   root as a transition (src/main.tsx), a slice of about 5 ms at a time; no task of the trace that
 *   runs React's work (a function call into the framework chunk) may last over 50 ms, the long-task
 *   line of Total Blocking Time; nor may any other task from the app's first line until the page is
 *   quiet (style, layout and paint the script causes). The entry's own evaluation is not hydration and
 *   is not counted here; the benchmark measures it (docs/performance.md). A task's length is the main
 *   thread's own time over it (`taskTime`, scripts/long-tasks.ts), which the slowdown counts and the machine's other
 *   work does not.
 *
 * **The phone.** Chrome's low-tier one, the phone `npm run bench` emulates (a benchmark index of 264,
 * `LOW_TIER_BENCHMARK_INDEX`, scripts/cpu-calibration.ts), in Lagos. The slowdown is measured once, in
 * the browser before the first test loads a page: the machine's index over the phone's (Lighthouse's
 * benchmark, as `npm run bench` does), then corrected by the index the page measures at that rate
 * (`calibrateToPhone`), since Chromium's slowdown is not the rate it is given on a busy machine. The
 * rate alone was 9.1-9.9x on the 2-core machine of 2026-12-05, where the page then measured 221-262;
 * corrected, 7.3x, and 221-266 after each load. On a CI machine the rate alone (6.9-7.6x) emulated a
 * phone about three times slower than the low-tier one: 12 of the 13 routes failed there, on tasks of
 * 94-171 ms that were 27-47 ms here. After each load the page measures its index again at the same
 * slowdown, and a task's length is read as the phone's (`onPhone`): longer where the machine ran the
 * page faster than the phone, shorter where slower. The index is measured on the machine as the tasks
 * meet it: after every other spec, one test at a time. Until 2026-12-01 the spec slowed every machine
 * 4x, which on the machine of that day (index 3,950) was the mid-range phone; the same machine later
 * read 1,600-2,800, where 4x emulated a phone twice as slow.
 *
 * The low-tier phone from 2026-12-05. Before, 4 to 7 of the 13 public routes, different ones from run
 * to run, had a task over 50 ms there (13-16x on the machine of 2026-12-01): minor garbage collections
 * of 25-68 ms inside a slice, tasks of many short pieces just over the line, and, every time, the
 * first Intl.DateTimeFormat of /book's times (170-180 ms), which a worker now takes off the main thread
 * (src/lib/calls/warm-intl.ts). `/book` joined the other 12 routes once its times came in its HTML
 * (src/lib/calls/book-times.ts): drawn by the script after the load, its first day was two tasks of
 * 40-57 ms, over the line in 4 of 6 loads. docs/performance.md has the figures.
 */

const LONG_TASK_MS = 50;

interface Phone {
  name: string;
  benchmarkIndex: number;
}

const LOW_TIER_PHONE: Phone = { name: "low-tier phone", benchmarkIndex: LOW_TIER_BENCHMARK_INDEX };

// In Lagos, as the agency's visitors mostly are: /book is rendered with its times in the agency's zone
// (src/lib/calls/book-times.ts), which a visitor's browser elsewhere writes again in its own.
test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, timezoneId: AGENCY_TIME_ZONE });

/**
 * The slowdown that makes this machine the phone: measured once per worker, in the first test's page
 * before it loads anything, and kept for the other tests (`calibrateToPhone`, scripts/cpu-calibration.ts:
 * the machine's index over the phone's, then corrected by the index the page measures at that rate).
 * Measured before every test it cost about a minute of a CI run. This file's tests run one after
 * another once every other spec has finished (playwright.config.ts), so the machine they run on is
 * the one measured.
 */
let calibrated: Promise<PhoneCalibration> | undefined;

/** Slows `page`'s CPU to `phone` on this machine; answers the slowdown. */
async function slowDown(page: Page, phone: Phone): Promise<number> {
  calibrated ??= calibrateToPhone(page, phone.benchmarkIndex);
  const { slowdown } = await calibrated;
  await setSlowdown(page, slowdown);
  return slowdown;
}

interface LargestPaint {
  startTime: number;
  size: number;
  tag: string;
  text: string;
}

/**
 * Records every largest-contentful-paint entry of the page about to load, and where its element was.
 * A web font swapped in after that paint and before the app starts lays the text out again (the
 * core face did until it was `font-display: optional`, src/index.css: the fallback face wraps
 * `/contact`'s lead paragraph at 390 px in four lines, the brand font in three; the faces of a few
 * characters each still swap), and that is the font's doing, not hydration's: the place is read
 * again when a face has loaded, until the app starts.
 */
async function watchLargestPaint(page: Page): Promise<void> {
  await page.addInitScript((mark) => {
    const store = window as unknown as { __largest: LargestPaint[]; __largestElement: Element | null; __box: string };
    store.__largest = [];
    store.__largestElement = null;
    const measure = () => {
      const box = store.__largestElement?.getBoundingClientRect();
      store.__box = box ? [box.x, box.y, box.width, box.height].map((value) => value.toFixed(1)).join(",") : "";
    };
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as LargestContentfulPaint[]) {
        store.__largest.push({
          startTime: entry.startTime,
          size: entry.size,
          tag: entry.element?.tagName ?? "(removed)",
          text: (entry.element?.textContent ?? "").trim().slice(0, 40),
        });
        store.__largestElement = entry.element;
        measure();
      }
    }).observe({ type: "largest-contentful-paint", buffered: true });
    document.fonts.addEventListener("loadingdone", () => {
      if (performance.getEntriesByName(mark, "mark").length === 0) measure();
    });
  }, APP_START_MARK);
}

/** Once the page is quiet: no largest paint after the app started, and the element is the same node, where it was. */
async function expectLargestPaintedOnce(page: Page): Promise<void> {
  const seen = await page.evaluate((mark) => {
    const store = window as unknown as { __largest: LargestPaint[]; __largestElement: Element | null; __box: string };
    const appStart = performance.getEntriesByName(mark, "mark")[0];
    const element = store.__largestElement;
    const box = element?.getBoundingClientRect();
    return {
      entries: store.__largest,
      appStartedAt: appStart?.startTime ?? null,
      connected: element?.isConnected ?? false,
      boxAtPaint: store.__box,
      boxNow: box ? [box.x, box.y, box.width, box.height].map((value) => value.toFixed(1)).join(",") : "",
    };
  }, APP_START_MARK);

  expect(seen.appStartedAt, "the app's entry ran").not.toBeNull();
  expect(seen.entries.length, "a largest paint was reported").toBeGreaterThan(0);
  const late = seen.entries.filter((entry) => entry.startTime >= seen.appStartedAt!);
  expect(late, `largest paints after the app started at ${seen.appStartedAt!.toFixed(0)} ms`).toEqual([]);
  expect(seen.connected, "the largest element is still the same node after hydration").toBe(true);
  expect(seen.boxNow, "the largest element has not moved or changed size").toBe(seen.boxAtPaint);
}

/** What one load of a route cost the phone: its two longest tasks, read as the phone's, and where it ran. */
interface Load {
  where: string;
  hydration: { onPhone: number; here: number; count: number; inside: string };
  afterApp: { onPhone: number; here: number; count: number; inside: string };
}

/**
 * Loads `route` in `page` (slowed, traced) until quiet and reads its tasks. The structural checks
 * (React's work is in the trace, hydration ran in slices, the app's first line is there) are asserted
 * here; the two timings are answered, for the caller to judge over loads.
 */
async function measureLoad(page: Page, browser: Browser, route: string, rate: number, phone: Phone): Promise<Load> {
  await browser.startTracing(page, {
    // `toplevel` names the message each task handles: the DevTools session's are the test's (below).
    categories: ["devtools.timeline", "disabled-by-default-devtools.timeline", "blink.user_timing", "toplevel"],
  });
  await page.goto(route, { waitUntil: "load" });
  await waitForHydration(page);
  await waitForQuiet(page);
  const trace = JSON.parse((await browser.stopTracing()).toString("utf8")) as { traceEvents: TraceEvent[] };
  // The phone the page ran as: the index it measures now, in the same page at the same slowdown, once
  // quiet. A task is read as it would take on the phone itself: on a machine that ran the page 20%
  // slower than the phone since it was calibrated, 20% shorter.
  const ranAs = await indexAtSlowdown(page);
  const asPhone = (ms: number) => onPhone(ms, ranAs, phone.benchmarkIndex);
  const where = `at ${rate}x, where the page ran as a phone of index ${Math.round(ranAs)} (the ${phone.name}'s is ${phone.benchmarkIndex})`;
  expect(
    ranAs,
    `${where}: a machine over three times slower than the phone measures itself, not the page`,
  ).toBeGreaterThan(phone.benchmarkIndex / 3);

  // The renderer's main thread is the one that evaluated the page's scripts.
  // React's scheduler, which runs its slices, is in the react-dom chunk; React and the router in the framework chunk.
  const reactChunk = (url: string | undefined) =>
    !!url && [FRAMEWORK_CHUNK, REACT_DOM_CHUNK].some((name) => chunkFile(name).test(url));
  const calls = trace.traceEvents.filter((event) => event.name === "FunctionCall" && event.ph === "X");
  const reactCalls = calls.filter((event) => reactChunk(event.args?.data?.url));
  expect(reactCalls.length, "React's work shows in the trace as calls into its chunks").toBeGreaterThan(0);
  const mainThread = reactCalls[0]!;
  const tasks = trace.traceEvents.filter(
    (event) =>
      event.name === "RunTask" &&
      event.ph === "X" &&
      event.pid === mainThread.pid &&
      event.tid === mainThread.tid &&
      typeof event.dur === "number",
  );
  const hydrationTasks = tasks.filter((task) =>
    reactCalls.some((call) => call.ts >= task.ts && call.ts < task.ts + task.dur!),
  );
  expect(hydrationTasks.length, "hydration ran in more than one task").toBeGreaterThan(1);
  const hydration = longestOf(hydrationTasks, trace.traceEvents);

  // Nor any task at all once the app's code runs (its first line marks APP_START_MARK, inside the
  // entry's evaluation, which is not counted): style and layout the script causes, the images it
  // shows, a stylesheet it switches on. Pages switched their full stylesheet on here until
  // 2026-12-01 (src/server/inline-stylesheets.ts); at 4x that restyle was 28-40 ms, under the line,
  // and 125-207 ms at the low-tier phone's 14.5x, which `npm run bench` calibrates to.
  const appStart = trace.traceEvents.find((event) => event.name === APP_START_MARK);
  expect(appStart, "the app's first line is in the trace").toBeDefined();
  // Not the test's own scripts: Playwright evaluates what it needs (the script behind a locator, the
  // waits above) through the DevTools protocol, and its first evaluation on a page was a task of
  // 33-89 ms at 4x of its own, counted here as the page's (a category and a tag page failed so,
  // now and then, under CI's three workers). Nor its calls into the script it evaluated: each of the
  // waits' polls is a message of the DevTools session, a task with no event of the page's in it, and
  // one of them, compiling the test's script's functions at the phone's slowdown, read 45-65 ms of
  // the thread's time in three loads of an author page in a row on a busy machine. Both are told
  // apart by `harnessTasks` (scripts/long-tasks.ts).
  const harness = harnessTasks(trace.traceEvents);
  const afterStart = tasks.filter((task) => task.ts > appStart!.ts && !harness(task));
  expect(afterStart.length, "tasks ran after the app started").toBeGreaterThan(0);
  const afterApp = longestOf(afterStart, trace.traceEvents);
  return {
    where,
    hydration: {
      onPhone: asPhone(hydration.ms),
      here: hydration.ms,
      count: hydrationTasks.length,
      inside: hydration.inside,
    },
    afterApp: { onPhone: asPhone(afterApp.ms), here: afterApp.ms, count: afterStart.length, inside: afterApp.inside },
  };
}

/**
 * A route's loads at most. A task's time here is the page's work slowed, plus whatever the machine
 * adds: Chromium holds the page's thread busy until its slowing thread wakes, and on a busy machine
 * that thread once woke 65 ms late, a task of 65 ms of the thread's time after the app started on
 * `/contact` with nothing inside it but an event of 0.0 ms (and on CI, a timer's task of 117 ms with
 * 2.3 ms of script in it). The machine only adds, so a route is loaded again, afresh, while its
 * longest task is over the line: it fails when each of three loads had one. Its work over the line
 * would be in every load.
 */
const LOADS = 3;

for (const route of PUBLIC_ROUTES) {
  const phone = LOW_TIER_PHONE;
  // The largest paint is read in the same load as the tasks: this file runs alone, after every other
  // spec, and a load at the phone's slowdown takes about 6 s.
  test(`${route}: the largest element is painted once, hydration neither repaints nor moves it, and no task of hydration, nor any other from the app's first line until quiet, lasts over ${LONG_TASK_MS} ms on a ${phone.name}`, async ({
    page,
    browser,
  }) => {
    // The first test of a worker calibrates (about 20 s), and a route may be loaded three times.
    test.setTimeout(120_000);
    await watchLargestPaint(page);
    // On the site before the trace starts. Traced from the new tab's blank page, the trace's end waited
    // 5 s in 4-7 loads of 13 a run (20-35 s of the suite), and never in a test's second load: that
    // first navigation moves the tab to a renderer of the site's own while the blank page's exits,
    // a navigation within the site keeps it. robots.txt runs nothing and caches nothing the route loads.
    await page.goto("/robots.txt");
    const rate = await slowDown(page, phone);
    const loads: Load[] = [];
    for (let attempt = 0; attempt < LOADS; attempt += 1) {
      if (attempt > 0) {
        // Afresh: nothing of the last load kept by the browser (its compiled scripts included) or the tab.
        await page.evaluate(() => sessionStorage.clear());
        const cdp = await page.context().newCDPSession(page);
        await cdp.send("Network.clearBrowserCache");
        await cdp.detach();
      }
      const load = await measureLoad(page, browser, route, rate, phone);
      loads.push(load);
      // The figures of every load, whether or not it passes, for the run's log; what the longest task
      // did when it came within 10 ms of the line.
      const near = load.afterApp.onPhone > LONG_TASK_MS - 10 ? `: ${load.afterApp.inside}` : "";
      console.log(
        `${route} load ${attempt + 1} ${load.where}: hydration's longest task ${load.hydration.onPhone.toFixed(1)} ms on the phone (${load.hydration.here.toFixed(1)} here), after the app started ${load.afterApp.onPhone.toFixed(1)} ms (${load.afterApp.here.toFixed(1)})${near}`,
      );
      await expectLargestPaintedOnce(page);
      if (Math.max(load.hydration.onPhone, load.afterApp.onPhone) <= LONG_TASK_MS) break;
    }

    const worst = (load: Load) => Math.max(load.hydration.onPhone, load.afterApp.onPhone);
    const best = loads.reduce((found, load) => (worst(load) < worst(found) ? load : found));
    const tried = loads.length > 1 ? ` (the best of ${loads.length} loads)` : "";
    // Soft, so that both lines are read when one fails.
    expect
      .soft(
        best.hydration.onPhone,
        `${best.where}, the longest of ${best.hydration.count} tasks of hydration on the phone${tried} (${best.hydration.here.toFixed(1)} ms of the thread's time here): ${best.hydration.inside}`,
      )
      .toBeLessThanOrEqual(LONG_TASK_MS);
    expect
      .soft(
        best.afterApp.onPhone,
        `${best.where}, the longest of ${best.afterApp.count} tasks after the app started on the phone${tried} (${best.afterApp.here.toFixed(1)} ms of the thread's time here): ${best.afterApp.inside}`,
      )
      .toBeLessThanOrEqual(LONG_TASK_MS);
  });
}

test.describe("a reader in another time zone", () => {
  // Ten hours behind UTC: the seeded posts, published in the morning UTC, are the day before here.
  test.use({ timezoneId: "Pacific/Honolulu" });

  test("sees the dates the server rendered, kept by hydration", async ({ page }) => {
    const errors: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error") errors.push(message.text());
    });
    const served = await (await page.request.get(POST_ROUTE)).text();
    const servedDates = [...served.matchAll(/<time\b[^>]*>([^<]+)<\/time>/g)].map((match) => match[1]);
    expect(servedDates.length, "the post names its date").toBeGreaterThan(0);
    await page.goto(POST_ROUTE);
    await waitForHydration(page);
    const shown = await page.locator("time").allTextContents();
    expect(shown.slice(0, servedDates.length)).toEqual(servedDates);
    expect(errors.filter((text) => /hydrat/i.test(text))).toEqual([]);
  });
});
