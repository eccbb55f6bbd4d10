/**
 * The admin's reads and writes of discovery calls (supabase/migrations/*_discovery_calls.sql,
 * *_call_admin.sql): the availability (settings, weekly hours, days off), the calls with their
 * lead, a call's status, and the dashboard's figures. RLS decides: admins only, at aal2 once a
 * factor is enrolled. The availability is saved in one transaction (save_call_availability), so a
 * window the database refuses leaves everything as it was.
 */
import type { AppSupabaseClient } from "../../../lib/supabase";
import type {
  CallBookingRow,
  CallBookingStats,
  CallDayOffRow,
  CallSettingsRow,
  CallWeeklyHoursRow,
} from "../../../lib/database";

export type CallPlaceKind = CallSettingsRow["place_kind"];
export type CallStatus = CallBookingRow["status"];

/** One window of a weekday, "HH:MM" in the agency's zone. */
interface WeeklyWindowInput {
  weekday: number;
  start: string;
  end: string;
}

/** What the settings screen edits and saves. */
export interface CallAvailabilityInput {
  callMinutes: number;
  bufferBeforeMinutes: number;
  bufferAfterMinutes: number;
  minNoticeHours: number;
  horizonDays: number;
  maxPerDay: number | null;
  placeKind: CallPlaceKind;
  videoLinkUrl: string;
  windows: WeeklyWindowInput[];
}

export interface CallAvailability {
  settings: CallSettingsRow;
  windows: WeeklyWindowInput[];
  daysOff: CallDayOffRow[];
}

const hhmm = (time: string) => time.slice(0, 5);

/** Everything the settings screen shows: the settings row, the week's windows, the days off from `today` on. */
export async function getCallAvailability(client: AppSupabaseClient, today: string): Promise<CallAvailability> {
  const [settings, hours, daysOff] = await Promise.all([
    client.from("call_settings").select("*").maybeSingle(),
    client.from("call_weekly_hours").select("*").order("weekday").order("start_time"),
    client.from("call_days_off").select("*").gte("day", today).order("day"),
  ]);
  if (settings.error) throw settings.error;
  if (hours.error) throw hours.error;
  if (daysOff.error) throw daysOff.error;
  // RLS hides the row from anyone but an admin at the right level: say so rather than show defaults.
  if (!settings.data) throw new Error("The call settings could not be read.");
  return {
    settings: settings.data as CallSettingsRow,
    windows: ((hours.data ?? []) as CallWeeklyHoursRow[]).map((row) => ({
      weekday: row.weekday,
      start: hhmm(row.start_time),
      end: hhmm(row.end_time),
    })),
    daysOff: (daysOff.data ?? []) as CallDayOffRow[],
  };
}

/** Saves the settings and replaces the week's windows, all or nothing. */
export async function saveCallAvailability(client: AppSupabaseClient, input: CallAvailabilityInput): Promise<void> {
  const { error } = await client.rpc("save_call_availability", {
    call_minutes: input.callMinutes,
    buffer_before_minutes: input.bufferBeforeMinutes,
    buffer_after_minutes: input.bufferAfterMinutes,
    min_notice_hours: input.minNoticeHours,
    horizon_days: input.horizonDays,
    // Generated types make every argument required and non-null; null is the "no cap" the column allows.
    max_per_day: input.maxPerDay as number,
    place_kind: input.placeKind,
    video_link_url: input.videoLinkUrl,
    windows: input.windows.map(({ weekday, start, end }) => ({ weekday, start, end })),
  });
  if (error) throw error;
}

export async function addCallDayOff(client: AppSupabaseClient, day: string, note: string): Promise<void> {
  const { error } = await client.from("call_days_off").insert({ day, note: note.trim() || null });
  if (error) throw error;
}

export async function removeCallDayOff(client: AppSupabaseClient, day: string): Promise<void> {
  const { error } = await client.from("call_days_off").delete().eq("day", day);
  if (error) throw error;
}

const CALL_COLUMNS =
  "id, lead_id, starts_at, ends_at, status, visitor_time_zone, source, cancel_note, cancelled_at, created_at, lead:leads(full_name, email, company_name)";

/** A call as the Calls page lists it, with whom it is for. */
export type CallListItem = Pick<
  CallBookingRow,
  | "id"
  | "lead_id"
  | "starts_at"
  | "ends_at"
  | "status"
  | "visitor_time_zone"
  | "source"
  | "cancel_note"
  | "cancelled_at"
  | "created_at"
> & { lead: { full_name: string; email: string; company_name: string | null } | null };

/** Calls that start in [from, to), earliest first (the week view). */
export async function listCallsBetween(client: AppSupabaseClient, from: Date, to: Date): Promise<CallListItem[]> {
  const { data, error } = await client
    .from("call_bookings")
    .select(CALL_COLUMNS)
    // Only confirmed calls: a hold the visitor never confirmed was not a booking (20261129120000).
    .not("confirmed_at", "is", null)
    .gte("starts_at", from.toISOString())
    .lt("starts_at", to.toISOString())
    .order("starts_at", { ascending: true });
  if (error) throw error;
  return (data ?? []) as unknown as CallListItem[];
}

/** The list view: calls not over yet (earliest first) and the latest past ones (most recent first). */
export async function listCalls(
  client: AppSupabaseClient,
  now: Date,
  pastLimit = 50,
): Promise<{ upcoming: CallListItem[]; past: CallListItem[] }> {
  const [upcoming, past] = await Promise.all([
    client
      .from("call_bookings")
      .select(CALL_COLUMNS)
      .not("confirmed_at", "is", null)
      .gte("ends_at", now.toISOString())
      .order("starts_at", { ascending: true })
      .limit(200),
    client
      .from("call_bookings")
      .select(CALL_COLUMNS)
      .not("confirmed_at", "is", null)
      .lt("ends_at", now.toISOString())
      .order("starts_at", { ascending: false })
      .limit(pastLimit),
  ]);
  if (upcoming.error) throw upcoming.error;
  if (past.error) throw past.error;
  return {
    upcoming: (upcoming.data ?? []) as unknown as CallListItem[],
    past: (past.data ?? []) as unknown as CallListItem[],
  };
}

/** A lead's calls, latest first. */
export async function listLeadCalls(client: AppSupabaseClient, leadId: string): Promise<CallListItem[]> {
  const { data, error } = await client
    .from("call_bookings")
    .select(CALL_COLUMNS)
    // Only confirmed calls: a hold the visitor never confirmed was not a booking (20261129120000).
    .not("confirmed_at", "is", null)
    .eq("lead_id", leadId)
    .order("starts_at", { ascending: false });
  if (error) throw error;
  return (data ?? []) as unknown as CallListItem[];
}

/** The starts and ends of calls not cancelled that end after `from`: the preview's taken times. */
export async function listTakenCalls(client: AppSupabaseClient, from: Date): Promise<{ start: Date; end: Date }[]> {
  const { data, error } = await client
    .from("call_bookings")
    .select("starts_at, ends_at")
    .neq("status", "cancelled")
    .not("confirmed_at", "is", null)
    .gte("ends_at", from.toISOString());
  if (error) throw error;
  return (data ?? []).map((row) => ({ start: new Date(row.starts_at), end: new Date(row.ends_at) }));
}

/** The call was changed meanwhile (cancelled by the visitor, marked elsewhere): nothing was written. */
class CallChangedError extends Error {
  constructor() {
    super("This call was changed meanwhile. The list now shows it as it is.");
    this.name = "CallChangedError";
  }
}

/** Marks a booked call completed or no-show. */
export async function markCall(
  client: AppSupabaseClient,
  id: string,
  status: Extract<CallStatus, "completed" | "no_show">,
): Promise<void> {
  const { data, error } = await client
    .from("call_bookings")
    .update({ status })
    .eq("id", id)
    .neq("status", "cancelled")
    .select("id");
  if (error) throw error;
  if (!data?.length) throw new CallChangedError();
}

/**
 * Cancels a booked call with a note to the visitor: the bookings' trigger queues the cancellation
 * e-mail in the same transaction, and it carries `cancel_note`.
 */
export async function cancelCall(client: AppSupabaseClient, id: string, note: string): Promise<void> {
  const { data, error } = await client
    .from("call_bookings")
    .update({ status: "cancelled", cancel_note: note.trim() || null })
    .eq("id", id)
    .eq("status", "booked")
    .select("id");
  if (error) throw error;
  if (!data?.length) throw new CallChangedError();
}

/** The calls booked in [from, to) and the share of that period's leads who booked one. */
export async function getCallBookingStats(client: AppSupabaseClient, from: Date, to: Date): Promise<CallBookingStats> {
  const { data, error } = await client.rpc("call_booking_stats", {
    from_time: from.toISOString(),
    to_time: to.toISOString(),
  });
  if (error) throw error;
  const [row] = (data ?? []) as CallBookingStats[];
  return row ?? { calls_booked: 0, calls_cancelled: 0, leads: 0, leads_booked: 0 };
}
