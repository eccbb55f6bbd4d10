/**
 * The agency's calendar feed: a secret .ics subscription URL (Apple Calendar, Outlook, Google's "From
 * URL") listing the calls booked from now on, for a team that does not connect Google Calendar
 * (google-calendar.ts). Served by api/calls at `GET /api/calls?feed=<CALLS_FEED_SECRET>`; any other
 * value, or no secret configured, is a 404, and the secret is compared in constant time.
 *
 * The feed is personal data behind a secret: each event is titled with the lead's name. Whoever holds
 * the URL reads the names and times of every upcoming call, so it is shown to admins only (the Calls
 * settings screen) and changed by changing CALLS_FEED_SECRET. It carries no e-mail, phone or message.
 */
import { createHash, timingSafeEqual } from "node:crypto";
import { ICalEventBusyStatus, ICalEventStatus } from "ical-generator";
import { callMailCopy } from "../../content/call-messages.js";
import type { DbClient } from "../supabase.js";
import { oneLine } from "../../lib/text.js";
import { bookingUid, callsCalendar, icsText } from "./invite.js";

/** The subscription URL the admin copies into their calendar app. */
export function callsFeedUrl(siteUrl: string, secret: string): string {
  return `${siteUrl.replace(/\/+$/, "")}/api/calls?feed=${encodeURIComponent(secret)}`;
}

/** Whether `given` is the feed's secret; false when none is configured. Constant time. */
export function isFeedSecret(given: string | null, secret: string): boolean {
  if (!secret || !given) return false;
  // Hashing first gives both sides one length, so the comparison says nothing of the secret's.
  const a = createHash("sha256").update(given).digest();
  const b = createHash("sha256").update(secret).digest();
  return timingSafeEqual(a, b);
}

interface FeedRow {
  id: string;
  starts_at: string;
  ends_at: string;
  sequence: number;
  lead: { full_name: string } | null;
}

/** The iCalendar text of the calls booked from `now` on (at most 500), or throws when they cannot be read. */
export async function callsFeed(db: DbClient, domain: string, now: Date): Promise<string> {
  const { data, error } = await db
    .from("call_bookings")
    .select("id, starts_at, ends_at, sequence, lead:leads(full_name)")
    .eq("status", "booked")
    // A hold not yet confirmed is nobody's call yet.
    .not("confirmed_at", "is", null)
    .gte("ends_at", now.toISOString())
    .order("starts_at")
    .limit(500);
  if (error || !data) throw new Error(error?.message ?? "no calls");
  const calendar = callsCalendar({ name: callMailCopy.feed.name });
  for (const row of data as unknown as FeedRow[])
    calendar.createEvent({
      id: bookingUid(row.id, domain),
      sequence: row.sequence,
      stamp: now,
      start: new Date(row.starts_at),
      end: new Date(row.ends_at),
      summary: callMailCopy.feed.summary(oneLine(row.lead?.full_name ?? "")),
      status: ICalEventStatus.CONFIRMED,
      busystatus: ICalEventBusyStatus.BUSY,
    });
  return icsText(calendar);
}
