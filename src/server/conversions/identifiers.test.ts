import { describe, expect, it } from "vitest";
import { fbcOf, normaliseEmail, normaliseEmailForGoogle, phoneDigits, phoneE164, sha256Hex } from "./identifiers";
import { conversionSettings, DEFAULT_GOOGLE_ADS_API_URL, DEFAULT_META_GRAPH_URL } from "./settings";

describe("normalising and hashing, against the platforms' documented examples", () => {
  it("hashes a phone as Meta's Conversions API example does (digits with country code: 12345678901)", () => {
    expect(sha256Hex(phoneDigits("+1 (234) 567-8901")!)).toBe(
      "254aa248acb47dd654ca3ea53f48c2c26d641d23d7e2e93a1ec56258df7674c4",
    );
  });

  it("trims and lowercases e-mail before hashing (Person@Example.com → person@example.com)", () => {
    expect(normaliseEmail("  Person@Example.com ")).toBe("person@example.com");
    expect(sha256Hex(normaliseEmail("  Person@Example.com "))).toBe(
      "542d240129883c019e106e3b1b2d3f3cb3537c43c425364de8e951d5a3083345",
    );
  });

  it("gives 64 lowercase hex characters", () => {
    expect(sha256Hex("x")).toMatch(/^[0-9a-f]{64}$/);
  });

  it("writes Nigerian numbers with 234, and keeps other countries' codes", () => {
    expect(phoneDigits("0803 123 4567")).toBe("2348031234567");
    expect(phoneDigits("+234 (0)803-123-4567".replace("(0)", ""))).toBe("2348031234567");
    expect(phoneDigits("803 123 4567")).toBe("2348031234567");
    expect(phoneDigits("00 44 844 412 4653")).toBe("448444124653");
    expect(phoneDigits("+44 844 412 4653")).toBe("448444124653");
    expect(phoneDigits("12")).toBeNull();
  });

  it("gives Google E.164 phones and gmail addresses without dots before the @", () => {
    expect(phoneE164("0803 123 4567")).toBe("+2348031234567");
    expect(normaliseEmailForGoogle(" Jane.Doe@GMail.com ")).toBe("janedoe@gmail.com");
    expect(normaliseEmailForGoogle("jane.doe@googlemail.com")).toBe("janedoe@googlemail.com");
    expect(normaliseEmailForGoogle("Jane.Doe@Example.com")).toBe("jane.doe@example.com");
  });

  it("builds fbc from the click time in milliseconds and the fbclid unchanged", () => {
    expect(fbcOf("IwAR2F4-dbP0l7Mn1IawQQGCINEz7PYXQvwjNwB_qa2ofrHyiLjcbCRxTDMgk", new Date(1554763694565))).toBe(
      "fb.1.1554763694565.IwAR2F4-dbP0l7Mn1IawQQGCINEz7PYXQvwjNwB_qa2ofrHyiLjcbCRxTDMgk",
    );
  });
});

describe("conversionSettings", () => {
  it("configures nothing when nothing is set", () => {
    expect(conversionSettings({})).toEqual({ meta: null, google: null, cronSecret: null, serviceRoleKey: null });
  });

  it("needs every Google credential and one conversion action; strips dashes from customer ids", () => {
    const google = {
      GOOGLE_ADS_CUSTOMER_ID: "123-456-7890",
      GOOGLE_ADS_LOGIN_CUSTOMER_ID: "987-654-3210",
      GOOGLE_ADS_DEVELOPER_TOKEN: "dev",
      GOOGLE_ADS_CLIENT_ID: "client",
      GOOGLE_ADS_CLIENT_SECRET: "secret",
      GOOGLE_ADS_REFRESH_TOKEN: "refresh",
      GOOGLE_ADS_LEAD_ACTION: "customers/1234567890/conversionActions/1",
    };
    expect(conversionSettings({ ...google, GOOGLE_ADS_REFRESH_TOKEN: " " }).google).toBeNull();
    expect(conversionSettings({ ...google, GOOGLE_ADS_LEAD_ACTION: "" }).google).toBeNull();
    expect(conversionSettings(google).google).toMatchObject({
      customerId: "1234567890",
      loginCustomerId: "9876543210",
      actions: { lead: "customers/1234567890/conversionActions/1", qualified: null },
      apiUrl: DEFAULT_GOOGLE_ADS_API_URL,
    });
  });

  it("configures Meta with a pixel and a token, the Graph URL overridable", () => {
    expect(conversionSettings({ META_PIXEL_ID: "1" }).meta).toBeNull();
    expect(conversionSettings({ META_PIXEL_ID: "1", META_CAPI_TOKEN: "t" }).meta).toEqual({
      pixelId: "1",
      accessToken: "t",
      testEventCode: null,
      graphUrl: DEFAULT_META_GRAPH_URL,
    });
    expect(
      conversionSettings({ META_PIXEL_ID: "1", META_CAPI_TOKEN: "t", META_GRAPH_URL: "http://127.0.0.1:9/meta/v26.0/" })
        .meta?.graphUrl,
    ).toBe("http://127.0.0.1:9/meta/v26.0");
  });
});
