/**
 * The traffic's figures, in process against one in-memory local Supabase (PGlite with every
 * migration, RLS and the Postgres rate limiter):
 *
 *   1. 5,000 beacons from 500 addresses through the collect handler (api/collect.ts), each with its
 *      address in `x-forwarded-for` as Vercel passes it: 499 readers send 8 each, one script sends
 *      the rest. Every beacon is counted (204) or refused (429, the script past 120 a minute); rows
 *      stored = 204 answers; no 5xx. p50/p95/max.
 *   2. One million page views over 90 days generated in SQL (generate_series), the daily rollup,
 *      then traffic_report and campaign_funnel over 30 and 90 days as the admin (RLS on): median and
 *      worst of 5 runs, against the 300 ms target.
 *   3. Bytes per raw row (pg_column_size) and per row with its indexes, and what a million views a
 *      month cost in storage (90 days of raw rows, plus the daily rows kept for good).
 *
 * Exits 1 when a beacon was lost or answered 5xx. Bounded by BENCH_TRAFFIC_TIMEOUT_S (default 900).
 *
 *   npm run bench:traffic
 */
import { performance } from "node:perf_hooks";
import { createCollectHandler } from "../src/server/collect.ts";
import { readSettings } from "../src/server/settings.ts";
import { createLocalSupabase, LOCAL_DEFAULTS } from "../supabase/local/index.ts";

const TIMEOUT_S = Number(process.env.BENCH_TRAFFIC_TIMEOUT_S ?? 900);
setTimeout(() => {
  console.error(`bench:traffic: stopped after ${TIMEOUT_S} s without finishing.`);
  process.exit(1);
}, TIMEOUT_S * 1000).unref();

const local = await createLocalSupabase({ inMemory: true, quiet: true, bcryptCost: 4, env: {} });
const db = local.db;
const inProcess: typeof fetch = async (input, init) => local.handler(new Request(input, init));
const collect = createCollectHandler({
  settings: () => readSettings({ RATE_LIMIT_SALT: "bench-traffic-salt" }),
  fetch: inProcess,
});
const failures: string[] = [];

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

const UA =
  "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36";
const PAGES = ["/", "/services", "/portfolio", "/contact", "/blog", "/blog/seo-basics", "/blog/ads-that-pay"];

// ---------------------------------------------------------------------------------------------
// 1. 5,000 beacons from 500 addresses
// ---------------------------------------------------------------------------------------------
{
  const TOTAL = 5_000;
  const ADDRESSES = 500;
  const addressOf = (i: number) =>
    i < (ADDRESSES - 1) * 8 ? `10.0.${Math.floor(i / 8) >> 8}.${Math.floor(i / 8) & 255}` : "10.9.9.9";
  const statuses = new Map<number, number>();
  const times: number[] = [];
  let next = 0;
  const started = performance.now();
  async function worker() {
    while (next < TOTAL) {
      const i = next++;
      const request = new Request("http://site.test/api/collect", {
        method: "POST",
        headers: {
          "content-type": "text/plain;charset=UTF-8",
          "user-agent": UA,
          "x-forwarded-for": addressOf(i),
          "x-vercel-ip-country": "NG",
          origin: "http://site.test",
          "sec-fetch-site": "same-origin",
        },
        body: JSON.stringify({
          path: PAGES[i % PAGES.length],
          ...(i % 5 === 0 ? { utm_source: "facebook", utm_medium: "paid", utm_campaign: "bench" } : {}),
          width: 0,
        }),
      });
      const t0 = performance.now();
      const response = await collect(request);
      times.push(performance.now() - t0);
      statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
    }
  }
  await Promise.all(Array.from({ length: 50 }, worker));
  const elapsed = (performance.now() - started) / 1000;
  const { rows } = await db.query<{ n: number }>(`select count(*)::integer as n from public.page_views`);
  const counted = statuses.get(204) ?? 0;
  const refused = statuses.get(429) ?? 0;
  const sorted = times.sort((a, b) => a - b);
  console.log(`1. ${TOTAL} beacons from ${ADDRESSES} addresses (50 in flight), ${elapsed.toFixed(1)} s:`);
  console.log(
    `   answers ${[...statuses].map(([status, n]) => `${status}: ${n}`).join(", ")}; rows stored ${rows[0]!.n}`,
  );
  console.log(
    `   p50 ${percentile(sorted, 50).toFixed(1)} ms, p95 ${percentile(sorted, 95).toFixed(1)} ms, max ${sorted.at(-1)!.toFixed(1)} ms`,
  );
  if (counted + refused !== TOTAL)
    failures.push(`beacons answered other than 204 or 429: ${TOTAL - counted - refused}`);
  if (rows[0]!.n !== counted) failures.push(`rows stored ${rows[0]!.n} != beacons counted ${counted}`);
  if ([...statuses.keys()].some((status) => status >= 500)) failures.push("a beacon was answered 5xx");
  await db.exec(`truncate public.page_views`);
}

// ---------------------------------------------------------------------------------------------
// 2. One million page views, the rollup, the reports
// ---------------------------------------------------------------------------------------------
const VIEWS = 1_000_000;
const DAYS = 90;
{
  let t0 = performance.now();
  // ~11,000 views a day from ~3,000 visitors a day; 60 paths; a fifth from campaigns (48 of them),
  // a fifth from referrers; countries and devices mixed. Each day's keys differ, as the salt does.
  // d: the day; i: the view's number within its day, which every other column derives from, so no
  // column follows the day.
  await db.exec(`
    insert into public.page_views (created_at, visitor, kind, path, referrer_host, utm_source, utm_medium, utm_campaign,
                                   has_click_id, country, device, viewport_width)
    select now() - make_interval(days => d, secs => (i * 7) % 86000),
           sha256(int8send(d::bigint * 1000000 + (i::bigint * 7919) % 3000)),
           case when i % 40 = 7 then 'intake' else 'pageview' end,
           case when i % 3 = 0 then '/blog/post-' || ((i * 7) % 50)
                else (array['/', '/services', '/portfolio', '/contact', '/blog', '/about', '/pricing', '/faq', '/case-studies', '/privacy'])[1 + (i / 3) % 10] end,
           case when i % 5 = 1 then (array['google.com', 'facebook.com', 'linkedin.com', 'instagram.com', 'bing.com'])[1 + (i / 5) % 5] end,
           case when i % 5 = 0 then (array['facebook', 'google', 'instagram', 'newsletter'])[1 + (i / 5) % 4] end,
           case when i % 5 = 0 then (array['paid', 'cpc', 'social', 'email'])[1 + (i / 7) % 4] end,
           case when i % 5 = 0 then 'campaign-' || ((i / 11) % 12) end,
           i % 10 = 0,
           (array['NG', 'NG', 'NG', 'GB', 'US', 'GH', 'KE', 'ZA', null])[1 + (i / 13) % 9],
           (array['phone', 'phone', 'desktop', 'tablet'])[1 + (i / 17) % 4],
           (array[0, 640, 768, 1024, 1280, 1536])[1 + (i / 19) % 6]::smallint
      from (select g % ${DAYS} as d, g / ${DAYS} as i from generate_series(0, ${VIEWS} - 1) g) s`);
  console.log(
    `2. ${VIEWS.toLocaleString("en")} page views over ${DAYS} days generated in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
  );

  // Leads over the same period, with the campaigns' attribution, for the funnel's join.
  await db.exec(`
    insert into public.leads (full_name, email, created_at, first_touch)
    select 'Lead ' || g, 'lead' || g || '@example.com', now() - make_interval(days => g % ${DAYS}),
           jsonb_build_object('utm_source', (array['facebook', 'google', 'instagram', 'newsletter'])[1 + g % 4],
                              'utm_medium', (array['paid', 'cpc', 'social', 'email'])[1 + g % 4],
                              'utm_campaign', 'campaign-' || (g % 12), 'landing_page', '/blog/post-' || (g % 50))
      from generate_series(1, 2000) g`);

  t0 = performance.now();
  const { rows: rolled } = await db.query<{ rolled_days: number }>(`select * from public.rollup_traffic()`);
  const { rows: daily } = await db.query<{ n: number }>(`select count(*)::integer as n from public.page_view_daily`);
  console.log(
    `   rollup of ${rolled[0]!.rolled_days} finished days: ${((performance.now() - t0) / 1000).toFixed(1)} s, ${daily[0]!.n.toLocaleString("en")} daily rows (today stays raw)`,
  );
  await db.exec(`analyze public.page_views; analyze public.page_view_daily; analyze public.leads;`);

  const { rows: admin } = await db.query<{ id: string }>(`select id from auth.users where email = $1`, [
    LOCAL_DEFAULTS.adminEmail,
  ]);
  const claims = JSON.stringify({ sub: admin[0]!.id, role: "authenticated", aal: "aal1" });

  async function asAdmin(sql: string, days: number): Promise<number> {
    return db.transaction(async (tx) => {
      await tx.exec(`set local role authenticated`);
      await tx.query(`select set_config('request.jwt.claims', $1, true)`, [claims]);
      const t = performance.now();
      const result = await tx.query(sql, [days]);
      const ms = performance.now() - t;
      if (!result.rows.length) throw new Error("no rows: the admin read nothing");
      return ms;
    });
  }

  for (const [name, sql] of [
    ["traffic_report", `select public.traffic_report(now() - make_interval(days => $1), now())`],
    ["campaign_funnel", `select * from public.campaign_funnel(now() - make_interval(days => $1), now())`],
    ["post_traffic", `select * from public.post_traffic(now() - make_interval(days => $1), now())`],
  ] as const) {
    for (const days of [30, 90]) {
      const runs: number[] = [];
      for (let i = 0; i < 5; i += 1) runs.push(await asAdmin(sql, days));
      runs.sort((a, b) => a - b);
      const median = runs[2]!;
      console.log(
        `   ${name} over ${days} days: median ${median.toFixed(0)} ms, worst ${runs[4]!.toFixed(0)} ms ${median < 300 ? "(under 300 ms)" : "(OVER the 300 ms target)"}`,
      );
    }
  }
}

// ---------------------------------------------------------------------------------------------
// 3. Storage
// ---------------------------------------------------------------------------------------------
{
  const { rows } = await db.query<{
    row_bytes: number;
    total: number;
    rows: number;
    daily_row: number;
    daily_total: number;
    daily_rows: number;
  }>(`
    select (select avg(pg_column_size(v.*)) from public.page_views v)::float8 as row_bytes,
           pg_total_relation_size('public.page_views')::float8 as total,
           (select count(*) from public.page_views)::float8 as rows,
           (select avg(pg_column_size(a.*)) from public.page_view_daily a)::float8 as daily_row,
           pg_total_relation_size('public.page_view_daily')::float8 as daily_total,
           (select count(*) from public.page_view_daily)::float8 as daily_rows`);
  const s = rows[0]!;
  const perRow = s.total / s.rows;
  const dailyPerDay = s.daily_rows / (DAYS - 1);
  const dailyPerRow = s.daily_total / s.daily_rows;
  const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
  console.log(
    `3. page_views: ${s.row_bytes.toFixed(0)} bytes a row (pg_column_size), ${perRow.toFixed(0)} with its share of the table and indexes`,
  );
  console.log(
    `   page_view_daily: ${s.daily_row.toFixed(0)} bytes a row, ~${dailyPerDay.toFixed(0)} rows a day here (${((dailyPerDay * dailyPerRow) / 1024).toFixed(0)} KB a day with its index)`,
  );
  console.log(
    `   a million views a month: ~${mb(1_000_000 * 3 * perRow)} of raw rows (90 days kept), plus ~${mb(dailyPerDay * 365 * dailyPerRow)} a year of daily rows kept for good`,
  );
}

await local.close();
if (failures.length) {
  console.error(`bench:traffic failed:\n - ${failures.join("\n - ")}`);
  process.exit(1);
}
process.exit(0);
