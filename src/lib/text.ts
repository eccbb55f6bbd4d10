/**
 * Small text rules shared by the browser, the server functions (src/server) and the build scripts:
 * the one HTML escaper, and what counts as an e-mail address.
 */

/**
 * Text for an HTML attribute value or element content. `"content"` escapes only what element
 * content needs (`&`, `<`, `>`), leaving quotes and apostrophes as written.
 */
export function escapeHtml(text: string, where: "attribute" | "content" = "attribute"): string {
  const escaped = text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
  return where === "content" ? escaped : escaped.replace(/"/g, "&quot;").replace(/'/g, "&#39;");
}

/** The longest address SMTP carries (RFC 5321). */
export const MAX_EMAIL_LENGTH = 254;

const EMAIL_PATTERN = /^[^\s@<>()[\]\\,;:"]+@[^\s@<>()[\]\\,;:"]+\.[^\s@<>()[\]\\,;:".]{2,}$/;

/**
 * A plausible e-mail address: something, one @, a dotted domain ending in two or more characters; no
 * spaces, angle brackets, quotes or list punctuation. The newsletter and the contact form both check
 * with it (the leads table's constraint accepts at least as much).
 */
export function isEmailAddress(value: string): boolean {
  return value.length <= MAX_EMAIL_LENGTH && EMAIL_PATTERN.test(value);
}

/**
 * Text as one line (a name in a header, a calendar's parameter, a meta description): control
 * characters (CR, LF, tab, NUL, the Unicode line separators) and runs of spaces read as one space,
 * none at either end.
 */
export function oneLine(text: string): string {
  return text
    .replace(/[\p{Cc}\u2028\u2029]+/gu, " ")
    .replace(/\s+/g, " ")
    .trim();
}
