import { describe, expect, it } from "vitest";
import { memoryTokenCache, sendToGoogle } from "../../src/server/conversions/google-ads";
import { sha256Hex } from "../../src/server/conversions/identifiers";
import { conversionSettings } from "../../src/server/conversions/settings";
import type { ClaimedEvent } from "../../src/server/conversions/types";
import { createGoogleAdsStandin } from "./google-ads-standin";
import { createMetaStandin } from "./meta-standin";

/** The stand-ins refuse what the platforms refuse, in the platforms' error shapes. */
const now = new Date("2026-11-24T12:00:00Z");
const nowS = Math.floor(now.getTime() / 1000);

describe("the Meta stand-in", () => {
  const meta = createMetaStandin("/meta", () => now);
  const post = (body: Record<string, unknown>, pixel = meta.credentials.pixelId) =>
    meta.handler(
      new Request(`http://127.0.0.1/meta/v26.0/${pixel}/events`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ access_token: meta.credentials.accessToken, ...body }),
      }),
    );
  const event = (overrides: Record<string, unknown> = {}, user: Record<string, unknown> = {}) => ({
    event_name: "Lead",
    event_time: nowS - 60,
    event_id: "e1",
    action_source: "website",
    event_source_url: "https://ascenddigital.ng/contact",
    user_data: { em: [sha256Hex("a@example.com")], client_user_agent: "UA", ...user },
    ...overrides,
  });
  const refusal = async (response: Response) => {
    expect(response.status).toBe(400);
    return (
      (await response.json()) as {
        error: { code: number; error_user_msg?: string; message: string; fbtrace_id: string };
      }
    ).error;
  };

  it("accepts a valid event and answers events_received", async () => {
    const response = await post({ data: [event()] });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ events_received: 1, messages: [], fbtrace_id: expect.any(String) });
  });

  it("refuses unhashed e-mail, old or future times, a bad fbc, a website event without user agent", async () => {
    expect((await refusal(await post({ data: [event({}, { em: ["a@example.com"] })] }))).error_user_msg).toMatch(
      /SHA-256/,
    );
    expect(
      (await refusal(await post({ data: [event({}, { em: [sha256Hex("a").toUpperCase()] })] }))).error_user_msg,
    ).toMatch(/lowercase/);
    expect((await refusal(await post({ data: [event({ event_time: nowS - 8 * 86_400 })] }))).error_user_msg).toMatch(
      /7 days/,
    );
    expect((await refusal(await post({ data: [event({ event_time: nowS + 3600 })] }))).error_user_msg).toMatch(
      /future/,
    );
    expect((await refusal(await post({ data: [event({}, { fbc: "fb.1.123.click" })] }))).error_user_msg).toMatch(/fbc/);
    expect((await refusal(await post({ data: [event({}, { client_user_agent: undefined })] }))).error_user_msg).toMatch(
      /client_user_agent/,
    );
  });

  it("takes a Purchase only with its value and currency", async () => {
    const purchase = (custom_data?: Record<string, unknown>) =>
      event({ event_name: "Purchase", event_id: "p1", ...(custom_data ? { custom_data } : {}) });
    expect((await post({ data: [purchase({ value: 240000, currency: "NGN" })] })).status).toBe(200);
    expect((await refusal(await post({ data: [purchase()] }))).error_user_msg).toMatch(
      /custom_data\.value is required/,
    );
    expect(
      (await refusal(await post({ data: [purchase({ value: "240000", currency: "NGN" })] }))).error_user_msg,
    ).toMatch(/custom_data\.value/);
    expect(
      (await refusal(await post({ data: [purchase({ value: 240000, currency: "naira" })] }))).error_user_msg,
    ).toMatch(/custom_data\.currency is required/);
  });

  it("refuses a wrong token (190) and an unknown pixel (100/33)", async () => {
    expect((await refusal(await post({ access_token: "nope", data: [event()] }))).code).toBe(190);
    expect(await refusal(await post({ data: [event()] }, "999"))).toMatchObject({ code: 100, error_subcode: 33 });
  });
});

describe("the Google Ads stand-in and the OAuth refresh flow", () => {
  const google = createGoogleAdsStandin("/google", () => now);
  const c = google.credentials;
  const fetchStandin: typeof fetch = async (input, init) => google.handler(new Request(input as string, init));
  const env = {
    GOOGLE_ADS_API_URL: "http://127.0.0.1/google/v26",
    GOOGLE_OAUTH_TOKEN_URL: "http://127.0.0.1/google/token",
    GOOGLE_ADS_CUSTOMER_ID: c.customerId,
    GOOGLE_ADS_DEVELOPER_TOKEN: c.developerToken,
    GOOGLE_ADS_CLIENT_ID: c.clientId,
    GOOGLE_ADS_CLIENT_SECRET: c.clientSecret,
    GOOGLE_ADS_REFRESH_TOKEN: c.refreshToken,
    GOOGLE_ADS_LEAD_ACTION: c.leadAction,
  };
  const event = (id: string): ClaimedEvent => ({
    id: 1,
    lead_id: id,
    platform: "google",
    event: "lead",
    event_time: "2026-11-24T11:00:00Z",
    attempts: 1,
    claim_token: "t",
    email: "a@example.com",
    phone: "08031234567",
    first_touch: null,
    latest_touch: { gclid: "g-1" },
    ad_user_data: true,
    ad_personalization: false,
    fbp: null,
    client_ip: null,
    client_user_agent: null,
    service: null,
    web_package: null,
    crm_package: null,
    ad_package: null,
    lead_status: "new",
    payment_id: null,
    paid_minor: null,
    paid_currency: null,
  });
  const context = { fetch: fetchStandin, now, timeoutMs: 5000, siteUrl: "https://ascenddigital.ng" };

  it("fetches one access token and reuses it until it expires", async () => {
    const cache = memoryTokenCache();
    const settings = conversionSettings(env).google!;
    expect(await sendToGoogle(event("00000000-0000-4000-8000-000000000001"), settings, context, cache)).toMatchObject({
      kind: "delivered",
    });
    expect(await sendToGoogle(event("00000000-0000-4000-8000-000000000002"), settings, context, cache)).toMatchObject({
      kind: "delivered",
    });
    expect(google.tokenRequests).toBe(1);
    const later = { ...context, now: new Date(now.getTime() + 3600_000) };
    await sendToGoogle(event("00000000-0000-4000-8000-000000000003"), settings, later, cache);
    expect(google.tokenRequests).toBe(2);
  });

  it("counts a repeated order id once, and says so as delivered", async () => {
    const settings = conversionSettings(env).google!;
    const before = google.deliveries().length;
    expect(
      await sendToGoogle(event("00000000-0000-4000-8000-000000000001"), settings, context, memoryTokenCache()),
    ).toMatchObject({ kind: "delivered" });
    expect(google.deliveries()).toHaveLength(before);
  });

  it("fails with Google's words on a revoked refresh token (asking for reconnecting) or a wrong client", async () => {
    const revoked = conversionSettings({ ...env, GOOGLE_ADS_REFRESH_TOKEN: "1//revoked" }).google!;
    expect(
      await sendToGoogle(event("00000000-0000-4000-8000-000000000009"), revoked, context, memoryTokenCache()),
    ).toEqual({
      kind: "failed",
      error: "Google's OAuth server refused the refresh token (invalid_grant: Token has been expired or revoked.).",
      reconnect: true,
    });
    const wrongClient = conversionSettings({ ...env, GOOGLE_ADS_CLIENT_SECRET: "wrong" }).google!;
    expect(
      await sendToGoogle(event("00000000-0000-4000-8000-000000000009"), wrongClient, context, memoryTokenCache()),
    ).toEqual({ kind: "failed", error: expect.stringContaining("invalid_client") });
  });

  it("refuses uploads without partialFailure, with a bad developer token or unhashed identifiers", async () => {
    const token = (
      (await (
        await fetchStandin("http://127.0.0.1/google/token", {
          method: "POST",
          body: new URLSearchParams({
            grant_type: "refresh_token",
            client_id: c.clientId,
            client_secret: c.clientSecret,
            refresh_token: c.refreshToken,
          }),
        })
      ).json()) as { access_token: string }
    ).access_token;
    const upload = (body: unknown, developerToken = c.developerToken) =>
      fetchStandin(`http://127.0.0.1/google/v26/customers/${c.customerId}:uploadClickConversions`, {
        method: "POST",
        headers: { authorization: `Bearer ${token}`, "developer-token": developerToken },
        body: JSON.stringify(body),
      });
    const conversion = {
      conversionAction: c.leadAction,
      conversionDateTime: "2026-11-24 11:00:00+00:00",
      orderId: "o-1",
      userIdentifiers: [{ hashedEmail: "a@example.com" }],
    };
    expect((await upload({ conversions: [conversion] })).status).toBe(400);
    expect((await upload({ conversions: [conversion], partialFailure: true }, "wrong")).status).toBe(401);
    const partial = (await (await upload({ conversions: [conversion], partialFailure: true })).json()) as {
      partialFailureError: { code: number; details: { errors: { errorCode: Record<string, string> }[] }[] };
    };
    expect(partial.partialFailureError.code).toBe(3);
    expect(partial.partialFailureError.details[0]!.errors[0]!.errorCode).toEqual({ fieldError: "INVALID_VALUE" });

    // The purchase action counts each conversion's own value: none, or a negative one, is refused.
    const purchase = {
      conversionAction: c.purchaseAction,
      conversionDateTime: "2026-11-24 11:00:00+00:00",
      orderId: "pay-1",
      gclid: "g-1",
    };
    const errorsOf = async (body: unknown) =>
      (
        (await (await upload(body)).json()) as {
          partialFailureError?: { details: { errors: { errorCode: Record<string, string> }[] }[] };
        }
      ).partialFailureError?.details[0]!.errors.map((error) => error.errorCode) ?? [];
    expect(await errorsOf({ conversions: [purchase], partialFailure: true })).toEqual([{ fieldError: "REQUIRED" }]);
    expect(
      await errorsOf({
        conversions: [{ ...purchase, conversionValue: -1, currencyCode: "NGN" }],
        partialFailure: true,
      }),
    ).toEqual([{ fieldError: "INVALID_VALUE" }]);
    expect(
      await errorsOf({
        conversions: [{ ...purchase, conversionValue: 240000, currencyCode: "NGN" }],
        partialFailure: true,
      }),
    ).toEqual([]);
  });
});
