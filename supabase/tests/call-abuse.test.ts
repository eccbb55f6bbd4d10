import { createHash, randomBytes } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { LOCAL_DEFAULTS } from "../local/index.ts";
import { createLocalClient, localSupabaseForSuite } from "../local/testing.ts";

/**
 * The booking rules of 20261129120000_bookings_prove_a_person.sql, on PGlite and on PostgreSQL 15
 * (npm run test:db:postgres): a booking is a 15-minute hold that only the e-mail's link makes live,
 * and only then do the team, the calendar, the reminders and the ad platforms hear of it; a hold
 * whose time has passed (the database's clock, not a sleep: the test ends it now) frees its time
 * with no schedule running; two live calls at most per e-mail address, phone number and client; a
 * call moved three times at most; five messages a day at most to one address, queued ones included.
 */
const supabase = localSupabaseForSuite();

const sql = <T>(text: string, params: unknown[] = []) =>
  supabase.db.query<T>(text, params).then((result) => result.rows);
const service = () => createLocalClient(supabase.url, LOCAL_DEFAULTS.serviceRoleKey);
const hash = (token: string) => createHash("sha256").update(token).digest("hex");
const newToken = () => randomBytes(16).toString("base64url");
const clientKey = () => randomBytes(32).toString("hex");

/** A day of its own for each booking, far ahead, 10:00 UTC (11:00 in Lagos), a weekday or not. */
let dayCounter = 0;
function nextStart(time = "10:00"): string {
  dayCounter += 1;
  const day = new Date(Date.UTC(2033, 0, 1) + dayCounter * 86_400_000).toISOString().slice(0, 10);
  return `${day}T${time}:00.000Z`;
}

async function newLead(
  options: { email?: string; phone?: string | null; consent?: boolean } = {},
): Promise<{ id: string; email: string }> {
  const email = options.email ?? `abuse-${randomBytes(4).toString("hex")}@example.ng`;
  const [row] = await sql<{ id: string }>(
    `insert into public.leads (full_name, email, phone, ad_user_data, ad_personalization, consent_given_at)
     values ('Tobi Alade', $1, $2, $3, $3, case when $3 then now() end) returning id`,
    [email, options.phone ?? null, options.consent ?? false],
  );
  return { id: row!.id, email };
}

interface Booking {
  id: string;
  manageToken: string;
  confirmToken: string;
  code?: string;
}

/** book_call as the function calls it (a hold); `code` is the refusal's, if any. */
async function hold(lead: string, start = nextStart(), client: string | null = null): Promise<Booking> {
  const manageToken = newToken();
  const confirmToken = newToken();
  const { data, error } = await service().rpc("book_call", {
    start_at: start,
    visitor_time_zone: "Africa/Lagos",
    manage_token_hash: hash(manageToken),
    confirm_token_hash: hash(confirmToken),
    booking_source: "book_page",
    lead,
    ...(client ? { client } : {}),
  });
  return {
    id: (data as { id: string }[] | null)?.[0]?.id ?? "",
    manageToken,
    confirmToken,
    ...(error ? { code: error.code } : {}),
  };
}

const confirm = (booking: Booking) => service().rpc("confirm_call", { token_hash: hash(booking.confirmToken) });

const messagesOf = (booking: string) =>
  sql<{ kind: string; status: string; skip_reason: string | null }>(
    `select kind, status, skip_reason from public.call_messages where booking_id = $1 order by id`,
    [booking],
  );

const scheduled = (lead: string) =>
  sql<{ platform: string }>(
    `select platform from public.conversion_events where lead_id = $1 and event = 'scheduled'`,
    [lead],
  );

const ranges = async () => {
  const { data, error } = await service().rpc("booked_call_ranges", {
    from_time: "2033-01-01T00:00:00Z",
    to_time: "2034-01-01T00:00:00Z",
  });
  expect(error).toBeNull();
  return (data as { starts_at: string }[]).map((row) => new Date(row.starts_at).toISOString());
};

/** Ends a hold now, on the database's clock (a hold may be shortened, never lengthened). */
const endHold = (booking: Booking) =>
  sql(`update public.call_bookings set hold_expires_at = now() - interval '1 second' where id = $1`, [booking.id]);

beforeAll(async () => {
  // Every day of the week, no daily cap in the way: what is measured here is per person.
  await sql(`update public.call_settings set max_per_day = null, buffer_before_minutes = 0, buffer_after_minutes = 15`);
});

describe("a booking is a hold until its address is confirmed", () => {
  it("holds its time 15 minutes and tells only the visitor, who is asked to confirm", async () => {
    const lead = await newLead({ consent: true });
    const start = nextStart();
    const booking = await hold(lead.id, start);
    expect(booking.code).toBeUndefined();
    const [row] = await sql<{ confirmed_at: Date | null; minutes: number }>(
      `select confirmed_at, round(extract(epoch from hold_expires_at - now()) / 60)::int as minutes
         from public.call_bookings where id = $1`,
      [booking.id],
    );
    expect(row).toEqual({ confirmed_at: null, minutes: 15 });
    expect(await ranges()).toContain(start);
    // Nobody else may take the time while the visitor opens their e-mail.
    expect((await hold((await newLead()).id, start)).code).toBe("23P01");
    // Only the request to confirm: no team e-mail, calendar event, reminder or conversion yet.
    expect(await messagesOf(booking.id)).toEqual([{ kind: "confirm_request", status: "waiting", skip_reason: null }]);
    expect(await scheduled(lead.id)).toEqual([]);
    // Its manage link does nothing until it is confirmed.
    const read = await service().rpc("call_by_token", { token_hash: hash(booking.manageToken) });
    expect(read.data).toEqual([]);
    const moved = await service().rpc("reschedule_call", {
      token_hash: hash(booking.manageToken),
      start_at: nextStart(),
      visitor_time_zone: "Africa/Lagos",
    });
    expect(moved.error?.code).toBe("CL003");
  });

  it("confirmed by the e-mail's link, queues the invitation, the team's e-mail, the calendar event, the reminders and the conversion", async () => {
    const lead = await newLead({ consent: true });
    const booking = await hold(lead.id);
    const { data, error } = await confirm(booking);
    expect(error).toBeNull();
    expect((data as { newly_confirmed: boolean }[])[0]!.newly_confirmed).toBe(true);
    expect(await messagesOf(booking.id)).toEqual([
      { kind: "confirm_request", status: "skipped", skip_reason: "superseded" },
      { kind: "confirmation", status: "waiting", skip_reason: null },
      { kind: "team_email", status: "waiting", skip_reason: null },
      { kind: "calendar_event", status: "waiting", skip_reason: null },
      { kind: "reminder_24h", status: "waiting", skip_reason: null },
      { kind: "reminder_1h", status: "waiting", skip_reason: null },
    ]);
    expect((await scheduled(lead.id)).length).toBeGreaterThan(0);
    // Opening the link again changes nothing and queues nothing more.
    const again = await confirm(booking);
    expect((again.data as { newly_confirmed: boolean }[])[0]!.newly_confirmed).toBe(false);
    expect(await messagesOf(booking.id)).toHaveLength(6);
    // A confirmed call no longer expires.
    const [row] = await sql<{ hold_expires_at: Date | null }>(
      `select hold_expires_at from public.call_bookings where id = $1`,
      [booking.id],
    );
    expect(row!.hold_expires_at).toBeNull();
  });

  it("expires unconfirmed by itself: its time is free again with no schedule running, and its link is dead", async () => {
    const lead = await newLead({ consent: true });
    const start = nextStart();
    const booking = await hold(lead.id, start);
    await endHold(booking);
    expect(await ranges()).not.toContain(start);
    const expired = await confirm(booking);
    expect(expired.error?.code).toBe("CL007");
    // Another visitor takes the time; the expired hold is kept as 'expired', its request skipped.
    const other = await hold((await newLead()).id, start);
    expect(other.code).toBeUndefined();
    const [row] = await sql<{ status: string }>(`select status from public.call_bookings where id = $1`, [booking.id]);
    expect(row!.status).toBe("expired");
    expect(await messagesOf(booking.id)).toEqual([
      { kind: "confirm_request", status: "skipped", skip_reason: "expired" },
    ]);
    expect(await scheduled(lead.id)).toEqual([]);
    expect((await confirm(booking)).error?.code).toBe("CL007");
  });

  it("cannot be lengthened, or confirmed from outside the link", async () => {
    const booking = await hold((await newLead()).id);
    await sql(`update public.call_bookings set hold_expires_at = now() + interval '3 days' where id = $1`, [
      booking.id,
    ]);
    const [row] = await sql<{ minutes: number }>(
      `select round(extract(epoch from hold_expires_at - now()) / 60)::int as minutes from public.call_bookings where id = $1`,
      [booking.id],
    );
    expect(row!.minutes).toBeLessThanOrEqual(15);
    expect((await service().rpc("confirm_call", { token_hash: hash(booking.manageToken) })).error?.code).toBe("CL007");
  });
});

describe("two live calls at most per person", () => {
  it("per e-mail address: a third is refused, a cancelled or expired one does not count", async () => {
    const email = `cap-${randomBytes(4).toString("hex")}@example.ng`;
    const first = await hold((await newLead({ email })).id);
    const second = await hold((await newLead({ email: email.toUpperCase() })).id);
    expect([first.code, second.code]).toEqual([undefined, undefined]);
    expect((await hold((await newLead({ email })).id)).code).toBe("CL006");
    await endHold(first);
    const third = await hold((await newLead({ email })).id);
    expect(third.code).toBeUndefined();
    expect((await confirm(third)).error).toBeNull();
    // (The messages so far as sent two days ago: the day's cap of messages is not what is measured here.)
    await sql(
      `update public.call_messages set status = 'delivered', delivered_at = now() - interval '2 days'
        where recipient = $1 and status = 'waiting'`,
      [email],
    );
    await service().rpc("cancel_call", { token_hash: hash(third.manageToken) });
    expect((await hold((await newLead({ email })).id)).code).toBeUndefined();
    expect((await hold((await newLead({ email })).id)).code).toBe("CL006");
  });

  it("per phone number, however it is written", async () => {
    const digits = `80${randomBytes(3).readUIntBE(0, 3).toString().padStart(8, "0")}`;
    expect((await hold((await newLead({ phone: `+234 ${digits}` })).id)).code).toBeUndefined();
    expect((await hold((await newLead({ phone: `+234-${digits}` })).id)).code).toBeUndefined();
    expect((await hold((await newLead({ phone: `(+234) ${digits}` })).id)).code).toBe("CL006");
  });

  it("per client address (its salted hash), whatever the details typed", async () => {
    const client = clientKey();
    expect((await hold((await newLead()).id, nextStart(), client)).code).toBeUndefined();
    expect((await hold((await newLead()).id, nextStart(), client)).code).toBeUndefined();
    expect((await hold((await newLead()).id, nextStart(), client)).code).toBe("CL006");
    expect((await hold((await newLead()).id, nextStart(), clientKey())).code).toBeUndefined();
    const stored = await sql<{ client_key: string }>(
      `select client_key from public.call_bookings where client_key = $1`,
      [client],
    );
    expect(stored).toHaveLength(2);
  });
});

describe("links that cannot bomb an inbox", () => {
  it("a call moves three times; the fourth move is refused and the call stays where it is", async () => {
    const booking = await hold((await newLead()).id);
    await confirm(booking);
    const move = (start: string) =>
      service().rpc("reschedule_call", {
        token_hash: hash(booking.manageToken),
        start_at: start,
        visitor_time_zone: "Africa/Lagos",
      });
    // Three moves on the same day, two days ahead of each other's reminders: within the day's mails.
    let last = "";
    for (let moves = 0; moves < 3; moves += 1) {
      last = nextStart();
      expect((await move(last)).error).toBeNull();
    }
    const fourth = await move(nextStart());
    expect(fourth.error?.code).toBe("CL005");
    const [row] = await sql<{ starts_at: Date; moves: number }>(
      `select starts_at, moves from public.call_bookings where id = $1`,
      [booking.id],
    );
    expect({ start: new Date(row!.starts_at).toISOString(), moves: row!.moves }).toEqual({ start: last, moves: 3 });
    expect((await messagesOf(booking.id)).filter((message) => message.kind === "reschedule")).toHaveLength(3);
  });

  it("the sixth message of a day to one address is not queued: a move is refused, a reply or a cancellation kept as skipped", async () => {
    const email = `inbox-${randomBytes(4).toString("hex")}@example.ng`;
    // 1: the enquiry's instant reply.
    const lead = await newLead({ email });
    // 2: the request to confirm; 3: the invitation (reminders fall on the call's day, weeks ahead).
    const booking = await hold(lead.id);
    // The request to confirm was sent (as the dispatcher records it) before the visitor opened it.
    await sql(
      `update public.call_messages set status = 'delivered', delivered_at = now(), next_attempt_at = null
        where booking_id = $1 and kind = 'confirm_request'`,
      [booking.id],
    );
    await confirm(booking);
    const move = () =>
      service().rpc("reschedule_call", {
        token_hash: hash(booking.manageToken),
        start_at: nextStart(),
        visitor_time_zone: "Africa/Lagos",
      });
    // 4, 5: two moves.
    expect((await move()).error).toBeNull();
    expect((await move()).error).toBeNull();
    const [before] = await sql<{ starts_at: Date; sequence: number }>(
      `select starts_at, sequence from public.call_bookings where id = $1`,
      [booking.id],
    );
    // 6: the third move's e-mail would be the sixth: the move is refused, the call stays.
    expect((await move()).error?.code).toBe("CL008");
    const [after] = await sql<{ starts_at: Date; sequence: number }>(
      `select starts_at, sequence from public.call_bookings where id = $1`,
      [booking.id],
    );
    expect(after).toEqual(before);
    const waiting = await sql<{ n: number }>(
      `select count(*)::int as n from public.call_messages
        where recipient = $1 and status <> 'skipped' and kind not like 'reminder%'`,
      [email],
    );
    expect(waiting[0]!.n).toBe(4);
    // A second enquiry an hour later: its instant reply is kept, skipped as over the day's cap.
    await sql(`update public.lead_messages set created_at = now() - interval '2 hours' where recipient = $1`, [email]);
    const again = await newLead({ email });
    const [reply] = await sql<{ status: string; skip_reason: string | null }>(
      `select status, skip_reason from public.lead_messages where lead_id = $1 and kind = 'visitor_reply'`,
      [again.id],
    );
    expect(reply).toEqual({ status: "skipped", skip_reason: "daily_cap" });
    // A new booking for the address is refused: its request to confirm would be the sixth.
    expect((await hold(again.id)).code).toBe("CL008");
    // The cancellation always goes through; its e-mail is kept as skipped, the calendar still hears.
    const cancelled = await service().rpc("cancel_call", { token_hash: hash(booking.manageToken) });
    expect(cancelled.error).toBeNull();
    const last = (await messagesOf(booking.id)).slice(-2);
    expect(last).toEqual([
      { kind: "cancellation", status: "skipped", skip_reason: "daily_cap" },
      { kind: "calendar_event", status: "waiting", skip_reason: null },
    ]);
  });

  it("the team's own addresses are not a visitor's: their messages are not counted", async () => {
    const lead = await newLead();
    const booking = await hold(lead.id);
    await confirm(booking);
    const team = await sql<{ n: number }>(
      `select count(*)::int as n from public.call_messages where booking_id = $1 and kind = 'team_email' and status = 'waiting'`,
      [booking.id],
    );
    expect(team[0]!.n).toBe(1);
  });
});

describe("the challenge's solutions", () => {
  it("are good once", async () => {
    const signature = randomBytes(32).toString("hex");
    const expires = new Date(Date.now() + 600_000).toISOString();
    const spend = () => service().rpc("spend_call_challenge", { signature, expires_at: expires });
    expect((await spend()).data).toBe(true);
    expect((await spend()).data).toBe(false);
  });
});

describe.skipIf(!process.env.LOCAL_DB_URL)("many connections at once (PostgreSQL)", () => {
  it("one e-mail address books two calls, whatever the number of connections trying", async () => {
    const email = `burst-${randomBytes(4).toString("hex")}@example.ng`;
    const leads = await Promise.all(Array.from({ length: 12 }, () => newLead({ email })));
    const results = await Promise.all(leads.map((lead) => hold(lead.id)));
    expect(results.filter((result) => result.code === undefined)).toHaveLength(2);
    expect(results.filter((result) => result.code === "CL006")).toHaveLength(10);
  });
});
