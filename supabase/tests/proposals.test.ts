import { createHash, randomBytes } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import type { Database as PgDatabase } from "../local/database.ts";
import {
  acceptedProposal,
  acceptProposal,
  draftProposal,
  recordPayment,
  requestInstallment,
  sentProposal,
} from "../local/proposal-fixtures.ts";
import { localSupabaseForSuite } from "../local/testing.ts";
import { suiteClients } from "../local/suite-clients.ts";

/**
 * Proposals and payments in the database (20261129180000_proposals_and_payments.sql,
 * 20261129190000_one_open_payment_request.sql): the lead team makes and sends a proposal that adds
 * up; the client's link (its hash) opens, accepts or declines it through the service role only; an
 * accepted proposal, its lines and its plan never change; an installment has one open payment
 * request at a time; a payment is recorded once per reference, flagged when it does not match what
 * was asked or pays an installment already paid, and moves the proposal to paid in part, then paid,
 * and its lead to won. Roles that do not work leads, and anon, see and change nothing.
 */
const { sql, as, anon, service, postgresConnections, newMembers } = suiteClients(localSupabaseForSuite());
let members: Record<"sales" | "editor" | "author", string>;

const hash = (token: string) => createHash("sha256").update(token).digest("hex");
const newToken = () => randomBytes(16).toString("hex");
const sales = () => as(members.sales, "aal2");

beforeAll(async () => {
  members = await newMembers("proposals", ["sales", "editor", "author"]);
});

/** The suites' proposal of ₦480,000 (proposal-fixtures.ts), drafted by Sales. */
const draft = () => draftProposal(sql, sales());

const sent = () => sentProposal(sql, sales());

const accept = (token: string, name?: string) => acceptProposal(service(), token, name);

const accepted = () => acceptedProposal(sql, sales(), service());

/** Asks for a payment of an installment (the deposit's 0 and the balance's 1 unless said): the reference to pay. */
async function requestPayment(
  proposal: string,
  purpose: string,
  amount: number,
  currency = "NGN",
  installment = purpose === "deposit" ? 0 : 1,
) {
  return (await openRequest(proposal, purpose, amount, currency, installment)).reference;
}

interface PaymentRequest {
  reference: string;
  proposal_id: string;
  installment: number | null;
  authorization_url: string | null;
}

/** The request record_payment_request answers: the one it recorded, or the one still open. */
async function openRequest(
  proposal: string,
  purpose: string,
  amount: number,
  currency = "NGN",
  installment = 0,
): Promise<PaymentRequest> {
  const { data, error } = await requestInstallment(service(), proposal, installment, { amount, currency, purpose });
  if (error) throw error;
  return data as PaymentRequest;
}

/** Moves a request's opening back in time, as if it had been opened `minutes` ago. */
const openedAgo = (reference: string, minutes: number) =>
  sql(`update public.payment_requests set created_at = now() - make_interval(mins => $2) where reference = $1`, [
    reference,
    minutes,
  ]);

const pay = (reference: string, amount: number, currency = "NGN", recordedBy = "webhook") =>
  recordPayment(service(), reference, amount, { currency, recordedBy });

const statusOf = async (id: string) =>
  (await sql<{ status: string }>(`select status::text from public.proposals where id = $1`, [id]))[0]!.status;

describe("making and sending a proposal", () => {
  it("Sales makes a draft and sends it; its history says who did what", async () => {
    const proposal = await sent();
    const [row] = await sql<{ status: string; number: string; valid_until: string; sent_at: string | null }>(
      `select status::text, number, valid_until::text, sent_at from public.proposals where id = $1`,
      [proposal.id],
    );
    expect(row!.status).toBe("sent");
    expect(Number(row!.number)).toBeGreaterThan(0);
    expect(row!.sent_at).not.toBeNull();
    const events = await sql<{ kind: string; actor: string; actor_id: string | null }>(
      `select kind, actor, actor_id from public.proposal_events where proposal_id = $1 order by id`,
      [proposal.id],
    );
    expect(events).toEqual([
      { kind: "created", actor: "member", actor_id: members.sales },
      { kind: "sent", actor: "member", actor_id: members.sales },
    ]);
  });

  it("refuses to send a proposal whose plan does not add up, or whose total is nothing", async () => {
    const proposal = await draft();
    await sales()
      .from("proposal_installments")
      .update({ amount_minor: 23_999_999 })
      .eq("proposal_id", proposal.id)
      .eq("position", 1);
    const short = await sales().rpc("send_proposal", { proposal: proposal.id, token_hash: hash(newToken()) });
    expect(short.error).toMatchObject({
      code: "23514",
      message: "The payment plan's amounts must add up to the total.",
    });
    await sales().from("proposals").update({ discount_minor: 50_000_000 }).eq("id", proposal.id);
    const nothing = await sales().rpc("send_proposal", { proposal: proposal.id, token_hash: hash(newToken()) });
    expect(nothing.error?.code).toBe("23514");
    expect(await statusOf(proposal.id)).toBe("draft");
  });

  it("keeps a sent proposal's lines and plan as sent: the client sees what the team sent", async () => {
    const proposal = await sent();
    const changed = await sales()
      .from("proposal_lines")
      .update({ unit_price_minor: 1 })
      .eq("proposal_id", proposal.id)
      .select("id");
    expect(changed.data).toEqual([]);
    const edited = await sales()
      .from("proposals")
      .update({ title: "Something else" })
      .eq("id", proposal.id)
      .select("id");
    expect(edited.data).toEqual([]);
    const status = await sales()
      .from("proposals")
      .update({ status: "paid" } as never)
      .eq("id", proposal.id);
    expect(status.error?.code).toBe("42501");
  });
});

describe("who may see and work proposals", () => {
  it("gives an Editor, an Author and anon nothing, and lets none of them make one", async () => {
    const proposal = await sent();
    for (const role of ["editor", "author"] as const) {
      const client = as(members[role], "aal2");
      expect((await client.from("proposals").select("id").eq("id", proposal.id)).data).toEqual([]);
      expect((await client.from("payments").select("id")).data).toEqual([]);
      const made = await client.from("proposals").insert({ lead_id: proposal.lead, title: "x", currency: "NGN" });
      expect(made.error?.code).toBe("42501");
      const sentByThem = await client.rpc("send_proposal", { proposal: proposal.id, token_hash: hash(newToken()) });
      expect(sentByThem.error?.code).toBe("42501");
    }
    expect((await anon().from("proposals").select("id")).error?.code).toBe("42501");
    expect(
      (
        await anon().rpc("accept_proposal", {
          token_hash: hash(proposal.token),
          accepted_name: "x",
          accepted_ip: null,
          accepted_user_agent: "",
          shown_sha256: hash("x"),
        })
      ).error,
    ).not.toBeNull();
    expect(
      (
        await sales().rpc("record_payment_request", {
          reference: "ref-by-sales-1",
          proposal: proposal.id,
          purpose: "deposit",
          installment: 0,
          amount_minor: 1,
          currency: "NGN",
        })
      ).error,
    ).not.toBeNull();
    expect(
      (await sales().rpc("record_payment_link", { reference: "ref-by-sales-1", authorization_url: "https://x.test/" }))
        .error,
    ).not.toBeNull();
  });

  it("asks Sales for their second factor where the agency requires it", async () => {
    const proposal = await sent();
    await sql(`update public.security_settings set require_second_factor = true`);
    try {
      expect((await as(members.sales, "aal1").from("proposals").select("id").eq("id", proposal.id)).data).toEqual([]);
      expect((await sales().from("proposals").select("id").eq("id", proposal.id)).data).toHaveLength(1);
    } finally {
      await sql(`update public.security_settings set require_second_factor = false`);
    }
  });
});

describe("the client's link", () => {
  it("opens a sent proposal once as viewed, and nothing for an unknown, withdrawn or expired one", async () => {
    const proposal = await sent();
    const opened = await service().rpc("proposal_by_token", { token_hash: hash(proposal.token) });
    expect(opened.data).toHaveLength(1);
    expect(await statusOf(proposal.id)).toBe("viewed");
    expect((await service().rpc("proposal_by_token", { token_hash: hash(newToken()) })).data).toEqual([]);

    const withdrawn = await sent();
    expect((await sales().rpc("withdraw_proposal", { proposal: withdrawn.id })).data).toBe(true);
    expect((await service().rpc("proposal_by_token", { token_hash: hash(withdrawn.token) })).data).toEqual([]);

    const late = await sent();
    await sql(`update public.proposals set valid_until = current_date - 30 where id = $1`, [late.id]);
    expect((await service().rpc("proposal_by_token", { token_hash: hash(late.token) })).data).toEqual([]);
    expect(await statusOf(late.id)).toBe("expired");
    expect((await accept(late.token)).data).toBe("gone");
  });

  it("records the acceptance once, with the name, the address, the browser and what was shown", async () => {
    const proposal = await accepted();
    expect((await accept(proposal.token, "Someone Else")).data).toBe("already");
    const [row] = await sql<Record<string, string>>(
      `select status::text, accepted_name, host(accepted_ip) as ip, accepted_user_agent, accepted_sha256
         from public.proposals where id = $1`,
      [proposal.id],
    );
    expect(row).toEqual({
      status: "accepted",
      accepted_name: "Chidi Obi",
      ip: "203.0.113.7",
      accepted_user_agent: "Mozilla/5.0 (Linux; Android 10)",
      accepted_sha256: hash("the proposal as shown"),
    });
  });

  it("lets the client decline an open proposal, after which the link leads nowhere", async () => {
    const proposal = await sent();
    expect((await service().rpc("decline_proposal", { token_hash: hash(proposal.token) })).data).toBe(true);
    expect(await statusOf(proposal.id)).toBe("declined");
    expect((await accept(proposal.token)).data).toBe("gone");
  });
});

describe("an accepted proposal is kept as accepted", () => {
  it("refuses every change to it, its lines and its plan, even by the database's owner, and its deletion", async () => {
    const proposal = await accepted();
    const refusals = [
      `update public.proposals set title = 'Changed' where id = '${proposal.id}'`,
      `update public.proposals set discount_minor = 0 where id = '${proposal.id}'`,
      `update public.proposals set status = 'draft' where id = '${proposal.id}'`,
      `update public.proposal_lines set unit_price_minor = 1 where proposal_id = '${proposal.id}'`,
      `delete from public.proposal_lines where proposal_id = '${proposal.id}'`,
      `insert into public.proposal_lines (proposal_id, position, kind, description, quantity, unit_price_minor)
         values ('${proposal.id}', 5, 'extra', 'Sneaked in', 1, 100)`,
      `update public.proposal_installments set amount_minor = 1 where proposal_id = '${proposal.id}'`,
      `delete from public.proposals where id = '${proposal.id}'`,
      `delete from public.leads where id = '${proposal.lead}'`,
    ];
    for (const statement of refusals) await expect(sql(statement), statement).rejects.toMatchObject({ code: "42501" });
    expect(await statusOf(proposal.id)).toBe("accepted");
  });
});

describe("payments", () => {
  it("counts the deposit once however many times it is reported, then the balance; the lead is won", async () => {
    const proposal = await accepted();
    const deposit = await requestPayment(proposal.id, "deposit", 24_000_000);
    expect((await pay(deposit, 24_000_000, "NGN", "verify")).data).toBe("recorded");
    expect((await pay(deposit, 24_000_000)).data).toBe("already");
    expect((await pay(deposit, 24_000_000)).data).toBe("already");
    expect(await statusOf(proposal.id)).toBe("paid_in_part");
    const [lead] = await sql<{ status: string }>(`select status from public.leads where id = $1`, [proposal.lead]);
    expect(lead!.status).toBe("won");

    const balance = await requestPayment(proposal.id, "balance", 24_000_000);
    expect((await pay(balance, 24_000_000)).data).toBe("recorded");
    expect(await statusOf(proposal.id)).toBe("paid");
    const payments = await sql<{ amount_minor: string; status: string; recorded_by: string }>(
      `select amount_minor::text, status, recorded_by from public.payments where proposal_id = $1 order by recorded_at`,
      [proposal.id],
    );
    expect(payments).toEqual([
      { amount_minor: "24000000", status: "counted", recorded_by: "verify" },
      { amount_minor: "24000000", status: "counted", recorded_by: "webhook" },
    ]);
    // Sales reads them; the history has both payments and both steps.
    expect((await sales().from("payments").select("reference").eq("proposal_id", proposal.id)).data).toHaveLength(2);
    const kinds = await sql<{ kind: string }>(
      `select kind from public.proposal_events where proposal_id = $1 order by id`,
      [proposal.id],
    );
    expect(kinds.map((event) => event.kind)).toEqual([
      "created",
      "sent",
      "accepted",
      "payment",
      "paid_in_part",
      "payment",
      "paid",
    ]);
  });

  it("flags an amount or a currency that is not what was asked, and counts neither", async () => {
    const proposal = await accepted();
    const short = await requestPayment(proposal.id, "deposit", 24_000_000);
    expect((await pay(short, 2_400_000)).data).toBe("flagged");
    const dollars = await requestPayment(proposal.id, "deposit", 24_000_000);
    expect((await pay(dollars, 24_000_000, "USD")).data).toBe("flagged");
    const rows = await sql<{ status: string; flag_reason: string }>(
      `select status, flag_reason from public.payments where proposal_id = $1 order by recorded_at`,
      [proposal.id],
    );
    expect(rows).toEqual([
      { status: "flagged", flag_reason: "Paid 2400000, asked 24000000 (minor units)." },
      { status: "flagged", flag_reason: "Paid in USD, asked in NGN." },
    ]);
    expect(await statusOf(proposal.id)).toBe("accepted");
    expect((await pay("ref-never-asked-for", 100)).data).toBe("unknown");
  });

  it("records a refund once, which takes a paid proposal back to paid in part", async () => {
    const proposal = await accepted();
    const deposit = await requestPayment(proposal.id, "deposit", 24_000_000);
    const balance = await requestPayment(proposal.id, "balance", 24_000_000);
    await pay(deposit, 24_000_000);
    await pay(balance, 24_000_000);
    expect(await statusOf(proposal.id)).toBe("paid");
    const refund = (refundReference: string, transaction = balance) =>
      service().rpc("record_refund", {
        transaction_reference: transaction,
        refund_reference: refundReference,
        amount_minor: 4_000_000,
        currency: "NGN",
      });
    const first = await refund("rf-1");
    expect(first.error).toBeNull();
    expect(first.data).toBe("recorded");
    expect((await refund("rf-1")).data).toBe("already");
    expect((await refund("rf-2", "ref-never-recorded")).data).toBe("unknown");
    expect(await statusOf(proposal.id)).toBe("paid_in_part");
    expect((await sales().from("payment_refunds").select("refund_reference, amount_minor")).data).toContainEqual({
      refund_reference: "rf-1",
      amount_minor: 4_000_000,
    });
    const [paid] = await sql<{ paid: string }>(`select private.proposal_paid($1)::text as paid`, [proposal.id]);
    expect(paid!.paid).toBe("44000000");
    const kinds = await sql<{ kind: string }>(
      `select kind from public.proposal_events where proposal_id = $1 order by id desc limit 2`,
      [proposal.id],
    );
    expect(kinds.map((event) => event.kind)).toEqual(["paid_in_part", "refund"]);
    expect((await as(members.editor, "aal2").from("payment_refunds").select("refund_reference")).data).toEqual([]);
    expect(
      (
        await sales().rpc("record_refund", {
          transaction_reference: balance,
          refund_reference: "rf-3",
          amount_minor: 1,
          currency: "NGN",
        })
      ).error,
    ).not.toBeNull();
  });

  it("answers a second request for an installment with the open one: the same reference and checkout", async () => {
    const proposal = await accepted();
    const first = await openRequest(proposal.id, "deposit", 24_000_000);
    expect(first).toMatchObject({ proposal_id: proposal.id, installment: 0, authorization_url: null });
    const link = "https://checkout.paystack.com/abc123";
    expect(
      (await service().rpc("record_payment_link", { reference: first.reference, authorization_url: link })).data,
    ).toBe(true);
    // Stored once: a late second answer from Paystack does not replace it.
    expect(
      (await service().rpc("record_payment_link", { reference: first.reference, authorization_url: `${link}x` })).data,
    ).toBe(false);
    const second = await openRequest(proposal.id, "deposit", 24_000_000);
    expect(second).toMatchObject({ reference: first.reference, authorization_url: link });
    expect(await sql(`select 1 from public.payment_requests where proposal_id = $1`, [proposal.id])).toHaveLength(1);
    // Another installment, or another amount for this one, is another request.
    expect((await openRequest(proposal.id, "balance", 24_000_000, "NGN", 1)).reference).not.toBe(first.reference);
    expect((await openRequest(proposal.id, "deposit", 23_000_000)).reference).not.toBe(first.reference);
    // Without an installment (a retainer's month), each request is recorded as asked.
    const asked = async () => {
      const reference = `ref-${randomBytes(6).toString("hex")}`;
      const { data, error } = await service().rpc("record_payment_request", {
        reference,
        proposal: proposal.id,
        purpose: "retainer",
        amount_minor: 5_000_000,
        currency: "NGN",
      });
      expect(error).toBeNull();
      expect(data).toMatchObject({ reference, installment: null });
    };
    await asked();
    await asked();
  });

  it("opens a new request once the open one is 30 minutes old, paid, or left without a checkout for a minute", async () => {
    const proposal = await accepted();
    const first = await openRequest(proposal.id, "deposit", 24_000_000);
    await service().rpc("record_payment_link", { reference: first.reference, authorization_url: "https://x.test/1" });
    await openedAgo(first.reference, 29);
    expect((await openRequest(proposal.id, "deposit", 24_000_000)).reference).toBe(first.reference);
    await openedAgo(first.reference, 31);
    const second = await openRequest(proposal.id, "deposit", 24_000_000);
    expect(second.reference).not.toBe(first.reference);
    expect(second.authorization_url).toBeNull();

    // Without its checkout's address (the server still asking Paystack, or Paystack failing), a minute.
    expect((await openRequest(proposal.id, "deposit", 24_000_000)).reference).toBe(second.reference);
    await openedAgo(second.reference, 2);
    const third = await openRequest(proposal.id, "deposit", 24_000_000);
    expect(third.reference).not.toBe(second.reference);

    // A paid request is no longer open, flagged or not.
    expect((await pay(third.reference, 1_000)).data).toBe("flagged");
    expect((await openRequest(proposal.id, "deposit", 24_000_000)).reference).not.toBe(third.reference);
  });

  it("flags a second payment of an installment already paid by another reference, and counts it not", async () => {
    const proposal = await accepted();
    const first = await requestPayment(proposal.id, "deposit", 24_000_000);
    await openedAgo(first, 31);
    const second = await requestPayment(proposal.id, "deposit", 24_000_000);
    expect(second).not.toBe(first);
    // Both checkouts paid: the first reported counts, the other is kept for a refund.
    expect((await pay(second, 24_000_000)).data).toBe("recorded");
    expect((await pay(first, 24_000_000, "NGN", "verify")).data).toBe("flagged");
    expect((await pay(first, 24_000_000)).data).toBe("already");
    expect(
      await sql(
        `select reference, status, flag_reason from public.payments where proposal_id = $1 order by recorded_at`,
        [proposal.id],
      ),
    ).toEqual([
      { reference: second, status: "counted", flag_reason: null },
      { reference: first, status: "flagged", flag_reason: "Installment 1 was already paid: refund it." },
    ]);
    const [paid] = await sql<{ paid: string }>(`select private.proposal_paid($1)::text as paid`, [proposal.id]);
    expect(paid!.paid).toBe("24000000");
    expect(await statusOf(proposal.id)).toBe("paid_in_part");
    const [flagged] = await sql<{ reason: string }>(
      `select detail->>'reason' as reason from public.proposal_events where proposal_id = $1 and kind = 'payment_flagged'`,
      [proposal.id],
    );
    expect(flagged).toEqual({ reason: "Installment 1 was already paid: refund it." });

    // The balance still counts, and a second payment of it is flagged too.
    const balance = await requestPayment(proposal.id, "balance", 24_000_000);
    await openedAgo(balance, 31);
    const balanceAgain = await requestPayment(proposal.id, "balance", 24_000_000);
    expect((await pay(balance, 24_000_000)).data).toBe("recorded");
    expect(await statusOf(proposal.id)).toBe("paid");
    expect((await pay(balanceAgain, 24_000_000)).data).toBe("flagged");
    expect(await statusOf(proposal.id)).toBe("paid");
  });

  it("keeps a proposal with payments, and the lead that paid, from being deleted", async () => {
    const proposal = await accepted();
    await pay(await requestPayment(proposal.id, "deposit", 24_000_000), 24_000_000);
    await expect(sql(`delete from public.leads where id = $1`, [proposal.lead])).rejects.toHaveProperty("code");
    expect(await sql(`select 1 from public.leads where id = $1`, [proposal.lead])).toHaveLength(1);
  });
});

/**
 * On PostgreSQL (LOCAL_DB_URL, `npm run test:db:postgres`), many connections at once: the row's lock
 * and the unique reference decide, not the local server's one connection.
 */
describe.skipIf(!process.env.LOCAL_DB_URL)("many connections at once (PostgreSQL)", () => {
  async function asService<T>(db: PgDatabase, text: string, params: unknown[]): Promise<T> {
    let answer: T | undefined;
    await db.transaction(async (tx) => {
      await tx.exec(`set local role service_role`);
      answer = (await tx.query<{ answer: T }>(text, params)).rows[0]!.answer;
    });
    return answer!;
  }

  it("gives 20 concurrent accepts of one proposal one acceptance", async () => {
    const proposal = await sent();
    const pool = await postgresConnections(20);
    try {
      const answers = await Promise.all(
        pool.map((db, index) =>
          asService<string>(db, `select public.accept_proposal($1, $2, '203.0.113.9', 'ua', $3) as answer`, [
            hash(proposal.token),
            `Client ${index}`,
            hash("shown"),
          ]),
        ),
      );
      expect(answers.filter((answer) => answer === "accepted")).toHaveLength(1);
      expect(answers.filter((answer) => answer === "already")).toHaveLength(19);
      const events = await sql(`select 1 from public.proposal_events where proposal_id = $1 and kind = 'accepted'`, [
        proposal.id,
      ]);
      expect(events).toHaveLength(1);
    } finally {
      await Promise.all(pool.map((db) => db.close()));
    }
  });

  it("gives 20 concurrent requests for one installment one request", async () => {
    const proposal = await accepted();
    const pool = await postgresConnections(20);
    try {
      const answers = await Promise.all(
        pool.map((db, index) =>
          asService<string>(
            db,
            `select (public.record_payment_request($1, $2, 'deposit', 24000000, 'NGN', 0::smallint)).reference as answer`,
            [`ref-concurrent-${index}-${randomBytes(4).toString("hex")}`, proposal.id],
          ),
        ),
      );
      expect(new Set(answers).size).toBe(1);
      expect(await sql(`select reference from public.payment_requests where proposal_id = $1`, [proposal.id])).toEqual([
        { reference: answers[0] },
      ]);
    } finally {
      await Promise.all(pool.map((db) => db.close()));
    }
  });

  it("gives 50 concurrent reports of one payment one payment row and one receipt", async () => {
    const proposal = await accepted();
    const reference = await requestPayment(proposal.id, "deposit", 24_000_000);
    const pool = await postgresConnections(50);
    try {
      const answers = await Promise.all(
        pool.map((db) =>
          asService<string>(
            db,
            `select public.record_payment($1, 24000000, 'NGN', 'card', now(), 'webhook') as answer`,
            [reference],
          ),
        ),
      );
      expect(answers.filter((answer) => answer === "recorded")).toHaveLength(1);
      expect(answers.filter((answer) => answer === "already")).toHaveLength(49);
      expect(await sql(`select 1 from public.payments where reference = $1`, [reference])).toHaveLength(1);
      expect(await statusOf(proposal.id)).toBe("paid_in_part");
      // And one receipt queued for the client (proposal_messages, 20261130100000_proposal_messages.sql).
      expect(
        await sql(`select 1 from public.proposal_messages where proposal_id = $1 and kind = 'receipt'`, [proposal.id]),
      ).toHaveLength(1);
    } finally {
      await Promise.all(pool.map((db) => db.close()));
    }
  });
});
