import { leadsCopy } from "../../../content/leads";
import type { Lead } from "../data/leads";

const copy = leadsCopy.response;

/**
 * A time to respond as a person says it: 'under 1 min', '14 min', '2 h 5 min', '1 day 3 h',
 * '3 days'. Minutes are rounded; from a day on, hours are shown only under three days, and from
 * three days whole days (rounded).
 */
function formatDuration(seconds: number): string {
  if (!Number.isFinite(seconds) || seconds < 0) return copy.none;
  const minutes = Math.round(seconds / 60);
  if (minutes < 1) return copy.duration.underAMinute;
  if (minutes < 60) return copy.duration.minutes(minutes);
  const hours = Math.round(minutes / 60);
  if (minutes < 24 * 60) return copy.duration.hours(Math.floor(minutes / 60), minutes % 60);
  if (hours < 72) return copy.duration.days(Math.floor(hours / 24), hours % 24);
  return copy.duration.days(Math.round(hours / 24), 0);
}

/** Seconds from the lead's arrival to its first response; null while it is not answered. */
function responseSeconds(lead: Pick<Lead, "created_at" | "first_response_at">): number | null {
  if (!lead.first_response_at) return null;
  const seconds = (Date.parse(lead.first_response_at) - Date.parse(lead.created_at)) / 1000;
  return Number.isFinite(seconds) ? Math.max(0, seconds) : null;
}

/** 'answered in 14 min', or 'not answered yet'. */
export function responseText(lead: Pick<Lead, "created_at" | "first_response_at">): string {
  const seconds = responseSeconds(lead);
  return seconds === null ? copy.notAnswered : copy.answeredIn(formatDuration(seconds));
}

/** A median in seconds from a report, or '—' when nothing was answered. */
export function medianText(seconds: number | null): string {
  return seconds === null ? copy.none : formatDuration(seconds);
}
