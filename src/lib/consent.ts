/**
 * A visitor's choice about ad measurement, kept first-party in a cookie that the browser writes and
 * the server functions read (the contact form's function stores it with the lead; the conversions
 * dispatcher sends nothing without it). Pure functions: they run in the browser and in Node.
 *
 * Two purposes, named as Google's consent mode names them:
 * - `adUserData` ("measuring which ad brought you"): the Meta Conversions API and Google Ads
 *   conversion uploads may receive this visitor's hashed e-mail and phone and ad click ids.
 * - `adPersonalization`: the platforms may use it to personalise ads.
 *
 * Cookie value: `v1.<adUserData 0|1>.<adPersonalization 0|1>.<given at, Unix seconds>`; only
 * characters a cookie value may hold unquoted (RFC 6265), so no encoding is needed.
 */

export const CONSENT_COOKIE = "ad_consent";
/** Meta's first-party browser id, written only after the visitor accepts measurement. */
export const FBP_COOKIE = "_fbp";
/** The choice is kept 12 months, then asked again. */
export const CONSENT_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;
/** Meta's own lifetime for `_fbp`. */
export const FBP_MAX_AGE_SECONDS = 90 * 24 * 60 * 60;

export interface Consent {
  adUserData: boolean;
  adPersonalization: boolean;
  givenAt: Date;
}

export function formatConsentCookie(consent: Consent): string {
  const flag = (value: boolean) => (value ? "1" : "0");
  return `v1.${flag(consent.adUserData)}.${flag(consent.adPersonalization)}.${Math.floor(consent.givenAt.getTime() / 1000)}`;
}

const CONSENT_PATTERN = /^v1\.([01])\.([01])\.(\d{9,11})$/;

/** The choice a cookie value records, or null for a missing, malformed or future-dated one. */
export function parseConsentCookie(value: string | null | undefined, now: Date = new Date()): Consent | null {
  const match = value ? CONSENT_PATTERN.exec(value.trim()) : null;
  if (!match) return null;
  const givenAt = new Date(Number(match[3]) * 1000);
  // A choice from the future was not made by this visitor's browser; one older than the cookie's
  // lifetime has expired and must be asked again.
  if (givenAt.getTime() > now.getTime() + 60_000) return null;
  if (now.getTime() - givenAt.getTime() > CONSENT_MAX_AGE_SECONDS * 1000) return null;
  return { adUserData: match[1] === "1", adPersonalization: match[2] === "1", givenAt };
}

/** One cookie's value from a `Cookie` header (or `document.cookie`), or null. */
export function readCookie(header: string | null | undefined, name: string): string | null {
  if (!header) return null;
  for (const part of header.split(";")) {
    const index = part.indexOf("=");
    if (index < 0 || part.slice(0, index).trim() !== name) continue;
    const raw = part.slice(index + 1).trim();
    try {
      return decodeURIComponent(raw);
    } catch {
      return raw;
    }
  }
  return null;
}

/** Meta's `_fbp` format: `fb.1.<creation time in ms>.<random number>`. */
export function makeFbp(now: Date, random: number): string {
  return `fb.1.${now.getTime()}.${Math.floor(random * 9e9) + 1e9}`;
}

const FBP_PATTERN = /^fb\.1\.\d{13}\.\d{1,20}$/;

export function isFbp(value: string | null | undefined): value is string {
  return !!value && FBP_PATTERN.test(value);
}
