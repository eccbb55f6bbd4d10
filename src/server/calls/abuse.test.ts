import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { startLocalSupabaseServer, type LocalSupabaseServer } from "../../../supabase/local/index";
import { callsFunctionCopy } from "../../content/functions";
import { solveChallenge, type Challenge } from "../../lib/calls/challenge";
import { readSettings } from "../settings";
import { createCallsHandler } from "./handler";
import { confirmTokenFor } from "./tokens";

/**
 * Issue 43's probes against the real handler and the local Supabase (PGlite, the real migrations,
 * the shared Postgres rate limiter): a script that books from six client addresses as fast as it
 * can, solving each challenge with the browser's own solver, leaves the calendar open; nothing of a
 * booking reaches the team, the calendar or the ad platforms before its address is confirmed; the
 * challenge is refused missing, wrong or replayed; a manage link moves its call three times, not four.
 * The handler's clock: Monday 3 March 2031, 07:00 in Lagos.
 */
const messages = callsFunctionCopy.messages;
const NOW = new Date("2031-03-03T06:00:00.000Z");
const SETTINGS = readSettings({ CALLS_CHALLENGE_MAX_NUMBER: "2000" });

let supabase: LocalSupabaseServer;
const pending: Promise<unknown>[] = [];
const sql = async <T>(text: string, params: unknown[] = []) => (await supabase.local.db.query<T>(text, params)).rows;

beforeAll(async () => {
  supabase = await startLocalSupabaseServer({ bcryptCost: 4, env: {} });
  await sql(`update public.call_settings set min_notice_hours = 12, horizon_days = 21`);
});

afterAll(async () => {
  await Promise.all(pending);
  await supabase?.close();
});

beforeEach(() => {
  vi.spyOn(console, "error").mockImplementation(() => {});
});

afterEach(async () => {
  vi.restoreAllMocks();
  await Promise.allSettled(pending.splice(0));
  await sql(`delete from public.call_bookings`);
  await sql(`delete from public.leads`);
  await sql(`delete from private.rate_limit_counters`);
});

/** The handler as api/calls.ts builds it, with the shared Postgres limiter (no limiter passed). */
const handler = () =>
  createCallsHandler({
    settings: () => SETTINGS,
    now: () => NOW,
    waitUntil: (work) => pending.push(work),
  });

function request(ip: string, init: { query?: string; body?: unknown } = {}) {
  return new Request(`${supabase.url}/api/calls${init.query ?? ""}`, {
    method: init.body === undefined ? "GET" : "POST",
    headers: { "content-type": "application/json", "x-forwarded-for": ip },
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  });
}

async function freeSlots(): Promise<string[]> {
  const response = await handler()(request("198.51.100.250", { query: "?view=slots" }));
  return ((await response.json()) as { slots: string[] }).slots;
}

/** What a script does for one booking: fetch a challenge, solve it, book. */
async function solvedChallenge(ip: string): Promise<string> {
  const response = await handler()(request(ip, { query: "?view=challenge" }));
  expect(response.status).toBe(200);
  expect(response.headers.get("cache-control")).toBe("no-store");
  const solution = await solveChallenge((await response.json()) as Challenge);
  expect(solution).not.toBeNull();
  return solution!;
}

const visitor = (email: string, challenge: string | undefined) => ({
  name: "Ade Bello",
  email,
  website: "",
  elapsedMs: 9_000,
  ...(challenge === undefined ? {} : { challenge }),
});

async function book(ip: string, start: string, email: string, challenge?: string) {
  const response = await handler()(
    request(ip, {
      body: { start, timeZone: "Africa/Lagos", ...visitor(email, challenge ?? (await solvedChallenge(ip))) },
    }),
  );
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

const count = async (query: string) => (await sql<{ n: number }>(query))[0]!.n;

describe("a script filling the calendar", () => {
  it("from six client addresses, 11 bookings each, holds at most 12 times, and nobody hears of them", async () => {
    const before = await freeSlots();
    expect(before.length).toBeGreaterThan(100);
    const statuses: number[] = [];
    let next = 0;
    for (let client = 1; client <= 6; client += 1) {
      for (let attempt = 0; attempt < 11; attempt += 1) {
        const start = before[next++]!;
        const email = `fill-${client}-${attempt}@example.ng`;
        statuses.push((await book(`203.0.113.${client}`, start, email)).status);
      }
    }
    await Promise.allSettled(pending.splice(0));
    expect(statuses.filter((status) => status === 201)).toHaveLength(12);
    expect(
      await count(
        `select count(*)::int as n from public.call_bookings where status = 'booked' and hold_expires_at > now()`,
      ),
    ).toBe(12);
    // The calendar stays open: 12 times held, the rest free.
    // (A call blocks its neighbours too: buffers, and the daily cap of 6.)
    expect((await freeSlots()).length).toBeGreaterThanOrEqual(before.length - 3 * 12);
    // Only the visitors' requests to confirm were queued: no team e-mail, calendar event or conversion.
    expect(await count(`select count(*)::int as n from public.call_messages where kind <> 'confirm_request'`)).toBe(0);
    expect(await count(`select count(*)::int as n from public.conversion_events where event = 'scheduled'`)).toBe(0);
    // Nor of the leads the tries stored: no team e-mail or WhatsApp, no reply to the typed address, no
    // webhook, no `lead` conversion, no reminder, and the leads inbox does not show them.
    expect(await count(`select count(*)::int as n from public.leads where email like 'fill-%'`)).toBeGreaterThan(12);
    expect(
      await count(
        `select count(*)::int as n from public.leads where email like 'fill-%' and not awaiting_confirmation`,
      ),
    ).toBe(0);
    expect(await count(`select count(*)::int as n from public.lead_messages`)).toBe(0);
    expect(await count(`select count(*)::int as n from public.conversion_events`)).toBe(0);
    expect(await count(`select public.queue_lead_reminders(0) as n`)).toBe(0);
  }, 120_000);
});

describe("the challenge", () => {
  it("is refused missing, wrong or replayed, and the form's details are not stored", async () => {
    const [first, second, third] = await freeSlots();
    const missing = await book("192.0.2.10", first!, "missing@example.ng", "");
    expect(missing).toEqual({ status: 400, body: { message: messages.challenge, reason: "challenge" } });
    const solution = await solvedChallenge("192.0.2.10");
    const payload = JSON.parse(atob(solution)) as { number: number };
    const wrong = btoa(JSON.stringify({ ...payload, number: payload.number + 1 }));
    expect((await book("192.0.2.10", first!, "wrong@example.ng", wrong)).body.reason).toBe("challenge");
    expect((await book("192.0.2.10", second!, "right@example.ng", solution)).status).toBe(201);
    const replayed = await book("192.0.2.11", third!, "replay@example.ng", solution);
    expect(replayed).toEqual({ status: 400, body: { message: messages.challenge, reason: "challenge" } });
    expect(await count(`select count(*)::int as n from public.leads`)).toBe(1);
  });
});

describe("confirmation", () => {
  it("makes the booking live; only then the team, the calendar and the reminders are queued", async () => {
    const [start] = await freeSlots();
    const booked = await book("192.0.2.20", start!, "confirm@example.ng");
    expect(booked.status).toBe(201);
    const booking = booked.body.booking as { id: string; holdExpiresAt: string; manageToken?: string };
    expect(booking.manageToken).toBeUndefined();
    expect(Date.parse(booking.holdExpiresAt)).toBeGreaterThan(Date.now());
    await Promise.allSettled(pending.splice(0));
    const kinds = async () =>
      (
        await sql<{ kind: string }>(`select kind from public.call_messages where booking_id = $1 order by id`, [
          booking.id,
        ])
      ).map((row) => row.kind);
    expect(await kinds()).toEqual(["confirm_request"]);

    const wrong = await handler()(request("192.0.2.20", { body: { action: "confirm", token: "A".repeat(22) } }));
    expect(wrong.status).toBe(410);
    expect(await wrong.json()).toEqual({ message: messages.confirmExpired, reason: "confirm-expired" });

    const token = confirmTokenFor(booking.id, SETTINGS.callsTokenSecret);
    const confirmed = await handler()(request("192.0.2.21", { body: { action: "confirm", token } }));
    expect(confirmed.status).toBe(200);
    const body = (await confirmed.json()) as { booking: { id: string; manageToken: string } };
    expect(body.booking).toMatchObject({ id: booking.id, manageToken: expect.stringMatching(/^[\w-]{22}$/) });
    await Promise.allSettled(pending.splice(0));
    expect(await kinds()).toEqual([
      "confirm_request",
      "confirmation",
      "team_email",
      "calendar_event",
      "reminder_24h",
      "reminder_1h",
    ]);
    // The confirmation released the lead: the team's messages, the webhook and the `lead` conversion
    // are queued now, in the confirmation's transaction; the invitation is the visitor's answer.
    const [lead] = await sql<{ id: string; awaiting_confirmation: boolean }>(
      `select l.id, l.awaiting_confirmation from public.leads l join public.call_bookings b on b.lead_id = l.id where b.id = $1`,
      [booking.id],
    );
    expect(lead!.awaiting_confirmation).toBe(false);
    expect(
      (
        await sql<{ kind: string }>(`select kind from public.lead_messages where lead_id = $1 order by kind`, [
          lead!.id,
        ])
      ).map((row) => row.kind),
    ).toEqual(["team_email", "team_whatsapp", "webhook"]);
    expect(
      await count(
        `select count(*)::int as n from public.conversion_events where lead_id = '${lead!.id}' and event = 'lead'`,
      ),
    ).toBeGreaterThan(0);
  });
});

describe("a manage link", () => {
  it("moves its call three times; the fourth is refused in words and the call stays", async () => {
    const slots = await freeSlots();
    const booked = await book("192.0.2.30", slots[0]!, "mover@example.ng");
    const id = (booked.body.booking as { id: string }).id;
    const confirmed = await handler()(
      request("192.0.2.30", {
        body: { action: "confirm", token: confirmTokenFor(id, SETTINGS.callsTokenSecret) },
      }),
    );
    const token = ((await confirmed.json()) as { booking: { manageToken: string } }).booking.manageToken;
    const move = (start: string) =>
      handler()(request("192.0.2.31", { body: { action: "reschedule", token, start, timeZone: "Africa/Lagos" } }));
    // Times a day apart, so that each move's reminders do not crowd the address's day.
    const days = slots.filter((slot, index) => index === 0 || slot.slice(0, 10) !== slots[index - 1]!.slice(0, 10));
    for (const start of days.slice(1, 4)) expect((await move(start)).status).toBe(200);
    const fourth = await move(days[4]!);
    expect(fourth.status).toBe(400);
    expect(await fourth.json()).toEqual({ message: messages.moves, reason: "moves" });
    const [row] = await sql<{ starts_at: Date }>(`select starts_at from public.call_bookings where id = $1`, [id]);
    expect(new Date(row!.starts_at).toISOString()).toBe(days[3]);
  });
});
