/**
 * The first tap on a control, as a phone answers it (`npm run bench`, the second half): Chromium at
 * the benchmark's calibrated CPU slowdown (`Emulation.setCPUThrottlingRate`; the low-tier phone,
 * scripts/cpu-calibration.ts, calibrated again before each control), a 390 × 844 touch screen, a fresh browser
 * context per load (nothing cached; the consent question answered, so its choice covers nothing).
 * Each load waits for the load event and a second more (a control below the first screen is
 * scrolled to first, as a visitor scrolls to it), then taps the control once and reads:
 *
 * - **the interaction's duration** from Event Timing (PerformanceObserver, type `event`,
 *   durationThreshold 16, buffered): the entries of the tap (pointerdown, pointerup, click) share an
 *   interactionId > 0, and the interaction lasts as long as the longest of them, from the touch to
 *   the next paint after the handlers ran (INP's measure). Entries under 16 ms are not reported: the
 *   tap then shows as "< 16".
 * - **until the control changed**: from the touch to the first frame in which the control shows its
 *   new state (aria-selected, aria-expanded, aria-pressed, checked), read in a frame callback. A tap
 *   that reaches the page before its handler exists ends its Event Timing entry at a paint that shows
 *   nothing new; the page answers it only when the press is replayed or adopted after hydration.
 * - **whether it took effect**: the state changed within 5 s and still holds once the page is
 *   hydrated. A lost press is a failure. A press answered later than that (a page still hydrating
 *   5 s after the tap, on a machine busy with something else) is counted as lost too, since a visitor
 *   taps again long before, but is told apart in the table ("late"): read up to 10 s more.
 *
 * The goal (the team's architecture guide, Rendering) is a first tap answered within 200 ms on a
 * phone: a control is "ok" when every press took effect and the medians of both figures are within
 * 200 ms.
 */
import { AGENCY_TIME_ZONE } from "../src/lib/agency-zone";
import { chromium, type Browser, type Page } from "@playwright/test";
import { answeredConsentState } from "../tests/e2e/consent-state";
import { setSlowdown } from "./cpu-calibration";

const TAP_GOAL_MS = 200;
const SETTLE_MS = 1000;
const EFFECT_TIMEOUT_MS = 5000;
const HYDRATED_TIMEOUT_MS = 10_000;
/** How long a control that the page renders once its data has loaded (a booking time) may take to appear. */
const APPEAR_TIMEOUT_MS = 20_000;

/** What the control shows once pressed: an attribute's value, or a radio or checkbox being checked. */
type PressedState = { attribute: string; value: string } | { checked: true };

interface TapControl {
  route: string;
  name: string;
  /** The control: the first element matching the selector (and, when given, with this exact text). */
  selector: string;
  text?: string;
  /** Where the finger goes, when not on the control itself: its closest ancestor matching this. */
  tapOn?: string;
  pressed: PressedState;
  /** Rendered once the page's data has loaded (not in the served HTML): the load waits for it to appear. */
  appearsLater?: boolean;
}

/** One of each kind of control a visitor's first tap meets. */
const TAP_CONTROLS: readonly TapControl[] = [
  {
    route: "/",
    name: "hero tab Automate",
    selector: "#hero-tab-automate",
    pressed: { attribute: "aria-selected", value: "true" },
  },
  {
    route: "/",
    name: "menu button",
    selector: 'button[aria-controls="mobile-menu"]',
    pressed: { attribute: "aria-expanded", value: "true" },
  },
  {
    route: "/services",
    name: "tab CRM Automation",
    selector: "#service-tab-crm-automation",
    pressed: { attribute: "aria-selected", value: "true" },
  },
  {
    route: "/portfolio",
    name: "filter CRM Automation",
    selector: "button[aria-pressed]",
    text: "CRM Automation",
    pressed: { attribute: "aria-pressed", value: "true" },
  },
  {
    route: "/contact",
    name: "service CRM Automation",
    selector: 'input[name="service"][value="crm"]',
    tapOn: "label",
    pressed: { checked: true },
  },
  {
    // The first of the free times, which the picker loads and renders after hydration.
    route: "/book",
    name: "the first free time",
    selector: 'input[name="slot"]',
    tapOn: "label",
    pressed: { checked: true },
    appearsLater: true,
  },
];

interface TapSample {
  /** The interaction's duration (ms); null when every entry was under the 16 ms threshold. */
  durationMs: number | null;
  /** From the touch to the first frame showing the new state (ms); null when it never changed. */
  untilChangedMs: number | null;
  tookEffect: boolean;
  /** Not within EFFECT_TIMEOUT_MS, but within HYDRATED_TIMEOUT_MS more: answered too late, not never. */
  late: boolean;
}

export interface TapResult {
  route: string;
  control: string;
  /** The CPU slowdown of this control's loads. */
  cpuSlowdown: number;
  loads: number;
  /** Median of the loads, an entry under the threshold counted as 16 ms (shown as "< 16"). */
  durationMs: number;
  /**
   * The same tap on the page's no-script copy, median of as many loads (an entry under the threshold
   * counted as 16 ms): the floor under `durationMs`. Null when not measured: no copies, or a control
   * the page's script renders (a booking time), which the copy does not have.
   */
  noScriptDurationMs: number | null;
  untilChangedMs: number;
  tookEffect: number;
  /** Of the presses that did not take effect, those answered later than EFFECT_TIMEOUT_MS. */
  late: number;
  ok: boolean;
  samples: TapSample[];
  /** The copy's taps (null: under 16 ms); empty when not measured. */
  noScriptSamples: (number | null)[];
}

interface ControlLocator {
  selector: string;
  text?: string;
  pressed: PressedState;
}

/**
 * Installed before the page's own scripts (as text: tsx would wrap a compiled function's inner
 * functions in a helper the page does not have): the Event Timing observer, the touch's timestamp,
 * and a frame-by-frame watch of the control's state once the tap is on its way.
 */
const PROBE_SCRIPT = `(() => {
  const probe = {
    entries: [],
    touchedAt: null,
    changedAt: null,
    element(find) {
      return [...document.querySelectorAll(find.selector)].find(
        (element) => find.text === undefined || element.textContent.trim() === find.text,
      ) ?? null;
    },
    isPressed(find) {
      const element = probe.element(find);
      if (!element) return false;
      if (find.pressed.checked) return element.checked === true;
      return element.getAttribute(find.pressed.attribute) === find.pressed.value;
    },
    watch(find) {
      const frame = () => {
        if (probe.isPressed(find)) probe.changedAt = performance.now();
        else requestAnimationFrame(frame);
      };
      requestAnimationFrame(frame);
    },
    scrollTo(find, tapOn) {
      const control = probe.element(find);
      const target = tapOn ? control && control.closest(tapOn) : control;
      if (!target) return null;
      target.scrollIntoView({ block: "center", behavior: "instant" });
      const { x, y, width, height } = target.getBoundingClientRect();
      return { x, y, width, height };
    },
  };
  window.__tapProbe = probe;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries())
      probe.entries.push({
        name: entry.name,
        interactionId: entry.interactionId,
        duration: entry.duration,
        startTime: entry.startTime,
      });
  }).observe({ type: "event", durationThreshold: 16, buffered: true });
  addEventListener("pointerdown", (event) => { if (probe.touchedAt === null) probe.touchedAt = event.timeStamp; }, { capture: true });
})();`;

interface ProbeReading {
  entries: { name: string; interactionId: number; duration: number; startTime: number }[];
  touchedAt: number | null;
  changedAt: number | null;
}

/** A call of the probe's, as text to evaluate in the page. */
const call = (method: string, ...args: unknown[]) =>
  `window.__tapProbe.${method}(${args.map((arg) => JSON.stringify(arg) ?? "undefined").join(", ")})`;

/** A fresh context as the phone (390 × 844, touch, the consent answered), its page at the slowdown, probed. */
async function openPhone(browser: Browser, baseUrl: string, cpuSlowdown: number) {
  const context = await browser.newContext({
    baseURL: baseUrl,
    ignoreHTTPSErrors: true,
    storageState: answeredConsentState(),
    viewport: { width: 390, height: 844 },
    screen: { width: 390, height: 844 },
    deviceScaleFactor: 1.75,
    isMobile: true,
    hasTouch: true,
    // In Lagos, as Lighthouse's runs are (bench.ts): /book's times are served in its zone.
    timezoneId: AGENCY_TIME_ZONE,
  });
  const page = await context.newPage();
  await setSlowdown(page, cpuSlowdown);
  // The probe is the browser's own script, run in the no-script copy too.
  await page.addInitScript(PROBE_SCRIPT);
  return { context, page };
}

/**
 * The tap's interaction, from Event Timing: the first interactionId among the entries from the touch
 * on, as long as the longest of its entries; null when every entry was under the 16 ms threshold.
 */
function interactionDuration(entries: ProbeReading["entries"], touchedAt: number): number | null {
  const ofTap = entries.filter((entry) => entry.interactionId > 0 && entry.startTime >= touchedAt - 1);
  const id = ofTap[0]?.interactionId;
  const durations = ofTap.filter((entry) => entry.interactionId === id).map((entry) => entry.duration);
  return durations.length ? Math.max(...durations) : null;
}

/**
 * The same tap on the page's no-script copy (scripts/no-script-copy.ts), loaded and settled as the
 * page is: the floor under the first tap, what the phone's touch, its compatibility mouse events, the
 * click and the next frame cost with no script of the page's at all. A radio is checked and restyled
 * by the browser there too; a button changes nothing. Returns the interaction's duration (null when
 * under 16 ms).
 */
async function tapCopyOnce(
  browser: Browser,
  noScriptBaseUrl: string,
  control: TapControl,
  cpuSlowdown: number,
): Promise<number | null> {
  const { context, page } = await openPhone(browser, noScriptBaseUrl, cpuSlowdown);
  try {
    await page.goto(control.route, { waitUntil: "load" });
    const find: ControlLocator = { selector: control.selector, text: control.text, pressed: control.pressed };
    await scrollTo(page, find, control.tapOn);
    await page.waitForTimeout(SETTLE_MS);
    const box = await scrollTo(page, find, control.tapOn);
    await page.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2);
    // Two frames and a little time for Event Timing's entries (as tapOnce).
    await page.evaluate(
      "new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, 100))))",
    );
    const probe = await page.evaluate<ProbeReading>(
      "({ entries: window.__tapProbe.entries, touchedAt: window.__tapProbe.touchedAt, changedAt: null })",
    );
    if (probe.touchedAt === null)
      throw new Error(`${control.route} ${control.name} (no-script copy): the tap reached no page.`);
    return interactionDuration(probe.entries, probe.touchedAt);
  } finally {
    await context.close();
  }
}

async function tapOnce(
  browser: Browser,
  baseUrl: string,
  control: TapControl,
  cpuSlowdown: number,
): Promise<TapSample> {
  const { context, page } = await openPhone(browser, baseUrl, cpuSlowdown);
  try {
    await page.goto(control.route, { waitUntil: "load" });
    const find: ControlLocator = { selector: control.selector, text: control.text, pressed: control.pressed };
    if (control.appearsLater) await waitToAppear(page, find);
    await scrollTo(page, find, control.tapOn);
    await page.waitForTimeout(SETTLE_MS);
    if (await page.evaluate<boolean>(call("isPressed", find)))
      throw new Error(`${control.route} ${control.name}: already in its pressed state before the tap.`);
    // Where it is now (hydration may have scrolled the page since), then the tap itself: a touch
    // start and end through the DevTools protocol, with nothing of Playwright's in the page between.
    const box = await scrollTo(page, find, control.tapOn);
    await page.evaluate(call("watch", find));
    await page.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2);
    const changed = await page
      .waitForFunction("window.__tapProbe.changedAt !== null", undefined, { timeout: EFFECT_TIMEOUT_MS, polling: 50 })
      .then(() => true)
      .catch(() => false);
    // Event Timing reports an entry after the paint that follows its event: two more frames and a
    // little time for the observer's callback.
    await page.evaluate(
      "new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, 100))))",
    );
    const probe = await page.evaluate<ProbeReading>(
      "({ entries: window.__tapProbe.entries, touchedAt: window.__tapProbe.touchedAt, changedAt: window.__tapProbe.changedAt })",
    );
    if (probe.touchedAt === null) throw new Error(`${control.route} ${control.name}: the tap reached no page.`);
    // A press the app undid when it hydrated (a radio checked natively, then rendered unchecked) did
    // not take effect: the state must hold once the page is hydrated (src/app/Root.tsx's marker).
    await page
      .waitForSelector("html[data-hydrated]", { state: "attached", timeout: HYDRATED_TIMEOUT_MS })
      .catch(() => {});
    const tookEffect = changed && (await page.evaluate<boolean>(call("isPressed", find)));
    const late =
      !changed &&
      (await page
        .waitForFunction("window.__tapProbe.changedAt !== null", undefined, {
          timeout: HYDRATED_TIMEOUT_MS,
          polling: 100,
        })
        .then(() => true)
        .catch(() => false));
    return {
      durationMs: interactionDuration(probe.entries, probe.touchedAt),
      untilChangedMs: probe.changedAt === null ? null : probe.changedAt - probe.touchedAt,
      tookEffect,
      late,
    };
  } finally {
    await context.close();
  }
}

/**
 * Waits until the control is on the page, reading it every 100 ms with a plain evaluation (a locator
 * or waitForSelector would inject Playwright's own script into the page, a long task of its own).
 */
async function waitToAppear(page: Page, find: ControlLocator) {
  const deadline = Date.now() + APPEAR_TIMEOUT_MS;
  while (!(await page.evaluate<boolean>(`${call("element", find)} !== null`))) {
    if (Date.now() > deadline)
      throw new Error(`${page.url()}: no element for ${find.selector} within ${APPEAR_TIMEOUT_MS / 1000} s.`);
    await page.waitForTimeout(100);
  }
}

/** Scrolls the control (or what the finger goes on) to the middle of the screen; returns its box. */
async function scrollTo(page: Page, find: ControlLocator, tapOn: string | undefined) {
  const box = await page.evaluate<{ x: number; y: number; width: number; height: number } | null>(
    call("scrollTo", find, tapOn),
  );
  if (!box) throw new Error(`${page.url()}: no element for ${find.selector}${find.text ? ` "${find.text}"` : ""}.`);
  return box;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

/**
 * Taps each control once on each of `loads` fresh loads; the controls of the given routes only.
 * Closing the connection closes the contexts made here and leaves the browser running.
 */
export async function measureTaps(options: {
  baseUrl: string;
  /**
   * Where the pages' no-script copies are served (scripts/bench.ts): each load of a control is then
   * paired with a tap on its copy, alternating which comes first.
   */
  noScriptBaseUrl?: string;
  routes: readonly string[];
  loads: number;
  /** The DevTools endpoint of the benchmark's Chromium (the one Lighthouse runs in, with its flags). */
  cdpUrl: string;
  /**
   * The CPU slowdown of a control's loads, asked for before each control's first load (the
   * benchmark calibrates it again there, so that a machine busier than at the start does not
   * emulate a slower phone).
   */
  cpuSlowdown: (control: string) => Promise<number>;
}): Promise<TapResult[]> {
  const controls = TAP_CONTROLS.filter((control) => options.routes.includes(control.route));
  if (!controls.length) return [];
  const browser = await chromium.connectOverCDP(options.cdpUrl);
  try {
    const results: TapResult[] = [];
    for (const control of controls) {
      const samples: TapSample[] = [];
      const noScriptSamples: (number | null)[] = [];
      const cpuSlowdown = await options.cpuSlowdown(`${control.route}'s ${control.name}`);
      const copyBase = control.appearsLater ? undefined : options.noScriptBaseUrl;
      for (let load = 0; load < options.loads; load += 1) {
        const copyFirst = copyBase !== undefined && load % 2 === 1;
        if (copyFirst) noScriptSamples.push(await tapCopyOnce(browser, copyBase, control, cpuSlowdown));
        samples.push(await tapOnce(browser, options.baseUrl, control, cpuSlowdown));
        if (copyBase !== undefined && !copyFirst)
          noScriptSamples.push(await tapCopyOnce(browser, copyBase, control, cpuSlowdown));
      }
      const tookEffect = samples.filter((sample) => sample.tookEffect).length;
      const durationMs = median(samples.map((sample) => sample.durationMs ?? 16));
      // A lost press counts as never answered.
      const untilChangedMs = median(samples.map((sample) => sample.untilChangedMs ?? Infinity));
      results.push({
        route: control.route,
        control: control.name,
        cpuSlowdown,
        loads: samples.length,
        durationMs,
        noScriptDurationMs: noScriptSamples.length ? median(noScriptSamples.map((ms) => ms ?? 16)) : null,
        untilChangedMs,
        tookEffect,
        late: samples.filter((sample) => sample.late).length,
        ok: tookEffect === samples.length && durationMs <= TAP_GOAL_MS && untilChangedMs <= TAP_GOAL_MS,
        samples,
        noScriptSamples,
      });
    }
    return results;
  } finally {
    await browser.close();
  }
}

/** The copy's median tap and how far the page's is above it: "176 ms (+128)", "< 16 ms (+80)", "—". */
function floorOf(result: TapResult): string {
  if (result.noScriptDurationMs === null) return "—";
  const below16 = result.noScriptSamples.filter((ms) => ms === null).length * 2 > result.noScriptSamples.length;
  const above = Math.round(result.durationMs - result.noScriptDurationMs);
  return `${below16 ? "< 16" : Math.round(result.noScriptDurationMs)} ms (${above >= 0 ? "+" : "−"}${Math.abs(above)})`;
}

/** "96 ms ok", "< 16 ms ok", "240 ms over". */
function againstGoal(ms: number, below16: boolean): string {
  if (!Number.isFinite(ms)) return "never";
  const figure = below16 ? "< 16 ms" : `${Math.round(ms)} ms`;
  return `${figure} ${ms <= TAP_GOAL_MS ? "ok" : "over"}`;
}

export function tapTable(results: readonly TapResult[]): string {
  const header = `| Route | Control | CPU | First tap (Event Timing, ≤ ${TAP_GOAL_MS} ms) | The same tap on the no-script copy | Until changed (≤ ${TAP_GOAL_MS} ms) | Took effect | Verdict |`;
  const rule = "|---|---|---:|---:|---:|---:|---:|---|";
  const rows = results.map((result) => {
    const below16 = result.samples.filter((sample) => sample.durationMs === null).length * 2 > result.samples.length;
    const verdict = result.tookEffect < result.loads ? "lost press" : result.ok ? "ok" : "over";
    const late = result.late ? ` (${result.late} late)` : "";
    return `| ${result.route} | ${result.control} | ${result.cpuSlowdown}x | ${againstGoal(result.durationMs, below16)} | ${floorOf(result)} | ${againstGoal(result.untilChangedMs, false)} | ${result.tookEffect}/${result.loads}${late} | ${verdict} |`;
  });
  return [header, rule, ...rows].join("\n");
}
