/**
 * Normalising and hashing the identifiers the ad platforms match on. The two platforms differ:
 * - Meta (Conversions API, customer information parameters): e-mail trimmed and lowercased; phone
 *   as digits only, with the country code and no leading zeros or '+'.
 * - Google (enhanced conversions for leads): e-mail trimmed and lowercased, and for gmail.com and
 *   googlemail.com addresses the dots before the '@' removed; phone in E.164 ('+' and digits).
 * Both take the SHA-256 of the normalised value as 64 lowercase hex characters. Numbers written
 * the Nigerian way (0803 123 4567) get Nigeria's country code, since the agency's visitors are
 * mainly there; numbers written with '+' or '00' keep theirs.
 */
import { createHash } from "node:crypto";

const DEFAULT_COUNTRY_CODE = "234";

export function sha256Hex(value: string): string {
  return createHash("sha256").update(value, "utf8").digest("hex");
}

export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

export function normaliseEmailForGoogle(email: string): string {
  const normalised = normaliseEmail(email);
  const at = normalised.lastIndexOf("@");
  if (at < 0) return normalised;
  const domain = normalised.slice(at + 1);
  return domain === "gmail.com" || domain === "googlemail.com"
    ? `${normalised.slice(0, at).replace(/\./g, "")}@${domain}`
    : normalised;
}

/** Digits with the country code (Meta's `ph` before hashing), or null when too short to be a number. */
export function phoneDigits(phone: string, countryCode = DEFAULT_COUNTRY_CODE): string | null {
  const trimmed = phone.trim();
  let digits = trimmed.replace(/\D/g, "");
  if (trimmed.startsWith("+")) {
    // already international
  } else if (digits.startsWith("00")) {
    digits = digits.slice(2);
  } else if (digits.startsWith("0")) {
    digits = countryCode + digits.replace(/^0+/, "");
  } else if (!digits.startsWith(countryCode) && digits.length <= 10) {
    digits = countryCode + digits;
  }
  return digits.length >= 8 && digits.length <= 15 ? digits : null;
}

/** E.164 (Google's `hashedPhoneNumber` before hashing), or null. */
export function phoneE164(phone: string, countryCode = DEFAULT_COUNTRY_CODE): string | null {
  const digits = phoneDigits(phone, countryCode);
  return digits ? `+${digits}` : null;
}

/** Meta's click id parameter: `fb.1.<click time in ms>.<fbclid>`, the fbclid unchanged. */
export function fbcOf(fbclid: string, clickedAt: Date): string {
  return `fb.1.${clickedAt.getTime()}.${fbclid}`;
}
