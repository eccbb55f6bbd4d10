import {
  CONSENT_COOKIE,
  CONSENT_MAX_AGE_SECONDS,
  FBP_COOKIE,
  FBP_MAX_AGE_SECONDS,
  formatConsentCookie,
  isFbp,
  makeFbp,
  parseConsentCookie,
  readCookie,
  type Consent,
} from "./consent";

/**
 * Writes the visitor's choice into first-party cookies (the format is src/lib/consent.ts's), in the
 * browser only. `document.cookie` is written by hand rather than through a cookie library: the values
 * hold only characters a cookie may carry unencoded, so a library would add bytes and nothing else.
 */

/** Where cookies are read and written: `document` in the browser, a stand-in in tests. */
interface CookieJar {
  cookie: string;
}

export interface CookieEnvironment {
  jar: CookieJar;
  /**
   * Browsers keep a `Secure` cookie only from a secure context: https, and http on loopback
   * (Chromium keeps it on http://127.0.0.1; checked). A developer opening the dev server over the LAN
   * (http://192.168...) is not in one, and a `Secure` cookie would silently vanish, asking again
   * on every page: there the attribute is left out. Production is https, so it always has it.
   */
  secureContext: boolean;
}

function browserEnvironment(): CookieEnvironment {
  return { jar: document, secureContext: window.isSecureContext };
}

function attributes(maxAgeSeconds: number, secure: boolean): string {
  return `; Path=/; Max-Age=${maxAgeSeconds}; SameSite=Lax${secure ? "; Secure" : ""}`;
}

function writeCookie(env: CookieEnvironment, name: string, value: string, maxAgeSeconds: number) {
  env.jar.cookie = `${name}=${value}${attributes(maxAgeSeconds, env.secureContext)}`;
  // A browser that refuses `Secure` on http loopback (older Safari) drops the cookie: write it plain.
  if (env.secureContext && maxAgeSeconds > 0 && readCookie(env.jar.cookie, name) !== value) {
    env.jar.cookie = `${name}=${value}${attributes(maxAgeSeconds, false)}`;
  }
}

/** The choice this browser holds, or null when it has none that is still valid (ask again). */
export function readStoredConsent(env: CookieEnvironment = browserEnvironment(), now = new Date()): Consent | null {
  return parseConsentCookie(readCookie(env.jar.cookie, CONSENT_COOKIE), now);
}

export interface ConsentChoice {
  adUserData: boolean;
  adPersonalization: boolean;
}

/**
 * Records a choice: the consent cookie for 12 months; Meta's `_fbp` browser id only while
 * measurement is accepted (kept if this browser already has one), deleted when it is not.
 */
export function saveConsent(
  choice: ConsentChoice,
  env: CookieEnvironment = browserEnvironment(),
  now = new Date(),
  random: () => number = Math.random,
): Consent {
  const consent: Consent = { ...choice, givenAt: now };
  writeCookie(env, CONSENT_COOKIE, formatConsentCookie(consent), CONSENT_MAX_AGE_SECONDS);
  const fbp = readCookie(env.jar.cookie, FBP_COOKIE);
  if (choice.adUserData) {
    if (!isFbp(fbp)) writeCookie(env, FBP_COOKIE, makeFbp(now, random()), FBP_MAX_AGE_SECONDS);
  } else if (fbp !== null) {
    writeCookie(env, FBP_COOKIE, "", 0);
  }
  return consent;
}
