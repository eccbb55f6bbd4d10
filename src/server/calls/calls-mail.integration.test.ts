import ICAL from "ical.js";
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { CaughtMail } from "../../../supabase/local/mailbox";
import { localSupabaseForSuite } from "../../../supabase/local/testing";
import {
  platformStandinsForSuite,
  SUITE_SITE as SITE,
  SUITE_TEAM as TEAM,
} from "../../../tests/support/platform-standins";
import { runDispatch } from "../outbox/run";
import { MemoryRateLimiter } from "../rate-limit-memory";
import { DEV_CALLS_TOKEN_SECRET, readSettings } from "../settings";
import { callsFeedUrl } from "./feed";
import { calendarBusy, calendarEventId } from "./google-calendar";
import { createCallsHandler } from "./handler";
import { bookingUid } from "./invite";
import { solveChallenge, type Challenge } from "../../lib/calls/challenge";
import { manageTokenFor } from "./tokens";

/**
 * What a booked call sends, end to end: api/calls against the local Supabase (real migrations and
 * triggers, over HTTP with the service-role key), the outbox run with real nodemailer to the local
 * SMTP server (supabase/local/mailbox.ts), each invitation read back with ical.js as a calendar
 * client would, the Google Calendar stand-in and Meta's. Time moves by moving the rows' times back
 * in the database and by the runner's clock, never by waiting.
 */
const supabase = localSupabaseForSuite();
const FEED_SECRET = "feed-secret-for-tests-0123456789abcdef";
const platforms = platformStandinsForSuite({
  meta: true,
  env: { CALLS_FEED_SECRET: FEED_SECRET, CALLS_CHALLENGE_MAX_NUMBER: "1000" },
});
const { calendar, meta } = platforms;
const pending: Promise<unknown>[] = [];
let ip = 0;

// Declared after the stand-ins, so it runs before they close: the work still under way finishes first.
afterAll(async () => {
  await Promise.all(pending);
});

beforeEach(async () => {
  await Promise.all(pending.splice(0));
  platforms.mailbox.clear();
  calendar.down = false;
  calendar.busy.length = 0;
  vi.spyOn(console, "error").mockImplementation(() => {});
});

afterEach(() => vi.restoreAllMocks());

function handler(overrides: Record<string, string> = {}) {
  return createCallsHandler({
    settings: () => readSettings({ ...platforms.env, ...overrides }),
    limiter: new MemoryRateLimiter(),
    waitUntil: (work) => pending.push(work),
    busy: calendarBusy(() => readSettings(platforms.env).googleCalendar),
  });
}

function request(init: { body?: unknown; query?: string; cookie?: string } = {}) {
  ip += 1;
  return new Request(`${supabase.url}/api/calls${init.query ?? ""}`, {
    method: init.body === undefined ? "GET" : "POST",
    headers: {
      "content-type": "application/json",
      "x-forwarded-for": `198.51.100.${ip % 250}`,
      "user-agent": "Mozilla/5.0 (Linux; Android 14) Test",
      ...(init.cookie ? { cookie: init.cookie } : {}),
    },
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  });
}

async function settle() {
  while (pending.length) await Promise.all(pending.splice(0));
}

/** A scheduled run of the outbox on the runner's clock `now`. */
async function scheduledRun(now?: Date) {
  await settle();
  return runDispatch(new Request(`${supabase.url}/api/cron-outbox`), {
    settings: () => readSettings(platforms.env),
    ...(now ? { now: () => now } : {}),
  });
}

async function freeSlots(): Promise<string[]> {
  const response = await handler()(request({ query: "?view=slots" }));
  expect(response.status).toBe(200);
  return ((await response.json()) as { slots: string[] }).slots;
}

/** A free start more than `hours` from now (both reminders are queued for one over 25 hours away). */
async function slotAfter(hours: number, skip = 0): Promise<string> {
  const later = (await freeSlots()).filter((slot) => Date.parse(slot) > Date.now() + hours * 3_600_000);
  return later[skip]!;
}

const consent = `ad_consent=v1.1.1.${Math.floor(Date.now() / 1000) - 60}`;

/** /book's challenge, solved as the browser solves it. */
async function solved(): Promise<string> {
  const response = await handler()(request({ query: "?view=challenge" }));
  return (await solveChallenge((await response.json()) as Challenge)) ?? "";
}

/**
 * Opens the link of the request to confirm that the booking's e-mail carried (`#confirm=…`), as the
 * visitor does: the page posts it; answers the manage token the confirmation gives.
 */
const CONFIRM_REQUEST = /^Confirm your discovery call/;

async function confirmFromMail(email: string, calls = handler()): Promise<string> {
  await settle();
  const request_ = platforms.mailbox
    .messages()
    .filter((mail) => mail.envelope.to.includes(email) && CONFIRM_REQUEST.test(mail.subject ?? ""))
    .at(-1);
  const token = /#confirm=([\w-]{22})/.exec(request_?.text ?? "")?.[1];
  expect(token).toBeDefined();
  const response = await calls(request({ body: { action: "confirm", token } }));
  expect(response.status).toBe(200);
  await settle();
  return ((await response.json()) as { booking: { manageToken: string } }).booking.manageToken;
}

let phones = 0;

async function book(email: string, start: string, options: { cookie?: string; timeZone?: string } = {}) {
  phones += 1;
  const response = await handler()(
    request({
      body: {
        start,
        timeZone: options.timeZone ?? "Europe/London",
        challenge: await solved(),
        name: "Bola Adeyemi",
        email,
        // A number each: two live calls at most per number.
        phone: `+234 803 000 ${String(1000 + phones)}`,
        website: "",
        elapsedMs: 9_000,
        attribution: { first: { utm_source: "instagram", utm_campaign: "calls-launch", landing_page: "/book" } },
      },
      ...(options.cookie ? { cookie: options.cookie } : {}),
    }),
  );
  expect(response.status).toBe(201);
  const { booking } = (await response.json()) as { booking: { id: string; start: string; manageToken: string } };
  booking.manageToken = await confirmFromMail(email);
  return booking;
}

/**
 * The call's e-mails to `address`, newest first (the lead's own messages, such as the instant reply,
 * and the request to confirm, which confirmFromMail reads, left out).
 */
const mailTo = (address: string) =>
  platforms.mailbox
    .messages()
    .filter(
      (mail) =>
        mail.envelope.to.includes(address) &&
        mail.messageId?.startsWith("<call-message-") &&
        !CONFIRM_REQUEST.test(mail.subject ?? ""),
    );

/** The invitation of a caught e-mail, read by ical.js. */
function invitation(mail: CaughtMail) {
  expect(mail.calendar).not.toBeNull();
  const component = new ICAL.Component(ICAL.parse(mail.calendar!.content));
  const event = component.getFirstSubcomponent("vevent")!;
  return {
    part: mail.calendar!.method,
    method: component.getFirstPropertyValue("method"),
    uid: event.getFirstPropertyValue("uid"),
    sequence: Number(event.getFirstPropertyValue("sequence")),
    status: event.getFirstPropertyValue("status"),
    start: (event.getFirstPropertyValue("dtstart") as ICAL.Time).toJSDate().toISOString(),
    organizer: String(event.getFirstPropertyValue("organizer")).toLowerCase(),
    attendee: String(event.getFirstPropertyValue("attendee")).toLowerCase(),
  };
}

/** What a calendar keeps of an event, read by ical.js, to compare two invitations. */
function eventFields(text: string): Record<string, string> {
  const event = new ICAL.Component(ICAL.parse(text)).getFirstSubcomponent("vevent")!;
  const names = [
    "uid",
    "sequence",
    "summary",
    "dtstart",
    "dtend",
    "organizer",
    "attendee",
    "location",
    "description",
    "url",
  ];
  return Object.fromEntries(names.map((name) => [name, String(event.getFirstPropertyValue(name))]));
}

async function rows(bookingId: string) {
  return (
    await supabase.db.query<{
      kind: string;
      booking_sequence: number;
      status: string;
      skip_reason: string | null;
      attempts: number;
      message_id: string | null;
    }>(
      `select kind, booking_sequence, status, skip_reason, attempts, message_id from public.call_messages
        where booking_id = $1 order by id`,
      [bookingId],
    )
  ).rows;
}

const rowOf = async (bookingId: string, kind: string, sequence?: number) =>
  (await rows(bookingId)).find(
    (row) => row.kind === kind && (sequence === undefined || row.booking_sequence === sequence),
  );

describe("a booked call", () => {
  it("sends the visitor an invitation (REQUEST, its UID, SEQUENCE 0) with both zones and the manage link, and tells the team", async () => {
    const start = await slotAfter(26);
    const booking = await book("bola@example.ng", start);

    const mails = mailTo("bola@example.ng");
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    expect(mail.subject).toMatch(/^Your discovery call is booked: /);
    expect(invitation(mail)).toEqual({
      part: "REQUEST",
      method: "REQUEST",
      uid: bookingUid(booking.id, "ascenddigital.ng"),
      sequence: 0,
      status: "CONFIRMED",
      start,
      organizer: "mailto:hello@ascenddigital.ng",
      attendee: "mailto:bola@example.ng",
    });
    const manage = `${SITE}/calls/manage#token=${manageTokenFor(booking.id, DEV_CALLS_TOKEN_SECRET)}`;
    expect(booking.manageToken).toBe(manageTokenFor(booking.id, DEV_CALLS_TOKEN_SECRET));
    for (const part of [mail.text!, mail.html!]) {
      expect(part).toContain("(London time)");
      expect(part).toContain("(Lagos time)");
      expect(part).toContain(manage);
    }
    // Google Calendar ran first in the same run and made the event's Meet link: the e-mail and the
    // invitation's LOCATION carry it.
    const meet = calendar.events.get(calendarEventId(booking.id))!.hangoutLink!;
    expect(meet).toMatch(/^https:\/\/meet\.google\.com\//);
    expect(mail.text).toContain(`Google Meet: ${meet}`);
    expect(mail.calendar!.content).toContain(`LOCATION:Google Meet: ${meet}`);
    // The download on the call's page is the same event as the e-mail's: one organizer, the Meet
    // link, the call's page in its description and URL.
    const download = await handler()(request({ body: { action: "invitation", token: booking.manageToken } }));
    expect(download.status).toBe(200);
    const downloaded = eventFields(await download.text());
    expect(downloaded).toEqual(eventFields(mail.calendar!.content));
    expect(downloaded).toMatchObject({ location: `Google Meet: ${meet}`, url: manage });
    expect(downloaded.description).toContain(manage);
    expect(await rowOf(booking.id, "confirmation")).toMatchObject({ status: "delivered", message_id: mail.messageId });

    const team = mailTo(TEAM);
    expect(team).toHaveLength(1);
    expect(team[0]!.subject).toMatch(/^Call booked: Bola Adeyemi, /);
    expect(team[0]!.replyTo).toContain("bola@example.ng");
    expect(team[0]!.text).toContain("calls-launch");
    expect(team[0]!.text).toContain("instagram");
    expect(team[0]!.text).toMatch(new RegExp(`${SITE}/admin/leads/[0-9a-f-]{36}`));
    expect(team[0]!.calendar).toBeNull();
  });

  it("moved: an updated invitation with the same UID and a higher SEQUENCE; cancelled: METHOD:CANCEL", async () => {
    const start = await slotAfter(26);
    const booking = await book("move@example.ng", start);
    const token = booking.manageToken;
    const later = await slotAfter(30, 2);
    const moved = await handler()(
      request({ body: { action: "reschedule", token, start: later, timeZone: "Africa/Lagos" } }),
    );
    expect(moved.status).toBe(200);
    await settle();
    const cancelled = await handler()(request({ body: { action: "cancel", token } }));
    expect(cancelled.status).toBe(200);
    await settle();

    const [cancel, reschedule, confirmation] = mailTo("move@example.ng").map(invitation);
    expect(confirmation).toMatchObject({ method: "REQUEST", sequence: 0, start });
    expect(reschedule).toMatchObject({ method: "REQUEST", uid: confirmation!.uid, start: later });
    expect(reschedule!.sequence).toBeGreaterThan(confirmation!.sequence);
    expect(cancel).toMatchObject({ part: "CANCEL", method: "CANCEL", uid: confirmation!.uid, status: "CANCELLED" });
    expect(cancel!.sequence).toBeGreaterThan(reschedule!.sequence);
    expect(mailTo("move@example.ng")[0]!.subject).toBe("Your discovery call is cancelled");
    // The visitor's zone after the move is Lagos: one zone shown.
    expect(mailTo("move@example.ng")[1]!.text).not.toContain("London time");

    // The reminders of the first time were skipped by the move, the new ones by the cancellation.
    const reminders = (await rows(booking.id)).filter((row) => row.kind.startsWith("reminder"));
    expect(reminders.map((row) => [row.booking_sequence, row.status, row.skip_reason])).toEqual([
      [0, "skipped", "superseded"],
      [0, "skipped", "superseded"],
      [1, "skipped", "cancelled"],
      [1, "skipped", "cancelled"],
    ]);
    // The time is free again.
    expect(await freeSlots()).toContain(later);
  });

  it("reminds the visitor 24 hours and 1 hour before, each once, when due; not after the call began", async () => {
    const start = await slotAfter(26);
    const booking = await book("remind@example.ng", start);
    platforms.mailbox.clear();
    const startsAt = Date.parse(start);

    // Not due yet: nothing is claimed.
    await scheduledRun();
    expect(mailTo("remind@example.ng")).toEqual([]);

    // 24 hours before: the row's time reached, and the runner's clock there.
    await supabase.db.query(
      `update public.call_messages set next_attempt_at = now() - interval '1 second' where booking_id = $1 and kind = 'reminder_24h'`,
      [booking.id],
    );
    await scheduledRun(new Date(startsAt - 24 * 3_600_000));
    await scheduledRun(new Date(startsAt - 23 * 3_600_000));
    let mails = mailTo("remind@example.ng");
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toMatch(/^Reminder: your discovery call is tomorrow/);
    expect(mails[0]!.calendar).toBeNull();
    expect(mails[0]!.text).toContain(`${SITE}/calls/manage#token=`);

    await supabase.db.query(
      `update public.call_messages set next_attempt_at = now() - interval '1 second' where booking_id = $1 and kind = 'reminder_1h'`,
      [booking.id],
    );
    await scheduledRun(new Date(startsAt - 3_600_000));
    mails = mailTo("remind@example.ng");
    expect(mails).toHaveLength(2);
    expect(mails[0]!.subject).toMatch(/^Your discovery call starts in an hour/);
    expect(await rowOf(booking.id, "reminder_1h")).toMatchObject({ status: "delivered", attempts: 1 });

    // A reminder whose claim comes after the call began is not sent.
    const late = await book("late@example.ng", await slotAfter(26, 1));
    platforms.mailbox.clear();
    await supabase.db.query(
      `update public.call_messages set next_attempt_at = now() - interval '1 second' where booking_id = $1 and kind = 'reminder_1h'`,
      [late.id],
    );
    await scheduledRun(new Date(Date.parse(late.start) + 60_000));
    expect(mailTo("late@example.ng")).toEqual([]);
    expect(await rowOf(late.id, "reminder_1h")).toMatchObject({ status: "skipped", skip_reason: "too_late" });
  });
});

describe("the agency's Google Calendar", () => {
  it("gets exactly one event per booking, even after an outage and a repeated attempt; a move patches it, a cancellation deletes it", async () => {
    calendar.down = true;
    const start = await slotAfter(26);
    const booking = await book("calendar@example.ng", start);
    const id = calendarEventId(booking.id);
    expect(id).toMatch(/^[a-v0-9]{5,1024}$/);
    expect(calendar.events.has(id)).toBe(false);
    expect(await rowOf(booking.id, "calendar_event")).toMatchObject({ status: "waiting", attempts: 1 });
    // The confirmation did not wait for Google: it says the link comes later.
    expect(mailTo("calendar@example.ng")[0]!.text).toContain("Google Meet: we send the link before the call");

    calendar.down = false;
    await supabase.db.query(
      `update public.call_messages set next_attempt_at = now() - interval '1 second' where booking_id = $1 and status = 'waiting' and kind = 'calendar_event'`,
      [booking.id],
    );
    await scheduledRun();
    await scheduledRun();
    expect(calendar.events.get(id)).toMatchObject({
      status: "confirmed",
      summary: "Discovery call: Bola Adeyemi",
      start: { dateTime: start },
      // The visitor is no guest of the agency's event: their one event is our invitation, and the
      // description (with the admin's link) stays the agency's.
      attendees: [],
      description: expect.stringContaining("Bola Adeyemi <calendar@example.ng>"),
      hangoutLink: expect.stringMatching(/^https:\/\/meet\.google\.com\//),
    });
    expect(calendar.events.get(id)!.description).toContain(`${SITE}/admin/leads/`);
    expect(await rowOf(booking.id, "calendar_event")).toMatchObject({
      status: "delivered",
      attempts: 2,
      message_id: id,
    });

    // A send whose answer was lost is made again: Google answers 409 and the event is patched.
    await supabase.db.query(
      `update public.call_messages set status = 'waiting', next_attempt_at = now() - interval '1 second', delivered_at = null
        where booking_id = $1 and kind = 'calendar_event'`,
      [booking.id],
    );
    calendar.calls.length = 0;
    await scheduledRun();
    expect(calendar.calls).toEqual(["POST events", `PATCH events/${id}`]);
    expect([...calendar.events.keys()].filter((key) => key === id)).toHaveLength(1);

    const later = await slotAfter(30, 3);
    calendar.calls.length = 0;
    await handler()(
      request({ body: { action: "reschedule", token: booking.manageToken, start: later, timeZone: "Africa/Lagos" } }),
    );
    await settle();
    expect(calendar.calls).toEqual(["POST freeBusy", "POST events", `PATCH events/${id}`]);
    expect(calendar.events.get(id)).toMatchObject({ status: "confirmed", start: { dateTime: later } });

    calendar.calls.length = 0;
    await handler()(request({ body: { action: "cancel", token: booking.manageToken } }));
    await settle();
    expect(calendar.calls).toEqual([`DELETE events/${id}`]);
    expect(calendar.events.get(id)?.status).toBe("cancelled");
  });

  it("does not count a moved call's own event as busy: a call moves by half an hour onto its old time", async () => {
    const slots = (await freeSlots()).filter((slot) => Date.parse(slot) > Date.now() + 26 * 3_600_000);
    const start = slots.find((slot) => slots.includes(new Date(Date.parse(slot) + 30 * 60_000).toISOString()))!;
    const next = new Date(Date.parse(start) + 30 * 60_000).toISOString();
    const booking = await book("nudge@example.ng", start);
    expect(calendar.events.get(calendarEventId(booking.id))?.start.dateTime).toBe(start);
    const moved = await handler()(
      request({ body: { action: "reschedule", token: booking.manageToken, start: next, timeZone: "Africa/Lagos" } }),
    );
    expect(moved.status).toBe(200);
    await settle();
    expect(calendar.events.get(calendarEventId(booking.id))?.start.dateTime).toBe(next);
  });

  it("takes the agency's busy times out of the slots, and offers them all when Google cannot be reached", async () => {
    const all = await freeSlots();
    const taken = all[3]!;
    calendar.busy.push({ start: taken, end: new Date(Date.parse(taken) + 30 * 60_000).toISOString() });
    expect(await freeSlots()).not.toContain(taken);
    calendar.down = true;
    expect(await freeSlots()).toContain(taken);
    expect(console.error).toHaveBeenCalledWith(
      expect.stringMatching(/busy times could not be read/),
      expect.any(String),
    );
  });

  it("is left alone when not configured: the rows are skipped as not configured", async () => {
    const start = await slotAfter(26, 4);
    const unconfigured = { ...platforms.env, GOOGLE_CALENDAR_CLIENT_ID: "" };
    const unconfiguredCalls = createCallsHandler({
      settings: () => readSettings(unconfigured),
      limiter: new MemoryRateLimiter(),
      waitUntil: (work) => pending.push(work),
    });
    const response = await unconfiguredCalls(
      request({
        body: {
          start,
          timeZone: "Africa/Lagos",
          name: "Ngozi Eze",
          email: "nocal@example.ng",
          website: "",
          elapsedMs: 9_000,
          challenge: await solved(),
        },
      }),
    );
    expect(response.status).toBe(201);
    const { booking } = (await response.json()) as { booking: { id: string } };
    await confirmFromMail("nocal@example.ng", unconfiguredCalls);
    expect(await rowOf(booking.id, "calendar_event")).toMatchObject({
      status: "skipped",
      skip_reason: "not_configured",
    });
    expect(calendar.events.has(calendarEventId(booking.id))).toBe(false);
  });
});

describe("the Schedule conversion", () => {
  async function scheduled(email: string) {
    return (
      await supabase.db.query<{ platform: string; status: string; skip_reason: string | null }>(
        `select e.platform, e.status, e.skip_reason from public.conversion_events e join public.leads l on l.id = e.lead_id
          where l.email = $1 and e.event = 'scheduled' order by e.platform`,
        [email],
      )
    ).rows;
  }

  it("is queued with the visitor's consent and sent to Meta as a Schedule event; without consent it is skipped", async () => {
    await book("consent@example.ng", await slotAfter(26, 5), { cookie: consent });
    expect(await scheduled("consent@example.ng")).toEqual([
      { platform: "google", status: "skipped", skip_reason: "not_configured" },
      { platform: "meta", status: "delivered", skip_reason: null },
    ]);
    const events = meta.deliveries().filter((item) => item.event.event_name === "Schedule");
    expect(events).toHaveLength(1);
    expect(events[0]!.event).toMatchObject({
      action_source: "website",
      event_source_url: `${SITE}/book`,
      event_id: expect.stringMatching(/^[0-9a-f-]{36}\.scheduled$/),
    });

    await book("noconsent@example.ng", await slotAfter(26, 6));
    expect(await scheduled("noconsent@example.ng")).toEqual([
      { platform: "google", status: "skipped", skip_reason: "no_consent" },
      { platform: "meta", status: "skipped", skip_reason: "no_consent" },
    ]);
  });

  it("leaves the lead's response time to the team: a booking is no answer", async () => {
    await book("response@example.ng", await slotAfter(26, 7));
    const { rows: leads } = await supabase.db.query<{ first_response_at: Date | null; status: string }>(
      `select first_response_at, status from public.leads where email = 'response@example.ng'`,
    );
    expect(leads).toEqual([{ first_response_at: null, status: "new" }]);
  });
});

describe("the calendar feed", () => {
  it("lists the upcoming calls under the secret, titled with the lead's name; anything else is a 404", async () => {
    const booking = await book("feed@example.ng", await slotAfter(26, 8));
    const url = new URL(callsFeedUrl(SITE, FEED_SECRET));
    expect(url.pathname).toBe("/api/calls");
    const response = await handler()(request({ query: url.search }));
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/calendar/);
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    const component = new ICAL.Component(ICAL.parse(await response.text()));
    const events = component.getAllSubcomponents("vevent");
    const ours = events.find(
      (event) => event.getFirstPropertyValue("uid") === bookingUid(booking.id, "ascenddigital.ng"),
    );
    expect(ours?.getFirstPropertyValue("summary")).toBe("Discovery call: Bola Adeyemi");
    // Cancelled calls are not listed.
    const cancelledIds = (
      await supabase.db.query<{ id: string }>(`select id from public.call_bookings where status = 'cancelled'`)
    ).rows;
    for (const { id } of cancelledIds)
      expect(events.some((event) => event.getFirstPropertyValue("uid") === bookingUid(id, "ascenddigital.ng"))).toBe(
        false,
      );

    for (const query of ["?feed=wrong", "?feed=", `?feed=${FEED_SECRET}x`])
      expect((await handler()(request({ query }))).status).toBe(404);
    expect((await handler({ CALLS_FEED_SECRET: "" })(request({ query: url.search }))).status).toBe(404);
  });
});
