import { CONSENT_COOKIE, CONSENT_MAX_AGE_SECONDS, formatConsentCookie } from "../../src/lib/consent";

/**
 * A browser that has already answered the consent question (Reject: nothing is ever sent), so the
 * choice does not sit over what the specs click. playwright.config.ts makes it every test's starting
 * state; a spec that opens a browser context of its own passes it too. tests/e2e/consent.spec.ts
 * and tests/e2e/script-budget.spec.ts (a first-time visitor's downloads) start without it. The cookie's domain has no port: it holds for both preview servers.
 */
export function answeredConsentState(givenAt = new Date()) {
  return {
    cookies: [
      {
        name: CONSENT_COOKIE,
        value: formatConsentCookie({ adUserData: false, adPersonalization: false, givenAt }),
        domain: "127.0.0.1",
        path: "/",
        expires: Math.floor(givenAt.getTime() / 1000) + CONSENT_MAX_AGE_SECONDS,
        httpOnly: false,
        secure: true,
        sameSite: "Lax" as const,
      },
    ],
    origins: [],
  };
}
