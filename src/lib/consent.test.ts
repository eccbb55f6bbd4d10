import { describe, expect, it } from "vitest";
import {
  CONSENT_MAX_AGE_SECONDS,
  formatConsentCookie,
  isFbp,
  makeFbp,
  parseConsentCookie,
  readCookie,
} from "./consent";

const now = new Date("2026-11-24T10:00:00Z");

describe("the consent cookie", () => {
  it("round-trips both purposes and the time of the choice", () => {
    const value = formatConsentCookie({ adUserData: true, adPersonalization: false, givenAt: now });
    expect(value).toBe("v1.1.0.1795514400");
    expect(parseConsentCookie(value, now)).toEqual({ adUserData: true, adPersonalization: false, givenAt: now });
  });

  it("refuses malformed, future and expired values", () => {
    expect(parseConsentCookie(null, now)).toBeNull();
    expect(parseConsentCookie("yes", now)).toBeNull();
    expect(parseConsentCookie("v1.2.0.1795514400", now)).toBeNull();
    expect(parseConsentCookie("v2.1.1.1795514400", now)).toBeNull();
    expect(parseConsentCookie(`v1.1.1.${1795514400 + 3600}`, now)).toBeNull();
    expect(parseConsentCookie(`v1.1.1.${1795514400 - CONSENT_MAX_AGE_SECONDS - 1}`, now)).toBeNull();
  });

  it("reads one cookie out of a Cookie header", () => {
    expect(readCookie("a=1; ad_consent=v1.0.0.1795514400; _fbp=fb.1.1795514400000.1234567890", "ad_consent")).toBe(
      "v1.0.0.1795514400",
    );
    expect(readCookie("xad_consent=1", "ad_consent")).toBeNull();
    expect(readCookie(null, "ad_consent")).toBeNull();
  });

  it("makes and recognises Meta's _fbp format", () => {
    const fbp = makeFbp(now, 0.5);
    expect(fbp).toBe("fb.1.1795514400000.5500000000");
    expect(isFbp(fbp)).toBe(true);
    expect(isFbp("fb.1.123.456")).toBe(false);
  });
});
