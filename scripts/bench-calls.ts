/**
 * Benchmark of discovery-call booking, in process, on the local database (PGlite):
 *
 * 1. **Slots with a full calendar.** 500 calls already booked over the next 14 days (10-minute calls,
 *    no buffers, hours 07:00-21:00 every day, no daily cap, so that 500 fit), then the median and p95
 *    of `GET /api/calls?view=slots` through the real handler: settings, booked ranges and the slot
 *    computation, the whole request. The goal is a p95 under 50 ms.
 * 2. **A burst for one time.** 50 visitors who have just enquired book the same time at once: exactly
 *    one is booked (201) and 49 are answered 409 with the nearest free times, and how long the burst
 *    took.
 *
 *   npm run bench:calls            (BENCH_REQUESTS=200 to change the number of slot requests)
 */
import { performance } from "node:perf_hooks";
import { LOCAL_DEFAULTS, startLocalSupabaseServer } from "../supabase/local/index.ts";
import { createLocalClient } from "../supabase/local/testing.ts";
import { createCallsHandler } from "../src/server/calls/handler.ts";
import { hashToken, newToken } from "../src/server/calls/tokens.ts";
import { MemoryRateLimiter } from "../src/server/rate-limit-memory.ts";
import { readSettings } from "../src/server/settings.ts";

const REQUESTS = Math.max(20, Number(process.env.BENCH_REQUESTS ?? 100) || 100);
const WARMUP = 10;
const BOOKED = 500;
const BURST = 50;
const P95_GOAL_MS = 50;
/** Monday 3 March 2031, 07:00 in Lagos: the 14 days ahead are all in the future. */
const NOW = new Date("2031-03-03T06:00:00.000Z");
const TEN_MINUTES = 600_000;

function percentile(sorted: number[], p: number): number {
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)]!;
}

const server = await startLocalSupabaseServer({ inMemory: true, quiet: true, bcryptCost: 4, env: {} });
const pending: Promise<unknown>[] = [];
try {
  const db = server.local.db;
  const service = createLocalClient(server.url, LOCAL_DEFAULTS.serviceRoleKey);
  await db.exec(`
    update public.call_settings
       set call_minutes = 10, slot_step_minutes = 10, buffer_before_minutes = 0, buffer_after_minutes = 0,
           min_notice_hours = 0, horizon_days = 14, max_per_day = null;
    delete from public.call_weekly_hours;
    insert into public.call_weekly_hours (weekday, start_time, end_time)
      select day, '07:00', '21:00' from generate_series(0, 6) day;
  `);

  // 500 calls on distinct times of the grid, spread over the 14 days (84 times a day).
  const { rows: leads } = await db.query<{ id: string }>(
    `insert into public.leads (full_name, email)
     select 'Booked ' || n, 'booked' || n || '@example.ng' from generate_series(1, $1::int) n returning id`,
    [BOOKED + BURST],
  );
  const firstTime = Date.parse("2031-03-03T07:00:00.000Z"); // 08:00 in Lagos
  const started = performance.now();
  // Booked by the function the calls function calls (its checks, trigger and outbox rows), in one
  // statement: day by day, every other time of the grid, so free times remain between them.
  await db.query(
    `select public.book_call(
       to_timestamp($1::double precision / 1000) + (n % 14) * interval '1 day' + (n / 14) * 2 * interval '10 minutes',
       'Africa/Lagos',
       encode(extensions.digest(gen_random_uuid()::text, 'sha256'), 'hex'),
       'book_page',
       encode(extensions.digest(gen_random_uuid()::text, 'sha256'), 'hex'),
       (select id from public.leads where email = 'booked' || (n + 1) || '@example.ng'))
     from generate_series(0, $2::int - 1) n`,
    [firstTime, BOOKED],
  );
  const seeding = performance.now() - started;

  const calls = createCallsHandler({
    settings: () => readSettings({}),
    limiter: new MemoryRateLimiter({ now: () => NOW }),
    now: () => NOW,
    waitUntil: (work) => pending.push(work),
  });
  const slotsRequest = (index: number) =>
    new Request(`${server.url}/api/calls?view=slots`, {
      headers: { "x-forwarded-for": `198.18.${Math.floor(index / 250) % 250}.${index % 250}` },
    });

  let offered = 0;
  const times: number[] = [];
  for (let index = 0; index < WARMUP + REQUESTS; index += 1) {
    const begin = performance.now();
    const response = await calls(slotsRequest(index));
    const body = (await response.json()) as { slots?: string[] };
    const elapsed = performance.now() - begin;
    if (response.status !== 200 || !body.slots) throw new Error(`slots answered ${response.status}`);
    offered = body.slots.length;
    if (index >= WARMUP) times.push(elapsed);
  }
  times.sort((a, b) => a - b);
  const p95 = percentile(times, 95);

  // The burst: 50 visitors, each with the token of the lead they just stored, want one free time.
  const wanted = new Date(firstTime + TEN_MINUTES).toISOString(); // between two booked calls
  const tokens = await Promise.all(
    leads.slice(BOOKED).map(async ({ id }) => {
      const token = newToken();
      const { error } = await service.rpc("issue_call_lead_token", { lead: id, token_hash: hashToken(token) });
      if (error) throw new Error(error.message);
      return token;
    }),
  );
  const burstStarted = performance.now();
  const answers = await Promise.all(
    tokens.map((leadToken, index) =>
      calls(
        new Request(`${server.url}/api/calls`, {
          method: "POST",
          headers: { "content-type": "application/json", "x-forwarded-for": `198.19.0.${index + 1}` },
          body: JSON.stringify({ start: wanted, timeZone: "Europe/London", leadToken }),
        }),
      ),
    ),
  );
  const burst = performance.now() - burstStarted;
  const statuses = new Map<number, number>();
  for (const answer of answers) statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);

  console.log(`Discovery calls benchmark (in process, local database in memory)`);
  console.log(`seeded ${BOOKED} booked calls over 14 days in ${(seeding / 1000).toFixed(1)} s`);
  console.log(
    `slots for 14 days (${offered} free times offered), ${REQUESTS} requests after ${WARMUP} warm-up: ` +
      `median ${percentile(times, 50).toFixed(2)} ms, p95 ${p95.toFixed(2)} ms ` +
      `(${p95 <= P95_GOAL_MS ? "ok" : "over"} against ${P95_GOAL_MS} ms)`,
  );
  const booked = statuses.get(201) ?? 0;
  const refused = statuses.get(409) ?? 0;
  console.log(
    `burst of ${BURST} bookings for one time: ${booked} booked, ${refused} answered 409` +
      `${[...statuses]
        .filter(([status]) => status !== 201 && status !== 409)
        .map(([status, n]) => `, ${n} answered ${status}`)
        .join("")}` +
      ` in ${burst.toFixed(0)} ms (${booked === 1 && refused === BURST - 1 ? "ok" : "WRONG"})`,
  );
  if (booked !== 1 || refused !== BURST - 1) process.exitCode = 1;
} finally {
  await Promise.allSettled(pending);
  await server.close();
}
