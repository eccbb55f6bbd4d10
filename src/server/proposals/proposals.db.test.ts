import { createHash, randomBytes, randomUUID } from "node:crypto";
import { createServer, type Server } from "node:http";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { localOrigin, webMiddleware } from "../../../supabase/local/node-http";
import { createPaystackStandin, paystackStandinSettings } from "../../../supabase/local/paystack-standin";
import { DEPOSIT_PAID_VIEW, draftProposal, PAID_IN_FULL_VIEW } from "../../../supabase/local/proposal-fixtures";
import { suiteClients } from "../../../supabase/local/suite-clients";
import { localSupabaseForSuite, mintToken } from "../../../supabase/local/testing";
import { MemoryRateLimiter } from "../rate-limit-memory";
import { readSettings } from "../settings";
import { PROPOSALS_BODY_BYTES } from "./context";
import { createProposalsHandler } from "./handler";
import type { ProposalView } from "./terms";

/**
 * api/proposals against the local Supabase (the real migrations, send_proposal under the member's
 * token and RLS, the client's functions with the service-role key, over HTTP) and the Paystack
 * stand-in as a real server on 127.0.0.1: a member sends, the client opens, accepts or declines, pays
 * the deposit through the stand-in's checkout and the return page verifies it.
 */
const supabase = localSupabaseForSuite();
const { sql, as } = suiteClients(supabase);
const users = { sales: "", editor: "", stranger: "" };

const paystack = createPaystackStandin({ webhookUrl: null });
let paystackServer: Server;
let paystackOrigin = "";

beforeAll(async () => {
  for (const role of ["sales", "editor"] as const) {
    users[role] = await supabase.createUser({
      email: `proposals-fn-${role}-${randomUUID()}@example.com`,
      password: "pw-123456",
    });
    await sql(`insert into public.admins (user_id, role) values ($1, $2)`, [users[role], role]);
  }
  // Signed in, on no team.
  users.stranger = await supabase.createUser({
    email: `proposals-fn-x-${randomUUID()}@example.com`,
    password: "pw-123456",
  });
  const middleware = webMiddleware([paystack.path], paystack.handler);
  paystackServer = createServer((req, res) => void middleware(req, res, () => res.writeHead(404).end()));
  await new Promise<void>((resolve) => paystackServer.listen(0, "127.0.0.1", resolve));
  paystackOrigin = localOrigin(paystackServer)!;
});

afterAll(async () => {
  paystackServer.closeAllConnections();
  await new Promise((resolve) => paystackServer.close(resolve));
});

beforeEach(() => {
  vi.spyOn(console, "warn").mockImplementation(() => {});
  vi.spyOn(console, "error").mockImplementation(() => {});
  return () => vi.restoreAllMocks();
});

const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");
const settings = () => readSettings(paystackStandinSettings(paystackOrigin, paystack));
const handle = createProposalsHandler({ settings });
const FUNCTION = () => `${supabase.url}/api/proposals`;

type Answer = { status: number; body: Record<string, unknown> & { message?: string; proposal?: ProposalView } };

async function post(body: unknown, headers: Record<string, string> = {}, using = handle): Promise<Answer> {
  const response = await using(
    new Request(FUNCTION(), {
      method: "POST",
      headers: { "content-type": "application/json", ...headers },
      body: typeof body === "string" ? body : JSON.stringify(body),
    }),
  );
  return { status: response.status, body: (await response.json()) as Answer["body"] };
}

/** The client accepting as `name` (anything, to be refused), with the SHA-256 of the terms it was shown. */
const accept = (token: string, termsSha256: string, name: unknown = "Chidi Obi") =>
  post({ action: "accept", token, name, termsSha256 });

const bearer = (userId: string, aal: "aal1" | "aal2" = "aal2") => ({
  authorization: `Bearer ${mintToken(userId, aal)}`,
});

/** The suites' proposal of ₦480,000 (proposal-fixtures.ts), drafted by Sales. */
const draft = () => draftProposal(sql, as(users.sales, "aal2"));

const tokenOf = (link: unknown) => /#token=([A-Za-z0-9_-]{22})$/.exec(String(link))?.[1] ?? "";

async function sent() {
  const proposal = await draft();
  const answer = await post({ action: "send", proposal: proposal.id }, bearer(users.sales));
  expect(answer.status).toBe(200);
  return { ...proposal, token: tokenOf(answer.body.link) };
}

async function accepted() {
  const proposal = await sent();
  const shown = (await post({ action: "view", token: proposal.token })).body.proposal!;
  const answer = await accept(proposal.token, shown.termsSha256);
  expect(answer.body.outcome).toBe("accepted");
  return proposal;
}

const row = async (id: string) =>
  (
    await sql<{
      status: string;
      token_hash: string | null;
      accepted_name: string | null;
      accepted_sha256: string | null;
      accepted_ip: string | null;
    }>(
      `select status::text, token_hash, accepted_name, accepted_sha256, host(accepted_ip) as accepted_ip from public.proposals where id = $1`,
      [id],
    )
  )[0]!;

describe("api/proposals: send", () => {
  it("sends as a member who works leads, through send_proposal under their token: a link in the fragment, only its hash stored", async () => {
    const proposal = await draft();
    const answer = await post({ action: "send", proposal: proposal.id }, bearer(users.sales));
    expect(answer.status).toBe(200);
    expect(answer.body.link).toMatch(new RegExp(`^${supabase.url}/proposals/view#token=[A-Za-z0-9_-]{22}$`));
    const token = tokenOf(answer.body.link);
    expect(await row(proposal.id)).toMatchObject({ status: "sent", token_hash: sha256(token) });
    const events = await sql<{ actor_id: string }>(
      `select actor_id from public.proposal_events where proposal_id = $1 and kind = 'sent'`,
      [proposal.id],
    );
    expect(events).toEqual([{ actor_id: users.sales }]);
  });

  it("refuses a role without the capability, a signed-in stranger, no session, and no proposal id", async () => {
    const proposal = await draft();
    for (const who of [users.editor, users.stranger]) {
      const refused = await post({ action: "send", proposal: proposal.id }, bearer(who));
      expect(refused).toEqual({ status: 403, body: { message: "Only the lead team sends proposals." } });
    }
    expect(await post({ action: "send", proposal: proposal.id })).toEqual({
      status: 401,
      body: { message: "Sign in to send a proposal." },
    });
    expect((await post({ action: "send", proposal: "not-a-uuid" }, bearer(users.sales))).status).toBe(400);
    expect(await row(proposal.id)).toMatchObject({ status: "draft", token_hash: null });
  });

  it("sends again with a new link, and the old one stops working", async () => {
    const proposal = await sent();
    const again = await post({ action: "send", proposal: proposal.id }, bearer(users.sales));
    expect(again.status).toBe(200);
    const fresh = tokenOf(again.body.link);
    expect(fresh).not.toBe(proposal.token);
    expect(await post({ action: "view", token: proposal.token })).toMatchObject({
      status: 404,
      body: { reason: "unknown" },
    });
    expect((await post({ action: "view", token: fresh })).status).toBe(200);
  });
});

describe("api/proposals: the client's link", () => {
  it("views the proposal: terms and totals, the plan, what is paid and left; nothing internal", async () => {
    const proposal = await sent();
    const answer = await post({ action: "view", token: proposal.token });
    expect(answer.status).toBe(200);
    const view = answer.body.proposal!;
    expect(view.terms).toMatchObject({
      number: expect.stringMatching(/^P-\d{4,}$/),
      title: "GrowthSite for Obi Foods",
      currency: "NGN",
      subtotal: 50_000_000,
      discount: 2_000_000,
      total: 48_000_000,
      lines: [
        { kind: "package", description: "GrowthSite", quantity: 1, unitPrice: 45_000_000, total: 45_000_000 },
        { kind: "extra", description: "Extra page", quantity: 2, unitPrice: 2_500_000, total: 5_000_000 },
      ],
      installments: [
        { position: 0, label: "Deposit", due: "acceptance", shareBasisPoints: 5000, amount: 24_000_000 },
        { position: 1, label: "At completion", due: "completion", shareBasisPoints: 5000, amount: 24_000_000 },
      ],
      retainer: null,
    });
    expect(view).toMatchObject({ status: "viewed", paid: 0, left: 48_000_000, nextInstallment: null });
    expect(view.termsSha256).toBe(sha256(JSON.stringify(view.terms)));
    const text = JSON.stringify(answer.body);
    for (const internal of [proposal.id, proposal.lead, users.sales, "lead", "token_hash", "created_by"])
      expect(text).not.toContain(internal);
  });

  it("answers 404 for a token unknown or malformed, 410 for a proposal withdrawn or expired", async () => {
    expect(await post({ action: "view", token: randomBytes(16).toString("base64url") })).toEqual({
      status: 404,
      body: { message: "This link is not valid. Ask us for a new one.", reason: "unknown" },
    });
    expect((await post({ action: "view", token: "../../etc" })).status).toBe(404);
    expect((await post({ action: "view" })).status).toBe(404);

    const withdrawn = await sent();
    const { error } = await as(users.sales, "aal2").rpc("withdraw_proposal", { proposal: withdrawn.id });
    expect(error).toBeNull();
    expect(await post({ action: "view", token: withdrawn.token })).toMatchObject({
      status: 410,
      body: { reason: "withdrawn" },
    });

    const expired = await sent();
    await sql(`update public.proposals set valid_until = current_date - 2 where id = $1`, [expired.id]);
    expect(await post({ action: "view", token: expired.token })).toMatchObject({
      status: 410,
      body: { reason: "expired" },
    });
  });

  it("accepts with the hash of the terms shown, keeps name, address and hash; a second accept is 'already'", async () => {
    const proposal = await sent();
    const shown = (await post({ action: "view", token: proposal.token })).body.proposal!;
    const stale = await accept(proposal.token, sha256("other terms"));
    expect(stale).toEqual({
      status: 409,
      body: {
        message: "The proposal changed since it was shown. Reload it, read it again, then accept.",
        reason: "changed",
      },
    });
    expect((await row(proposal.id)).status).toBe("viewed");

    const headers = { "x-forwarded-for": "203.0.113.9", "user-agent": "Mozilla/5.0 (Linux; Android 10)" };
    const answer = await post(
      { action: "accept", token: proposal.token, name: "  Chidi Obi ", termsSha256: shown.termsSha256 },
      headers,
      createProposalsHandler({ settings, limiter: new MemoryRateLimiter() }),
    );
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ outcome: "accepted", message: "Thank you: the proposal is accepted." });
    expect(answer.body.proposal).toMatchObject({ status: "accepted", acceptedName: "Chidi Obi", nextInstallment: 0 });
    expect(await row(proposal.id)).toMatchObject({
      status: "accepted",
      accepted_name: "Chidi Obi",
      accepted_sha256: shown.termsSha256,
      accepted_ip: "203.0.113.9",
    });
    const again = await accept(proposal.token, shown.termsSha256, "Someone Else");
    expect(again).toMatchObject({ status: 200, body: { outcome: "already" } });
    expect((await row(proposal.id)).accepted_name).toBe("Chidi Obi");
  });

  it("refuses an acceptance of terms that changed after they were shown, a name missing or too long, a hash that is none", async () => {
    const proposal = await sent();
    const shown = (await post({ action: "view", token: proposal.token })).body.proposal!;
    await sql(
      `update public.proposal_lines set description = 'GrowthSite (5 pages)' where proposal_id = $1 and position = 0`,
      [proposal.id],
    );
    const changed = await accept(proposal.token, shown.termsSha256);
    expect(changed).toMatchObject({ status: 409, body: { reason: "changed" } });
    for (const name of ["", "   ", "x".repeat(121), 42])
      expect((await accept(proposal.token, shown.termsSha256, name)).body).toMatchObject({
        field: "name",
      });
    expect((await accept(proposal.token, "abc")).status).toBe(400);
    expect((await row(proposal.id)).status).toBe("viewed");
  });

  it("declines with a reason kept as text; the link then leads nowhere; an accepted proposal is not declined", async () => {
    const proposal = await sent();
    expect((await post({ action: "decline", token: proposal.token, reason: "x".repeat(501) })).status).toBe(400);
    const reason = "Budget moved to Q2 <script>alert(1)</script>";
    expect(await post({ action: "decline", token: proposal.token, reason })).toEqual({
      status: 200,
      body: { outcome: "declined", message: "The proposal is declined. Thank you for letting us know." },
    });
    expect((await row(proposal.id)).status).toBe("declined");
    const [event] = await sql<{ reason: string }>(
      `select detail->>'reason' as reason from public.proposal_events where proposal_id = $1 and kind = 'declined'`,
      [proposal.id],
    );
    expect(event).toEqual({ reason });
    expect(await post({ action: "view", token: proposal.token })).toMatchObject({
      status: 410,
      body: { reason: "declined" },
    });
    expect((await post({ action: "decline", token: proposal.token })).status).toBe(410);

    const done = await accepted();
    expect(await post({ action: "decline", token: done.token })).toMatchObject({
      status: 409,
      body: { reason: "answered" },
    });
  });
});

describe("api/proposals: payments", () => {
  const checkoutPaid = async (authorizationUrl: string) => {
    const paid = await fetch(`${authorizationUrl}/pay`, { method: "POST", redirect: "manual" });
    expect(paid.status).toBe(303);
    return paid.headers.get("location")!;
  };

  it("refuses to pay before acceptance", async () => {
    const proposal = await sent();
    expect(await post({ action: "pay", token: proposal.token, installment: "deposit" })).toEqual({
      status: 409,
      body: { message: "Accept the proposal before paying.", reason: "not-accepted" },
    });
    expect(await sql(`select 1 from public.payment_requests where proposal_id = $1`, [proposal.id])).toEqual([]);
  });

  it("pays the deposit through the stand-in at the database's amount, verifies it: paid in part; paid twice is refused", async () => {
    const proposal = await accepted();
    // What the client says of the amount, the currency or the purpose is not read.
    const answer = await post({
      action: "pay",
      token: proposal.token,
      installment: "deposit",
      amount: 100,
      amount_minor: 100,
      currency: "USD",
      purpose: "balance",
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ amount: 24_000_000, currency: "NGN" });
    const reference = String(answer.body.reference);
    expect(
      await sql(
        `select purpose, amount_minor::text as amount, currency from public.payment_requests where reference = $1`,
        [reference],
      ),
    ).toEqual([{ purpose: "deposit", amount: "24000000", currency: "NGN" }]);
    expect(paystack.transactions().find((one) => one.reference === reference)).toMatchObject({
      amount: 24_000_000,
      currency: "NGN",
      callback_url: `${supabase.url}/proposals/view#paid=${reference}`,
    });

    // Not paid yet: the return page hears so.
    const early = await post({ action: "verify", token: proposal.token, reference });
    expect(early).toMatchObject({ status: 200, body: { outcome: "not-paid", proposal: { paid: 0 } } });

    const back = await checkoutPaid(String(answer.body.authorizationUrl));
    expect(back.startsWith(`${supabase.url}/proposals/view`)).toBe(true);
    const verified = await post({ action: "verify", token: proposal.token, reference });
    expect(verified.status).toBe(200);
    expect(verified.body).toMatchObject({ outcome: "recorded", message: "Thank you: the payment is recorded." });
    expect(verified.body.proposal).toMatchObject(DEPOSIT_PAID_VIEW);
    expect(await sql(`select recorded_by, status from public.payments where reference = $1`, [reference])).toEqual([
      { recorded_by: "verify", status: "counted" },
    ]);
    expect((await post({ action: "verify", token: proposal.token, reference })).body.outcome).toBe("already");

    expect(await post({ action: "pay", token: proposal.token, installment: "deposit" })).toMatchObject({
      status: 409,
      body: { reason: "installment-paid" },
    });
    expect((await post({ action: "pay", token: proposal.token, installment: 2 })).status).toBe(400);
    expect((await post({ action: "pay", token: proposal.token, installment: "all" })).status).toBe(400);
    const balance = await post({ action: "pay", token: proposal.token, installment: 1 });
    expect(balance.body).toMatchObject({ amount: 24_000_000, currency: "NGN" });
    await checkoutPaid(String(balance.body.authorizationUrl));
    const done = await post({ action: "verify", token: proposal.token, reference: balance.body.reference });
    expect(done.body.proposal).toMatchObject(PAID_IN_FULL_VIEW);
    expect(await post({ action: "pay", token: proposal.token, installment: 1 })).toMatchObject({
      status: 409,
      body: { reason: "paid" },
    });
  });

  it("pays the retainer's month the schedule asked for, beside the plan: the deposit is still next", async () => {
    const proposal = await draft();
    await sql(
      `update public.proposals set retainer_minor = 15000000, retainer_starts_on = '2027-01-01' where id = $1`,
      [proposal.id],
    );
    const answer = await post({ action: "send", proposal: proposal.id }, bearer(users.sales));
    const token = tokenOf(answer.body.link);
    const shown = (await post({ action: "view", token })).body.proposal!;
    await accept(token, shown.termsSha256);
    expect(await post({ action: "pay", token, installment: "retainer" })).toMatchObject({
      status: 409,
      body: { reason: "no-retainer-due" },
    });

    await sql(`select public.run_proposal_schedule('2027-01-01')`);
    const due = (await post({ action: "view", token })).body.proposal!;
    expect(due).toMatchObject({ retainerDue: { month: "2027-01", amount: 15_000_000 }, nextInstallment: 0 });
    const checkout = await post({ action: "pay", token, installment: "retainer" });
    expect(checkout).toMatchObject({ status: 200, body: { amount: 15_000_000, currency: "NGN" } });
    const reference = String(checkout.body.reference);
    expect(reference).toMatch(/^P-\d{4}-R202701-[0-9a-f]{16}$/);
    expect(paystack.transactions().find((one) => one.reference === reference)?.metadata).toEqual({
      proposal: shown.terms.number,
      retainer: "2027-01",
    });
    await checkoutPaid(String(checkout.body.authorizationUrl));
    const verified = await post({ action: "verify", token, reference });
    expect(verified.body).toMatchObject({ outcome: "recorded" });
    expect(verified.body.proposal).toMatchObject({
      status: "accepted",
      paid: 0,
      retainerDue: null,
      nextInstallment: 0,
    });
    expect(await post({ action: "pay", token, installment: "retainer" })).toMatchObject({
      status: 409,
      body: { reason: "no-retainer-due" },
    });
  });

  it("gives a second click on pay the same checkout: one payment request, one initialize at Paystack", async () => {
    const proposal = await accepted();
    const opened = paystack.transactions().length;
    const first = await post({ action: "pay", token: proposal.token, installment: "deposit" });
    const second = await post({ action: "pay", token: proposal.token, installment: 0 });
    expect(first.status).toBe(200);
    expect(second).toEqual(first);
    expect(paystack.transactions().length).toBe(opened + 1);
    expect(
      await sql(`select reference, authorization_url from public.payment_requests where proposal_id = $1`, [
        proposal.id,
      ]),
    ).toEqual([{ reference: first.body.reference, authorization_url: first.body.authorizationUrl }]);

    // Two at once (a double click): the later waits for the first's checkout and answers it.
    const other = await accepted();
    const both = await Promise.all([
      post({ action: "pay", token: other.token, installment: "deposit" }),
      post({ action: "pay", token: other.token, installment: "deposit" }),
    ]);
    expect(both.map((answer) => answer.status)).toEqual([200, 200]);
    expect(both[1]!.body.authorizationUrl).toBe(both[0]!.body.authorizationUrl);
    expect(paystack.transactions().length).toBe(opened + 2);
  });

  it("after Paystack fails to open a checkout, answers 409 for a minute, then opens a new one", async () => {
    const proposal = await accepted();
    paystack.controls.failApi({ status: 500 });
    expect((await post({ action: "pay", token: proposal.token, installment: "deposit" })).status).toBe(503);
    const [failed] = await sql<{ reference: string }>(
      `select reference from public.payment_requests where proposal_id = $1`,
      [proposal.id],
    );
    expect(await post({ action: "pay", token: proposal.token, installment: "deposit" })).toMatchObject({
      status: 409,
      body: { reason: "opening", message: "The payment is being opened. Please try again in a few seconds." },
    });
    await sql(`update public.payment_requests set created_at = now() - interval '2 minutes' where reference = $1`, [
      failed!.reference,
    ]);
    const again = await post({ action: "pay", token: proposal.token, installment: "deposit" });
    expect(again).toMatchObject({ status: 200, body: { amount: 24_000_000 } });
    expect(again.body.reference).not.toBe(failed!.reference);
  });

  it("refuses the balance before the deposit, and verifies only this proposal's references", async () => {
    const proposal = await accepted();
    expect(await post({ action: "pay", token: proposal.token, installment: 1 })).toMatchObject({
      status: 409,
      body: { reason: "earlier-first" },
    });
    const other = await accepted();
    const theirs = await post({ action: "pay", token: other.token, installment: "deposit" });
    expect(await post({ action: "verify", token: proposal.token, reference: theirs.body.reference })).toMatchObject({
      status: 404,
      body: { reason: "reference" },
    });
    expect((await post({ action: "verify", token: proposal.token, reference: "x" })).status).toBe(404);
  });

  it("answers 503 when payments are not configured", async () => {
    const proposal = await accepted();
    const unconfigured = createProposalsHandler({ settings: () => readSettings({}) });
    expect(
      await post({ action: "pay", token: proposal.token, installment: "deposit" }, {}, unconfigured),
    ).toMatchObject({
      status: 503,
      body: { message: "Payments are not available at the moment. Please contact us to pay." },
    });
  });
});

describe("api/proposals: limits", () => {
  it.each(["GET", "PUT", "DELETE"])("answers %s with 405 and Allow: POST", async (method) => {
    const response = await handle(new Request(FUNCTION(), { method, ...(method === "GET" ? {} : { body: "{}" }) }));
    expect(response.status).toBe(405);
    expect(response.headers.get("allow")).toBe("POST");
  });

  it("refuses a body over the limit, an empty one, one that is not JSON, and an unknown action", async () => {
    const big = await post({ action: "view", token: "x".repeat(PROPOSALS_BODY_BYTES) });
    expect(big).toEqual({ status: 413, body: { message: "The request is too large (at most 8 KB)." } });
    expect((await post("")).status).toBe(400);
    expect((await post("{ not json")).status).toBe(400);
    expect((await post({ action: "delete" })).body).toEqual({
      message: "Unknown action: send, view, accept, decline, pay or verify.",
    });
  });

  it("counts requests per client address: 429 with Retry-After past the quota", async () => {
    const limited = createProposalsHandler({ settings, limiter: new MemoryRateLimiter() });
    const token = randomBytes(16).toString("base64url");
    const headers = { "x-forwarded-for": "198.51.100.23" };
    for (let i = 0; i < 20; i += 1)
      expect((await post({ action: "decline", token }, headers, limited)).status).toBe(404);
    const refused = await post({ action: "decline", token }, headers, limited);
    expect(refused.status).toBe(429);
    expect((await post({ action: "decline", token }, { "x-forwarded-for": "198.51.100.24" }, limited)).status).toBe(
      404,
    );
  });

  it("refuses to work on Vercel with the development key for links", async () => {
    const onVercel = createProposalsHandler({
      settings: () => readSettings({ VERCEL: "1", SUPABASE_URL: supabase.url }),
    });
    expect((await post({ action: "view", token: randomBytes(16).toString("base64url") }, {}, onVercel)).status).toBe(
      503,
    );
  });
});
