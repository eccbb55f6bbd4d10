/**
 * The links of a booked call, one implementation for the browser (the confirmation on screen) and
 * the server (the e-mails, the invitation): the booking's own page and the "Add to Google Calendar"
 * template. The .ics download is a form's POST of the token (Confirmation.tsx), never a link.
 *
 * The manage page takes its token in the fragment (`/calls/manage#token=…`): a fragment is never
 * sent to a server, so the token stays out of access logs, and out of the Referer of the links the
 * page holds.
 */

import { MANAGE_CALL_PATH } from "./manage-path.js";

/** The absolute URL of a booking's page: `manageCallUrl("https://agency.example", token)`. */
export function manageCallUrl(siteUrl: string, token: string): string {
  return `${siteUrl.replace(/\/+$/, "")}${MANAGE_CALL_PATH}#token=${encodeURIComponent(token)}`;
}

/**
 * The link of the e-mail that confirms a held booking: the same page, `#confirm=…` in the fragment
 * (posted in a body by the page, never sent in a URL).
 */
export function confirmCallUrl(siteUrl: string, token: string): string {
  return `${siteUrl.replace(/\/+$/, "")}${MANAGE_CALL_PATH}#confirm=${encodeURIComponent(token)}`;
}

/** "20261202T093000Z": a UTC instant in the basic format Google's link takes. */
function basicUtc(date: Date): string {
  return date
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d{3}/, "");
}

/** The "Add to Google Calendar" link: Google's event template, filled in. */
export function googleCalendarLink(event: {
  title: string;
  start: Date;
  end: Date;
  details: string;
  location: string;
}): string {
  const url = new URL("https://calendar.google.com/calendar/render");
  url.searchParams.set("action", "TEMPLATE");
  url.searchParams.set("text", event.title);
  url.searchParams.set("dates", `${basicUtc(event.start)}/${basicUtc(event.end)}`);
  url.searchParams.set("details", event.details);
  url.searchParams.set("location", event.location);
  return url.toString();
}

/** `url` when it is an absolute https URL, else null: what the server says is checked before it becomes a link. */
export function httpsUrlOrNull(url: unknown): string | null {
  if (typeof url !== "string") return null;
  try {
    return new URL(url).protocol === "https:" ? url : null;
  } catch {
    return null;
  }
}
