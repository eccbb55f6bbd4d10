/**
 * Where a call happens, in the words the visitor reads in the e-mails, the invitation's LOCATION
 * and the download: the agency's video link, the number it calls, or the Google Meet link Google
 * made for the call's event (once the outbox's calendar_event row is delivered; before that, a line
 * that says the link follows).
 */
import type { PostgrestClient } from "@supabase/postgrest-js";
import { callMailCopy } from "../../content/call-messages.js";
import type { Database } from "../../lib/database.js";
import type { ServerSettings } from "../settings.js";
import type { Place } from "./calendar.js";

type Reader = Pick<PostgrestClient<Database>, "from">;

/** The Meet link Google made for the booking's event, once its calendar row is delivered; else null. */
async function meetLink(db: Reader, bookingId: string): Promise<string | null> {
  const { data } = await db
    .from("call_messages")
    .select("response")
    .eq("booking_id", bookingId)
    .eq("kind", "calendar_event")
    .eq("status", "delivered")
    .order("id", { ascending: false })
    .limit(1);
  const link = (data?.[0]?.response as { hangoutLink?: unknown } | null)?.hangoutLink;
  return typeof link === "string" && link.startsWith("https://") ? link : null;
}

/** The place of call `bookingId` as the visitor reads it; `phone` is the number the lead gave. */
export async function placeText(
  db: Reader,
  settings: Pick<ServerSettings, "googleCalendar">,
  place: Place,
  call: { id: string; phone: string | null },
): Promise<string> {
  if (place.kind === "video_link" && place.url) return callMailCopy.place.video_link(place.url);
  if (place.kind === "phone") return callMailCopy.place.phone(call.phone);
  const meet = settings.googleCalendar ? await meetLink(db, call.id) : null;
  return meet ? callMailCopy.place.google_meet_link(meet) : callMailCopy.place.google_meet;
}
