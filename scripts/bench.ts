/**
 * `npm run bench`: builds the site, serves the production build with `vite preview` (the same
 * headers and local backend as the Playwright suite) over HTTPS and HTTP/2 as Vercel serves it
 * (PREVIEW_HTTPS=1: a throwaway self-signed certificate, which this Chromium is told to accept;
 * over HTTP/1.1 Lighthouse would model six cold TCP connections that production never opens),
 * runs Lighthouse with its default mobile
 * settings (simulated 4G, mid-range phone CPU) in the system Chromium on every public route kind
 * (marketing pages, a case study, the blog list, a category, a post, search), and prints scores,
 * FCP, LCP, CLS, TBT, the script a visitor downloads before the page is interactive (requests that
 * started before the app's `hydrated` performance mark, src/app/Root.tsx), the script it downloads
 * until the page is idle (every script request of the run, which ends when the network is quiet: the
 * measure of the script budgets, scripts/script-budgets.ts, shown next to each budget) and the bytes
 * each route transfers. Results also go to bench-results/. `uptime`'s load is printed with them: on a shared
 * machine the figures move with it.
 *
 * Flags: --no-build (reuse dist/), --runs N (median of N runs per route, default 1),
 * --only <substring> (only the routes containing it), --routes /a,/b (these paths instead of the nine).
 * BENCH_PORT picks the port (default 4399).
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { get } from "node:https";
import { loadavg } from "node:os";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { QUIET_CHROMIUM_FLAGS } from "./chromium";
import { PUBLIC_ROUTES, SCRIPT_BUDGETS_KB } from "./script-budgets";

const ALL_ROUTES: readonly string[] = PUBLIC_ROUTES;
const PORT = Number(process.env.BENCH_PORT ?? 4399);
const BASE = `https://127.0.0.1:${PORT}`;
const args = process.argv.slice(2);
const runs = (args.includes("--runs") && Number(args[args.indexOf("--runs") + 1])) || 1;
const only = args.includes("--only") ? args[args.indexOf("--only") + 1] : undefined;
const named = args.includes("--routes") ? (args[args.indexOf("--routes") + 1] ?? "").split(",").filter(Boolean) : [];
const ROUTES = named.length ? named : only ? ALL_ROUTES.filter((route) => route.includes(only)) : ALL_ROUTES;

function chromePath(): string {
  const candidates = [process.env.PLAYWRIGHT_CHROMIUM_EXECUTABLE, process.env.CHROME_PATH, "/usr/bin/chromium"].filter(
    Boolean,
  ) as string[];
  const found = candidates.find((path) => existsSync(path));
  if (!found) throw new Error("No Chromium found: install Debian's chromium or set CHROME_PATH.");
  return found;
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

async function main() {
  console.log(
    `bench: load average ${loadavg()
      .map((value) => value.toFixed(2))
      .join(", ")} at the start (1, 5, 15 min)`,
  );
  if (!args.includes("--no-build")) {
    const build = spawnSync("npm", ["run", "build"], { stdio: "inherit" });
    if (build.status !== 0) process.exit(build.status ?? 1);
  }
  let server: ChildProcess | undefined;
  let chrome: chromeLauncher.LaunchedChrome | undefined;
  try {
    server = spawn("npx", ["vite", "preview", "--port", String(PORT), "--strictPort"], {
      stdio: ["ignore", "ignore", "inherit"],
      env: { ...process.env, LOCAL_DB_IN_MEMORY: "1", PREVIEW_HTTPS: "1" },
      detached: true,
    });
    await waitForServer(`${BASE}/`);
    chrome = await chromeLauncher.launch({
      chromePath: chromePath(),
      chromeFlags: ["--headless=new", ...QUIET_CHROMIUM_FLAGS, "--ignore-certificate-errors"],
    });
    const results: RouteResult[] = [];
    for (const route of ROUTES) {
      const samples: RouteResult[] = [];
      let failures = 0;
      for (let run = 0; run < runs; run += 1) {
        const result = await lighthouse(`${BASE}${route}`, { port: chrome.port, output: "json", logLevel: "error" });
        const lhr = result?.lhr;
        if (!lhr) throw new Error(`Lighthouse returned nothing for ${route}`);
        // A run whose metrics could not be computed (a runtime error, or no LCP in the trace) is
        // reported and repeated rather than counted; three in a row stop the benchmark.
        const lcp = lhr.audits["largest-contentful-paint"]?.numericValue;
        if (lhr.runtimeError || typeof lcp !== "number" || !Number.isFinite(lcp)) {
          const reason =
            lhr.runtimeError?.message ?? lhr.audits["largest-contentful-paint"]?.errorMessage ?? "no LCP value";
          console.warn(`${route}: run ${run + 1} has no usable metrics (${reason}); running it again.`);
          failures += 1;
          if (failures >= 3) throw new Error(`${route}: Lighthouse failed 3 times: ${reason}`);
          run -= 1;
          continue;
        }
        const items =
          (
            lhr.audits["resource-summary"]?.details as
              { items?: { resourceType: string; transferSize: number }[] } | undefined
          )?.items ?? [];
        const bytes = (type: string) => items.find((item) => item.resourceType === type)?.transferSize ?? 0;
        samples.push({
          route,
          performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
          accessibility: Math.round((lhr.categories.accessibility?.score ?? 0) * 100),
          bestPractices: Math.round((lhr.categories["best-practices"]?.score ?? 0) * 100),
          seo: Math.round((lhr.categories.seo?.score ?? 0) * 100),
          fcpMs: lhr.audits["first-contentful-paint"]?.numericValue ?? Number.NaN,
          lcpMs: lhr.audits["largest-contentful-paint"]?.numericValue ?? Number.NaN,
          cls: lhr.audits["cumulative-layout-shift"]?.numericValue ?? Number.NaN,
          tbtMs: lhr.audits["total-blocking-time"]?.numericValue ?? Number.NaN,
          jsBeforeInteractionKb: scriptBeforeInteractionKb(lhr),
          scriptUntilIdleKb: scriptUntilIdleKb(lhr),
          jsKb: bytes("script") / 1024,
          totalKb: bytes("total") / 1024,
        });
      }
      const pick = (key: keyof RouteResult) => median(samples.map((sample) => sample[key] as number));
      results.push({
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
      });
    }
    const header =
      "| Route | Perf | A11y | Best Pr. | SEO | FCP | LCP | CLS | TBT | JS before interaction (KB) | Script until idle (KB) | JS (KB) | Total (KB) |";
    const rule = "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|";
    const rows = results.map(
      (r) =>
        `| ${r.route} | ${r.performance} | ${r.accessibility} | ${r.bestPractices} | ${r.seo} | ${(r.fcpMs / 1000).toFixed(2)} s | ${(r.lcpMs / 1000).toFixed(2)} s | ${r.cls.toFixed(3)} | ${Math.round(r.tbtMs)} ms | ${r.jsBeforeInteractionKb.toFixed(1)} | ${withBudget(r.route, r.scriptUntilIdleKb)} | ${r.jsKb.toFixed(1)} | ${r.totalKb.toFixed(1)} |`,
    );
    const table = [header, rule, ...rows].join("\n");
    const load = `load average ${loadavg()
      .map((value) => value.toFixed(2))
      .join(", ")} at the end (1, 5, 15 min)`;
    console.log(
      `\nLighthouse ${runs > 1 ? `(median of ${runs} runs) ` : ""}with default mobile settings, production build; ${load}:\n\n${table}\n`,
    );
    mkdirSync("bench-results", { recursive: true });
    writeFileSync("bench-results/lighthouse.md", `${table}\n`);
    writeFileSync("bench-results/lighthouse.json", JSON.stringify(results, null, 2));
  } finally {
    await chrome?.kill();
    if (server?.pid) {
      try {
        process.kill(-server.pid, "SIGTERM");
      } catch {
        server.kill("SIGTERM");
      }
    }
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
