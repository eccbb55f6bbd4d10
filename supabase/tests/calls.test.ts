import { createHash, randomBytes } from "node:crypto";
import type { SupabaseClient } from "@supabase/supabase-js";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import type { CallBookingRow } from "../../src/lib/database.ts";
import type { Database as PgDatabase } from "../local/database.ts";
import { LOCAL_DEFAULTS } from "../local/index.ts";
import { localSupabaseForSuite } from "../local/testing.ts";
import { suiteClients } from "../local/suite-clients.ts";

/**
 * Discovery calls in the database (20261126200000_discovery_calls.sql): the exclusion constraint of
 * the buffered ranges (overlap refused, touching allowed, buffers counted, a cancelled call's time
 * free again for exactly one), the daily cap, the manage and lead booking tokens (stored only as
 * hashes, dead once the call is cancelled or over, the lead's used once), a move keeping the row
 * and raising its sequence, the outbox rows each change writes, lead erasure, and who may read or
 * call any of it: anon, a signed-in non-admin, an admin with a factor at aal1 nothing; an admin at
 * aal2 (or without a factor) everything. On PostgreSQL (npm run test:db:postgres) the last suite
 * books one time from many connections at once.
 */
const supabase = localSupabaseForSuite();
const ids = { mfaAdmin: "", plainAdmin: "", member: "" };

const { sql, as, anon, service, postgresConnections } = suiteClients(supabase);

const hash = (token: string) => createHash("sha256").update(token).digest("hex");
const newToken = () => randomBytes(16).toString("base64url");

/** A day of its own for each test, far enough ahead for every check, in UTC (Lagos is UTC+1). */
let dayCounter = 0;
function nextDay(): (time: string) => string {
  dayCounter += 2;
  const day = new Date(Date.UTC(2031, 0, 1) + dayCounter * 86_400_000).toISOString().slice(0, 10);
  return (time) => `${day}T${time}:00.000Z`;
}

async function newLead(email = `call-${randomBytes(4).toString("hex")}@example.ng`): Promise<string> {
  const [row] = await sql<{ id: string }>(
    `insert into public.leads (full_name, email) values ('Chidi Nwosu', $1) returning id`,
    [email],
  );
  return row!.id;
}

/** A booking as book_call, confirm_call, reschedule_call and cancel_call answer it. */
type Booked = Pick<CallBookingRow, "id" | "lead_id" | "starts_at" | "ends_at" | "status" | "sequence">;

/** book_call as the function calls it; answers the booking or the error's code. */
/**
 * book_call as the function calls it, then confirm_call as the e-mail's link does (a live call), unless
 * `pending`; answers the booking or the error's code.
 */
async function book(
  start: string,
  options: { lead?: string; leadToken?: string; token?: string; pending?: boolean } = {},
) {
  const token = options.token ?? newToken();
  const confirmToken = newToken();
  const { data, error } = await service().rpc("book_call", {
    start_at: start,
    visitor_time_zone: "Europe/London",
    manage_token_hash: hash(token),
    confirm_token_hash: hash(confirmToken),
    booking_source: "book_page",
    ...(options.leadToken ? { lead_token_hash: hash(options.leadToken) } : { lead: options.lead ?? (await newLead()) }),
  });
  if (!error && !options.pending) {
    const confirmed = await service().rpc("confirm_call", { token_hash: hash(confirmToken) });
    expect(confirmed.error).toBeNull();
  }
  return { booking: (data as Booked[] | null)?.[0], code: error?.code, token, confirmToken };
}

async function addFactor(userId: string) {
  await sql(
    `insert into auth.mfa_factors (id, user_id, friendly_name, factor_type, status, created_at, updated_at, secret)
     values (gen_random_uuid(), $1, 'Authenticator', 'totp', 'verified'::auth.factor_status, now(), now(), 'JBSWY3DPEHPK3PXP')`,
    [userId],
  );
}

beforeAll(async () => {
  const [localAdmin] = await sql<{ id: string }>(`select id from auth.users where email = $1`, [
    LOCAL_DEFAULTS.adminEmail,
  ]);
  ids.mfaAdmin = localAdmin!.id;
  await addFactor(ids.mfaAdmin);
  ids.plainAdmin = await supabase.createUser({
    email: "calls-admin@example.com",
    password: "password-123",
    admin: true,
  });
  ids.member = await supabase.createUser({ email: "calls-member@example.com", password: "password-123" });
});

/** The suite's buffers: none before a call, 15 minutes after (each test that changes them is reset). */
const SUITE_SETTINGS = `max_per_day = 6, buffer_before_minutes = 0, buffer_after_minutes = 15`;

beforeAll(async () => {
  await sql(`update public.call_settings set ${SUITE_SETTINGS}`);
});

afterEach(async () => {
  await sql(`update public.call_settings set ${SUITE_SETTINGS}`);
});

describe("the exclusion constraint", () => {
  it("refuses a call overlapping another's time or its buffer, and allows one that touches it", async () => {
    const at = nextDay();
    const first = await book(at("09:00"));
    expect(first.booking).toMatchObject({ starts_at: expect.any(String), status: "booked", sequence: 0 });
    expect(new Date(first.booking!.ends_at).toISOString()).toBe(at("09:30"));
    // 09:15 overlaps the call; 09:30 only its 15 minutes of buffer after.
    expect((await book(at("09:15"))).code).toBe("23P01");
    expect((await book(at("09:30"))).code).toBe("23P01");
    // 09:45 starts where the buffer ends: the ranges touch, half-open, so both stand.
    expect((await book(at("09:45"))).booking?.status).toBe("booked");
    const [range] = await sql<{ blocked: string }>(`select blocked::text from public.call_bookings where id = $1`, [
      first.booking!.id,
    ]);
    expect(range!.blocked).toMatch(/^\["2031-\d\d-\d\d 09:00:00\+00","2031-\d\d-\d\d 09:45:00\+00"\)$/);
  });

  it("counts the buffer before a call too, as it was when the call was booked", async () => {
    const at = nextDay();
    await sql(`update public.call_settings set buffer_before_minutes = 30, buffer_after_minutes = 0`);
    expect((await book(at("10:00"))).booking).toBeDefined();
    // 09:00-09:30 ends where 10:00's buffer (09:30) begins; 09:15-09:45 runs into it.
    expect((await book(at("09:15"))).code).toBe("23P01");
    expect((await book(at("09:00"))).booking).toBeDefined();
  });

  it("refuses a row whose blocked range does not match its times and buffers, whoever writes it", async () => {
    const at = nextDay();
    const lead = await newLead();
    await expect(
      sql(
        `insert into public.call_bookings (lead_id, starts_at, ends_at, buffer_before_minutes, buffer_after_minutes, blocked, visitor_time_zone, source, manage_token_hash)
         values ($1, $2, $3, 0, 15, tstzrange($2, $3), 'Africa/Lagos', 'book_page', $4)`,
        [lead, at("12:00"), at("12:30"), hash(newToken())],
      ),
    ).rejects.toThrow(/call_bookings_blocked_check/);
  });

  it("frees a cancelled call's time for exactly one new booking", async () => {
    const at = nextDay();
    const first = await book(at("11:00"));
    const { data, error } = await service().rpc("cancel_call", { token_hash: hash(first.token), note: "Clash" });
    expect(error).toBeNull();
    expect((data as Booked[])[0]).toMatchObject({ status: "cancelled", sequence: 1 });
    const again = await Promise.all([book(at("11:00")), book(at("11:00"))]);
    expect(again.map((one) => one.code ?? "booked").sort()).toEqual(["23P01", "booked"]);
    const [row] = await sql<{ cancel_note: string; cancelled_at: string | null }>(
      `select cancel_note, cancelled_at from public.call_bookings where id = $1`,
      [first.booking!.id],
    );
    expect(row).toMatchObject({ cancel_note: "Clash", cancelled_at: expect.anything() });
  });

  it("refuses a time in the past and an unknown time zone", async () => {
    expect((await book("2020-01-01T10:00:00Z")).code).toBe("CL004");
    const { error } = await service().rpc("book_call", {
      start_at: nextDay()("10:00"),
      visitor_time_zone: "Mars/Olympus",
      manage_token_hash: hash(newToken()),
      confirm_token_hash: hash(newToken()),
      booking_source: "book_page",
      lead: await newLead(),
    });
    expect(error?.code).toBe("22023");
  });
});

describe("the daily cap", () => {
  it("refuses a call on an agency-local day that already has max_per_day", async () => {
    const at = nextDay();
    await sql(`update public.call_settings set max_per_day = 2`);
    expect((await book(at("08:00"))).booking).toBeDefined();
    expect((await book(at("09:00"))).booking).toBeDefined();
    expect((await book(at("10:00"))).code).toBe("CL001");
    // 23:30 UTC is 00:30 the next day in Lagos: another day, another count.
    expect((await book(at("23:30"))).booking).toBeDefined();
  });

  it("lets a call move within its full day, but not onto another full day", async () => {
    const at = nextDay();
    const other = nextDay();
    await sql(`update public.call_settings set max_per_day = 1`);
    const mine = await book(at("08:00"));
    await book(other("08:00"));
    const within = await service().rpc("reschedule_call", {
      token_hash: hash(mine.token),
      start_at: at("10:00"),
      visitor_time_zone: "Africa/Lagos",
    });
    expect(within.error).toBeNull();
    const onto = await service().rpc("reschedule_call", {
      token_hash: hash(mine.token),
      start_at: other("12:00"),
      visitor_time_zone: "Africa/Lagos",
    });
    expect(onto.error?.code).toBe("CL001");
  });
});

describe("rescheduling", () => {
  it("keeps the row, raises the sequence, moves the blocked range and its outbox rows", async () => {
    const at = nextDay();
    const mine = await book(at("13:00"));
    const { data, error } = await service().rpc("reschedule_call", {
      token_hash: hash(mine.token),
      // Overlapping its own old time is no conflict: the row moves.
      start_at: at("13:15"),
      visitor_time_zone: "America/New_York",
    });
    expect(error).toBeNull();
    const moved = (data as Booked[])[0]!;
    expect(moved).toMatchObject({ id: mine.booking!.id, sequence: 1, status: "booked" });
    expect(new Date(moved.ends_at).toISOString()).toBe(at("13:45"));
    const [row] = await sql<{ blocked: string; visitor_time_zone: string }>(
      `select blocked::text, visitor_time_zone from public.call_bookings where id = $1`,
      [mine.booking!.id],
    );
    expect(row!.visitor_time_zone).toBe("America/New_York");
    expect(row!.blocked).toMatch(/13:15:00\+00","2031-\d\d-\d\d 14:00:00\+00"\)$/);
    const messages = await sql<{ kind: string; booking_sequence: number; status: string; skip_reason: string | null }>(
      `select kind, booking_sequence, status, skip_reason from public.call_messages where booking_id = $1 order by id`,
      [mine.booking!.id],
    );
    expect(messages).toEqual([
      { kind: "confirm_request", booking_sequence: 0, status: "skipped", skip_reason: "superseded" },
      { kind: "confirmation", booking_sequence: 0, status: "waiting", skip_reason: null },
      { kind: "team_email", booking_sequence: 0, status: "waiting", skip_reason: null },
      { kind: "calendar_event", booking_sequence: 0, status: "waiting", skip_reason: null },
      { kind: "reminder_24h", booking_sequence: 0, status: "skipped", skip_reason: "superseded" },
      { kind: "reminder_1h", booking_sequence: 0, status: "skipped", skip_reason: "superseded" },
      { kind: "reschedule", booking_sequence: 1, status: "waiting", skip_reason: null },
      { kind: "calendar_event", booking_sequence: 1, status: "waiting", skip_reason: null },
      { kind: "reminder_24h", booking_sequence: 1, status: "waiting", skip_reason: null },
      { kind: "reminder_1h", booking_sequence: 1, status: "waiting", skip_reason: null },
    ]);
  });

  it("refuses a move onto another call and leaves the row as it was", async () => {
    const at = nextDay();
    await book(at("15:00"));
    const mine = await book(at("16:00"));
    const { error } = await service().rpc("reschedule_call", {
      token_hash: hash(mine.token),
      start_at: at("15:15"),
      visitor_time_zone: "Africa/Lagos",
    });
    expect(error?.code).toBe("23P01");
    const [row] = await sql<{ starts_at: Date; sequence: number }>(
      `select starts_at, sequence from public.call_bookings where id = $1`,
      [mine.booking!.id],
    );
    expect(new Date(row!.starts_at).toISOString()).toBe(at("16:00"));
    expect(row!.sequence).toBe(0);
  });
});

describe("the outbox a booking writes", () => {
  it("queues the confirmation and the reminders whose time has not passed", async () => {
    const start = new Date(Date.now() + 3 * 3_600_000);
    start.setUTCSeconds(0, 0);
    const { booking } = await book(start.toISOString());
    const rows = await sql<{ kind: string; recipient: string; next_attempt_at: Date }>(
      `select kind, recipient, next_attempt_at from public.call_messages where booking_id = $1 order by id`,
      [booking!.id],
    );
    expect(rows.map((row) => row.kind)).toEqual([
      "confirm_request",
      "confirmation",
      "team_email",
      "calendar_event",
      "reminder_1h",
    ]);
    expect(new Date(rows[4]!.next_attempt_at).getTime()).toBe(start.getTime() - 3_600_000);
    expect(rows[1]!.recipient).toMatch(/^call-[0-9a-f]{8}@example\.ng$/);
  });

  it("skips the waiting reminders of a cancelled call and queues its cancellation", async () => {
    const mine = await book(nextDay()("10:00"));
    await service().rpc("cancel_call", { token_hash: hash(mine.token) });
    const rows = await sql<{ kind: string; status: string; skip_reason: string | null; booking_sequence: number }>(
      `select kind, status, skip_reason, booking_sequence from public.call_messages where booking_id = $1 order by id`,
      [mine.booking!.id],
    );
    expect(rows).toEqual([
      { kind: "confirm_request", status: "skipped", skip_reason: "superseded", booking_sequence: 0 },
      { kind: "confirmation", status: "waiting", skip_reason: null, booking_sequence: 0 },
      { kind: "team_email", status: "waiting", skip_reason: null, booking_sequence: 0 },
      { kind: "calendar_event", status: "waiting", skip_reason: null, booking_sequence: 0 },
      { kind: "reminder_24h", status: "skipped", skip_reason: "cancelled", booking_sequence: 0 },
      { kind: "reminder_1h", status: "skipped", skip_reason: "cancelled", booking_sequence: 0 },
      { kind: "cancellation", status: "waiting", skip_reason: null, booking_sequence: 1 },
      { kind: "calendar_event", status: "waiting", skip_reason: null, booking_sequence: 1 },
    ]);
  });
});

describe("the dispatcher's side of the outbox", () => {
  it("claims due rows once, with the call and whom it is for, and records the outcome once", async () => {
    const lead = await newLead("claim@example.ng");
    const mine = await book(nextDay()("10:00"), { lead });
    const first = await service().rpc("claim_call_messages", { max_rows: 100, only_lead: lead });
    expect(first.error).toBeNull();
    // The reminders are not due for days: only the confirmation, the team's e-mail and the calendar event are.
    expect(first.data).toEqual([
      expect.objectContaining({
        kind: "confirmation",
        booking_sequence: 0,
        attempts: 1,
        recipient: "claim@example.ng",
        call: expect.objectContaining({ id: mine.booking!.id, email: "claim@example.ng", full_name: "Chidi Nwosu" }),
      }),
      expect.objectContaining({ kind: "team_email", recipient: null }),
      expect.objectContaining({ kind: "calendar_event", recipient: null }),
    ]);
    expect((await service().rpc("claim_call_messages", { max_rows: 100, only_lead: lead })).data).toEqual([]);
    const row = first.data![0]!;
    const finish = () =>
      service().rpc("finish_call_message", { message: row.id, token: row.claim_token, outcome: "delivered" });
    expect((await finish()).data).toBe(true);
    expect((await finish()).data).toBe(false);
    const [stored] = await sql<{ status: string; delivered_at: string | null }>(
      `select status, delivered_at from public.call_messages where id = $1`,
      [row.id],
    );
    expect(stored).toMatchObject({ status: "delivered", delivered_at: expect.anything() });
  });
});

describe("tokens", () => {
  it("are stored only as their SHA-256: the plaintext is nowhere in the database", async () => {
    const leadToken = newToken();
    const lead = await newLead();
    await service().rpc("issue_call_lead_token", { lead, token_hash: hash(leadToken) });
    const mine = await book(nextDay()("09:00"), { leadToken });
    expect(mine.booking?.lead_id).toBe(lead);
    const tables = await sql<{ schema: string; name: string }>(
      `select table_schema as schema, table_name as name from information_schema.tables
        where table_schema in ('public', 'private', 'auth') and table_type = 'BASE TABLE'`,
    );
    let hashes = 0;
    for (const { schema, name } of tables) {
      const quoted = `"${schema}"."${name}"`;
      for (const plain of [leadToken, mine.token]) {
        const [found] = await sql<{ n: number }>(`select count(*)::int as n from ${quoted} t where t::text like $1`, [
          `%${plain}%`,
        ]);
        expect(found!.n, `${quoted} holds a token`).toBe(0);
      }
      const [hashed] = await sql<{ n: number }>(
        `select count(*)::int as n from ${quoted} t where t::text like $1 or t::text like $2`,
        [`%${hash(leadToken)}%`, `%${hash(mine.token)}%`],
      );
      hashes += hashed!.n;
    }
    expect(hashes).toBe(2);
  });

  it("reads a live call by its token's hash, and nothing for the plaintext, an unknown or a cancelled one", async () => {
    const mine = await book(nextDay()("14:00"));
    const read = (token_hash: string) => service().rpc("call_by_token", { token_hash });
    const { data } = await read(hash(mine.token));
    expect(data).toEqual([
      expect.objectContaining({ id: mine.booking!.id, status: "booked", full_name: "Chidi Nwosu", sequence: 0 }),
    ]);
    expect((await read(mine.token)).data).toEqual([]);
    expect((await read(hash(newToken()))).data).toEqual([]);
    await service().rpc("cancel_call", { token_hash: hash(mine.token) });
    expect((await read(hash(mine.token))).data).toEqual([]);
    const again = await service().rpc("cancel_call", { token_hash: hash(mine.token) });
    expect(again.error?.code).toBe("CL003");
  });

  it("die with the call's end: a past call can be neither read, moved nor cancelled", async () => {
    const mine = await book(nextDay()("10:00"));
    await sql(
      `update public.call_bookings
          set starts_at = now() - interval '2 hours', ends_at = now() - interval '90 minutes',
              blocked = tstzrange(now() - interval '2 hours', now() - interval '75 minutes')
        where id = $1`,
      [mine.booking!.id],
    );
    expect((await service().rpc("call_by_token", { token_hash: hash(mine.token) })).data).toEqual([]);
    const moved = await service().rpc("reschedule_call", {
      token_hash: hash(mine.token),
      start_at: nextDay()("10:00"),
      visitor_time_zone: "Africa/Lagos",
    });
    expect(moved.error?.code).toBe("CL003");
    expect((await service().rpc("cancel_call", { token_hash: hash(mine.token) })).error?.code).toBe("CL003");
  });

  it("a lead booking token books once, within its two hours", async () => {
    const at = nextDay();
    const leadToken = newToken();
    const lead = await newLead();
    const issued = await service().rpc("issue_call_lead_token", { lead, token_hash: hash(leadToken) });
    const expires = new Date(issued.data as unknown as string).getTime();
    expect(expires - Date.now()).toBeGreaterThan(119 * 60_000);
    expect(expires - Date.now()).toBeLessThanOrEqual(120 * 60_000);
    expect((await book(at("09:00"), { leadToken })).booking?.lead_id).toBe(lead);
    expect((await book(at("11:00"), { leadToken })).code).toBe("CL002");
    expect((await book(at("12:00"), { leadToken: newToken() })).code).toBe("CL002");

    const late = newToken();
    await service().rpc("issue_call_lead_token", { lead, token_hash: hash(late) });
    await sql(`update private.call_lead_tokens set expires_at = now() - interval '1 second' where token_hash = $1`, [
      hash(late),
    ]);
    expect((await book(at("13:00"), { leadToken: late })).code).toBe("CL002");
  });
});

describe("erasing a lead", () => {
  it("deletes its calls, their outbox rows and its booking tokens, and frees their times", async () => {
    const at = nextDay();
    const lead = await newLead();
    const leadToken = newToken();
    await service().rpc("issue_call_lead_token", { lead, token_hash: hash(leadToken) });
    const mine = await book(at("10:00"), { lead });
    const erased = await as(ids.mfaAdmin, "aal2").from("leads").delete().eq("id", lead).select("id");
    expect(erased.error).toBeNull();
    expect(erased.data).toHaveLength(1);
    const count = async (table: string, column: string, value: string) =>
      (await sql<{ n: number }>(`select count(*)::int as n from ${table} where ${column} = $1`, [value]))[0]!.n;
    expect(await count("public.call_bookings", "lead_id", lead)).toBe(0);
    expect(await count("public.call_messages", "booking_id", mine.booking!.id)).toBe(0);
    expect(await count("private.call_lead_tokens", "lead_id", lead)).toBe(0);
    expect((await book(at("10:00"))).booking).toBeDefined();
  });
});

const TABLES = ["call_settings", "call_weekly_hours", "call_days_off", "call_bookings", "call_messages"] as const;
const SERVER_FUNCTIONS: [string, Record<string, unknown>][] = [
  ["call_availability", {}],
  ["booked_call_ranges", { from_time: "2031-01-01T00:00:00Z", to_time: "2032-01-01T00:00:00Z" }],
  ["issue_call_lead_token", { lead: "00000000-0000-4000-8000-000000000000", token_hash: "a".repeat(64) }],
  [
    "book_call",
    {
      start_at: "2031-06-01T10:00:00Z",
      visitor_time_zone: "Africa/Lagos",
      manage_token_hash: "b".repeat(64),
      confirm_token_hash: "d".repeat(64),
      booking_source: "book_page",
      lead_token_hash: "a".repeat(64),
    },
  ],
  ["confirm_call", { token_hash: "d".repeat(64) }],
  ["spend_call_challenge", { signature: "e".repeat(64), expires_at: "2031-06-01T10:00:00Z" }],
  ["reschedule_call", { token_hash: "c".repeat(64), start_at: "2031-06-01T10:00:00Z", visitor_time_zone: "UTC" }],
  ["cancel_call", { token_hash: "c".repeat(64) }],
  ["call_by_token", { token_hash: "c".repeat(64) }],
  ["claim_call_messages", { max_rows: 100 }],
  ["finish_call_message", { message: 1, token: "00000000-0000-4000-8000-000000000000", outcome: "delivered" }],
];

describe("who reads and writes calls", () => {
  beforeAll(async () => {
    await book(nextDay()("10:00"));
    await sql(`insert into public.call_days_off (day, note) values ('2031-12-25', 'Christmas') on conflict do nothing`);
  });

  const outsiders: [string, () => SupabaseClient][] = [
    ["an anonymous visitor", anon],
    ["a signed-in user who is not an admin", () => as(ids.member, "aal1")],
    ["an admin with a verified factor at aal1", () => as(ids.mfaAdmin, "aal1")],
  ];

  it.each(outsiders)("%s reads no calls, settings, hours, days off or messages", async (_, client) => {
    for (const table of TABLES) {
      const { data, error } = await client().from(table).select("*");
      expect(error === null ? data : error.code, table).toSatisfy(
        (seen: unknown) => seen === "42501" || (Array.isArray(seen) && seen.length === 0),
      );
    }
  });

  it.each(outsiders)("%s changes no availability and no call", async (_, client) => {
    await client().from("call_settings").update({ call_minutes: 90 }).eq("id", true);
    await client().from("call_weekly_hours").insert({ weekday: 0, start_time: "06:00", end_time: "07:00" });
    await client().from("call_days_off").delete().eq("day", "2031-12-25");
    await client().from("call_bookings").update({ status: "no_show" }).eq("status", "booked");
    const [settings] = await sql<{ call_minutes: number }>(`select call_minutes from public.call_settings`);
    expect(settings!.call_minutes).toBe(30);
    expect(await sql(`select 1 from public.call_weekly_hours where weekday = 0`)).toEqual([]);
    expect(await sql(`select 1 from public.call_days_off where day = '2031-12-25'`)).toHaveLength(1);
    expect(await sql(`select 1 from public.call_bookings where status = 'no_show'`)).toEqual([]);
  });

  it.each([...outsiders, ["an admin at aal2", () => as(ids.mfaAdmin, "aal2")] as [string, () => SupabaseClient]])(
    "%s calls none of the server's functions",
    async (_, client) => {
      for (const [name, args] of SERVER_FUNCTIONS) {
        const { error } = await client().rpc(name, args);
        expect(error?.code, name).toBe("42501");
      }
    },
  );

  it.each([
    ["an admin at aal2", () => as(ids.mfaAdmin, "aal2")],
    ["an admin without a factor at aal1", () => as(ids.plainAdmin, "aal1")],
  ] as [string, () => SupabaseClient][])("%s reads every table and edits the availability", async (_, client) => {
    await sql(`delete from public.call_weekly_hours where weekday = 6`);
    for (const table of TABLES) {
      const { data, error } = await client().from(table).select("*");
      expect(error, table).toBeNull();
      expect(data!.length, table).toBeGreaterThan(0);
    }
    const hours = await client()
      .from("call_weekly_hours")
      .insert({ weekday: 6, start_time: "10:00", end_time: "12:00" })
      .select("id");
    expect(hours.error).toBeNull();
    // Overlapping windows of one weekday are refused; touching ones are not.
    expect(
      (await client().from("call_weekly_hours").insert({ weekday: 6, start_time: "11:00", end_time: "13:00" })).error
        ?.code,
    ).toBe("23P01");
    expect(
      (await client().from("call_weekly_hours").insert({ weekday: 6, start_time: "12:00", end_time: "13:00" })).error,
    ).toBeNull();
    expect((await client().from("call_settings").update({ place_kind: "video_link" }).eq("id", true)).error?.code).toBe(
      "23514",
    );
    expect(
      (
        await client()
          .from("call_settings")
          .update({ place_kind: "video_link", video_link_url: "http://meet.example.com/room" })
          .eq("id", true)
      ).error?.code,
    ).toBe("23514");
    expect(
      (await client().from("call_settings").update({ time_zone: "Lagos/Nowhere" }).eq("id", true)).error?.code,
    ).toBe("23514");
    await sql(`delete from public.call_weekly_hours where weekday = 6`);
  });

  it("an admin at aal2 marks a call as a no-show, which raises its sequence", async () => {
    const mine = await book(nextDay()("16:00"));
    const { error } = await as(ids.mfaAdmin, "aal2")
      .from("call_bookings")
      .update({ status: "no_show" })
      .eq("id", mine.booking!.id);
    expect(error).toBeNull();
    const [row] = await sql<{ status: string; sequence: number }>(
      `select status, sequence from public.call_bookings where id = $1`,
      [mine.booking!.id],
    );
    expect(row).toEqual({ status: "no_show", sequence: 1 });
  });
});

describe("the functions' own reads", () => {
  it("give the seeded availability and the booked times without names", async () => {
    const { data, error } = await service().rpc("call_availability");
    expect(error).toBeNull();
    expect(data).toMatchObject({
      settings: { time_zone: "Africa/Lagos", call_minutes: 30, slot_step_minutes: 30, place_kind: "google_meet" },
      weekly_hours: expect.arrayContaining([{ weekday: 1, start: "09:00", end: "17:00" }]),
    });
    const at = nextDay();
    await book(at("09:00"));
    const ranges = await service().rpc("booked_call_ranges", { from_time: at("00:00"), to_time: at("23:59") });
    expect(ranges.data).toEqual([
      {
        starts_at: expect.any(String),
        ends_at: expect.any(String),
        blocked_from: expect.any(String),
        blocked_to: expect.any(String),
      },
    ]);
    const [only] = ranges.data!;
    expect(Date.parse(only!.blocked_to) - Date.parse(only!.ends_at)).toBe(15 * 60_000);
  });
});

/**
 * On PostgreSQL (LOCAL_DB_URL, `npm run test:db:postgres`), many connections book at once: the
 * database's guarantee, not the local server's one connection, decides.
 */
describe.skipIf(!process.env.LOCAL_DB_URL)("many connections at once (PostgreSQL)", () => {
  const CONNECTIONS = 20;

  async function attempt(db: PgDatabase, start: string, lead: string): Promise<string> {
    try {
      await db.transaction(async (tx) => {
        await tx.exec(`set local role service_role`);
        await tx.query(`select * from public.book_call($1, 'Africa/Lagos', $2, 'book_page', $3, $4)`, [
          start,
          hash(newToken()),
          hash(newToken()),
          lead,
        ]);
      });
      return "booked";
    } catch (error) {
      return (error as { code?: string }).code ?? String(error);
    }
  }

  it("books one time once, whatever the number of connections trying", async () => {
    const pool = await postgresConnections(CONNECTIONS);
    try {
      const at = nextDay();
      const leads = await Promise.all(pool.map(() => newLead()));
      const outcomes = await Promise.all(pool.map((db, index) => attempt(db, at("10:00"), leads[index]!)));
      expect(outcomes.filter((one) => one === "booked")).toHaveLength(1);
      expect(outcomes.filter((one) => one === "23P01")).toHaveLength(CONNECTIONS - 1);
    } finally {
      await Promise.all(pool.map((db) => db.close()));
    }
  });

  it("keeps the daily cap when the last places are taken at once", async () => {
    await sql(`update public.call_settings set max_per_day = 3`);
    const pool = await postgresConnections(CONNECTIONS);
    try {
      const at = nextDay();
      const leads = await Promise.all(pool.map(() => newLead()));
      // Twenty separate times (08:00, 08:45, …): no two overlap, only the cap can refuse.
      const times = pool.map((_, index) => new Date(Date.parse(at("00:00")) + index * 45 * 60_000).toISOString());
      const outcomes = await Promise.all(pool.map((db, index) => attempt(db, times[index]!, leads[index]!)));
      expect(outcomes.filter((one) => one === "booked")).toHaveLength(3);
      expect(outcomes.filter((one) => one === "CL001")).toHaveLength(CONNECTIONS - 3);
    } finally {
      await Promise.all(pool.map((db) => db.close()));
    }
  });
});
