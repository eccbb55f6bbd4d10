/**
 * The request-time blog at scale: seeds 2,000 posts into an in-memory local Supabase, then measures
 * the built blog function (api/blog.ts on dist-ssr/, reading through the local backend in-process):
 * render time (p50/p95) of a post, the list and a category page, their HTML bytes, and requests per
 * second under a bounded loopback load (autocannon, 10 connections, 10 s per page); the full-text
 * search in the local backend (the search_posts call the search page makes); and the function's
 * cold start: the size of its server bundle (scripts/blog-bundle.ts) and, in fresh Node processes,
 * the time to import it and to render a first post (reading the local Supabase over loopback HTTP).
 * What the inline stylesheet costs: a post's render time with it and without it (the same bundle
 * and template, a manifest naming no stylesheet), p50 of each and their ratio; and a burst of 500
 * requests of a post fired at once at the function in process (as scripts/bench-load.ts fires its
 * 1,000 GETs): wall time, latency p50/p95 and requests per second, with the stylesheet inline and
 * then without it.
 *
 *   npm run bench:blog   (--no-build reuses dist-ssr/; BENCH_POSTS, BENCH_RUNS, BENCH_SECONDS, BENCH_COLD_RUNS,
 *                         BENCH_BURST)
 */
import { execFile, spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { join, resolve } from "node:path";
import { performance } from "node:perf_hooks";
import { pathToFileURL } from "node:url";
import { promisify } from "node:util";
import { gzipSync } from "node:zlib";
import autocannon from "autocannon";
import type { BlogBundle, RenderManifest } from "../src/server/blog.ts";
import { BLOG_BUNDLE, loadBlogHandler } from "../src/server/blog-function.ts";
import { readSettings } from "../src/server/settings.ts";
import { blogBundle } from "./blog-bundle.ts";
import { createLocalSupabase } from "../supabase/local/index.ts";
import { webMiddleware } from "../supabase/local/node-http.ts";

const POSTS = Number(process.env.BENCH_POSTS ?? 2000);
const RUNS = Number(process.env.BENCH_RUNS ?? 200);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const COLD_RUNS = Number(process.env.BENCH_COLD_RUNS ?? 9);
const BURST = Number(process.env.BENCH_BURST ?? 500);
const SSR_DIR = resolve("dist-ssr");
const AUTHOR = "a5cd0000-0000-4000-8000-000000000001";
/**
 * A corpus with a realistic spread of words: a shared business vocabulary, and words of each
 * category's own, so that a query matches some posts, as on a real blog, rather than all of them.
 */
const GENERAL = (
  "business customer customers team work week month year plan plans price prices cost costs money time sales sale market " +
  "owner owners staff office online offline people brand product products service services order orders phone message " +
  "messages reply replies question questions answer answers simple clear fast slow better best good great small growing " +
  "local city Lagos Abuja Kano Ibadan Enugu Nigeria naira budget result results number numbers goal goals start step steps " +
  "first second next last every each often sometimes always never today tomorrow morning evening weekend holiday season " +
  "friend family partner supplier delivery shop store stock payment payments invoice cash bank transfer receipt record " +
  "records report reports meeting call calls visit visits review reviews rating ratings trust problem problems solution"
).split(" ");
const TOPICS: Record<string, string[]> = {
  "Web Design":
    "website websites page pages homepage layout navigation hosting domain mobile responsive speed loading design designer template typography colours images gallery checkout form forms footer header menu accessibility".split(
      " ",
    ),
  "CRM Automation":
    "crm pipeline lead leads follow-up followup reminder reminders workflow workflows automation automated contact contacts deal deals stage stages hubspot zoho tagging segment segments nurture onboarding".split(
      " ",
    ),
  "Paid Ads":
    "ads advert adverts campaign campaigns facebook instagram google targeting audience audiences retargeting budget bidding cpc cpm roas conversion conversions creative creatives pixel lookalike impressions clicks".split(
      " ",
    ),
  "Business Growth":
    "growth strategy pricing positioning referral referrals loyalty retention expansion franchise branch hiring culture leadership mentor investors funding cashflow margins forecast scale".split(
      " ",
    ),
  "E-commerce":
    "ecommerce cart carts shipping logistics warehouse inventory catalogue paystack flutterwave refunds returns coupon coupons abandoned marketplace jumia sku bundles upsell wishlist".split(
      " ",
    ),
  Analytics:
    "analytics dashboard dashboards metrics metric kpi kpis tracking attribution cohort cohorts funnel funnels spreadsheet spreadsheets sheets data insight insights benchmark churn".split(
      " ",
    ),
};
const CATEGORIES = Object.keys(TOPICS);

/** A deterministic pseudo-random sequence, so every run measures the same posts. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

function pick<T>(list: T[], next: () => number): T {
  return list[Math.floor(next() * list.length)]!;
}

function body(next: () => number, topic: string[]): string {
  const word = () => (next() < 0.12 ? pick(topic, next) : pick(GENERAL, next));
  const sentence = () =>
    `${Array.from({ length: 10 + Math.floor(next() * 12) }, word)
      .join(" ")
      .replace(/^./, (c) => c.toUpperCase())}.`;
  const paragraph = () => Array.from({ length: 4 + Math.floor(next() * 3) }, sentence).join(" ");
  const sections = Array.from(
    { length: 4 },
    (_, index) =>
      `## Part ${index + 1}: ${sentence().slice(0, 40)}\n\n${paragraph()}\n\n- ${sentence()}\n- ${sentence()}\n- ${sentence()}\n\n${paragraph()}`,
  );
  return `${paragraph()}\n\n${sections.join("\n\n")}`;
}

/**
 * One cold start in a fresh Node process: import the bundle, then build the handler and render
 * `path`, reading from the Supabase at `supabaseUrl`. Prints the two times as JSON.
 */
async function coldStart(
  supabaseUrl: string,
  anonKey: string,
  path: string,
): Promise<{ importMs: number; firstRenderMs: number }> {
  const settings = readSettings({ SUPABASE_URL: supabaseUrl, SUPABASE_ANON_KEY: anonKey });
  const script = `
    const { performance } = await import("node:perf_hooks");
    const started = performance.now();
    const entry = await import(${JSON.stringify(pathToFileURL(join(SSR_DIR, BLOG_BUNDLE.entry)).href)});
    const imported = performance.now();
    const handle = entry.createBlogHandler({ template: ${JSON.stringify(readFileSync(join(SSR_DIR, BLOG_BUNDLE.template), "utf8"))}, manifest: ${readFileSync(join(SSR_DIR, BLOG_BUNDLE.manifest), "utf8")}, settings: () => (${JSON.stringify(settings)}) });
    const response = await handle(new Request(${JSON.stringify(`http://bench.local${path}`)}));
    await response.text();
    if (response.status !== 200) throw new Error("first render answered " + response.status);
    process.stdout.write(JSON.stringify({ importMs: imported - started, firstRenderMs: performance.now() - imported }));`;
  // Asynchronously: the Supabase it reads from answers in this process.
  const { stdout } = await promisify(execFile)(process.execPath, ["--input-type=module", "-e", script], {
    encoding: "utf8",
  });
  return JSON.parse(stdout) as { importMs: number; firstRenderMs: number };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

if (!process.argv.includes("--no-build")) {
  const build = spawnSync("npm", ["run", "build"], { stdio: "inherit" });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const local = await createLocalSupabase({ inMemory: true, quiet: true, env: {} });
try {
  const next = random(42);
  const rows = Array.from({ length: POSTS }, (_, index) => {
    const category = CATEGORIES[index % CATEGORIES.length]!;
    const topic = TOPICS[category]!;
    const title = `${Array.from({ length: 3 }, () => pick(topic, next)).join(" ")} for ${pick(GENERAL, next)} ${pick(GENERAL, next)} (${index + 1})`;
    return {
      title: title.replace(/^./, (c) => c.toUpperCase()),
      content: body(next, topic),
      category,
      author_id: AUTHOR,
      slug: `bench-post-${index + 1}`,
      status: "published",
      published_at: new Date(Date.UTC(2021, 0, 1) + index * 3_600_000 * 20).toISOString(),
    };
  });
  const seeded = performance.now();
  for (let from = 0; from < rows.length; from += 250) {
    await local.db.query(
      `insert into public.posts (title, content, category, author_id, slug, status, published_at)
       select title, content, category, author_id, slug, status, published_at from json_populate_recordset(null::public.posts, $1::json)`,
      [JSON.stringify(rows.slice(from, from + 250))],
    );
  }
  // Statistics, as autovacuum keeps them on a real database, so the planner knows the table's size.
  await local.db.query("analyze public.posts");
  const { rows: counted } = await local.db.query<{ n: number; bytes: number }>(
    `select count(*)::int as n, sum(length(content))::int as bytes from public.posts`,
  );
  console.log(
    `Seeded ${POSTS} posts in ${(performance.now() - seeded).toFixed(0)} ms: ${counted[0]!.n} posts, ${(counted[0]!.bytes / 1024 / 1024).toFixed(1)} MB of bodies.\n`,
  );

  const inProcess: typeof fetch = async (input, init) => local.handler(new Request(input, init));
  const handle = await loadBlogHandler({ settings: () => readSettings({}), fetch: inProcess });
  const pages = [
    { name: "a post", path: `/blog/bench-post-${Math.floor(POSTS / 2)}` },
    { name: "the list (/blog)", path: "/blog" },
    { name: "a category page", path: "/blog/category/paid-ads/page/3" },
    { name: "a search page", path: "/blog/search?q=retargeting+budget" },
  ];

  console.log(`Render time of the blog function, ${RUNS} sequential requests each after 20 warm-up:`);
  for (const page of pages) {
    let html = "";
    for (let i = 0; i < 20; i += 1) await (await handle(new Request(`http://bench.local${page.path}`))).text();
    const times: number[] = [];
    for (let i = 0; i < RUNS; i += 1) {
      const start = performance.now();
      const response = await handle(new Request(`http://bench.local${page.path}`));
      html = await response.text();
      times.push(performance.now() - start);
      if (response.status !== 200) throw new Error(`${page.path} answered ${response.status}`);
    }
    times.sort((a, b) => a - b);
    const gzip = gzipSync(html).length;
    console.log(
      `  ${page.name.padEnd(18)} p50 ${percentile(times, 50).toFixed(1).padStart(6)} ms   p95 ${percentile(times, 95).toFixed(1).padStart(6)} ms   HTML ${(html.length / 1024).toFixed(1)} KB (${(gzip / 1024).toFixed(1)} KB gzipped)`,
    );
  }

  /** One request to `handler`, answered in full: its time in milliseconds and its page. */
  async function request(handler: (request: Request) => Promise<Response>, path: string) {
    const start = performance.now();
    const response = await handler(new Request(`http://bench.local${path}`));
    const html = await response.text();
    if (response.status !== 200) throw new Error(`${path} answered ${response.status}`);
    return { ms: performance.now() - start, html };
  }

  // What the inline stylesheet costs a render: the same post from a second handler over the same bundle
  // and template whose manifest names no stylesheet (inlineStylesheets then returns the page as it is),
  // the two taking turns so that both see the same machine.
  const post = pages[0]!.path;
  const entry = (await import(pathToFileURL(join(SSR_DIR, BLOG_BUNDLE.entry)).href)) as BlogBundle;
  const manifest = JSON.parse(readFileSync(join(SSR_DIR, BLOG_BUNDLE.manifest), "utf8")) as RenderManifest;
  const plain = entry.createBlogHandler({
    template: readFileSync(join(SSR_DIR, BLOG_BUNDLE.template), "utf8"),
    manifest: { ...manifest, stylesheets: {} },
    settings: () => readSettings({}),
    fetch: inProcess,
  });
  const linked = /<link rel="stylesheet"/;
  const [styled, unstyled] = [(await request(handle, post)).html, (await request(plain, post)).html];
  const styles = (html: string) => html.split("<style").length;
  if (linked.test(styled) || !linked.test(unstyled) || styles(styled) !== styles(unstyled) + 1)
    throw new Error("the two handlers do not differ by the inline stylesheet alone");
  for (let i = 0; i < 20; i += 1) {
    await request(handle, post);
    await request(plain, post);
  }
  const withCss: number[] = [];
  const withoutCss: number[] = [];
  for (let i = 0; i < RUNS; i += 1) {
    const order = i % 2 ? [handle, plain] : [plain, handle];
    for (const handler of order) (handler === handle ? withCss : withoutCss).push((await request(handler, post)).ms);
  }
  withCss.sort((a, b) => a - b);
  withoutCss.sort((a, b) => a - b);
  console.log(
    `\nThe inline stylesheet in a post's render (${RUNS} sequential requests each, alternating, after 20 warm-up): with p50 ${percentile(withCss, 50).toFixed(1)} ms, without p50 ${percentile(withoutCss, 50).toFixed(1)} ms, ratio ${(percentile(withCss, 50) / percentile(withoutCss, 50)).toFixed(2)}`,
  );

  // A burst on one post, as bench:load fires its GETs: all requests at once, in process; then the same
  // burst without the inline stylesheet, for what the machine gives at the moment.
  console.log(`\n${BURST} concurrent requests of a post:`);
  for (const [name, handler] of [
    ["stylesheet inline", handle],
    ["without", plain],
  ] as const) {
    const burstStart = performance.now();
    const burst = (await Promise.all(Array.from({ length: BURST }, () => request(handler, post)))).map((run) => run.ms);
    const wall = performance.now() - burstStart;
    burst.sort((a, b) => a - b);
    console.log(
      `  ${name.padEnd(18)} all 200 in ${wall.toFixed(0)} ms (${(BURST / (wall / 1000)).toFixed(1)} requests/s), latency p50 ${percentile(burst, 50).toFixed(0)} ms, p95 ${percentile(burst, 95).toFixed(0)} ms`,
    );
  }

  // The search itself, in the local backend: the call the search page makes, one page of results.
  const queries = [
    "retargeting",
    "abandoned cart",
    '"follow-up reminder"',
    "dashboard -spreadsheet",
    "paystack or flutterwave",
    "hosting speed mobile",
  ];
  const times: number[] = [];
  for (let i = 0; i < RUNS + 20; i += 1) {
    const query = queries[i % queries.length]!;
    const start = performance.now();
    const response = await local.handler(
      new Request(
        `http://bench.local/rest/v1/rpc/search_posts?query=${encodeURIComponent(query)}&result_limit=12&result_offset=0`,
        {
          headers: { apikey: local.anonKey, authorization: `Bearer ${local.anonKey}` },
        },
      ),
    );
    const rows = (await response.json()) as unknown[];
    if (i >= 20) times.push(performance.now() - start);
    if (response.status !== 200 || !Array.isArray(rows)) throw new Error(`search answered ${response.status}`);
  }
  times.sort((a, b) => a - b);
  console.log(
    `\nSearch in the local backend (search_posts, ${POSTS} posts, ${RUNS} queries): p50 ${percentile(times, 50).toFixed(1)} ms, p95 ${percentile(times, 95).toFixed(1)} ms`,
  );

  const bundle = blogBundle(SSR_DIR);
  const rest = createServer((req, res) =>
    webMiddleware(["/rest/v1"], local.handler)(req, res, () => res.writeHead(404).end()),
  );
  await new Promise<void>((resolve) => rest.listen(0, "127.0.0.1", resolve));
  try {
    const restUrl = `http://127.0.0.1:${(rest.address() as AddressInfo).port}`;
    const starts: { importMs: number; firstRenderMs: number }[] = [];
    for (let run = 0; run < COLD_RUNS; run += 1) starts.push(await coldStart(restUrl, local.anonKey, pages[0]!.path));
    const importMs = median(starts.map((run) => run.importMs));
    const renderMs = median(starts.map((run) => run.firstRenderMs));
    console.log(`\nCold start of the blog function (median of ${COLD_RUNS} fresh Node ${process.version} processes):`);
    console.log(
      `  bundle ${(bundle.bytes / 1024).toFixed(1)} KB in ${bundle.files.length} files   import ${importMs.toFixed(1)} ms   first render of a post ${renderMs.toFixed(1)} ms   total ${(importMs + renderMs).toFixed(1)} ms`,
    );
  } finally {
    rest.closeAllConnections();
    await new Promise<void>((resolve) => rest.close(() => resolve()));
  }

  const middleware = webMiddleware(["/blog"], handle);
  const server = createServer((req, res) => middleware(req, res, () => res.writeHead(404).end()));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  console.log(`\nLoad on 127.0.0.1 (autocannon, 10 connections, ${SECONDS} s each):`);
  try {
    for (const page of pages) {
      const result = await autocannon({
        url: `http://127.0.0.1:${port}${page.path}`,
        connections: 10,
        duration: SECONDS,
      });
      const failures = result.errors + result.timeouts + result.non2xx;
      console.log(
        `  ${page.name.padEnd(18)} ${result.requests.average.toFixed(0).padStart(5)} req/s   latency p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms   ${result.requests.total} requests, ${failures} errors`,
      );
    }
  } finally {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
} finally {
  await local.close();
}
