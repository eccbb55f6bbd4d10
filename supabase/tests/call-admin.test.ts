import { createHash, randomBytes } from "node:crypto";
import type { SupabaseClient } from "@supabase/supabase-js";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { settingsRefusal } from "../../src/features/admin/calls/settings-form.ts";
import { LOCAL_DEFAULTS } from "../local/index.ts";
import { localSupabaseForSuite } from "../local/testing.ts";
import { suiteClients } from "../local/suite-clients.ts";

/**
 * The agency's side of discovery calls (20261126220000_call_admin.sql): save_call_availability saves
 * the settings and the week's windows together or not at all, and only for an admin at the right
 * level; an admin cancels a call with a note (a plain update, which queues the visitor's
 * cancellation e-mail); call_booking_stats and campaign_funnel's calls_booked count booked calls,
 * for admins only. The refusals the settings screen explains are the database's own.
 */
const supabase = localSupabaseForSuite();
const ids = { mfaAdmin: "", member: "" };

const { sql, as, anon, service } = suiteClients(supabase);
const admin = () => as(ids.mfaAdmin, "aal2");

const hash = (token: string) => createHash("sha256").update(token).digest("hex");

async function newLead(campaign = "calls-test"): Promise<string> {
  const [row] = await sql<{ id: string }>(
    `insert into public.leads (full_name, email, first_touch) values ('Ngozi Eze', $1, $2) returning id`,
    [
      `admin-${randomBytes(4).toString("hex")}@example.ng`,
      JSON.stringify({ utm_source: "newsletter", utm_medium: "email", utm_campaign: campaign }),
    ],
  );
  return row!.id;
}

let dayCounter = 0;
/** A start of its own for each booking, far ahead, 10:00 UTC (11:00 Lagos). */
function nextStart(): string {
  dayCounter += 1;
  return new Date(Date.UTC(2032, 0, 1, 10) + dayCounter * 86_400_000).toISOString();
}

/** A call booked and confirmed (the e-mail's link opened), as the function and the visitor make one. */
async function book(lead: string): Promise<string> {
  const confirmToken = randomBytes(16).toString("hex");
  const { data, error } = await service().rpc("book_call", {
    start_at: nextStart(),
    visitor_time_zone: "Africa/Lagos",
    manage_token_hash: hash(randomBytes(16).toString("hex")),
    confirm_token_hash: hash(confirmToken),
    booking_source: "book_page",
    lead,
  });
  if (error) throw error;
  const confirmed = await service().rpc("confirm_call", { token_hash: hash(confirmToken) });
  if (confirmed.error) throw confirmed.error;
  return (data as { id: string }[])[0]!.id;
}

beforeAll(async () => {
  const [localAdmin] = await sql<{ id: string }>(`select id from auth.users where email = $1`, [
    LOCAL_DEFAULTS.adminEmail,
  ]);
  ids.mfaAdmin = localAdmin!.id;
  await sql(
    `insert into auth.mfa_factors (id, user_id, friendly_name, factor_type, status, created_at, updated_at, secret)
     values (gen_random_uuid(), $1, 'Authenticator', 'totp', 'verified'::auth.factor_status, now(), now(), 'JBSWY3DPEHPK3PXP')`,
    [ids.mfaAdmin],
  );
  ids.member = await supabase.createUser({ email: "call-admin-member@example.com", password: "password-123" });
});

const SEEDED = {
  call_minutes: 30,
  buffer_before_minutes: 15,
  buffer_after_minutes: 15,
  min_notice_hours: 4,
  horizon_days: 14,
  max_per_day: 6,
  place_kind: "google_meet",
  video_link_url: "",
};
const weekdays = (start: string, end: string) => [1, 2, 3, 4, 5].map((weekday) => ({ weekday, start, end }));

const save = (client: SupabaseClient, changes: Partial<typeof SEEDED> & { windows?: unknown }) =>
  client.rpc("save_call_availability", { ...SEEDED, windows: weekdays("09:00", "17:00"), ...changes });

const readSettings = async () => {
  const [settings] = await sql<{ call_minutes: number; max_per_day: number | null; place_kind: string }>(
    `select call_minutes, max_per_day, place_kind from public.call_settings`,
  );
  const hours = await sql<{ weekday: number; start: string; end: string }>(
    `select weekday, to_char(start_time, 'HH24:MI') as start, to_char(end_time, 'HH24:MI') as end
       from public.call_weekly_hours order by weekday, start_time`,
  );
  return { settings, hours };
};

describe("save_call_availability", () => {
  beforeEach(async () => {
    const { error } = await save(admin(), {});
    expect(error).toBeNull();
  });

  it("saves the settings and replaces the week's windows for an admin at aal2", async () => {
    const { error } = await save(admin(), {
      call_minutes: 45,
      max_per_day: null as unknown as number,
      place_kind: "video_link",
      video_link_url: "https://zoom.us/j/123",
      windows: [
        { weekday: 2, start: "09:00", end: "12:00" },
        { weekday: 2, start: "12:00", end: "16:30" },
        { weekday: 6, start: "10:00", end: "13:00" },
      ],
    });
    expect(error).toBeNull();
    expect(await readSettings()).toEqual({
      settings: { call_minutes: 45, max_per_day: null, place_kind: "video_link" },
      hours: [
        { weekday: 2, start: "09:00", end: "12:00" },
        { weekday: 2, start: "12:00", end: "16:30" },
        { weekday: 6, start: "10:00", end: "13:00" },
      ],
    });
  });

  it("saves nothing when the database refuses a window, and the screen has a sentence for each refusal", async () => {
    const before = await readSettings();
    const overlap = await save(admin(), {
      call_minutes: 60,
      windows: [
        { weekday: 1, start: "09:00", end: "12:00" },
        { weekday: 1, start: "11:00", end: "13:00" },
      ],
    });
    expect(overlap.error?.code).toBe("23P01");
    expect(settingsRefusal(overlap.error)).toMatch(/overlap/);
    const backwards = await save(admin(), { windows: [{ weekday: 1, start: "12:00", end: "09:00" }] });
    // The generated week range refuses it (22000) before the order check (23514) is read.
    expect(["22000", "23514"]).toContain(backwards.error?.code);
    expect(settingsRefusal(backwards.error)).toMatch(/ends before it starts/);
    const link = await save(admin(), { place_kind: "video_link", video_link_url: "http://zoom.us/j/1" });
    expect(link.error?.code).toBe("23514");
    expect(settingsRefusal(link.error)).toMatch(/https/);
    const range = await save(admin(), { call_minutes: 5 });
    expect(settingsRefusal(range.error)).toMatch(/outside/);
    expect(await readSettings()).toEqual(before);
  });

  it.each([
    ["an admin with a verified factor at aal1", () => as(ids.mfaAdmin, "aal1")],
    ["a signed-in user who is not an admin", () => as(ids.member, "aal1")],
  ] as [string, () => SupabaseClient][])("refuses %s and changes nothing", async (_, client) => {
    const before = await readSettings();
    const { error } = await save(client(), { call_minutes: 90, windows: [] });
    expect(error?.code).toBe("42501");
    expect(settingsRefusal(error)).toMatch(/second factor/);
    expect(await readSettings()).toEqual(before);
  });

  it("cannot be called by an anonymous visitor", async () => {
    const { error } = await save(anon(), { windows: [] });
    expect(error?.code).toBe("42501");
    expect((await readSettings()).hours).toHaveLength(5);
  });
});

describe("an admin cancelling a call", () => {
  it("stores the note and queues the visitor's cancellation in the same change", async () => {
    const call = await book(await newLead());
    const { data, error } = await admin()
      .from("call_bookings")
      .update({ status: "cancelled", cancel_note: "Our team is away that day; please pick another time." })
      .eq("id", call)
      .eq("status", "booked")
      .select("id, status, cancel_note, cancelled_at");
    expect(error).toBeNull();
    expect(data).toEqual([
      {
        id: call,
        status: "cancelled",
        cancel_note: "Our team is away that day; please pick another time.",
        cancelled_at: expect.any(String),
      },
    ]);
    const messages = await sql<{ kind: string; status: string }>(
      `select kind, status from public.call_messages where booking_id = $1 order by id`,
      [call],
    );
    expect(messages).toContainEqual({ kind: "cancellation", status: "waiting" });
    expect(messages.filter((message) => message.kind.startsWith("reminder")).map((m) => m.status)).toEqual([
      "skipped",
      "skipped",
    ]);
  });

  it.each([
    ["an admin with a verified factor at aal1", () => as(ids.mfaAdmin, "aal1")],
    ["a signed-in user who is not an admin", () => as(ids.member, "aal1")],
    ["an anonymous visitor", anon],
  ] as [string, () => SupabaseClient][])("is refused to %s: nothing changes, nothing is queued", async (_, client) => {
    const call = await book(await newLead());
    const { data } = await client()
      .from("call_bookings")
      .update({ status: "cancelled", cancel_note: "x" })
      .eq("id", call)
      .select("id");
    expect(data ?? []).toEqual([]);
    const [row] = await sql<{ status: string }>(`select status from public.call_bookings where id = $1`, [call]);
    expect(row!.status).toBe("booked");
    expect(
      await sql(`select 1 from public.call_messages where booking_id = $1 and kind = 'cancellation'`, [call]),
    ).toEqual([]);
  });
});

describe("the reports' booked calls", () => {
  const period = () => ({
    from_time: new Date(Date.now() - 86_400_000).toISOString(),
    to_time: new Date(Date.now() + 60_000).toISOString(),
  });

  let counted: { calls_booked: number; calls_cancelled: number; leads: number; leads_booked: number };
  beforeAll(async () => {
    const { data } = await admin().rpc("call_booking_stats", period());
    counted = (data as (typeof counted)[])[0]!;
  });

  it("count calls booked and cancelled, and the leads who booked one, for an admin", async () => {
    const booked = await newLead("funnel-calls");
    const twice = await newLead("funnel-calls");
    await newLead("funnel-calls");
    const cancelledOnly = await newLead("funnel-calls");
    await book(booked);
    await book(twice);
    await book(twice);
    const cancelled = await book(cancelledOnly);
    await sql(`update public.call_bookings set status = 'cancelled' where id = $1`, [cancelled]);

    const { data, error } = await admin().rpc("call_booking_stats", period());
    expect(error).toBeNull();
    expect((data as (typeof counted)[])[0]).toEqual({
      calls_booked: counted.calls_booked + 3,
      calls_cancelled: counted.calls_cancelled + 1,
      leads: counted.leads + 4,
      leads_booked: counted.leads_booked + 2,
    });

    const funnel = await admin().rpc("campaign_funnel", period());
    expect(funnel.error).toBeNull();
    const line = (funnel.data as { campaign: string; leads: number; calls_booked: number }[]).find(
      (row) => row.campaign === "funnel-calls",
    );
    expect(line).toMatchObject({ leads: 4, calls_booked: 2 });
  });

  it.each([
    ["an admin with a verified factor at aal1", () => as(ids.mfaAdmin, "aal1")],
    ["a signed-in user who is not an admin", () => as(ids.member, "aal1")],
  ] as [string, () => SupabaseClient][])("show %s nothing", async (_, client) => {
    await book(await newLead("hidden-calls"));
    const { data } = await client().rpc("call_booking_stats", period());
    expect(data).toEqual([{ calls_booked: 0, calls_cancelled: 0, leads: 0, leads_booked: 0 }]);
    const funnel = await client().rpc("campaign_funnel", period());
    expect((funnel.data as { campaign: string }[]).filter((row) => row.campaign === "hidden-calls")).toEqual([]);
  });

  it("cannot be read by an anonymous visitor", async () => {
    expect((await anon().rpc("call_booking_stats", period())).error?.code).toBe("42501");
    expect((await anon().rpc("campaign_funnel", period())).error?.code).toBe("42501");
  });
});
