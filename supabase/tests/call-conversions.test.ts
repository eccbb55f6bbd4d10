import { createHash, randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { LOCAL_DEFAULTS } from "../local/index.ts";
import { createLocalClient, localSupabaseForSuite } from "../local/testing.ts";

/**
 * What 20261126210000_call_conversions.sql adds to a booking's transaction: the `scheduled`
 * conversion under the lead's consent, once per lead; the team's e-mail and the calendar event rows
 * (channel 'calendar' for the event and for it alone); the 'too_late' skip; the claim's campaign;
 * and that a booking leaves the lead's response time alone.
 */
const supabase = localSupabaseForSuite();
const sql = <T>(text: string, params: unknown[] = []) =>
  supabase.db.query<T>(text, params).then((result) => result.rows);
const service = () => createLocalClient(supabase.url, LOCAL_DEFAULTS.serviceRoleKey);
const hash = (token: string) => createHash("sha256").update(token).digest("hex");

let dayCounter = 0;
/** A day of its own for each booking, far ahead, 10:00 UTC. */
function nextStart(): string {
  dayCounter += 1;
  return new Date(Date.UTC(2032, 0, 5) + dayCounter * 86_400_000 + 10 * 3_600_000).toISOString();
}

async function newLead(consent: boolean): Promise<string> {
  const [row] = await sql<{ id: string }>(
    `insert into public.leads (full_name, email, phone, ad_user_data, ad_personalization, consent_given_at, first_touch)
     values ('Femi Bakare', $1, '+234 803 ' || (100000 + floor(random() * 899999))::int, $2, $2, case when $2 then now() end,
             '{"utm_source": "facebook", "utm_campaign": "calls-q1"}'::jsonb)
     returning id`,
    [`conv-${randomBytes(4).toString("hex")}@example.ng`, consent],
  );
  return row!.id;
}

/** A call booked and, unless `pending`, confirmed (the e-mail's link opened). */
async function book(lead: string, options: { pending?: boolean } = {}) {
  const token = randomBytes(16).toString("base64url");
  const confirmToken = randomBytes(16).toString("base64url");
  const { data, error } = await service().rpc("book_call", {
    start_at: nextStart(),
    visitor_time_zone: "Africa/Lagos",
    manage_token_hash: hash(token),
    confirm_token_hash: hash(confirmToken),
    booking_source: "book_page",
    lead,
  });
  expect(error).toBeNull();
  if (!options.pending) {
    const confirmed = await service().rpc("confirm_call", { token_hash: hash(confirmToken) });
    expect(confirmed.error).toBeNull();
  }
  return { id: (data as { id: string }[])[0]!.id, token, confirmToken };
}

const scheduledEvents = (lead: string) =>
  sql<{ platform: string; status: string; skip_reason: string | null; event_time: Date }>(
    `select platform, status, skip_reason, event_time from public.conversion_events
      where lead_id = $1 and event = 'scheduled' order by platform`,
    [lead],
  );

describe("the Schedule conversion", () => {
  it("is queued for each platform in the booking's transaction when the lead consented, at the booking's time", async () => {
    const lead = await newLead(true);
    const { id } = await book(lead);
    const events = await scheduledEvents(lead);
    expect(events.map(({ platform, status, skip_reason }) => ({ platform, status, skip_reason }))).toEqual([
      { platform: "google", status: "waiting", skip_reason: null },
      { platform: "meta", status: "waiting", skip_reason: null },
    ]);
    const [booking] = await sql<{ created_at: Date }>(`select created_at from public.call_bookings where id = $1`, [
      id,
    ]);
    expect(new Date(events[0]!.event_time).getTime()).toBe(new Date(booking!.created_at).getTime());
  });

  it("is skipped as no consent without it", async () => {
    const lead = await newLead(false);
    await book(lead);
    expect((await scheduledEvents(lead)).map((event) => [event.platform, event.status, event.skip_reason])).toEqual([
      ["google", "skipped", "no_consent"],
      ["meta", "skipped", "no_consent"],
    ]);
  });

  it("counts once per lead: a call cancelled and booked again converts once", async () => {
    const lead = await newLead(true);
    const first = await book(lead);
    await service().rpc("cancel_call", { token_hash: hash(first.token) });
    await book(lead);
    expect(await scheduledEvents(lead)).toHaveLength(2);
  });

  it("leaves the lead's response time and status to the team", async () => {
    const lead = await newLead(true);
    await book(lead);
    expect(await sql(`select status, first_response_at from public.leads where id = $1`, [lead])).toEqual([
      { status: "new", first_response_at: null },
    ]);
  });
});

describe("the calls' outbox rows", () => {
  it("gives the calendar event the channel 'calendar', and no other kind", async () => {
    const lead = await newLead(false);
    const { id } = await book(lead);
    const rows = await sql<{ kind: string; channel: string }>(
      `select kind, channel from public.call_messages where booking_id = $1 and kind in ('team_email', 'calendar_event') order by id`,
      [id],
    );
    expect(rows).toEqual([
      { kind: "team_email", channel: "email" },
      { kind: "calendar_event", channel: "calendar" },
    ]);
    await expect(
      sql(`update public.call_messages set channel = 'email' where booking_id = $1 and kind = 'calendar_event'`, [id]),
    ).rejects.toThrow(/call_messages_channel_check/);
    await expect(
      sql(`update public.call_messages set channel = 'calendar' where booking_id = $1 and kind = 'confirmation'`, [id]),
    ).rejects.toThrow(/call_messages_channel_check/);
  });

  it("claims with the lead's source and campaign, and records a reminder as too late", async () => {
    const lead = await newLead(false);
    const { id } = await book(lead);
    await sql(
      `update public.call_messages set next_attempt_at = now() where booking_id = $1 and kind = 'reminder_1h'`,
      [id],
    );
    const claimed = await service().rpc("claim_call_messages", { max_rows: 100, only_lead: lead });
    expect(claimed.error).toBeNull();
    const rows = claimed.data as { id: number; kind: string; claim_token: string; call: Record<string, unknown> }[];
    const reminder = rows.find((row) => row.kind === "reminder_1h")!;
    expect(reminder.call).toMatchObject({ lead_source: "facebook", campaign: "calls-q1", source: "book_page" });
    const finished = await service().rpc("finish_call_message", {
      message: reminder.id,
      token: reminder.claim_token,
      outcome: "skipped",
      detail: "too_late",
    });
    expect(finished.data).toBe(true);
    expect(await sql(`select status, skip_reason from public.call_messages where id = $1`, [reminder.id])).toEqual([
      { status: "skipped", skip_reason: "too_late" },
    ]);
  });

  it("lets nobody but the service role claim them", async () => {
    for (const key of [LOCAL_DEFAULTS.anonKey])
      expect((await createLocalClient(supabase.url, key).rpc("claim_call_messages", {})).error?.code).toBe("42501");
  });
});
