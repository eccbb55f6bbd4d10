/** Text and date formatting for the blog, and the one check that decides whether a URL may be shown. */

const EXCERPT_LENGTH = 120;
const META_DESCRIPTION_LENGTH = 160;

/** The first `length` characters of the text plus '...' when it was cut. */
export function excerpt(text: string, length: number = EXCERPT_LENGTH): string {
  return text.length > length ? `${text.slice(0, length)}...` : text;
}

/** The first 160 characters of a post's content, on one line, for the meta description. */
export function metaDescription(content: string, length: number = META_DESCRIPTION_LENGTH): string {
  return content.replace(/\s+/g, " ").trim().slice(0, length);
}

// Made on first use: the first Intl formatter of a process loads the locale data (about 10 ms in
// Node), which a module import should not pay for a page that shows no date (the feeds, the sitemap).
let longDate: Intl.DateTimeFormat | undefined;

/** Long US date, for example 'March 5, 2025'. An unreadable value gives an empty string. */
export function formatLongDate(value: string | Date): string {
  const date = value instanceof Date ? value : new Date(value);
  longDate ??= new Intl.DateTimeFormat("en-US", { year: "numeric", month: "long", day: "numeric" });
  return Number.isNaN(date.getTime()) ? "" : longDate.format(date);
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
