import { isIP } from "node:net";
import { CONSENT_COOKIE, FBP_COOKIE, isFbp, parseConsentCookie, readCookie } from "../../lib/consent.js";
import type { LeadInsert } from "../../lib/database.js";
import { clientIp } from "../http.js";

/** What a new lead stores of the visitor's consent (cookie `ad_consent`) and, with it, of the browser. */
export function consentColumns(
  request: Request,
  now: Date = new Date(),
): Pick<
  LeadInsert,
  "ad_user_data" | "ad_personalization" | "consent_given_at" | "fbp" | "client_ip" | "client_user_agent"
> {
  const cookies = request.headers.get("cookie");
  const consent = parseConsentCookie(readCookie(cookies, CONSENT_COOKIE), now);
  if (!consent) return { ad_user_data: false, ad_personalization: false, consent_given_at: null };
  const base = {
    ad_user_data: consent.adUserData,
    ad_personalization: consent.adPersonalization,
    consent_given_at: consent.givenAt.toISOString(),
  };
  if (!consent.adUserData) return base;
  const fbp = readCookie(cookies, FBP_COOKIE);
  const ip = clientIp(request);
  return {
    ...base,
    fbp: isFbp(fbp) ? fbp : null,
    // Anyone can send X-Forwarded-For; only a real address is kept (a malformed one would fail the insert).
    client_ip: ip && isIP(ip) ? ip : null,
    client_user_agent: request.headers.get("user-agent")?.slice(0, 512) || null,
  };
}
