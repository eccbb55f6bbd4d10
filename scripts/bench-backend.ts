/**
 * Benchmark of the local Supabase: cold start (PGlite boot, shim, migrations, seed, admin), then
 * the median and p95 latency of the blog list and the post-by-slug requests through supabase-js
 * over HTTP on 127.0.0.1.
 *
 *   npm run bench:backend            (BENCH_REQUESTS=200 to change the number of requests)
 */
import { performance } from "node:perf_hooks";
import { startLocalSupabaseServer } from "../supabase/local/index.ts";
import { createLocalClient } from "../supabase/local/testing.ts";

const requests = Math.max(10, Number(process.env.BENCH_REQUESTS ?? 100) || 100);
const warmup = 10;

function percentile(sorted: number[], p: number): number {
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)]!;
}

async function measure(name: string, run: () => PromiseLike<{ error: unknown }>) {
  for (let i = 0; i < warmup; i += 1) await run();
  const times: number[] = [];
  for (let i = 0; i < requests; i += 1) {
    const start = performance.now();
    const { error } = await run();
    times.push(performance.now() - start);
    if (error) throw new Error(`${name} failed: ${JSON.stringify(error)}`);
  }
  times.sort((a, b) => a - b);
  return { name, median: percentile(times, 50), p95: percentile(times, 95) };
}

const started = performance.now();
const server = await startLocalSupabaseServer({ inMemory: true, quiet: true });
const coldStart = performance.now() - started;

try {
  const client = createLocalClient(server.url);
  const { data: newest } = await client
    .from("posts")
    .select("slug")
    .order("created_at", { ascending: false })
    .limit(1)
    .single();
  const slug = newest!.slug as string;

  const results = [
    await measure("blog list page (card columns, 12 rows, exact count)", () =>
      client
        .from("posts")
        .select("id, title, slug, category, category_slug, image_url, created_at, summary", { count: "exact" })
        .order("created_at", { ascending: false })
        .range(0, 11),
    ),
    await measure("categories with counts (post_categories view)", () =>
      client.from("post_categories").select("*").order("name"),
    ),
    await measure("post by slug (with author, single object)", () =>
      client.from("posts").select("*, author:profiles(full_name)").eq("slug", slug).single(),
    ),
  ];

  console.log(`Local Supabase benchmark (${requests} requests each after ${warmup} warm-up, sequential)`);
  console.log(`cold start (in memory, bcrypt cost 10): ${coldStart.toFixed(0)} ms`);
  for (const { name, median, p95 } of results) {
    console.log(`${name}: median ${median.toFixed(2)} ms, p95 ${p95.toFixed(2)} ms`);
  }
} finally {
  await server.close();
}
