import { createHash } from "node:crypto";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { LOCAL_DEFAULTS, startLocalSupabaseServer, type LocalSupabaseServer } from "../../../supabase/local/index";
import { callsFunctionCopy } from "../../content/functions";
import { slotRefusalMessages } from "../../content/calls";
import { createContactHandler } from "../contact";
import { MemoryRateLimiter } from "../rate-limit-memory";
import type { RateLimiter } from "../rate-limit";
import { DEV_CALLS_TOKEN_SECRET, readSettings } from "../settings";
import { createCallsHandler, type CallsDependencies } from "./handler";
import { solveChallenge, type Challenge } from "../../lib/calls/challenge";
import { confirmTokenFor, manageTokenFor } from "./tokens";

/**
 * api/calls against the local Supabase (PGlite with the real migrations, over HTTP with the
 * service-role key, as on Vercel), on a clock of its own: Monday 3 March 2031, 07:00 in Lagos. The
 * seeded hours (Monday to Friday 09:00-17:00 Lagos, 30-minute calls every 30 minutes, 6 a day) with
 * this suite's buffers and limits (none before, 15 minutes after, 12 hours' notice, 21 days ahead):
 * the first free time is Tuesday 09:00 Lagos, 08:00 UTC. What a booking became is read from the
 * database itself.
 */
const messages = callsFunctionCopy.messages;
let supabase: LocalSupabaseServer;
let pending: Promise<unknown>[] = [];

const NOW = new Date("2031-03-03T06:00:00.000Z");
const clock = () => NOW;
/** A time in Lagos (UTC+1) on day `day` of March 2031, as UTC ISO. */
const lagos = (day: number, time: string) =>
  new Date(Date.parse(`2031-03-${String(day).padStart(2, "0")}T${time}:00+01:00`)).toISOString();
const TUESDAY = 4;

const sql = async <T>(text: string, params: unknown[] = []) => (await supabase.local.db.query<T>(text, params)).rows;

const SUITE_SETTINGS = `buffer_before_minutes = 0, buffer_after_minutes = 15, min_notice_hours = 12, horizon_days = 21`;

beforeAll(async () => {
  supabase = await startLocalSupabaseServer({ bcryptCost: 4, env: {} });
  await sql(`update public.call_settings set ${SUITE_SETTINGS}`);
});

afterAll(async () => {
  await supabase?.close();
});

beforeEach(async () => {
  await Promise.all(pending);
  pending = [];
  vi.spyOn(console, "error").mockImplementation(() => {});
});

afterEach(async () => {
  vi.restoreAllMocks();
  await Promise.all(pending);
  await sql(`update public.call_settings set max_per_day = 6, place_kind = 'google_meet', video_link_url = null`);
  await sql(`delete from public.call_days_off`);
  await sql(`delete from public.call_bookings`);
});

function handler(options: Partial<CallsDependencies> = {}) {
  return createCallsHandler({
    settings: () => readSettings({ CALLS_CHALLENGE_MAX_NUMBER: "1000" }),
    limiter: new MemoryRateLimiter({ now: clock }),
    now: clock,
    waitUntil: (work) => pending.push(work),
    ...options,
  });
}

let ip = 0;
function call(
  init: { body?: unknown; query?: string; method?: string; headers?: Record<string, string>; raw?: string } = {},
) {
  ip += 1;
  const method = init.method ?? (init.body === undefined && init.raw === undefined ? "GET" : "POST");
  return new Request(`${supabase.url}/api/calls${init.query ?? ""}`, {
    method,
    headers: { "content-type": "application/json", "x-forwarded-for": `203.0.113.${ip % 250}`, ...init.headers },
    ...(method === "GET" ? {} : { body: init.raw ?? JSON.stringify(init.body) }),
  });
}

/** A visitor's answers on /book, with the challenge solved as the browser solves it. */
const person = async (email: string) => ({
  challenge: await solvedChallenge(),
  name: "Bola Adeyemi",
  email,
  phone: "+234 803 000 0000",
  website: "",
  elapsedMs: 9_000,
  attribution: { first: { utm_source: "instagram", utm_campaign: "calls", landing_page: "/book" } },
});

interface BookingBody {
  booking: {
    id: string;
    start: string;
    end: string;
    status: string;
    timeZone: string;
    place: { kind: string; label: string };
    sequence: number;
    manageToken?: string;
  };
}

async function solvedChallenge(): Promise<string> {
  const response = await handler()(call({ query: "?view=challenge" }));
  return (await solveChallenge((await response.json()) as Challenge)) ?? "";
}

/**
 * Books from /book; a booking made is then confirmed as the e-mail's link does (`confirm: false`
 * leaves it a hold), and its body carries the manage token the confirmation gave.
 */
async function bookAs(email: string, start: string, timeZone = "Europe/London", options = { confirm: true }) {
  const response = await handler()(call({ body: { start, timeZone, ...(await person(email)) } }));
  const body = (await response.clone().json()) as BookingBody & { message?: string; nearest?: string[] };
  if (response.status === 201 && options.confirm) {
    const token = confirmTokenFor(body.booking.id, DEV_CALLS_TOKEN_SECRET);
    const confirmed = await handler()(call({ body: { action: "confirm", token } }));
    body.booking.manageToken = ((await confirmed.json()) as BookingBody).booking.manageToken;
  }
  return { response, body };
}

async function expectAnswer(response: Response, status: number, body: Record<string, unknown>) {
  expect(response.status).toBe(status);
  expect(response.headers.get("content-type")).toMatch(/application\/json/);
  expect(await response.json()).toEqual(body);
}

describe("GET ?view=slots", () => {
  it("answers the free times from the notice on, in UTC, with the agency's zone and the place", async () => {
    const response = await handler()(call({ query: "?view=slots" }));
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("public, max-age=5, s-maxage=5");
    const body = (await response.json()) as { timeZone: string; callMinutes: number; slots: string[]; place: unknown };
    expect(body).toMatchObject({
      timeZone: "Africa/Lagos",
      callMinutes: 30,
      place: { kind: "google_meet", label: callsFunctionCopy.place.google_meet },
    });
    expect(body.slots[0]).toBe(lagos(TUESDAY, "09:00"));
    expect(body.slots).toContain(lagos(TUESDAY, "16:30"));
    expect(body.slots).not.toContain(lagos(TUESDAY, "17:00"));
    // Saturday and Sunday have no hours.
    expect(body.slots.some((slot) => slot.startsWith("2031-03-08") || slot.startsWith("2031-03-09"))).toBe(false);
  });

  it("leaves out a booked time with its buffer, and a day off", async () => {
    await bookAs("slots@example.ng", lagos(TUESDAY, "10:00"));
    await sql(`insert into public.call_days_off (day, note) values ('2031-03-05', 'Team retreat')`);
    const { slots } = (await (await handler()(call({ query: "?view=slots" }))).json()) as { slots: string[] };
    expect(slots).toContain(lagos(TUESDAY, "09:00"));
    expect(slots).not.toContain(lagos(TUESDAY, "10:00"));
    // 10:30 would start inside 10:00's 15 minutes of buffer.
    expect(slots).not.toContain(lagos(TUESDAY, "10:30"));
    expect(slots).toContain(lagos(TUESDAY, "11:00"));
    expect(slots.some((slot) => slot.startsWith("2031-03-05"))).toBe(false);
    expect(JSON.stringify(slots)).not.toMatch(/Bola|slots@/);
  });

  it("adds the agency calendar's busy times when given", async () => {
    const busy = async () => [{ start: new Date(lagos(TUESDAY, "09:00")), end: new Date(lagos(TUESDAY, "12:00")) }];
    const { slots } = (await (await handler({ busy })(call({ query: "?view=slots" }))).json()) as { slots: string[] };
    expect(slots[0]).toBe(lagos(TUESDAY, "12:00"));
  });
});

describe("POST from /book", () => {
  it("stores the lead through the contact form's door, with its attribution, and books the call", async () => {
    const { response, body } = await bookAs("book@example.ng", lagos(TUESDAY, "11:00"));
    expect(response.status).toBe(201);
    // The answer: a hold for 15 minutes, and no manage token (the confirmation gives it).
    const answered = ((await response.json()) as BookingBody).booking;
    expect(answered.manageToken).toBeUndefined();
    expect(Date.parse((answered as { holdExpiresAt?: string }).holdExpiresAt ?? "")).toBeGreaterThan(Date.now());
    expect(body.booking).toMatchObject({
      start: lagos(TUESDAY, "11:00"),
      end: lagos(TUESDAY, "11:30"),
      status: "booked",
      timeZone: "Europe/London",
      sequence: 0,
      place: { kind: "google_meet" },
      manageToken: expect.stringMatching(/^[A-Za-z0-9_-]{22}$/),
    });
    const [lead] = await sql<{ id: string; full_name: string; phone: string; source: string; campaign: string }>(
      `select id, full_name, phone, source, campaign from public.leads where email = 'book@example.ng'`,
    );
    expect(lead).toMatchObject({ full_name: "Bola Adeyemi", phone: "+234 803 000 0000", source: "instagram" });
    expect(lead!.campaign).toBe("calls");
    const kinds = await sql<{ kind: string }>(`select kind from public.lead_messages where lead_id = $1 order by id`, [
      lead!.id,
    ]);
    // Queued by the confirmation; no instant reply: the call's invitation answers the visitor.
    expect(kinds.map((row) => row.kind)).toEqual(["team_email", "team_whatsapp", "webhook"]);
    const [booking] = await sql<{ lead_id: string; source: string; manage_token_hash: string }>(
      `select lead_id, source, manage_token_hash from public.call_bookings where id = $1`,
      [body.booking.id],
    );
    expect(booking).toEqual({
      lead_id: lead!.id,
      source: "book_page",
      manage_token_hash: createHash("sha256").update(body.booking.manageToken!).digest("hex"),
    });
    // The outbox's messages can derive the link again from the booking's id and the key.
    expect(body.booking.manageToken).toBe(manageTokenFor(body.booking.id, DEV_CALLS_TOKEN_SECRET));
    expect(body.booking.manageToken).not.toBe(manageTokenFor(body.booking.id, "another key"));
  });

  it("refuses the lead's answers by the contact form's rules, naming the field", async () => {
    const refuse = async (change: Record<string, unknown>, field: string) => {
      const response = await handler()(
        call({
          body: {
            start: lagos(TUESDAY, "11:00"),
            timeZone: "Africa/Lagos",
            ...(await person("x@example.ng")),
            ...change,
          },
        }),
      );
      expect(response.status).toBe(400);
      expect(((await response.json()) as { field: string }).field).toBe(field);
    };
    await refuse({ name: " " }, "name");
    await refuse({ email: "not-an-address" }, "email");
    await refuse({ phone: "call me" }, "phone");
    await refuse({ name: 42 }, "name");
    expect(await sql(`select 1 from public.leads where email = 'x@example.ng'`)).toEqual([]);
  });

  it("answers a bot (honeypot filled, or too fast) as if booked, and stores nothing", async () => {
    for (const bot of [{ website: "https://spam.example" }, { elapsedMs: 300 }]) {
      const response = await handler()(
        call({
          body: {
            start: lagos(TUESDAY, "13:00"),
            timeZone: "Africa/Lagos",
            ...(await person("bot@example.ng")),
            ...bot,
          },
        }),
      );
      expect(response.status).toBe(201);
      expect(((await response.json()) as BookingBody).booking.start).toBe(lagos(TUESDAY, "13:00"));
    }
    expect(await sql(`select 1 from public.leads where email = 'bot@example.ng'`)).toEqual([]);
    expect(await sql(`select 1 from public.call_bookings`)).toEqual([]);
  });

  it.each([
    ["past", "2031-03-03T05:00:00.000Z"],
    ["notice", lagos(3, "15:00")],
    ["horizon", lagos(31, "10:00")],
    ["outside-hours", lagos(TUESDAY, "18:00")],
    ["off-grid", lagos(TUESDAY, "09:10")],
  ] as const)("refuses a time that is %s with its message, storing no lead", async (reason, start) => {
    const email = `${reason}@example.ng`;
    const { response } = await bookAs(email, start);
    await expectAnswer(response, 400, { message: slotRefusalMessages[reason], reason });
    expect(await sql(`select 1 from public.leads where email = $1`, [email])).toEqual([]);
  });

  it("refuses a day off and a full day with their messages", async () => {
    await sql(`insert into public.call_days_off (day) values ('2031-03-06')`);
    await expectAnswer((await bookAs("off@example.ng", lagos(6, "10:00"))).response, 400, {
      message: slotRefusalMessages["day-off"],
      reason: "day-off",
    });
    await sql(`update public.call_settings set max_per_day = 1`);
    expect((await bookAs("first@example.ng", lagos(7, "10:00"))).response.status).toBe(201);
    await expectAnswer((await bookAs("second@example.ng", lagos(7, "14:00"))).response, 400, {
      message: slotRefusalMessages["day-cap"],
      reason: "day-cap",
    });
  });

  it("answers 409 with the three nearest free times when the time is taken, storing no lead", async () => {
    expect((await bookAs("early@example.ng", lagos(TUESDAY, "10:00"))).response.status).toBe(201);
    const { response, body } = await bookAs("late@example.ng", lagos(TUESDAY, "10:00"));
    expect(response.status).toBe(409);
    expect(body.message).toBe(messages.taken);
    expect(body.nearest).toEqual([lagos(TUESDAY, "09:00"), lagos(TUESDAY, "11:00"), lagos(TUESDAY, "11:30")]);
    expect(await sql(`select 1 from public.leads where email = 'late@example.ng'`)).toHaveLength(0);
  });

  it("refuses a start that is no time and a zone that is none", async () => {
    await expectAnswer((await bookAs("t@example.ng", "tomorrow at ten")).response, 400, { message: messages.start });
    await expectAnswer((await bookAs("t@example.ng", lagos(TUESDAY, "10:00"), "Mars/Olympus")).response, 400, {
      message: messages.timeZone,
    });
  });
});

describe("where the call happens", () => {
  it("shows the agency's video room, and asks /book for a phone number when the agency calls", async () => {
    await sql(
      `update public.call_settings set place_kind = 'video_link', video_link_url = 'https://meet.example.com/ascend'`,
    );
    const { place } = (await (await handler()(call({ query: "?view=slots" }))).json()) as { place: unknown };
    expect(place).toEqual({
      kind: "video_link",
      label: callsFunctionCopy.place.video_link,
      url: "https://meet.example.com/ascend",
    });
    await sql(`update public.call_settings set place_kind = 'phone', video_link_url = null`);
    const response = await handler()(
      call({
        body: {
          start: lagos(TUESDAY, "10:00"),
          timeZone: "Africa/Lagos",
          ...(await person("nophone@example.ng")),
          phone: "",
        },
      }),
    );
    await expectAnswer(response, 400, { message: messages.phoneRequired, field: "phone" });
    expect(await sql(`select 1 from public.leads where email = 'nophone@example.ng'`)).toEqual([]);
  });
});

describe("POST from /thank-you, with the contact form's lead booking token", () => {
  async function enquiry(email: string): Promise<string> {
    const contact = createContactHandler({
      settings: () => readSettings({}),
      limiter: new MemoryRateLimiter({ now: clock }),
      now: clock,
      waitUntil: (work) => pending.push(work),
    });
    const response = await contact(
      new Request(`${supabase.url}/api/contact`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-forwarded-for": "192.0.2.7" },
        body: JSON.stringify({ fullName: "Ngozi Eze", email, service: "crm", elapsedMs: 20_000 }),
      }),
    );
    return ((await response.json()) as { bookingToken: string }).bookingToken;
  }

  it("books once for the lead just stored, then the token is spent", async () => {
    const leadToken = await enquiry("thanks@example.ng");
    const book = (start: string) => handler()(call({ body: { start, timeZone: "Africa/Lagos", leadToken } }));
    const first = await book(lagos(TUESDAY, "15:00"));
    expect(first.status).toBe(201);
    const [row] = await sql<{ email: string; source: string }>(
      `select l.email, b.source from public.call_bookings b join public.leads l on l.id = b.lead_id`,
    );
    expect(row).toEqual({ email: "thanks@example.ng", source: "thank_you" });
    await expectAnswer(await book(lagos(TUESDAY, "16:00")), 400, { message: messages.leadToken });
  });

  it("a 409 the database decides after the lead is stored carries a token that books for that lead", async () => {
    // Another visitor takes the time between this request's slot check and its insert.
    const racing = (async (input: RequestInfo | URL, init?: RequestInit) => {
      if (String(input).endsWith("/rest/v1/rpc/book_call")) await bookAs("racer@example.ng", lagos(TUESDAY, "14:00"));
      return fetch(input, init);
    }) as typeof fetch;
    const response = await handler({ fetch: racing })(
      call({
        body: { start: lagos(TUESDAY, "14:00"), timeZone: "Africa/Lagos", ...(await person("raced@example.ng")) },
      }),
    );
    expect(response.status).toBe(409);
    const { leadToken, nearest } = (await response.json()) as { leadToken: string; nearest: string[] };
    expect(nearest).not.toContain(lagos(TUESDAY, "14:00"));
    const again = await handler()(call({ body: { start: nearest[0], timeZone: "Africa/Lagos", leadToken } }));
    expect(again.status).toBe(201);
    const leads = await sql<{ id: string }>(`select id from public.leads where email = 'raced@example.ng'`);
    expect(leads).toHaveLength(1);
    expect(await sql(`select 1 from public.call_bookings where lead_id = $1`, [leads[0]!.id])).toHaveLength(1);
  });

  it("a 409 found before the lead is stored carries no token (there is no lead to book for)", async () => {
    await bookAs("taken@example.ng", lagos(TUESDAY, "14:00"));
    const { response, body } = await bookAs("retry@example.ng", lagos(TUESDAY, "14:00"));
    expect(response.status).toBe(409);
    const { leadToken, nearest } = body as unknown as { leadToken: string; nearest: string[] };
    // The slot check saw the time taken before the door: no lead was stored, so no token either. (A
    // lead stored before the database refused the time gets one: concurrency.db.test.ts.)
    expect(leadToken).toBeUndefined();
    expect(nearest).toHaveLength(3);
  });
});

describe("the manage link", () => {
  async function booked(start = lagos(TUESDAY, "09:00")) {
    const { body } = await bookAs(`manage-${ip}@example.ng`, start);
    return body.booking;
  }

  it("POST invitation downloads the invitation: its UID, SEQUENCE, times and attendee", async () => {
    const mine = await booked(lagos(TUESDAY, "15:00"));
    const response = await handler()(call({ body: { action: "invitation", token: mine.manageToken } }));
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/calendar/);
    expect(response.headers.get("content-disposition")).toBe('attachment; filename="discovery-call.ics"');
    const text = await response.text();
    expect(text).toContain(`UID:call-${mine.id}@127.0.0.1`);
    expect(text).toContain("SEQUENCE:0");
    expect(text).toContain("DTSTART:20310304T140000Z");
    expect(text).toContain("DTEND:20310304T143000Z");
    expect(text.replace(/\r\n[ \t]/g, "")).toMatch(
      /ATTENDEE;[^\r\n]*CN="Bola Adeyemi"[^\r\n]*mailto:manage-\d+@example\.ng/i,
    );
    await expectAnswer(
      await handler()(call({ body: { action: "invitation", token: "AAAAAAAAAAAAAAAAAAAAAA" } })),
      404,
      {
        message: "This link is no longer valid.",
      },
    );
  });

  it("downloads the invitation from a form's POST (the page's button), and takes no token in a URL", async () => {
    const mine = await booked(lagos(TUESDAY, "16:00"));
    const form = await handler()(
      call({
        raw: new URLSearchParams({ action: "invitation", token: mine.manageToken! }).toString(),
        headers: { "content-type": "application/x-www-form-urlencoded" },
      }),
    );
    expect(form.status).toBe(200);
    expect(form.headers.get("content-disposition")).toBe('attachment; filename="discovery-call.ics"');
    expect(await form.text()).toContain(`UID:call-${mine.id}@127.0.0.1`);
    // Posted by the browser itself with a link no longer valid: a page that says so, not raw JSON.
    const refused = await handler()(
      call({
        raw: new URLSearchParams({ action: "invitation", token: "AAAAAAAAAAAAAAAAAAAAAA" }).toString(),
        headers: { "content-type": "application/x-www-form-urlencoded", accept: "text/html,application/xhtml+xml" },
      }),
    );
    expect(refused.status).toBe(404);
    expect(refused.headers.get("content-type")).toMatch(/^text\/html/);
    const page = await refused.text();
    expect(page).toContain(`<h1>${callsFunctionCopy.page.failed}</h1>`);
    expect(page).toContain("This link is no longer valid.");
    expect(page).toContain(`<a href="/book">${callsFunctionCopy.page.book}</a>`);
    // The address is no way in: a token there would be kept by every access log on the way.
    for (const query of [`?token=${mine.manageToken}`, `?token=${mine.manageToken}&format=ics`])
      await expectAnswer(await handler()(call({ query })), 400, { message: callsFunctionCopy.messages.view });
  });

  it("POST view answers the live booking without its token", async () => {
    const mine = await booked();
    const response = await handler()(call({ body: { action: "view", token: mine.manageToken } }));
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
    const body = (await response.json()) as BookingBody;
    expect(body.booking).toEqual({
      id: mine.id,
      start: mine.start,
      end: mine.end,
      status: "booked",
      timeZone: "Europe/London",
      place: mine.place,
      sequence: 0,
    });
  });

  it("answers the same 404 for an unknown, malformed, cancelled or past token", async () => {
    const gone = { message: "This link is no longer valid." };
    await expectAnswer(await handler()(call({ body: { action: "view", token: "AAAAAAAAAAAAAAAAAAAAAA" } })), 404, gone);
    await expectAnswer(await handler()(call({ body: { action: "view", token: "' or 1=1" } })), 404, gone);
    const cancelled = await booked(lagos(TUESDAY, "11:00"));
    await handler()(call({ body: { action: "cancel", token: cancelled.manageToken } }));
    await expectAnswer(await handler()(call({ body: { action: "view", token: cancelled.manageToken } })), 404, gone);
    const past = await booked(lagos(TUESDAY, "13:00"));
    await sql(
      `update public.call_bookings set starts_at = now() - interval '1 hour', ends_at = now() - interval '30 minutes',
              blocked = tstzrange(now() - interval '1 hour', now() - interval '15 minutes') where id = $1`,
      [past.id],
    );
    await expectAnswer(await handler()(call({ body: { action: "view", token: past.manageToken } })), 404, gone);
    await expectAnswer(
      await handler()(
        call({
          body: { action: "reschedule", token: past.manageToken, start: lagos(TUESDAY, "15:00"), timeZone: "UTC" },
        }),
      ),
      404,
      gone,
    );
  });

  it("reschedules: the same booking, its sequence raised; a taken time is a 409 with the nearest", async () => {
    const mine = await booked(lagos(TUESDAY, "09:00"));
    await booked(lagos(TUESDAY, "12:00"));
    // Moving by 30 minutes overlaps its own old time, which is no conflict.
    const moved = await handler()(
      call({
        body: {
          action: "reschedule",
          token: mine.manageToken,
          start: lagos(TUESDAY, "09:30"),
          timeZone: "Africa/Lagos",
        },
      }),
    );
    expect(moved.status).toBe(200);
    expect(((await moved.json()) as BookingBody).booking).toMatchObject({
      id: mine.id,
      start: lagos(TUESDAY, "09:30"),
      sequence: 1,
      timeZone: "Africa/Lagos",
    });
    const taken = await handler()(
      call({
        body: {
          action: "reschedule",
          token: mine.manageToken,
          start: lagos(TUESDAY, "12:00"),
          timeZone: "Africa/Lagos",
        },
      }),
    );
    expect(taken.status).toBe(409);
    expect(((await taken.json()) as { nearest: string[] }).nearest).toHaveLength(3);
    await expectAnswer(
      await handler()(
        call({
          body: { action: "reschedule", token: mine.manageToken, start: lagos(TUESDAY, "18:00"), timeZone: "UTC" },
        }),
      ),
      400,
      { message: slotRefusalMessages["outside-hours"], reason: "outside-hours" },
    );
  });

  it("cancels with a note, and the time is free again", async () => {
    const mine = await booked(lagos(TUESDAY, "10:00"));
    const response = await handler()(call({ body: { action: "cancel", token: mine.manageToken, note: "Travelling" } }));
    expect(response.status).toBe(200);
    expect(((await response.json()) as BookingBody).booking).toMatchObject({
      id: mine.id,
      status: "cancelled",
      sequence: 1,
    });
    const [row] = await sql<{ cancel_note: string }>(`select cancel_note from public.call_bookings where id = $1`, [
      mine.id,
    ]);
    expect(row!.cancel_note).toBe("Travelling");
    const { slots } = (await (await handler()(call({ query: "?view=slots" }))).json()) as { slots: string[] };
    expect(slots).toContain(lagos(TUESDAY, "10:00"));
    await expectAnswer(
      await handler()(call({ body: { action: "cancel", token: mine.manageToken, note: "x".repeat(1001) } })),
      400,
      { message: messages.note },
    );
  });
});

describe("what every request may meet", () => {
  it("refuses bad JSON, an empty body, an unknown action or view, and another method", async () => {
    await expectAnswer(await handler()(call({ raw: "{not json" })), 400, { message: messages.malformedJson });
    await expectAnswer(await handler()(call({ raw: "" })), 400, { message: messages.empty });
    await expectAnswer(await handler()(call({ body: { action: "delete" } })), 400, { message: messages.action });
    await expectAnswer(await handler()(call({ query: "?view=all" })), 400, { message: messages.view });
    const put = await handler()(call({ method: "PUT", raw: "{}" }));
    expect(put.status).toBe(405);
    expect(put.headers.get("allow")).toBe("GET, POST");
  });

  it("answers 429 with Retry-After when the client is over its limit", async () => {
    const refusing: RateLimiter = { hit: async () => ({ allowed: false, retryAfterSeconds: 42 }) };
    const slots = await handler({ limiter: refusing })(call({ query: "?view=slots" }));
    expect(slots.status).toBe(429);
    expect(slots.headers.get("retry-after")).toBe("42");
    const manage = await handler({ limiter: refusing })(
      call({ body: { action: "view", token: "AAAAAAAAAAAAAAAAAAAAAA" } }),
    );
    expect(manage.status).toBe(429);
    const book = await handler({ limiter: refusing })(
      call({
        body: { start: lagos(TUESDAY, "10:00"), timeZone: "Africa/Lagos", ...(await person("flood@example.ng")) },
      }),
    );
    expect(book.status).toBe(429);
    expect(await sql(`select 1 from public.leads where email = 'flood@example.ng'`)).toEqual([]);
  });

  it("counts the slots per client in the shared limiter: the 61st in a minute is refused", async () => {
    const calls = handler();
    const from = { "x-forwarded-for": "192.0.2.99" };
    for (let i = 0; i < 60; i++) expect((await calls(call({ query: "?view=slots", headers: from }))).status).toBe(200);
    expect((await calls(call({ query: "?view=slots", headers: from }))).status).toBe(429);
  });

  it("answers 503 on Vercel without CALLS_TOKEN_SECRET or CALLS_CHALLENGE_SECRET, whose development keys would let links and challenges be forged", async () => {
    const env = { VERCEL: "1", SUPABASE_URL: supabase.url, SUPABASE_SERVICE_ROLE_KEY: LOCAL_DEFAULTS.serviceRoleKey };
    const unset = handler({ settings: () => readSettings(env) });
    await expectAnswer(await unset(call({ query: "?view=slots" })), 503, { message: messages.notConfigured });
    const noChallengeKey = handler({ settings: () => readSettings({ ...env, CALLS_TOKEN_SECRET: "a".repeat(64) }) });
    await expectAnswer(await noChallengeKey(call({ query: "?view=slots" })), 503, { message: messages.notConfigured });
    const set = handler({
      settings: () =>
        readSettings({ ...env, CALLS_TOKEN_SECRET: "a".repeat(64), CALLS_CHALLENGE_SECRET: "b".repeat(64) }),
    });
    expect((await set(call({ query: "?view=slots" }))).status).toBe(200);
  });

  it("answers 503 when the database cannot be reached", async () => {
    const down = (() => Promise.reject(new TypeError("fetch failed"))) as typeof fetch;
    const response = await handler({ fetch: down })(call({ query: "?view=slots" }));
    expect(response.status).toBe(503);
    expect(response.headers.get("retry-after")).toBe("60");
    expect(((await response.json()) as { message: string }).message).toBe(messages.unavailable);
  });

  it("is served with the service-role key only: the anon key reads none of it", async () => {
    const anon = await fetch(`${supabase.url}/rest/v1/rpc/call_availability`, {
      method: "POST",
      headers: { apikey: LOCAL_DEFAULTS.anonKey, authorization: `Bearer ${LOCAL_DEFAULTS.anonKey}` },
    });
    expect(anon.status).toBe(401);
  });
});
