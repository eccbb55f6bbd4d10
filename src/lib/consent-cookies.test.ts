import { describe, expect, it } from "vitest";
import { CONSENT_MAX_AGE_SECONDS, FBP_MAX_AGE_SECONDS, formatConsentCookie, isFbp, readCookie } from "./consent";
import { readStoredConsent, saveConsent, type CookieEnvironment } from "./consent-cookies";

/**
 * A stand-in for the browser's cookie jar that keeps what was written (name, value, attributes) and,
 * like a browser, forgets a cookie written with Max-Age=0 and (when `refusesSecure`) one marked Secure.
 */
function recordingJar({ secureContext = true, refusesSecure = false, initial = {} as Record<string, string> } = {}) {
  const values = new Map(Object.entries(initial));
  const writes: string[] = [];
  const jar = {
    get cookie() {
      return [...values].map(([name, value]) => `${name}=${value}`).join("; ");
    },
    set cookie(line: string) {
      writes.push(line);
      const [pair, ...attributes] = line.split("; ");
      const [name, value] = [pair!.slice(0, pair!.indexOf("=")), pair!.slice(pair!.indexOf("=") + 1)];
      if (refusesSecure && attributes.includes("Secure")) return;
      if (attributes.includes("Max-Age=0")) values.delete(name);
      else values.set(name, value);
    },
  };
  const env: CookieEnvironment = { jar, secureContext };
  return { env, writes, values };
}

const now = new Date("2026-11-24T10:00:00Z");
const seconds = now.getTime() / 1000;

describe("saveConsent", () => {
  it("Accept writes v1.1.1 for 12 months and a new _fbp for 90 days, both Secure, SameSite=Lax, Path=/", () => {
    const { env, writes, values } = recordingJar();
    saveConsent({ adUserData: true, adPersonalization: true }, env, now, () => 0.5);
    expect(writes).toEqual([
      `ad_consent=v1.1.1.${seconds}; Path=/; Max-Age=${CONSENT_MAX_AGE_SECONDS}; SameSite=Lax; Secure`,
      `_fbp=fb.1.${now.getTime()}.5500000000; Path=/; Max-Age=${FBP_MAX_AGE_SECONDS}; SameSite=Lax; Secure`,
    ]);
    expect(isFbp(values.get("_fbp"))).toBe(true);
    expect(CONSENT_MAX_AGE_SECONDS).toBe(365 * 86400);
    expect(FBP_MAX_AGE_SECONDS).toBe(90 * 86400);
  });

  it("Reject writes v1.0.0 and no _fbp", () => {
    const { env, writes, values } = recordingJar();
    saveConsent({ adUserData: false, adPersonalization: false }, env, now);
    expect(writes).toEqual([
      `ad_consent=v1.0.0.${seconds}; Path=/; Max-Age=${CONSENT_MAX_AGE_SECONDS}; SameSite=Lax; Secure`,
    ]);
    expect(values.has("_fbp")).toBe(false);
  });

  it("personalisation without measurement writes v1.0.1 and no _fbp", () => {
    const { env, values } = recordingJar();
    saveConsent({ adUserData: false, adPersonalization: true }, env, now);
    expect(values.get("ad_consent")).toBe(`v1.0.1.${seconds}`);
    expect(values.has("_fbp")).toBe(false);
  });

  it("keeps the _fbp this browser already has while measurement stays accepted", () => {
    const existing = "fb.1.1700000000000.1234567890";
    const { env, values } = recordingJar({ initial: { _fbp: existing } });
    saveConsent({ adUserData: true, adPersonalization: false }, env, now, () => 0.1);
    expect(values.get("_fbp")).toBe(existing);
    expect(values.get("ad_consent")).toBe(`v1.1.0.${seconds}`);
  });

  it("replaces an _fbp that is not in Meta's format", () => {
    const { env, values } = recordingJar({ initial: { _fbp: "tampered" } });
    saveConsent({ adUserData: true, adPersonalization: false }, env, now, () => 0);
    expect(values.get("_fbp")).toBe(`fb.1.${now.getTime()}.1000000000`);
  });

  it("withdrawing measurement deletes _fbp", () => {
    const { env, writes, values } = recordingJar({
      initial: { _fbp: "fb.1.1700000000000.1234567890", ad_consent: "v1.1.1.1790000000" },
    });
    saveConsent({ adUserData: false, adPersonalization: false }, env, now);
    expect(values.has("_fbp")).toBe(false);
    expect(writes).toContain("_fbp=; Path=/; Max-Age=0; SameSite=Lax; Secure");
    expect(values.get("ad_consent")).toBe(`v1.0.0.${seconds}`);
  });

  it("leaves out Secure outside a secure context (the dev server over plain http on the LAN)", () => {
    const { env, writes } = recordingJar({ secureContext: false });
    saveConsent({ adUserData: true, adPersonalization: false }, env, now, () => 0.5);
    expect(writes.every((line) => !line.includes("Secure"))).toBe(true);
    expect(writes).toHaveLength(2);
  });

  it("writes without Secure when the browser refuses it, so the choice is still kept", () => {
    const { env, values } = recordingJar({ refusesSecure: true });
    saveConsent({ adUserData: true, adPersonalization: true }, env, now, () => 0.5);
    expect(values.get("ad_consent")).toBe(`v1.1.1.${seconds}`);
    expect(isFbp(values.get("_fbp"))).toBe(true);
  });
});

describe("readStoredConsent", () => {
  it("reads back what saveConsent wrote", () => {
    const { env } = recordingJar();
    saveConsent({ adUserData: true, adPersonalization: false }, env, now);
    expect(readStoredConsent(env, now)).toEqual({ adUserData: true, adPersonalization: false, givenAt: now });
  });

  it("is null with no cookie, a malformed one, or one older than 12 months", () => {
    expect(readStoredConsent(recordingJar().env, now)).toBeNull();
    expect(readStoredConsent(recordingJar({ initial: { ad_consent: "yes" } }).env, now)).toBeNull();
    const old = formatConsentCookie({
      adUserData: true,
      adPersonalization: true,
      givenAt: new Date("2025-11-01T00:00:00Z"),
    });
    expect(readStoredConsent(recordingJar({ initial: { ad_consent: old } }).env, now)).toBeNull();
    expect(readCookie(recordingJar({ initial: { ad_consent: old } }).env.jar.cookie, "ad_consent")).toBe(old);
  });
});
