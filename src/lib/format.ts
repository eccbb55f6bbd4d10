/** Text and date formatting for the blog, and the one check that decides whether a URL may be shown. */
import { oneLine } from "./text.js";

const EXCERPT_LENGTH = 120;
const META_DESCRIPTION_LENGTH = 160;

/** The first `length` characters of the text plus '...' when it was cut. */
export function excerpt(text: string, length: number = EXCERPT_LENGTH): string {
  return text.length > length ? `${text.slice(0, length)}...` : text;
}

/** The first 160 characters of a post's content, on one line, for the meta description. */
export function metaDescription(content: string, length: number = META_DESCRIPTION_LENGTH): string {
  return oneLine(content).slice(0, length);
}

const MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
] as const;

/**
 * Long US date, for example 'March 5, 2025', of the day in UTC. An unreadable value gives an empty
 * string. Written out rather than with Intl.DateTimeFormat, for two reasons measured in the browser:
 * a page's first DateTimeFormat loads the locale's date patterns, 60 ms of one hydration task at 4x
 * CPU on a post, where the server's text is already on screen; and a formatter in the visitor's own
 * zone can name another day than the server's render did, which React then throws away and renders
 * again. UTC is the zone the server renders in, so every reader sees the same date.
 */
export function formatLongDate(value: string | Date): string {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return "";
  return `${MONTHS[date.getUTCMonth()]} ${date.getUTCDate()}, ${date.getUTCFullYear()}`;
}

/** True only for absolute http(s) URLs: anything else (javascript:, data:, relative) is not rendered. */
export function isSafeHttpUrl(value: string | null | undefined): value is string {
  if (!value) return false;
  try {
    const url = new URL(value.trim());
    return url.protocol === "http:" || url.protocol === "https:";
  } catch {
    return false;
  }
}
