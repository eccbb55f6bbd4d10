/**
 * `npm run bench`: builds the site, serves the production build with `vite preview` (the same
 * headers and local backend as the Playwright suite) over HTTPS and HTTP/2 as Vercel serves it
 * (PREVIEW_HTTPS=1: a throwaway self-signed certificate, which this Chromium is told to accept;
 * over HTTP/1.1 Lighthouse would model six cold TCP connections that production never opens),
 * runs Lighthouse with its mobile settings (its slow 4G, and the CPU slowed down to Chrome's low-tier
 * phone: the slowdown is calibrated to this machine, scripts/cpu-calibration.ts, at the start and
 * again before each route and each tapped control, and printed with each) in the system Chromium on
 * every public route kind
 * (marketing pages, a case study, the blog list, a category, a post, search), and prints scores,
 * FCP, LCP, CLS, TBT, the script a visitor downloads before the page is interactive (requests that
 * started before the app's `hydrated` performance mark, src/app/Root.tsx), the script it downloads
 * until the page is idle (every script request of the run, which ends when the network is quiet: the
 * measure of the script budgets, scripts/script-budgets.ts, shown next to each budget) and the bytes
 * each route transfers. Results also go to bench-results/. `uptime`'s load is printed with them: on a shared
 * machine the figures move with it.
 *
 * Each page is also measured against the same page with its scripts removed (scripts/no-script-copy.ts),
 * served the same way by a second preview on BENCH_PORT + 1: the runs alternate in both orders
 * (scripts/bench-order.ts), after a run of each not counted, and the medians of both are printed with
 * the four figures the goal is stated in
 * (the team's architecture guide, Rendering: script may not delay the first paint or the largest
 * paint, nor block the main thread, beyond a whisker of the page's own figures):
 * FCP as built / without script ≤ 1.05, LCP ≤ 1.10, TBT as built − without script ≤ +50 ms, and the
 * performance score's difference ≥ −2 points. The same runs are audited a second time with each task's
 * wall time replaced by its thread time (scripts/thread-time-trace.ts), and a third table gives those
 * figures: the work of the page without the time its thread waited for a core of a shared machine,
 * which moved a route's TBT difference by hundreds of milliseconds between two runs of one build;
 * and with the page's own layout the first before its first paint: Lantern counts the first layout
 * toward the paint, and when Chromium laid out the empty document or a part of it first, a route's
 * FCP moved by 6% from run to run (scripts/first-layout-trace.ts).
 * Then the first tap on one control of each kind
 * (scripts/bench-taps.ts): Event Timing's duration at the same calibrated slowdown on a 390 px touch screen, against 200 ms,
 * beside the same tap on the page's no-script copy (the floor: the phone's touch, click and frame with
 * no script), and whether the press took effect.
 *
 * Flags: --no-build (reuse dist/), --runs N (median of N runs per route and of N loads per tapped
 * control; default 5, 1 with --as-built-only), --only <substring> (only the routes containing it),
 * --routes /a,/b (these paths instead of the public routes), --as-built-only (Lighthouse and the taps on the
 * pages as built, without their no-script copies), --no-taps (Lighthouse alone), --taps-only (the taps alone),
 * --throttling devtools (Chromium's own CPU and network slowdown instead of Lighthouse's model; see
 * throttlingMethod), --slowdown X (this CPU slowdown instead of the calibration: two builds compared
 * in one sitting get the same one, where each run's own calibration moves with the machine),
 * --shared-cores (the page's main thread not put first on the cores; see below), --traces <dir> (each
 * Lighthouse run's trace kept in that folder, one JSON file a run named by its route, its side and its
 * time, with the run's recorded TBT: for reading where a run's figures came from).
 *
 * Chromium's renderers run with their main thread first on the machine's cores, for the whole run
 * (scripts/renderer-first.ts): a low-tier phone has eight cores and the page's thread seldom waits for
 * one, where on the 2-core machine the load's own threads (Chromium's drawing threads at nice −8,
 * the browser, Lighthouse) kept it waiting in the middle of its tasks, and Lantern multiplied the wait
 * with the work: an author page's recorded TBT read 24-105 ms, 0 by thread time. With the thread
 * first, Lighthouse's own figures and the thread-time table agree within a few milliseconds.
 * BENCH_PORT picks the port (default 4399); the no-script copies are served on the next one.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { get } from "node:https";
import { loadavg } from "node:os";
import { resolve as resolvePath } from "node:path";
import { chromium } from "@playwright/test";
import * as chromeLauncher from "chrome-launcher";
import { AGENCY_TIME_ZONE } from "../src/lib/agency-zone";
import type lighthouse from "lighthouse";
import { throttling as lighthouseThrottling } from "lighthouse/core/config/constants.js";
import { navigationGather } from "lighthouse/core/gather/navigation-runner.js";
import { Runner } from "lighthouse/core/runner.js";
import { findChromium, QUIET_CHROMIUM_FLAGS, systemHost } from "./chromium";
import { keepRenderersFirst, type RendererFirst } from "./renderer-first";
import { calibrate, calibrateToPhone, describeCalibration, type Calibration } from "./cpu-calibration";
import { pairOrder } from "./bench-order";
import { signed, verdictLine } from "./bench-verdict";
import { measureTaps, tapTable, type TapResult } from "./bench-taps";
import { ENCODING_HEADERS, scriptTags, stripScripts, type NoScriptCopy } from "./no-script-copy";
import { PUBLIC_ROUTES, SCRIPT_BUDGETS_KB } from "./script-budgets";
import { keepTrace } from "./bench-traces";
import { withThePagesLayoutFirst } from "./first-layout-trace";
import { byThreadTime, type TraceEvent } from "./thread-time-trace";

const ALL_ROUTES: readonly string[] = PUBLIC_ROUTES;
const PORT = Number(process.env.BENCH_PORT ?? 4399);
const BASE = `https://127.0.0.1:${PORT}`;
const NO_SCRIPT_BASE = `https://127.0.0.1:${PORT + 1}`;
const COPIES_DIR = "bench-results/no-script";
const args = process.argv.slice(2);
const asBuiltOnly = args.includes("--as-built-only");
const tapsOnly = args.includes("--taps-only");
const noTaps = args.includes("--no-taps");
const runsGiven = (args.includes("--runs") && Number(args[args.indexOf("--runs") + 1])) || undefined;
const runs = runsGiven ?? (asBuiltOnly ? 1 : 5);
const tapLoads = runsGiven ?? 5;
const only = args.includes("--only") ? args[args.indexOf("--only") + 1] : undefined;
/** `--shared-cores`: leave the page's main thread to wait for a core like any other (scripts/renderer-first.ts). */
const sharedCores = args.includes("--shared-cores");
/** `--traces <dir>`: where each Lighthouse run's trace is kept, if anywhere. */
const tracesDir = args.includes("--traces") ? args[args.indexOf("--traces") + 1] : undefined;
if (args.includes("--traces") && (!tracesDir || tracesDir.startsWith("--")))
  throw new Error("--traces takes the folder to keep each run's trace in (for example --traces /tmp/traces).");
const fixedSlowdown = args.includes("--slowdown") ? Number(args[args.indexOf("--slowdown") + 1]) : undefined;
if (fixedSlowdown !== undefined && !(fixedSlowdown >= 1))
  throw new Error("--slowdown takes the CPU slowdown, a number of 1 or more (for example --slowdown 13).");
/**
 * How Lighthouse slows the page down. `simulate` (the default; Lighthouse's and PageSpeed Insights'
 * own) loads the page at full speed and models the slow phone from the trace (Lantern). Lantern
 * leaves out every task shorter than 10 ms as measured on this machine (SIGNIFICANT_DUR_THRESHOLD_MS
 * in its PageDependencyGraph) and multiplies the rest by the slowdown: at 14.8x a task of 9.9 ms
 * counts as none and one of 10 ms as 148 ms. On a fast machine TBT then turns on which side of 10 ms
 * the entry's evaluation and the stylesheet's switch fall (35 and 176 ms on / in two runs in a row),
 * and a slower machine, where the same tasks take longer than 10 ms, measures more. `devtools`
 * (`--throttling devtools`) slows the CPU in Chromium itself at the calibrated rate, and the network
 * per request: each task takes as long as the slowed CPU makes it, nothing is left out, and TBT
 * no longer turns on the 10 ms line (412, 361 and 391 ms on /, /contact and a post at 15.1x, median
 * of 3, against 86, 13 and 70 ms without script). It is the figure to work TBT against; FCP and LCP
 * move more from run to run that way.
 */
const throttlingMethod: "devtools" | "simulate" =
  args.includes("--throttling") && args[args.indexOf("--throttling") + 1] === "devtools" ? "devtools" : "simulate";
const named = args.includes("--routes") ? (args[args.indexOf("--routes") + 1] ?? "").split(",").filter(Boolean) : [];
const ROUTES = named.length ? named : only ? ALL_ROUTES.filter((route) => route.includes(only)) : ALL_ROUTES;

/**
 * The Chromium Lighthouse drives: CHROME_PATH when set, else the one the test suite runs
 * (scripts/chromium.ts: PLAYWRIGHT_CHROMIUM_EXECUTABLE, Playwright's own, then chromium-headless-shell,
 * chromium and the like on PATH), so that a machine `.ci/run` has set up (the headless shell alone)
 * benches too.
 */
function chromePath(): string {
  const fromEnv = process.env.CHROME_PATH?.trim();
  if (fromEnv) {
    if (!existsSync(fromEnv)) throw new Error(`CHROME_PATH names ${fromEnv}, which does not exist.`);
    return fromEnv;
  }
  const found = findChromium(systemHost());
  if (!found) throw new Error("No Chromium found: run npm run test:e2e once (it installs one), or set CHROME_PATH.");
  return found.path;
}

async function waitForServer(url: string, timeoutMs = 60_000) {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    try {
      // The certificate is self-signed and made for this run, so it is not checked here.
      const status = await new Promise<number>((resolve, reject) => {
        get(url, { rejectUnauthorized: false }, (response) => {
          response.resume();
          resolve(response.statusCode ?? 0);
        }).on("error", reject);
      });
      if (status === 200) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  throw new Error(`The preview server did not answer at ${url} within ${timeoutMs} ms.`);
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

/** `vite preview` of dist/ over HTTPS and HTTP/2 with the local backend, in its own process group. */
function startPreview(port: number, env: Record<string, string> = {}): ChildProcess {
  return spawn("npx", ["vite", "preview", "--port", String(port), "--strictPort"], {
    stdio: ["ignore", "ignore", "inherit"],
    env: { ...process.env, LOCAL_DB_IN_MEMORY: "1", PREVIEW_HTTPS: "1", ...env },
    detached: true,
  });
}

function stopPreview(server: ChildProcess | undefined) {
  if (!server?.pid) return;
  try {
    process.kill(-server.pid, "SIGTERM");
  } catch {
    server.kill("SIGTERM");
  }
}

interface FetchedPage {
  status: number;
  headers: Record<string, string>;
  html: string;
}

/** A page as the server answers it, uncompressed. */
function fetchPage(url: string): Promise<FetchedPage> {
  return new Promise((resolve, reject) => {
    get(url, { rejectUnauthorized: false, headers: { "accept-encoding": "identity" } }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () => {
        const headers: Record<string, string> = {};
        for (const [name, value] of Object.entries(response.headers))
          if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(", ") : value;
        resolve({ status: response.statusCode ?? 0, headers, html: Buffer.concat(chunks).toString("utf8") });
      });
      response.on("error", reject);
    }).on("error", reject);
  });
}

/**
 * Fetches each route from the preview (the prerendered page, or the blog function's answer), strips
 * its scripts and writes the copies and their manifest to bench-results/no-script/. Returns the
 * manifest's absolute path.
 */
async function makeNoScriptCopies(routes: readonly string[]): Promise<string> {
  rmSync(COPIES_DIR, { recursive: true, force: true });
  mkdirSync(COPIES_DIR, { recursive: true });
  const copies: NoScriptCopy[] = [];
  for (const [index, route] of routes.entries()) {
    const page = await fetchPage(`${BASE}${route}`);
    if (page.status !== 200 || !page.headers["content-type"]?.startsWith("text/html"))
      throw new Error(
        `${route}: the preview answered ${page.status} ${page.headers["content-type"] ?? ""}, not a page.`,
      );
    const html = stripScripts(page.html);
    if (!scriptTags(page.html).length) console.warn(`${route}: the page as built names no script.`);
    const file = resolvePath(
      COPIES_DIR,
      `${index}-${route.replace(/[^\w-]+/g, "_").replace(/^_|_$/g, "") || "home"}.html`,
    );
    writeFileSync(file, html);
    const headers = Object.fromEntries(Object.entries(page.headers).filter(([name]) => !ENCODING_HEADERS.has(name)));
    copies.push({ url: route, status: page.status, headers, file });
  }
  const manifest = resolvePath(COPIES_DIR, "manifest.json");
  writeFileSync(manifest, JSON.stringify(copies, null, 2));
  return manifest;
}

/** Each copy as the second server answers it: the stripped page, or the benchmark stops. */
async function checkNoScriptCopies(manifest: string) {
  for (const copy of JSON.parse(readFileSync(manifest, "utf8")) as NoScriptCopy[]) {
    const served = await fetchPage(`${NO_SCRIPT_BASE}${copy.url}`);
    if (served.html !== readFileSync(copy.file, "utf8") || scriptTags(served.html).length)
      throw new Error(`${copy.url}: the no-script server does not answer with the page's stripped copy.`);
  }
}

interface RouteResult {
  route: string;
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  fcpMs: number;
  lcpMs: number;
  cls: number;
  tbtMs: number;
  /** Transferred bytes of the scripts requested before the app marked itself hydrated. */
  jsBeforeInteractionKb: number;
  /** Transferred bytes of every script request of the run (it ends once the network is quiet). */
  scriptUntilIdleKb: number;
  jsKb: number;
  totalKb: number;
  /** The CPU slowdown the route's runs had. */
  cpuSlowdown: number;
}

type Lhr = NonNullable<Awaited<ReturnType<typeof lighthouse>>>["lhr"];

interface NetworkRequest {
  resourceType?: string;
  rendererStartTime?: number;
  transferSize?: number;
}

/** Every request of the run, as Lighthouse's network-requests audit lists them. */
function networkRequests(lhr: Lhr): NetworkRequest[] {
  return (lhr.audits["network-requests"]?.details as { items?: NetworkRequest[] } | undefined)?.items ?? [];
}

/**
 * The script a visitor downloads until the page is idle: the transferred bytes of every Script
 * request of the run. Lighthouse ends the run once the network has been quiet for a second after the
 * load, so this includes the lazy parts that hydrate after the first screen and what loads on idle
 * callbacks; tests/e2e/script-budget.spec.ts measures the same.
 */
function scriptUntilIdleKb(lhr: Lhr): number {
  const scripts = networkRequests(lhr).filter((request) => request.resourceType === "Script");
  return scripts.reduce((sum, request) => sum + (request.transferSize ?? 0), 0) / 1024;
}

/** "98.2 ≤ 105", or "121.3 > 105 over" where the route has a budget; the figure alone where not. */
function withBudget(route: string, kb: number): string {
  const budget = SCRIPT_BUDGETS_KB[route];
  if (budget === undefined) return kb.toFixed(1);
  return kb <= budget ? `${kb.toFixed(1)} ≤ ${budget}` : `${kb.toFixed(1)} > ${budget} over`;
}

/**
 * The scripts a visitor downloads before the page is interactive: every script request that started
 * before the `hydrated` mark that Root sets once React has committed its first render. Both
 * timelines start at the navigation (the main document is the first request).
 */
function scriptBeforeInteractionKb(lhr: Lhr): number {
  const marks =
    (lhr.audits["user-timings"]?.details as { items?: { name: string; startTime: number }[] } | undefined)?.items ?? [];
  const hydrated = marks.find((mark) => mark.name === "hydrated")?.startTime;
  if (hydrated === undefined) return Number.NaN;
  const bytes = networkRequests(lhr)
    .filter((request) => request.resourceType === "Script" && (request.rendererStartTime ?? Infinity) <= hydrated)
    .reduce((sum, request) => sum + (request.transferSize ?? 0), 0);
  return bytes / 1024;
}

/** The four figures the goal is stated in, each with its bound. */
const NO_SCRIPT_GOALS = { fcpRatio: 1.05, lcpRatio: 1.1, tbtDifferenceMs: 50, perfDifference: -2 } as const;

interface PaintFigures {
  performance: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
}

interface NoScriptComparison {
  route: string;
  runs: number;
  /** The CPU slowdown of both sides' runs. */
  cpuSlowdown: number;
  asBuilt: PaintFigures;
  noScript: PaintFigures;
  /** Script requests in the no-script runs (0 unless the copy is wrong). */
  noScriptScriptRequests: number;
  fcpRatio: number;
  lcpRatio: number;
  tbtDifferenceMs: number;
  perfDifference: number;
  ok: { fcp: boolean; lcp: boolean; tbt: boolean; perf: boolean };
}

const loadAverage = (when: string) =>
  `load average ${loadavg()
    .map((value) => value.toFixed(2))
    .join(", ")} ${when} (1, 5, 15 min)`;

/** A Lighthouse run's report, and the same run's report simulated from its tasks' thread time. */
interface LighthouseRun {
  lhr: Lhr;
  /**
   * The same page load, its trace's tasks as long as their thread time (scripts/thread-time-trace.ts)
   * and with the page's own layout the first (scripts/first-layout-trace.ts).
   */
  byThreadTime: Lhr;
}

/**
 * One Lighthouse run with its default settings: the page is loaded once and its trace audited twice,
 * as recorded (Lighthouse's own figures, `lhr`) and with each task's wall time replaced by its thread
 * time and the page's own layout the first (`byThreadTime`). `lighthouse()` is these same two steps,
 * gather then audit; they are called apart here so that the second audit reads the same load. A run
 * whose metrics could not be computed (a runtime error, or no LCP in the trace) is reported and
 * repeated rather than counted; three in a row stop the benchmark.
 */
async function lighthouseRun(url: string, label: string, port: number, counted = true): Promise<LighthouseRun> {
  for (let attempt = 1; ; attempt += 1) {
    const { artifacts, runnerOptions } = await navigationGather(undefined, url, {
      flags: {
        port,
        output: "json",
        logLevel: "error",
        // Lighthouse's mobile network, with the CPU slowed to the low-tier phone on this machine.
        throttlingMethod,
        throttling: { ...lighthouseThrottling.mobileSlow4G, cpuSlowdownMultiplier: cpuSlowdown },
      },
    });
    const lhr = (await Runner.audit(artifacts, runnerOptions))?.lhr;
    if (!lhr) throw new Error(`Lighthouse returned nothing for ${label}`);
    const lcp = lhr.audits["largest-contentful-paint"]?.numericValue;
    if (!lhr.runtimeError && typeof lcp === "number" && Number.isFinite(lcp)) {
      if (counted) lighthouseIndexes.push(lhr.environment.benchmarkIndex);
      if (tracesDir) {
        const tbtMs = lhr.audits["total-blocking-time"]?.numericValue;
        keepTrace(tracesDir, label, { url, tbtMs, traceEvents: artifacts.Trace.traceEvents });
      }
      const events = withThePagesLayoutFirst(artifacts.Trace.traceEvents as TraceEvent[]);
      const trace = { ...artifacts.Trace, traceEvents: byThreadTime(events) };
      const retimed = { ...artifacts, Trace: trace, traces: { ...artifacts.traces, defaultPass: trace } };
      // A cache of its own: the first audit's computed graph and metrics belong to the recorded trace.
      const byThread = (await Runner.audit(retimed as typeof artifacts, { ...runnerOptions, computedCache: new Map() }))
        ?.lhr;
      if (!byThread) throw new Error(`Lighthouse returned nothing for ${label} by thread time`);
      return { lhr, byThreadTime: byThread };
    }
    const reason = lhr.runtimeError?.message ?? lhr.audits["largest-contentful-paint"]?.errorMessage ?? "no LCP value";
    if (attempt >= 3) throw new Error(`${label}: Lighthouse failed 3 times: ${reason}`);
    console.warn(`${label}: a run has no usable metrics (${reason}); running it again.`);
  }
}

function paintFigures(lhr: Lhr): PaintFigures {
  return {
    performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    fcpMs: lhr.audits["first-contentful-paint"]?.numericValue ?? Number.NaN,
    lcpMs: lhr.audits["largest-contentful-paint"]?.numericValue ?? Number.NaN,
    tbtMs: lhr.audits["total-blocking-time"]?.numericValue ?? Number.NaN,
  };
}

function asBuiltResult(route: string, lhr: Lhr): RouteResult {
  const items =
    (
      lhr.audits["resource-summary"]?.details as
        { items?: { resourceType: string; transferSize: number }[] } | undefined
    )?.items ?? [];
  const bytes = (type: string) => items.find((item) => item.resourceType === type)?.transferSize ?? 0;
  return {
    route,
    ...paintFigures(lhr),
    accessibility: Math.round((lhr.categories.accessibility?.score ?? 0) * 100),
    bestPractices: Math.round((lhr.categories["best-practices"]?.score ?? 0) * 100),
    seo: Math.round((lhr.categories.seo?.score ?? 0) * 100),
    cls: lhr.audits["cumulative-layout-shift"]?.numericValue ?? Number.NaN,
    jsBeforeInteractionKb: scriptBeforeInteractionKb(lhr),
    scriptUntilIdleKb: scriptUntilIdleKb(lhr),
    jsKb: bytes("script") / 1024,
    totalKb: bytes("total") / 1024,
    cpuSlowdown,
  };
}

function medianResult(route: string, samples: RouteResult[]): RouteResult {
  const pick = (key: keyof RouteResult) => median(samples.map((sample) => sample[key] as number));
  return {
    route,
    performance: pick("performance"),
    accessibility: pick("accessibility"),
    bestPractices: pick("bestPractices"),
    seo: pick("seo"),
    fcpMs: pick("fcpMs"),
    lcpMs: pick("lcpMs"),
    cls: pick("cls"),
    tbtMs: pick("tbtMs"),
    jsBeforeInteractionKb: pick("jsBeforeInteractionKb"),
    scriptUntilIdleKb: pick("scriptUntilIdleKb"),
    jsKb: pick("jsKb"),
    totalKb: pick("totalKb"),
    cpuSlowdown: pick("cpuSlowdown"),
  };
}

function medianFigures(samples: PaintFigures[]): PaintFigures {
  const pick = (key: keyof PaintFigures) => median(samples.map((sample) => sample[key]));
  return { performance: pick("performance"), fcpMs: pick("fcpMs"), lcpMs: pick("lcpMs"), tbtMs: pick("tbtMs") };
}

/** The medians of the interleaved runs, and the goal's four figures from them. */
function compare(route: string, asBuiltRuns: PaintFigures[], noScriptRuns: Lhr[]): NoScriptComparison {
  const asBuilt = medianFigures(asBuiltRuns);
  const noScript = medianFigures(noScriptRuns.map(paintFigures));
  const fcpRatio = asBuilt.fcpMs / noScript.fcpMs;
  const lcpRatio = asBuilt.lcpMs / noScript.lcpMs;
  const tbtDifferenceMs = asBuilt.tbtMs - noScript.tbtMs;
  const perfDifference = asBuilt.performance - noScript.performance;
  return {
    route,
    runs: noScriptRuns.length,
    cpuSlowdown,
    asBuilt,
    noScript,
    noScriptScriptRequests: noScriptRuns.reduce(
      (sum, lhr) => sum + networkRequests(lhr).filter((request) => request.resourceType === "Script").length,
      0,
    ),
    fcpRatio,
    lcpRatio,
    tbtDifferenceMs,
    perfDifference,
    ok: {
      fcp: fcpRatio <= NO_SCRIPT_GOALS.fcpRatio,
      lcp: lcpRatio <= NO_SCRIPT_GOALS.lcpRatio,
      tbt: tbtDifferenceMs <= NO_SCRIPT_GOALS.tbtDifferenceMs,
      perf: perfDifference >= NO_SCRIPT_GOALS.perfDifference,
    },
  };
}

const mark = (ok: boolean) => (ok ? "ok" : "over");
const seconds = (ms: number) => (ms / 1000).toFixed(2);
function noScriptTable(comparisons: NoScriptComparison[]): string {
  const header = `| Route | CPU | Perf (as built / no script) | FCP | LCP | TBT | FCP ratio (≤ ${NO_SCRIPT_GOALS.fcpRatio.toFixed(2)}) | LCP ratio (≤ ${NO_SCRIPT_GOALS.lcpRatio.toFixed(2)}) | TBT difference (≤ +${NO_SCRIPT_GOALS.tbtDifferenceMs} ms) | Perf difference (≥ −${-NO_SCRIPT_GOALS.perfDifference}) |`;
  const rule = "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|";
  const rows = comparisons.map(
    (c) =>
      `| ${c.route} | ${c.cpuSlowdown}x | ${c.asBuilt.performance} / ${c.noScript.performance} | ${seconds(c.asBuilt.fcpMs)} / ${seconds(c.noScript.fcpMs)} s | ${seconds(c.asBuilt.lcpMs)} / ${seconds(c.noScript.lcpMs)} s | ${Math.round(c.asBuilt.tbtMs)} / ${Math.round(c.noScript.tbtMs)} ms | ${c.fcpRatio.toFixed(3)} ${mark(c.ok.fcp)} | ${c.lcpRatio.toFixed(3)} ${mark(c.ok.lcp)} | ${signed(Math.round(c.tbtDifferenceMs))} ms ${mark(c.ok.tbt)} | ${signed(c.perfDifference)} ${mark(c.ok.perf)} |`,
  );
  return [header, rule, ...rows].join("\n");
}

/** Lighthouse on each route: as built, and (unless --as-built-only) interleaved with its no-script copy. */
async function lighthouseHalf(port: number, withCopies: boolean) {
  const results: RouteResult[] = [];
  const comparisons: NoScriptComparison[] = [];
  const comparisonsByThread: NoScriptComparison[] = [];
  // A run of each, not counted, before the first counted one: the browser's first Lighthouse run
  // and each server's first answers are cold (an author page's first run once read 387 ms of TBT
  // against 126 for the median, its navigation 44 ms against 15-25).
  const first = ROUTES[0];
  if (first) {
    await lighthouseRun(`${BASE}${first}`, `${first} (warm-up)`, port, false);
    if (withCopies) await lighthouseRun(`${NO_SCRIPT_BASE}${first}`, `${first} (no-script copy, warm-up)`, port, false);
  }
  for (const route of ROUTES) {
    await recalibrate(port, route, throttlingMethod === "devtools");
    const samples: RouteResult[] = [];
    const noScriptRuns: Lhr[] = [];
    const asBuiltByThread: PaintFigures[] = [];
    const noScriptByThread: Lhr[] = [];
    const asBuilt = async () => {
      const run = await lighthouseRun(`${BASE}${route}`, route, port);
      samples.push(asBuiltResult(route, run.lhr));
      asBuiltByThread.push(paintFigures(run.byThreadTime));
    };
    const copy = async () => {
      const run = await lighthouseRun(`${NO_SCRIPT_BASE}${route}`, `${route} (no-script copy)`, port);
      noScriptRuns.push(run.lhr);
      noScriptByThread.push(run.byThreadTime);
    };
    for (let run = 0; run < runs; run += 1) {
      if (!withCopies) await asBuilt();
      else for (const kind of pairOrder(run)) await (kind === "as built" ? asBuilt() : copy());
    }
    results.push(medianResult(route, samples));
    if (withCopies) {
      const comparison = compare(route, samples, noScriptRuns);
      if (comparison.noScriptScriptRequests)
        console.warn(`${route}: the no-script copy loaded ${comparison.noScriptScriptRequests} scripts.`);
      comparisons.push(comparison);
      comparisonsByThread.push(compare(route, asBuiltByThread, noScriptByThread));
    }
  }
  const header =
    "| Route | CPU | Perf | A11y | Best Pr. | SEO | FCP | LCP | CLS | TBT | JS before interaction (KB) | Script until idle (KB) | JS (KB) | Total (KB) |";
  const rule = "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|";
  const rows = results.map(
    (r) =>
      `| ${r.route} | ${r.cpuSlowdown}x | ${r.performance} | ${r.accessibility} | ${r.bestPractices} | ${r.seo} | ${seconds(r.fcpMs)} s | ${seconds(r.lcpMs)} s | ${r.cls.toFixed(3)} | ${Math.round(r.tbtMs)} ms | ${r.jsBeforeInteractionKb.toFixed(1)} | ${withBudget(r.route, r.scriptUntilIdleKb)} | ${r.jsKb.toFixed(1)} | ${r.totalKb.toFixed(1)} |`,
  );
  const table = [header, rule, ...rows].join("\n");
  const medians = runs > 1 ? `(median of ${runs} runs) ` : "";
  console.log(
    `\nLighthouse ${medians}with its mobile settings, the CPU slowed as the CPU column says (throttling: ${throttlingMethod}), production build; ${loadAverage("at the end")}:\n\n${table}\n`,
  );
  const indexes = [...lighthouseIndexes].sort((a, b) => a - b);
  if (indexes.length)
    console.log(
      `Lighthouse's own benchmark index over its ${indexes.length} runs: ${Math.round(indexes[0]!)} to ${Math.round(indexes.at(-1)!)}, median ${Math.round(indexes[Math.floor(indexes.length / 2)]!)} (each route's slowdown was set for the calibration just before it).\n`,
    );
  writeFileSync("bench-results/lighthouse.md", `${table}\n`);
  writeFileSync("bench-results/lighthouse.json", JSON.stringify(results, null, 2));
  if (!withCopies) return;
  const comparisonTable = noScriptTable(comparisons);
  console.log(
    `Against the same pages without script (${COPIES_DIR}/), runs alternating, ${medians}medians of each; ratios and differences are as built against no script:\n\n${comparisonTable}\n`,
  );
  console.log(`${verdictLine(comparisons)}\n`);
  writeFileSync("bench-results/no-script.md", `${comparisonTable}\n\n${verdictLine(comparisons)}\n`);
  writeFileSync("bench-results/no-script.json", JSON.stringify(comparisons, null, 2));
  const byThreadTable = noScriptTable(comparisonsByThread);
  console.log(
    `The same runs simulated from each task's thread time in place of its wall time (scripts/thread-time-trace.ts: what the page's work costs, without the time its thread waited for one of the machine's cores), the page's own layout the first before its first paint (scripts/first-layout-trace.ts: where Chromium laid out the empty document or a part of it first, Lantern left the page's layout out of the first paint):\n\n${byThreadTable}\n`,
  );
  console.log(`${verdictLine(comparisonsByThread)}\n`);
  writeFileSync("bench-results/no-script-thread-time.md", `${byThreadTable}\n\n${verdictLine(comparisonsByThread)}\n`);
  writeFileSync("bench-results/no-script-thread-time.json", JSON.stringify(comparisonsByThread, null, 2));
}

/** The first tap on each control of the measured routes, in the benchmark's browser. */
async function tapsHalf(port: number, withCopies: boolean) {
  const results: TapResult[] = await measureTaps({
    baseUrl: BASE,
    noScriptBaseUrl: withCopies ? NO_SCRIPT_BASE : undefined,
    routes: ROUTES,
    loads: tapLoads,
    cdpUrl: `http://127.0.0.1:${port}`,
    cpuSlowdown: async (control) => {
      await recalibrate(port, control, true);
      return cpuSlowdown;
    },
  });
  if (!results.length) {
    console.log("First tap: no control to tap on these routes.");
    return;
  }
  const table = tapTable(results);
  console.log(
    `First tap at the CPU slowdown calibrated before each control (CPU), 390 × 844 touch screen, ${tapLoads > 1 ? `median of ${tapLoads} fresh loads` : "one fresh load"}; ${loadAverage("at the end")}:\n\n${table}\n`,
  );
  writeFileSync("bench-results/taps.md", `${table}\n`);
  writeFileSync("bench-results/taps.json", JSON.stringify(results, null, 2));
}

/**
 * The CPU slowdown of the measurements under way: the low-tier phone on this machine, as last
 * calibrated (main sets it, recalibrate sets it again), or --slowdown's.
 */
let cpuSlowdown = 4;
/** Every calibration of the run, with what it was made for: written to bench-results/calibration.json. */
const calibrations: { before: string; calibration: Calibration }[] = [];
/** The benchmark index Lighthouse measured before each counted run: how far the machine drifted from the calibration. */
const lighthouseIndexes: number[] = [];

/**
 * The slowdown that emulates the low-tier phone, measured in the benchmark's own Chromium. Where
 * Chromium itself slows the page (the taps; Lighthouse with `--throttling devtools`), the machine's
 * index over the phone's is then corrected by what a page measures at that rate (`calibrateToPhone`):
 * on the 2-core machine the rate alone ran the page as a phone of 221-262, not 264, and the correction
 * took 9.1-9.5x to 7.3x. Lantern (`simulate`) slows nothing: it multiplies the tasks of a load at full
 * speed by the rate, which is then the index over the phone's as it stands.
 */
async function calibrateCpu(port: number, underChromiumSlowdown: boolean): Promise<Calibration> {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const context = browser.contexts()[0] ?? (await browser.newContext());
    const page = await context.newPage();
    try {
      return underChromiumSlowdown ? await calibrateToPhone(page) : await calibrate(page);
    } finally {
      await page.close();
    }
  } finally {
    await browser.close();
  }
}

/**
 * Calibrates again, before a route's runs or a control's loads, unless --slowdown fixed the slowdown.
 * A shared machine's speed moves during a run of 25 minutes (a run's calibration once read an index of
 * 3,262 while Lighthouse's own read 1,881-3,030 over its runs, so most routes were measured on a phone
 * slower than the low-tier one): a route and its no-script copy still get the same slowdown, since
 * their runs alternate after it.
 */
async function recalibrate(port: number, before: string, underChromiumSlowdown: boolean) {
  if (fixedSlowdown) return;
  const calibration = await calibrateCpu(port, underChromiumSlowdown);
  cpuSlowdown = calibration.slowdown;
  calibrations.push({ before, calibration });
  writeFileSync("bench-results/calibration.json", JSON.stringify(calibrations, null, 2));
  console.log(`bench: before ${before}, ${describeCalibration(calibration)}`);
}

async function main() {
  console.log(`bench: ${loadAverage("at the start")}`);
  if (!args.includes("--no-build")) {
    const build = spawnSync("npm", ["run", "build"], { stdio: "inherit" });
    if (build.status !== 0) process.exit(build.status ?? 1);
  }
  let server: ChildProcess | undefined;
  let noScriptServer: ChildProcess | undefined;
  let chrome: chromeLauncher.LaunchedChrome | undefined;
  let rendererFirst: RendererFirst | undefined;
  // The copies serve Lighthouse's comparison and the taps' floor (scripts/bench-taps.ts).
  const withCopies = !asBuiltOnly;
  // The preview servers run in process groups of their own, so a bench stopped from outside (Ctrl-C,
  // `kill`) would leave them holding their ports: stop them, and Chromium, before exiting.
  const stopOnSignal = (signal: NodeJS.Signals, code: number) =>
    process.once(signal, () => {
      console.error(`bench: ${signal}, stopping the preview servers and Chromium.`);
      rendererFirst?.stop();
      void chrome?.kill();
      stopPreview(noScriptServer);
      stopPreview(server);
      process.exit(code);
    });
  stopOnSignal("SIGINT", 130);
  stopOnSignal("SIGTERM", 143);
  try {
    server = startPreview(PORT);
    await waitForServer(`${BASE}/`);
    if (withCopies) {
      const manifest = await makeNoScriptCopies(ROUTES);
      noScriptServer = startPreview(PORT + 1, { PREVIEW_NO_SCRIPT_SNAPSHOTS: manifest });
      await waitForServer(`${NO_SCRIPT_BASE}/`);
      await checkNoScriptCopies(manifest);
    }
    chrome = await chromeLauncher.launch({
      chromePath: chromePath(),
      chromeFlags: ["--headless=new", ...QUIET_CHROMIUM_FLAGS, "--ignore-certificate-errors"],
      // The phone is in Lagos, as the agency's visitors mostly are: /book's times are served in its zone.
      envVars: { ...process.env, TZ: AGENCY_TIME_ZONE },
    });
    if (!sharedCores) rendererFirst = keepRenderersFirst(chrome.pid);
    mkdirSync("bench-results", { recursive: true });
    if (fixedSlowdown) {
      cpuSlowdown = fixedSlowdown;
      console.log(`bench: ${fixedSlowdown}x CPU slowdown, as --slowdown says (not calibrated)`);
    } else await recalibrate(chrome.port, "the first runs", tapsOnly || throttlingMethod === "devtools");
    if (!tapsOnly) await lighthouseHalf(chrome.port, withCopies);
    if (!noTaps) await tapsHalf(chrome.port, withCopies);
  } finally {
    if (rendererFirst) console.log(`bench: ${rendererFirst.describe()}`);
    rendererFirst?.stop();
    await chrome?.kill();
    stopPreview(noScriptServer);
    stopPreview(server);
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
