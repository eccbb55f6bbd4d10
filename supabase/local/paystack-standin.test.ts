import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  initializeTransaction,
  isGenuinePaystackWebhook,
  parsePaystackEvent,
  PaystackHttpError,
  PaystackNetworkError,
  PaystackRefusal,
  paystackSettings,
  verifyTransaction,
  type InitializeRequest,
  type PaystackSettings,
} from "../../src/server/payments/paystack";
import { webMiddleware } from "./node-http";
import { createPaystackStandin, LOCAL_PAYSTACK_SECRET_KEY, paystackStandinSettings } from "./paystack-standin";

/**
 * The payments' Paystack client against the stand-in, both over HTTP on 127.0.0.1, and a small
 * receiver in the place of the site's webhook function: it checks each webhook's signature on the
 * raw body as the function will, answers 401 to a forged one and 200 otherwise, and keeps them.
 */
interface Received {
  raw: string;
  signature: string | undefined;
  genuine: boolean;
}

const listen = (server: Server) =>
  new Promise<string>((resolve) =>
    server.listen(0, "127.0.0.1", () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)),
  );
const close = (server: Server) =>
  new Promise<void>((resolve) => {
    server.closeAllConnections();
    server.close(() => resolve());
  });

const standin = createPaystackStandin({ path: "/__local/paystack" });
const received: Received[] = [];
const receiver = createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on("data", (chunk: Buffer) => chunks.push(chunk));
  req.on("end", () => {
    const raw = Buffer.concat(chunks);
    const signature = req.headers["x-paystack-signature"] as string | undefined;
    const genuine = isGenuinePaystackWebhook(raw, signature, LOCAL_PAYSTACK_SECRET_KEY);
    received.push({ raw: raw.toString("utf8"), signature, genuine });
    res.writeHead(genuine ? 200 : 401, { connection: "close" }).end();
  });
});
const api = createServer((req, res) =>
  webMiddleware([standin.path], standin.handler)(req, res, () => res.writeHead(404).end()),
);
let origin = "";
let settings: PaystackSettings;

beforeAll(async () => {
  origin = await listen(api);
  standin.webhookUrl = `${await listen(receiver)}/api/paystack-webhook`;
  settings = paystackSettings(paystackStandinSettings(origin, standin))!;
});
afterAll(async () => {
  await Promise.all([close(api), close(receiver)]);
});
beforeEach(() => {
  received.length = 0;
});

let counter = 0;
const request = (overrides: Partial<InitializeRequest> = {}): InitializeRequest => ({
  email: "ada@example.com",
  amount: 25_000_000,
  currency: "NGN",
  reference: `dep-${Date.now().toString(36)}-${++counter}`,
  callback_url: "https://ascenddigital.ng/proposal/paid?proposal=p-1",
  metadata: { proposal_id: "p-1", purpose: "deposit" },
  ...overrides,
});

/** Presses a checkout button as the browser's form does, and answers where it is sent. */
async function press(authorizationUrl: string, button: "pay" | "decline"): Promise<URL> {
  const response = await fetch(`${authorizationUrl}/${button}`, { method: "POST", redirect: "manual" });
  expect(response.status).toBe(303);
  return new URL(response.headers.get("location")!);
}

const events = () => received.map((item) => parsePaystackEvent(item.raw));

describe("the Paystack stand-in, through the payments' client", () => {
  it("points the payments' settings at itself with the fixed local key", () => {
    expect(settings).toEqual({ secretKey: LOCAL_PAYSTACK_SECRET_KEY, apiUrl: `${origin}/__local/paystack` });
    expect(LOCAL_PAYSTACK_SECRET_KEY).toMatch(/^sk_test_local_/);
  });

  it("initializes a transaction with Paystack's answer, its checkout on the stand-in, unpaid until paid", async () => {
    const asked = request();
    const opened = await initializeTransaction(settings, asked);
    expect(opened).toEqual({
      authorization_url: `${origin}/__local/paystack/checkout/${opened.access_code}`,
      access_code: expect.stringMatching(/^[0-9a-f]{15}$/),
      reference: asked.reference,
    });
    expect(await verifyTransaction(settings, asked.reference)).toEqual({
      status: "abandoned",
      reference: asked.reference,
      amount: 25_000_000,
      currency: "NGN",
      channel: "card",
      paid_at: null,
      metadata: { proposal_id: "p-1", purpose: "deposit" },
    });
  });

  it("shows a checkout page with the amount and the two buttons, its text escaped", async () => {
    const opened = await initializeTransaction(settings, request({ email: "o'brien+<b>@example.com", amount: 1_050 }));
    const response = await fetch(opened.authorization_url);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-security-policy")).toContain("form-action 'self' https://ascenddigital.ng");
    const page = await response.text();
    expect(page).toContain("NGN 10.50");
    expect(page).toContain("o&#39;brien+&lt;b&gt;@example.com");
    expect(page).not.toContain("<b>@");
    expect(page).toMatch(/<form method="post" action="[^"]+\/pay"><button type="submit">Pay<\/button>/);
    expect(page).toMatch(/<form method="post" action="[^"]+\/decline"><button type="submit">Decline<\/button>/);
  });

  it("Pay sends one signed charge.success to the webhook, then returns to the callback with reference and trxref", async () => {
    const asked = request();
    const opened = await initializeTransaction(settings, asked);
    const back = await press(opened.authorization_url, "pay");
    expect(`${back.origin}${back.pathname}`).toBe("https://ascenddigital.ng/proposal/paid");
    expect(Object.fromEntries(back.searchParams)).toEqual({
      proposal: "p-1",
      reference: asked.reference,
      trxref: asked.reference,
    });
    // The webhook was answered before the redirect.
    expect(received).toHaveLength(1);
    expect(received[0]!.genuine).toBe(true);
    expect(events()).toEqual([
      {
        kind: "charge.success",
        reference: asked.reference,
        amount: 25_000_000,
        currency: "NGN",
        channel: "card",
        paid_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        metadata: { proposal_id: "p-1", purpose: "deposit" },
      },
    ]);
    const paid = await verifyTransaction(settings, asked.reference);
    expect(paid).toMatchObject({ status: "success", amount: 25_000_000, currency: "NGN", channel: "card" });
    expect(paid.paid_at).toBe((events()[0] as { paid_at: string }).paid_at);
    expect(standin.webhooks().at(-1)).toMatchObject({
      event: "charge.success",
      reference: asked.reference,
      signature: "genuine",
      status: 200,
    });

    // A second press returns again and charges nothing more.
    expect((await press(opened.authorization_url, "pay")).searchParams.get("reference")).toBe(asked.reference);
    expect(received).toHaveLength(1);
    expect(await (await fetch(opened.authorization_url)).text()).toContain("already paid");
  });

  it("Decline marks the transaction failed, sends no webhook and returns to the callback likewise", async () => {
    const asked = request({ currency: "USD", amount: 150_000, callback_url: "https://ascenddigital.ng/proposal/paid" });
    const opened = await initializeTransaction(settings, asked);
    const back = await press(opened.authorization_url, "decline");
    expect(back.search).toBe(`?trxref=${asked.reference}&reference=${asked.reference}`);
    expect(received).toHaveLength(0);
    expect(await verifyTransaction(settings, asked.reference)).toMatchObject({
      status: "failed",
      amount: 150_000,
      currency: "USD",
      paid_at: null,
    });
  });

  it("refuses a wrong or missing secret key as Paystack does (401)", async () => {
    const wrong = { ...settings, secretKey: "sk_test_not_the_local_one" };
    const refused = await initializeTransaction(wrong, request()).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(PaystackRefusal);
    expect(refused).toMatchObject({ status: 401, paystackMessage: "Invalid key" });
    await expect(verifyTransaction(wrong, "any")).rejects.toMatchObject({
      status: 401,
      paystackMessage: "Invalid key",
    });
    const bare = await fetch(`${settings.apiUrl}/transaction/verify/any`);
    expect(bare.status).toBe(401);
    expect(await bare.json()).toEqual({ status: false, message: "No Authorization Header was found" });
  });

  it("refuses what Paystack refuses in a body, in its words, and an unknown reference", async () => {
    const first = request();
    await initializeTransaction(settings, first);
    await expect(initializeTransaction(settings, first)).rejects.toMatchObject({
      status: 400,
      paystackMessage: "Duplicate Transaction Reference",
      code: "duplicate_reference",
    });
    const raw = (body: Record<string, unknown>) =>
      fetch(`${settings.apiUrl}/transaction/initialize`, {
        method: "POST",
        headers: { authorization: `Bearer ${settings.secretKey}`, "content-type": "application/json" },
        body: JSON.stringify(body),
      }).then(async (response) => ({ status: response.status, body: (await response.json()) as { message: string } }));
    const valid = { email: "ada@example.com", amount: 5000, currency: "NGN" };
    expect(await raw({ ...valid, email: "" })).toMatchObject({
      status: 400,
      body: { message: "Email is not allowed to be empty" },
    });
    expect(await raw({ ...valid, email: "ada" })).toMatchObject({ body: { message: "Invalid Email Address Passed" } });
    for (const amount of [0, -1, 12.5, "12.5", null])
      expect(await raw({ ...valid, amount })).toMatchObject({ body: { message: "Invalid Amount Sent" } });
    expect(await raw({ ...valid, currency: "GHS" })).toMatchObject({
      body: { message: "Currency not supported by merchant" },
    });
    expect(await raw({ ...valid, reference: "dep 1/2" })).toMatchObject({
      body: { message: "Invalid character in transaction reference" },
    });
    // Paystack's own examples send the amount as digits; with no reference it makes one.
    const made = await raw({ ...valid, amount: "500000" });
    expect(made.status).toBe(200);
    await expect(verifyTransaction(settings, "never-opened")).rejects.toMatchObject({
      status: 404,
      paystackMessage: "Transaction reference not found",
    });
    // What the client itself refuses before asking.
    await expect(initializeTransaction(settings, request({ amount: 10.5 }))).rejects.toBeInstanceOf(RangeError);
    await expect(initializeTransaction(settings, request({ reference: "a/b" }))).rejects.toBeInstanceOf(RangeError);
  });
});

describe("the stand-in's test controls", () => {
  it("sends a webhook twice at once, both genuine and the same", async () => {
    const asked = request();
    const opened = await initializeTransaction(settings, asked);
    standin.controls.nextWebhook({ times: 2 });
    await press(opened.authorization_url, "pay");
    expect(received).toHaveLength(2);
    expect(received.every((item) => item.genuine)).toBe(true);
    expect(received[0]!.raw).toBe(received[1]!.raw);
    expect(events().map((event) => (event as { reference: string }).reference)).toEqual([
      asked.reference,
      asked.reference,
    ]);
  });

  it("holds webhooks until released: after the return page's verify, and out of order", async () => {
    const one = request();
    const two = request();
    const first = await initializeTransaction(settings, one);
    const second = await initializeTransaction(settings, two);
    standin.controls.nextWebhook({ late: true });
    standin.controls.nextWebhook({ late: true });
    await press(first.authorization_url, "pay");
    await press(second.authorization_url, "pay");
    expect(received).toHaveLength(0);
    expect(await verifyTransaction(settings, one.reference)).toMatchObject({ status: "success" });
    const sent = await standin.controls.releaseLate([two.reference, one.reference]);
    expect(sent.map((delivery) => [delivery.reference, delivery.status])).toEqual([
      [two.reference, 200],
      [one.reference, 200],
    ]);
    expect(events().map((event) => (event as { reference: string }).reference)).toEqual([two.reference, one.reference]);
    await expect(standin.controls.releaseLate([one.reference])).rejects.toThrow(/No webhook is held/);
  });

  it("makes a payment of another amount than asked: the webhook and verify both say it", async () => {
    const asked = request({ amount: 25_000_000 });
    const opened = await initializeTransaction(settings, asked);
    standin.controls.nextWebhook({ amount: 2_500_000 });
    await press(opened.authorization_url, "pay");
    expect(events()).toEqual([expect.objectContaining({ kind: "charge.success", amount: 2_500_000, currency: "NGN" })]);
    expect(await verifyTransaction(settings, asked.reference)).toMatchObject({ status: "success", amount: 2_500_000 });
  });

  it("signs a webhook with another key, which the receiver refuses", async () => {
    const asked = request();
    const opened = await initializeTransaction(settings, asked);
    standin.controls.nextWebhook({ badSignature: true });
    await press(opened.authorization_url, "pay");
    expect(received).toHaveLength(1);
    expect(received[0]!.genuine).toBe(false);
    expect(received[0]!.signature).toMatch(/^[0-9a-f]{128}$/);
    expect(standin.webhooks().at(-1)).toMatchObject({ reference: asked.reference, signature: "wrong", status: 401 });
    // The next payment is signed again.
    const next = await initializeTransaction(settings, request());
    await press(next.authorization_url, "pay");
    expect(received[1]!.genuine).toBe(true);
  });

  it("sends refund.processed for a paid transaction, signed", async () => {
    const asked = request();
    const opened = await initializeTransaction(settings, asked);
    await press(opened.authorization_url, "pay");
    await standin.controls.refund(asked.reference, 5_000_000);
    expect(received[1]!.genuine).toBe(true);
    expect(events()[1]).toEqual({
      kind: "refund.processed",
      transaction_reference: asked.reference,
      refund_reference: expect.stringMatching(/^[0-9a-f]{12}$/),
      amount: 5_000_000,
      currency: "NGN",
    });
    expect(() => standin.controls.refund("never-paid")).toThrow(/not a paid transaction/);
  });

  it("makes the API fail: a gateway's 5xx, a refusal, a timeout, and answers again after", async () => {
    standin.controls.failApi({ status: 502 });
    const gateway = await initializeTransaction(settings, request()).catch((error: unknown) => error);
    expect(gateway).toBeInstanceOf(PaystackHttpError);
    expect(gateway).toMatchObject({ status: 502, transient: true });

    standin.controls.failApi({ status: 500, message: "An error occurred", times: 2 });
    await expect(verifyTransaction(settings, "x")).rejects.toMatchObject({ status: 500, transient: true });
    await expect(verifyTransaction(settings, "x")).rejects.toBeInstanceOf(PaystackHttpError);

    standin.controls.failApi({ status: 400, message: "Transaction reference is invalid" });
    await expect(verifyTransaction(settings, "x")).rejects.toMatchObject({
      status: 400,
      paystackMessage: "Transaction reference is invalid",
    });

    standin.controls.failApi({ delayMs: 600, message: "late", status: 200 });
    const timedOut = await verifyTransaction(settings, "x", { timeoutMs: 100 }).catch((error: unknown) => error);
    expect(timedOut).toBeInstanceOf(PaystackNetworkError);
    expect(timedOut).toMatchObject({ timedOut: true, message: "Paystack did not answer within 100 ms." });

    // The failure was the one request's: the next is answered at once, while the slow answer is still
    // on its way to nobody.
    const asked = request();
    await expect(initializeTransaction(settings, asked)).resolves.toMatchObject({ reference: asked.reference });
  });

  it("a Paystack that cannot be reached is a network failure", async () => {
    const gone = createServer();
    const url = await listen(gone);
    await close(gone);
    const refused = await verifyTransaction({ ...settings, apiUrl: url }, "x").catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(PaystackNetworkError);
    expect(refused).toMatchObject({
      timedOut: false,
      message: expect.stringMatching(/^Paystack could not be reached/),
    });
  });
});
