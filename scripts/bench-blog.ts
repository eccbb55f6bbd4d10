/**
 * The request-time blog at scale: seeds 2,000 posts into an in-memory local Supabase, then measures
 * the built blog function (api/blog.ts on dist-ssr/, reading through the local backend in-process):
 * render time (p50/p95) of a post, the list and a category page, their HTML bytes, and requests per
 * second under a bounded loopback load (autocannon, 10 connections, 10 s per page).
 *
 *   npm run bench:blog            (--no-build reuses dist-ssr/; BENCH_POSTS, BENCH_RUNS, BENCH_SECONDS)
 */
import { spawnSync } from "node:child_process";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { performance } from "node:perf_hooks";
import { gzipSync } from "node:zlib";
import autocannon from "autocannon";
import { loadBlogHandler } from "../api/blog.ts";
import { createLocalSupabase } from "../supabase/local/index.ts";
import { webMiddleware } from "../supabase/local/node-http.ts";

const POSTS = Number(process.env.BENCH_POSTS ?? 2000);
const RUNS = Number(process.env.BENCH_RUNS ?? 200);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const AUTHOR = "a5cd0000-0000-4000-8000-000000000001";
const CATEGORIES = ["Web Design", "CRM Automation", "Paid Ads", "Business Growth", "E-commerce", "Analytics"];
const WORDS = "website customers leads campaign budget follow-up pipeline conversion Lagos Abuja checkout mobile speed search brand offer audience retargeting automation invoice WhatsApp Instagram Google Facebook report growth team".split(" ");

/** A deterministic pseudo-random sequence, so every run measures the same posts. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

function body(next: () => number): string {
  const sentence = () => {
    const words = Array.from({ length: 10 + Math.floor(next() * 12) }, () => WORDS[Math.floor(next() * WORDS.length)]!);
    return `${words.join(" ").replace(/^./, (c) => c.toUpperCase())}.`;
  };
  const paragraph = () => Array.from({ length: 4 + Math.floor(next() * 3) }, sentence).join(" ");
  const sections = Array.from({ length: 4 }, (_, index) => `## Part ${index + 1}: ${sentence().slice(0, 40)}\n\n${paragraph()}\n\n- ${sentence()}\n- ${sentence()}\n- ${sentence()}\n\n${paragraph()}`);
  return `${paragraph()}\n\n${sections.join("\n\n")}`;
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
  const rows = Array.from({ length: POSTS }, (_, index) => ({
    title: `${WORDS[index % WORDS.length]!.replace(/^./, (c) => c.toUpperCase())} notes for growing businesses, part ${index + 1}`,
    content: body(next),
    category: CATEGORIES[index % CATEGORIES.length],
    author_id: AUTHOR,
    slug: `bench-post-${index + 1}`,
    status: "published",
    published_at: new Date(Date.UTC(2021, 0, 1) + index * 3_600_000 * 20).toISOString(),
  }));
  const seeded = performance.now();
  for (let from = 0; from < rows.length; from += 250) {
    await local.db.query(
      `insert into public.posts (title, content, category, author_id, slug, status, published_at)
       select title, content, category, author_id, slug, status, published_at from json_populate_recordset(null::public.posts, $1::json)`,
      [JSON.stringify(rows.slice(from, from + 250))],
    );
  }
  const { rows: counted } = await local.db.query<{ n: number; bytes: number }>(`select count(*)::int as n, sum(length(content))::int as bytes from public.posts`);
  console.log(`Seeded ${POSTS} posts in ${(performance.now() - seeded).toFixed(0)} ms: ${counted[0]!.n} posts, ${(counted[0]!.bytes / 1024 / 1024).toFixed(1)} MB of bodies.\n`);

  const handle = await loadBlogHandler({ fetch: async (input, init) => local.handler(new Request(input, init)) });
  const pages = [
    { name: "a post", path: `/blog/bench-post-${Math.floor(POSTS / 2)}` },
    { name: "the list (/blog)", path: "/blog" },
    { name: "a category page", path: "/blog/category/paid-ads/page/3" },
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

  const middleware = webMiddleware(["/blog"], handle);
  const server = createServer((req, res) => void middleware(req, res, () => res.writeHead(404).end()));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  console.log(`\nLoad on 127.0.0.1 (autocannon, 10 connections, ${SECONDS} s each):`);
  try {
    for (const page of pages) {
      const result = await autocannon({ url: `http://127.0.0.1:${port}${page.path}`, connections: 10, duration: SECONDS });
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
