/**
 * A busy day against the local stack, in process: the real function handlers (api/contact.ts, the
 * built blog function) over one in-memory local Supabase (PGlite with every migration, RLS and the
 * Postgres rate limiter), each request with its client address in `x-forwarded-for` as Vercel
 * passes it. Prints what came back; exits 1 when something was lost, doubled or answered 5xx.
 *
 *   1. 300 concurrent enquiries from 300 addresses: all accepted, each stored exactly once.
 *   2. 300 concurrent enquiries from 20 addresses (15 each): the per-address quota (10 per 10
 *      minutes) accepts 10 of each and refuses the rest with 429; stored rows = accepted answers.
 *   3. 1,000 concurrent GETs of a post through the blog function: no 5xx; p50, p95, max.
 *   4. 50 concurrent searches from 50 addresses: no 5xx; p50, p95, max.
 *
 * Bounded: a fixed number of requests, and the whole run stops itself after BENCH_LOAD_TIMEOUT_S
 * (default 600) seconds.
 *
 *   npm run bench:load            (--no-build reuses dist-ssr/)
 */
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { loadBlogHandler } from "../src/server/blog-function.ts";
import { createContactHandler, RATE_LIMIT } from "../src/server/contact.ts";
import { readSettings } from "../src/server/settings.ts";
import { createLocalSupabase } from "../supabase/local/index.ts";

const TIMEOUT_S = Number(process.env.BENCH_LOAD_TIMEOUT_S ?? 600);
const POST = "stop-losing-leads-in-your-whatsapp-inbox-1729065600000";

setTimeout(() => {
  console.error(`bench:load: stopped after ${TIMEOUT_S} s without finishing.`);
  process.exit(1);
}, TIMEOUT_S * 1000).unref();

if (!process.argv.includes("--no-build") || !existsSync(join("dist-ssr", "blog-entry.js"))) {
  const build = spawnSync("npm", ["run", "build"], { stdio: "inherit" });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const local = await createLocalSupabase({ inMemory: true, quiet: true, bcryptCost: 4, env: {} });
const inProcess: typeof fetch = async (input, init) => local.handler(new Request(input, init));
const contact = createContactHandler({
  settings: () => readSettings({ RATE_LIMIT_SALT: "bench-load-salt" }),
  fetch: inProcess,
  waitUntil: () => {},
});
const blog = await loadBlogHandler({
  settings: () => readSettings({}),
  ssrDir: join(process.cwd(), "dist-ssr"),
  fetch: inProcess,
});

const failures: string[] = [];

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

function figures(times: number[]): string {
  const sorted = [...times].sort((a, b) => a - b);
  return `p50 ${percentile(sorted, 50).toFixed(0)} ms, p95 ${percentile(sorted, 95).toFixed(0)} ms, max ${sorted[sorted.length - 1]!.toFixed(0)} ms`;
}

function byStatus(statuses: number[]): string {
  const counts = new Map<number, number>();
  for (const status of statuses) counts.set(status, (counts.get(status) ?? 0) + 1);
  return [...counts]
    .sort(([a], [b]) => a - b)
    .map(([status, n]) => `${n} × ${status}`)
    .join(", ");
}

async function timed(work: () => Promise<Response>): Promise<{ status: number; ms: number }> {
  const start = performance.now();
  const response = await work();
  await response.arrayBuffer();
  return { status: response.status, ms: performance.now() - start };
}

async function enquiries(label: string, count: number, addressOf: (index: number) => string, expectAccepted: number) {
  const run = `${label.replace(/\W+/g, "-")}-${Date.now()}`;
  const started = performance.now();
  const results = await Promise.all(
    Array.from({ length: count }, (_, index) =>
      timed(() =>
        contact(
          new Request("http://local.test/api/contact", {
            method: "POST",
            headers: { "content-type": "application/json", "x-forwarded-for": addressOf(index) },
            body: JSON.stringify({
              fullName: `Load Test ${index}`,
              email: `${run}-${index}@example.ng`,
              service: "crm",
              elapsedMs: 8_000,
            }),
          }),
        ),
      ),
    ),
  );
  const wall = performance.now() - started;
  const statuses = results.map((result) => result.status);
  const { rows } = await local.db.query<{ email: string; n: number }>(
    `select email, count(*)::int as n from public.leads where email like $1 group by email`,
    [`${run}-%`],
  );
  const stored = new Map(rows.map((row) => [row.email, row.n]));
  const accepted = statuses.filter((status) => status >= 200 && status < 300).length;
  const doubled = rows.filter((row) => row.n !== 1).length;
  const lost = statuses.filter(
    (status, index) => status >= 200 && status < 300 && stored.get(`${run}-${index}@example.ng`) !== 1,
  ).length;
  const storedWithoutYes = statuses.filter(
    (status, index) => !(status >= 200 && status < 300) && stored.has(`${run}-${index}@example.ng`),
  ).length;
  const serverErrors = statuses.filter((status) => status >= 500).length;
  const other = statuses.filter((status) => !(status >= 200 && status < 300) && status !== 429).length;
  console.log(`\n${label}`);
  console.log(
    `  answers: ${byStatus(statuses)} in ${wall.toFixed(0)} ms (${figures(results.map((result) => result.ms))})`,
  );
  console.log(
    `  rows stored: ${rows.length} for ${accepted} accepted; doubled ${doubled}, lost ${lost}, stored though refused ${storedWithoutYes}`,
  );
  if (serverErrors) failures.push(`${label}: ${serverErrors} answers were 5xx`);
  if (other) failures.push(`${label}: ${other} answers were neither 2xx nor 429`);
  if (rows.length !== accepted || doubled || lost || storedWithoutYes)
    failures.push(`${label}: the rows do not match the accepted answers`);
  if (accepted !== expectAccepted) failures.push(`${label}: ${accepted} accepted, expected ${expectAccepted}`);
}

async function gets(label: string, count: number, pathOf: (index: number) => string) {
  const started = performance.now();
  const results = await Promise.all(
    Array.from({ length: count }, (_, index) =>
      timed(() =>
        blog(
          new Request(`http://blog.test${pathOf(index)}`, {
            headers: { "x-forwarded-for": `100.70.${index % 250}.${Math.floor(index / 250)}` },
          }),
        ),
      ),
    ),
  );
  const wall = performance.now() - started;
  const statuses = results.map((result) => result.status);
  console.log(`\n${label}`);
  console.log(
    `  answers: ${byStatus(statuses)} in ${wall.toFixed(0)} ms (${(count / (wall / 1000)).toFixed(0)} requests/s)`,
  );
  console.log(`  latency: ${figures(results.map((result) => result.ms))}`);
  const serverErrors = statuses.filter((status) => status >= 500).length;
  if (serverErrors) failures.push(`${label}: ${serverErrors} answers were 5xx`);
  if (statuses.some((status) => status !== 200)) failures.push(`${label}: not every answer was 200`);
}

const perAddress = 15;
const addresses = 20;
console.log(`bench:load: in process, one in-memory local Supabase, ${new Date().toISOString()}`);
await enquiries(
  "300 concurrent enquiries from 300 addresses",
  300,
  (index) => `198.18.${Math.floor(index / 250)}.${index % 250}`,
  300,
);
await enquiries(
  `300 concurrent enquiries from ${addresses} addresses (${perAddress} each; quota ${RATE_LIMIT.perIp} per address per ${RATE_LIMIT.windowMs / 60_000} min)`,
  addresses * perAddress,
  (index) => `198.19.0.${index % addresses}`,
  addresses * RATE_LIMIT.perIp,
);
await gets("1,000 concurrent GETs of a post through the blog function", 1000, () => `/blog/${POST}`);
await gets(
  "50 concurrent searches from 50 addresses",
  50,
  (index) => `/blog/search?q=${["crm", "whatsapp leads", "website speed", "facebook ads", "pricing"][index % 5]}`,
);

await local.close();
if (failures.length) {
  console.error(`\nFAILED:\n  ${failures.join("\n  ")}`);
  process.exit(1);
}
console.log("\nNothing lost, nothing doubled, no 5xx.");
process.exit(0);
