import * as crypto from "node:crypto";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { isGenuinePaystackWebhook, parsePaystackEvent, paystackSettings, paystackSignature } from "./paystack";

// The signature's comparison is watched: it must be timingSafeEqual over two equal-length buffers.
vi.mock("node:crypto", async (importOriginal) => {
  const actual = await importOriginal<typeof import("node:crypto")>();
  return { ...actual, timingSafeEqual: vi.fn(actual.timingSafeEqual) };
});
const timingSafeEqual = vi.mocked(crypto.timingSafeEqual);

const KEY = "sk_test_0123456789abcdef0123456789abcdef01234567";
/** Computed apart from the module, as Paystack's own snippet does. */
const sign = (body: string | Buffer, key = KEY) => crypto.createHmac("sha512", key).update(body).digest("hex");

/** transaction-successful.json's shape (Paystack's docs), trimmed to what is read and a little more. */
const chargeSuccess = (data: Record<string, unknown> = {}) =>
  JSON.stringify({
    event: "charge.success",
    data: {
      id: 302961,
      domain: "live",
      status: "success",
      reference: "dep-7f3a9c",
      amount: 25_000_000,
      message: null,
      gateway_response: "Approved by Financial Institution",
      paid_at: "2026-11-29T10:15:19.000Z",
      created_at: "2026-11-29T10:14:56.000Z",
      channel: "card",
      currency: "NGN",
      metadata: { proposal_id: "p-1", purpose: "deposit" },
      customer: { email: "ada@example.com" },
      ...data,
    },
  });

/** refund-processed.json's shape: the amount is a string. */
const refundProcessed = (data: Record<string, unknown> = {}) =>
  JSON.stringify({
    event: "refund.processed",
    data: {
      status: "processed",
      transaction_reference: "dep-7f3a9c",
      refund_reference: "132013318360",
      amount: "5000000",
      currency: "NGN",
      processor: "mpgs_zen",
      integration: 412829,
      domain: "live",
      ...data,
    },
  });

describe("the webhook's signature", () => {
  beforeEach(() => {
    timingSafeEqual.mockClear();
  });

  it("accepts a genuine body, as a string or the raw bytes, and signs as Paystack does", () => {
    const body = chargeSuccess();
    expect(paystackSignature(body, KEY)).toBe(sign(body));
    expect(isGenuinePaystackWebhook(body, sign(body), KEY)).toBe(true);
    expect(isGenuinePaystackWebhook(Buffer.from(body), sign(body), KEY)).toBe(true);
    expect(isGenuinePaystackWebhook(body, sign(body).toUpperCase(), KEY)).toBe(true);
  });

  it("refuses a body with one byte changed, and a body signed with another key", () => {
    const body = Buffer.from(chargeSuccess());
    const signature = sign(body);
    for (const index of [0, body.length >> 1, body.length - 1]) {
      const changed = Buffer.from(body);
      changed[index] = changed[index]! ^ 1;
      expect(isGenuinePaystackWebhook(changed, signature, KEY)).toBe(false);
    }
    expect(isGenuinePaystackWebhook(body, sign(body, "sk_test_another"), KEY)).toBe(false);
    expect(isGenuinePaystackWebhook(body, signature, "sk_test_another")).toBe(false);
  });

  it("refuses a missing, empty, odd-length, short, long or non-hex header", () => {
    const body = chargeSuccess();
    const signature = sign(body);
    for (const header of [
      undefined,
      null,
      "",
      signature.slice(0, -1),
      signature.slice(0, 64),
      `${signature}00`,
      `${signature.slice(0, -2)}zz`,
      ` ${signature.slice(1)}`,
      `sha512=${signature}`,
    ])
      expect(isGenuinePaystackWebhook(body, header, KEY)).toBe(false);
  });

  it("compares in constant time: timingSafeEqual over two 64-byte buffers decides, whatever byte differs", () => {
    const body = chargeSuccess();
    const signature = sign(body);
    const first = `${(parseInt(signature[0]!, 16) ^ 1).toString(16)}${signature.slice(1)}`;
    const last = `${signature.slice(0, -1)}${(parseInt(signature.at(-1)!, 16) ^ 1).toString(16)}`;
    expect(isGenuinePaystackWebhook(body, first, KEY)).toBe(false);
    expect(isGenuinePaystackWebhook(body, last, KEY)).toBe(false);
    expect(isGenuinePaystackWebhook(body, signature, KEY)).toBe(true);
    expect(timingSafeEqual).toHaveBeenCalledTimes(3);
    for (const [index, [a, b]] of timingSafeEqual.mock.calls.entries()) {
      expect([(a as Buffer).length, (b as Buffer).length]).toEqual([64, 64]);
      expect(timingSafeEqual.mock.results[index]!.value).toBe(index === 2);
    }
  });
});

describe("the webhook's events", () => {
  it("reads charge.success: reference, amount, currency, channel, paid_at and metadata", () => {
    expect(parsePaystackEvent(chargeSuccess())).toEqual({
      kind: "charge.success",
      reference: "dep-7f3a9c",
      amount: 25_000_000,
      currency: "NGN",
      channel: "card",
      paid_at: "2026-11-29T10:15:19.000Z",
      metadata: { proposal_id: "p-1", purpose: "deposit" },
    });
    expect(parsePaystackEvent(Buffer.from(chargeSuccess({ channel: "bank_transfer" })))).toMatchObject({
      kind: "charge.success",
      channel: "bank_transfer",
    });
  });

  it('reads Paystack\'s empty metadata (0 and "") as none, and metadata sent as JSON as its object', () => {
    expect(parsePaystackEvent(chargeSuccess({ metadata: 0 }))).toMatchObject({ metadata: null });
    expect(parsePaystackEvent(chargeSuccess({ metadata: "" }))).toMatchObject({ metadata: null });
    expect(parsePaystackEvent(chargeSuccess({ metadata: '{"purpose":"balance"}' }))).toMatchObject({
      metadata: { purpose: "balance" },
    });
  });

  it("keeps a currency other than the two asked in (the database flags it, it is not malformed)", () => {
    expect(parsePaystackEvent(chargeSuccess({ currency: "GHS" }))).toMatchObject({
      kind: "charge.success",
      currency: "GHS",
    });
  });

  it("reads refund.processed: the transaction's reference and the amount refunded (a string in Paystack's sample)", () => {
    expect(parsePaystackEvent(refundProcessed())).toEqual({
      kind: "refund.processed",
      transaction_reference: "dep-7f3a9c",
      refund_reference: "132013318360",
      amount: 5_000_000,
      currency: "NGN",
    });
    expect(parsePaystackEvent(refundProcessed({ amount: 700 }))).toMatchObject({ amount: 700 });
    expect(parsePaystackEvent(refundProcessed({ refund_reference: 132013318361 }))).toMatchObject({
      refund_reference: "132013318361",
    });
  });

  it("acknowledges other events without reading them", () => {
    expect(parsePaystackEvent(JSON.stringify({ event: "transfer.success", data: {} }))).toEqual({
      kind: "ignored",
      event: "transfer.success",
    });
    expect(parsePaystackEvent(JSON.stringify({ event: "refund.pending", data: { amount: "1" } }))).toEqual({
      kind: "ignored",
      event: "refund.pending",
    });
  });

  it("refuses what is not Paystack's shape", () => {
    const malformed = [
      "",
      "not json",
      "[]",
      "null",
      JSON.stringify({ data: {} }),
      JSON.stringify({ event: "charge.success" }),
      JSON.stringify({ event: "charge.success", data: [] }),
      chargeSuccess({ reference: "" }),
      chargeSuccess({ reference: 42 }),
      chargeSuccess({ amount: 0 }),
      chargeSuccess({ amount: -100 }),
      chargeSuccess({ amount: 2500.5 }),
      chargeSuccess({ amount: "25,000" }),
      chargeSuccess({ amount: 2 ** 53 }),
      chargeSuccess({ amount: null }),
      chargeSuccess({ currency: "ngn" }),
      chargeSuccess({ currency: "" }),
      chargeSuccess({ channel: "" }),
      chargeSuccess({ paid_at: "yesterday" }),
      chargeSuccess({ paid_at: null }),
      chargeSuccess({ status: "failed" }),
      refundProcessed({ transaction_reference: undefined }),
      refundProcessed({ refund_reference: null }),
      refundProcessed({ refund_reference: "" }),
      refundProcessed({ amount: "5.000" }),
      refundProcessed({ amount: "0" }),
      refundProcessed({ status: "pending" }),
      refundProcessed({ currency: undefined }),
    ];
    for (const body of malformed) expect(parsePaystackEvent(body)).toMatchObject({ kind: "malformed" });
  });
});

describe("the settings", () => {
  it("are none without the secret key, and default to Paystack's API", () => {
    expect(paystackSettings({})).toBeNull();
    expect(paystackSettings({ PAYSTACK_SECRET_KEY: "  " })).toBeNull();
    expect(paystackSettings({ PAYSTACK_SECRET_KEY: KEY })).toEqual({
      secretKey: KEY,
      apiUrl: "https://api.paystack.co",
    });
    expect(
      paystackSettings({ PAYSTACK_SECRET_KEY: KEY, PAYSTACK_API_URL: "http://127.0.0.1:5173/__local/paystack/" }),
    ).toEqual({ secretKey: KEY, apiUrl: "http://127.0.0.1:5173/__local/paystack" });
  });
});
