import { randomBytes, randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { Connect, Logger } from "vite";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { LOCAL_SUPABASE_PATHS } from "../../../supabase/local/index";
import { mountLocalPayments } from "../../../supabase/local/local-payments";
import { localOrigin, webMiddleware } from "../../../supabase/local/node-http";
import {
  acceptProposal,
  draftProposal,
  PROPOSAL_HALF_MINOR,
  PROPOSAL_TOTAL_MINOR,
  sendProposal,
} from "../../../supabase/local/proposal-fixtures";
import { LOCAL_PAYSTACK_SECRET_KEY, type PaystackStandin } from "../../../supabase/local/paystack-standin";
import { suiteClients } from "../../../supabase/local/suite-clients";
import { localSupabaseForSuite } from "../../../supabase/local/testing";
import { readSettings } from "../settings";
import { initializeTransaction, paystackSettings, paystackSignature } from "./paystack";
import { createPaystackWebhookHandler, MAX_WEBHOOK_BODY_BYTES } from "./webhook";

/**
 * api/paystack-webhook against the local Supabase (the real migrations and record_payment and
 * record_refund over HTTP with the service-role key; on PGlite, and on PostgreSQL through
 * `npm run test:db:postgres`): proposals made, sent and accepted as the product does, payment requests
 * recorded, then Paystack's events posted signed (or not) to the handler. Last, the dev server's
 * mount: the Paystack stand-in and the function on one server, a checkout paid, its webhook recorded.
 */
const supabase = localSupabaseForSuite();
const { sql, as, service } = suiteClients(supabase);
let salesId = "";

beforeAll(async () => {
  salesId = await supabase.createUser({ email: `webhook-sales-${randomUUID()}@example.com`, password: "pw-123456" });
  await sql(`insert into public.admins (user_id, role) values ($1, 'sales')`, [salesId]);
});

beforeEach(() => {
  vi.spyOn(console, "warn").mockImplementation(() => {});
  vi.spyOn(console, "error").mockImplementation(() => {});
  return () => vi.restoreAllMocks();
});

const KEY = LOCAL_PAYSTACK_SECRET_KEY;
const TOTAL = PROPOSAL_TOTAL_MINOR;
const HALF = PROPOSAL_HALF_MINOR;

/** The suites' proposal of ₦480,000 (proposal-fixtures.ts), sent by Sales and accepted by the client. */
async function acceptedProposal(): Promise<{ id: string; lead: string }> {
  const sales = as(salesId, "aal2");
  const proposal = await draftProposal(sql, sales);
  const accepted = await acceptProposal(service(), await sendProposal(sales, proposal.id));
  if (accepted.error) throw accepted.error;
  return proposal;
}

/** A payment link's reference, as the server records it before sending the client to Paystack. */
async function paymentRequest(proposal: string, purpose: "deposit" | "balance", amount = HALF): Promise<string> {
  const reference = `prop-${randomBytes(6).toString("hex")}`;
  const { error } = await service().rpc("record_payment_request", {
    reference,
    proposal,
    purpose,
    amount_minor: amount,
    currency: "NGN",
  });
  if (error) throw error;
  return reference;
}

/** charge.success as Paystack sends it (transaction-successful.json's fields the function reads, and some it does not). */
const chargeSuccess = (reference: string, amount = HALF, currency = "NGN") =>
  JSON.stringify({
    event: "charge.success",
    data: {
      id: 4_099_260_516,
      domain: "test",
      status: "success",
      reference,
      amount,
      gateway_response: "Successful",
      paid_at: "2026-11-29T10:15:00.000Z",
      channel: "bank_transfer",
      currency,
      metadata: { proposal: "ignored by the function" },
      customer: { email: "chidi@example.ng" },
    },
  });

const refundProcessed = (reference: string, refundReference: string, amount: number) =>
  JSON.stringify({
    event: "refund.processed",
    data: {
      status: "processed",
      transaction_reference: reference,
      refund_reference: refundReference,
      amount: String(amount),
      currency: "NGN",
      processor: "mpgs_zen",
      integration: 412829,
      domain: "test",
    },
  });

const handle = createPaystackWebhookHandler({ settings: () => readSettings({ PAYSTACK_SECRET_KEY: KEY }) });
const WEBHOOK = () => `${supabase.url}/api/paystack-webhook`;

/** Posts `body` signed with `key` (or with `signature` as given, or none when null). */
async function post(body: string, signature: string | null = paystackSignature(body, KEY), using = handle) {
  const response = await using(
    new Request(WEBHOOK(), {
      method: "POST",
      headers: {
        "content-type": "application/json",
        ...(signature === null ? {} : { "x-paystack-signature": signature }),
      },
      body,
    }),
  );
  return { status: response.status, body: (await response.json()) as { message: string; outcome?: string } };
}

const paymentsOf = (reference: string) =>
  sql<{
    amount_minor: string;
    currency: string;
    status: string;
    channel: string;
    recorded_by: string;
    paid_at: string;
  }>(
    `select amount_minor::text, currency, status, channel, recorded_by,
            floor(extract(epoch from paid_at))::bigint::text as paid_at
       from public.payments where reference = $1`,
    [reference],
  );
const statusOf = async (table: "proposals" | "leads", id: string) =>
  (await sql<{ status: string }>(`select status::text from public.${table} where id = $1`, [id]))[0]!.status;

describe("api/paystack-webhook", () => {
  it("records a genuine charge.success once: the payment, the proposal paid in part, the lead won", async () => {
    const proposal = await acceptedProposal();
    const reference = await paymentRequest(proposal.id, "deposit");
    expect(await post(chargeSuccess(reference))).toEqual({
      status: 200,
      body: { message: "Payment recorded.", outcome: "recorded" },
    });
    expect(await paymentsOf(reference)).toEqual([
      {
        amount_minor: String(HALF),
        currency: "NGN",
        status: "counted",
        channel: "bank_transfer",
        recorded_by: "webhook",
        paid_at: String(Date.parse("2026-11-29T10:15:00.000Z") / 1000),
      },
    ]);
    expect(await statusOf("proposals", proposal.id)).toBe("paid_in_part");
    expect(await statusOf("leads", proposal.lead)).toBe("won");

    // Paystack's retry of the same event, and two more at once: still one payment.
    expect((await post(chargeSuccess(reference))).body).toEqual({
      message: "Payment already recorded.",
      outcome: "already",
    });
    const racing = await Promise.all([post(chargeSuccess(reference)), post(chargeSuccess(reference))]);
    expect(racing.map((answer) => answer.body.outcome)).toEqual(["already", "already"]);
    expect(await paymentsOf(reference)).toHaveLength(1);

    // The balance: paid.
    const balance = await paymentRequest(proposal.id, "balance");
    expect((await post(chargeSuccess(balance))).body.outcome).toBe("recorded");
    expect(await statusOf("proposals", proposal.id)).toBe("paid");
  });

  it("refuses an event without Paystack's signature with 401, and records nothing", async () => {
    const proposal = await acceptedProposal();
    const reference = await paymentRequest(proposal.id, "deposit");
    const body = chargeSuccess(reference);
    const missing = await post(body, null);
    expect(missing.status).toBe(401);
    expect(missing.body.message).toMatch(/x-paystack-signature header is missing/);
    for (const signature of [
      paystackSignature(body, `${KEY}-wrong`),
      paystackSignature(chargeSuccess(reference, TOTAL), KEY),
      "not hex at all",
      paystackSignature(body, KEY).slice(0, 64),
    ]) {
      const forged = await post(body, signature);
      expect(forged.status).toBe(401);
      expect(forged.body.message).toMatch(/does not match the body/);
    }
    expect(await paymentsOf(reference)).toEqual([]);
    expect(await statusOf("proposals", proposal.id)).toBe("accepted");
  });

  it.each(["GET", "PUT", "DELETE", "PATCH"])("answers %s with 405 and Allow: POST", async (method) => {
    const response = await handle(new Request(WEBHOOK(), { method, ...(method === "GET" ? {} : { body: "{}" }) }));
    expect(response.status).toBe(405);
    expect(response.headers.get("allow")).toBe("POST");
  });

  it("refuses a body over the limit with 413 before reading it as an event", async () => {
    const proposal = await acceptedProposal();
    const reference = await paymentRequest(proposal.id, "deposit");
    const event = JSON.parse(chargeSuccess(reference)) as { data: Record<string, unknown> };
    event.data.log = "x".repeat(MAX_WEBHOOK_BODY_BYTES);
    const body = JSON.stringify(event);
    const answer = await post(body);
    expect(answer.status).toBe(413);
    expect(answer.body.message).toMatch(/at most 65536 bytes/);
    expect(await paymentsOf(reference)).toEqual([]);
  });

  it("records refund.processed once, which takes a paid proposal back to paid in part", async () => {
    const proposal = await acceptedProposal();
    const deposit = await paymentRequest(proposal.id, "deposit");
    const balance = await paymentRequest(proposal.id, "balance");
    await post(chargeSuccess(deposit));
    await post(chargeSuccess(balance));
    expect(await statusOf("proposals", proposal.id)).toBe("paid");

    const refund = refundProcessed(balance, "3018284", 4_000_000);
    expect(await post(refund)).toEqual({ status: 200, body: { message: "Refund recorded.", outcome: "recorded" } });
    expect((await post(refund)).body.outcome).toBe("already");
    const refunds = await sql<{ refund_reference: string; amount_minor: string; currency: string }>(
      `select r.refund_reference, r.amount_minor::text, r.currency
         from public.payment_refunds r join public.payments p on p.id = r.payment_id where p.reference = $1`,
      [balance],
    );
    expect(refunds).toEqual([{ refund_reference: "3018284", amount_minor: "4000000", currency: "NGN" }]);
    expect(await statusOf("proposals", proposal.id)).toBe("paid_in_part");
  });

  it("answers 200 to what it will never record: a reference nobody asked for, an event it does not act on", async () => {
    expect(await post(chargeSuccess("not-one-of-ours"))).toEqual({
      status: 200,
      body: { message: "No payment was asked with this reference; nothing recorded.", outcome: "unknown" },
    });
    expect(await paymentsOf("not-one-of-ours")).toEqual([]);
    expect((await post(refundProcessed("never-paid", "1", 100))).body.outcome).toBe("unknown");
    expect(console.warn).toHaveBeenCalledWith(expect.stringContaining("not-one-of-ours"));

    const transfer = JSON.stringify({ event: "transfer.success", data: { reference: "t-1", amount: 100 } });
    expect(await post(transfer)).toEqual({
      status: 200,
      body: { message: "transfer.success is not acted on.", outcome: "ignored" },
    });
  });

  it("keeps a payment that is not what was asked, flagged and not counted", async () => {
    const proposal = await acceptedProposal();
    const reference = await paymentRequest(proposal.id, "deposit");
    expect((await post(chargeSuccess(reference, 2_400_000))).body.outcome).toBe("flagged");
    expect(await paymentsOf(reference)).toMatchObject([{ status: "flagged", amount_minor: "2400000" }]);
    expect(await statusOf("proposals", proposal.id)).toBe("accepted");
  });

  it("answers a signed body it cannot read with 400, and nothing configured with 503", async () => {
    const unreadable = await post("{ not json");
    expect(unreadable.status).toBe(400);
    expect(unreadable.body.message).toBe("The event could not be read: The body is not JSON.");
    const noAmount = JSON.stringify({ event: "charge.success", data: { status: "success", reference: "r" } });
    expect((await post(noAmount)).status).toBe(400);

    const unconfigured = createPaystackWebhookHandler({ settings: () => readSettings({}) });
    const body = chargeSuccess("r");
    expect((await post(body, paystackSignature(body, KEY), unconfigured)).status).toBe(503);
    const onVercelWithoutKey = createPaystackWebhookHandler({
      settings: () => readSettings({ VERCEL: "1", PAYSTACK_SECRET_KEY: KEY, SUPABASE_URL: supabase.url }),
    });
    expect(await post(body, paystackSignature(body, KEY), onVercelWithoutKey)).toMatchObject({
      status: 503,
      body: { message: "The database is not configured." },
    });
  });

  it("answers 500 when the database fails, so Paystack sends the event again; the retry records it", async () => {
    const proposal = await acceptedProposal();
    const reference = await paymentRequest(proposal.id, "deposit");
    const down = createPaystackWebhookHandler({
      settings: () => readSettings({ PAYSTACK_SECRET_KEY: KEY }),
      fetch: async () => {
        throw new TypeError("fetch failed");
      },
    });
    const failing = createPaystackWebhookHandler({
      settings: () => readSettings({ PAYSTACK_SECRET_KEY: KEY }),
      fetch: async () =>
        new Response(JSON.stringify({ code: "57014", message: "canceling statement due to statement timeout" }), {
          status: 500,
          headers: { "content-type": "application/json" },
        }),
    });
    for (const using of [down, failing]) {
      expect(await post(chargeSuccess(reference), undefined, using)).toEqual({
        status: 500,
        body: { message: "The event could not be recorded now; send it again." },
      });
    }
    expect(await paymentsOf(reference)).toEqual([]);
    expect((await post(chargeSuccess(reference))).body.outcome).toBe("recorded");
  });
});

// ---------------------------------------------------------------------------------------------
// The dev server's mount: the stand-in and the function at one origin with the local Supabase.

type Middleware = (req: IncomingMessage, res: ServerResponse, next: (error?: unknown) => void) => void;
const PAYSTACK_ENV = ["PAYSTACK_SECRET_KEY", "PAYSTACK_API_URL"] as const;

describe("the Paystack stand-in on the local servers", () => {
  const saved = Object.fromEntries(PAYSTACK_ENV.map((name) => [name, process.env[name]]));
  const logged: string[] = [];
  let server: Server;
  let origin = "";
  let paystack: PaystackStandin;

  beforeAll(async () => {
    for (const name of PAYSTACK_ENV) delete process.env[name];
    const middlewares: Middleware[] = [];
    server = createServer((req, res) => {
      const run = (index: number) =>
        middlewares[index] ? middlewares[index](req, res, () => run(index + 1)) : res.writeHead(404).end();
      run(0);
    });
    const logger = { info: (line: string) => logged.push(line) } as unknown as Logger;
    paystack = mountLocalPayments(
      { use: (fn: Middleware) => middlewares.push(fn) } as unknown as Connect.Server,
      server,
      logger,
    )!;
    // As functions-plugin.ts serves them: the local Supabase and the function, at the same origin.
    middlewares.push(webMiddleware(LOCAL_SUPABASE_PATHS, supabase.server.local.handler));
    const webhook = createPaystackWebhookHandler({
      settings: () => readSettings(Object.fromEntries(PAYSTACK_ENV.map((name) => [name, process.env[name]]))),
    });
    middlewares.push(webMiddleware(["/api/paystack-webhook"], webhook));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    origin = localOrigin(server)!;
    await vi.waitFor(() => expect(logged).toHaveLength(1), { timeout: 5000 });
  });

  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
    for (const [name, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  });

  it("points the payments at the stand-in and its webhooks at /api/paystack-webhook, and says so", () => {
    expect(process.env.PAYSTACK_SECRET_KEY).toBe(LOCAL_PAYSTACK_SECRET_KEY);
    expect(process.env.PAYSTACK_API_URL).toBe(`${origin}/__local/paystack`);
    expect(paystack.webhookUrl).toBe(`${origin}/api/paystack-webhook`);
    expect(logged[0]).toContain("Paystack: no PAYSTACK_SECRET_KEY set");
    expect(logged[0]).toContain(`${origin}/__local/paystack`);
  });

  it("a checkout paid on the stand-in is recorded by the function; a webhook sent three times, once; a refund, once", async () => {
    const settings = paystackSettings(process.env)!;
    const proposal = await acceptedProposal();
    const deposit = await paymentRequest(proposal.id, "deposit");
    const pay = async (reference: string) => {
      const link = await initializeTransaction(settings, {
        email: "chidi@example.ng",
        amount: HALF,
        currency: "NGN",
        reference,
        callback_url: `${origin}/proposals/return`,
      });
      expect((await fetch(link.authorization_url)).status).toBe(200);
      const paid = await fetch(`${link.authorization_url}/pay`, { method: "POST", redirect: "manual" });
      expect(paid.status).toBe(303);
      expect(paid.headers.get("location")).toBe(
        `${origin}/proposals/return?trxref=${reference}&reference=${reference}`,
      );
    };

    await pay(deposit);
    expect(paystack.webhooks().at(-1)).toMatchObject({ event: "charge.success", reference: deposit, status: 200 });
    expect(await paymentsOf(deposit)).toMatchObject([{ status: "counted", channel: "card", recorded_by: "webhook" }]);
    expect(await statusOf("proposals", proposal.id)).toBe("paid_in_part");

    const balance = await paymentRequest(proposal.id, "balance");
    paystack.controls.nextWebhook({ times: 3 });
    await pay(balance);
    expect(
      paystack
        .webhooks()
        .filter((sent) => sent.reference === balance)
        .map((sent) => sent.status),
    ).toEqual([200, 200, 200]);
    expect(await paymentsOf(balance)).toHaveLength(1);
    expect(await statusOf("proposals", proposal.id)).toBe("paid");

    expect(await paystack.controls.refund(balance, 1_000_000)).toMatchObject({
      event: "refund.processed",
      status: 200,
    });
    expect(await statusOf("proposals", proposal.id)).toBe("paid_in_part");

    const forged = await paymentRequest(proposal.id, "balance");
    paystack.controls.nextWebhook({ badSignature: true });
    await pay(forged);
    expect(paystack.webhooks().at(-1)).toMatchObject({ reference: forged, signature: "wrong", status: 401 });
    expect(await paymentsOf(forged)).toEqual([]);
  });
});
