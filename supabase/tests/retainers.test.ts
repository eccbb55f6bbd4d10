import { randomBytes } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import {
  acceptedProposal,
  PROPOSAL_HALF_MINOR,
  recordPayment,
  requestInstallment,
  sentProposal,
} from "../local/proposal-fixtures.ts";
import { localSupabaseForSuite } from "../local/testing.ts";
import { suiteClients } from "../local/suite-clients.ts";

/**
 * Retainers and the proposals' daily schedule (20261130120000_retainers.sql): on the 1st of a month
 * each running retainer whose start has come is asked for once (a row and the client's e-mail); a
 * month is paid on its own request, beside the plan and never toward it, and a second payment of it is
 * flagged; a month still unpaid a week later tells the team once; a stopped retainer is asked no
 * more; an unanswered proposal past its date expires. Only the lead team reads or stops them.
 */
const { sql, as, anon, service, newMembers } = suiteClients(localSupabaseForSuite());
let members: Record<"sales" | "author", string>;
const sales = () => as(members.sales, "aal2");

/** ₦150,000 a month, in kobo. */
const RETAINER_MINOR = 15_000_000;

beforeAll(async () => {
  members = await newMembers("retainers", ["sales", "author"]);
});

/** The suites' proposal with a retainer from `startsOn`, sent and accepted: its id. */
async function acceptedWithRetainer(startsOn: string): Promise<string> {
  const retainer = { amount: RETAINER_MINOR, startsOn };
  return (await acceptedProposal(sql, sales(), service(), { retainer })).id;
}

const schedule = async (today: string) => {
  const { data, error } = await service().rpc("run_proposal_schedule", { today });
  if (error) throw error;
  return data![0]!;
};

const months = (proposal: string) =>
  sql<{ month: string; amount_minor: string; unpaid_told_at: string | null }>(
    `select to_char(month, 'YYYY-MM') as month, amount_minor::text, unpaid_told_at from public.retainer_months
      where proposal_id = $1 order by month`,
    [proposal],
  );

const messages = (proposal: string, kind: string) =>
  sql<{ audience: string; event_key: string; recipient: string | null; detail: Record<string, unknown> }>(
    `select audience, event_key, recipient, detail from public.proposal_messages
      where proposal_id = $1 and kind = $2 order by id`,
    [proposal, kind],
  );

/** Opens a checkout of `month` (record_retainer_request) and pays it: record_payment's answer. */
async function payMonth(proposal: string, month: string, amount = RETAINER_MINOR) {
  const reference = `R-${randomBytes(8).toString("hex")}`;
  const opened = await service().rpc("record_retainer_request", { reference, proposal, month });
  if (opened.error) throw opened.error;
  const { data, error } = await recordPayment(service(), opened.data.reference, amount, { channel: "bank_transfer" });
  if (error) throw error;
  return data;
}

describe("a retainer's months", () => {
  it("asks for the first month on its start, once however often the schedule runs, with the client's e-mail", async () => {
    const proposal = await acceptedWithRetainer("2027-01-01");
    expect((await schedule("2026-12-31")).asked).toBe(0);
    expect(await months(proposal)).toEqual([]);

    await schedule("2027-01-01");
    await schedule("2027-01-01");
    await schedule("2027-01-15");
    expect(await months(proposal)).toEqual([
      { month: "2027-01", amount_minor: String(RETAINER_MINOR), unpaid_told_at: null },
    ]);
    const asked = await messages(proposal, "retainer");
    expect(asked).toHaveLength(1);
    expect(asked[0]).toMatchObject({
      audience: "client",
      event_key: "2027-01",
      detail: { month: "2027-01", amount_minor: RETAINER_MINOR, currency: "NGN" },
    });
    expect(asked[0]!.recipient).toMatch(/^proposal-[0-9a-f]+@example\.ng$/);

    await schedule("2027-02-01");
    expect((await months(proposal)).map((row) => row.month)).toEqual(["2027-01", "2027-02"]);
  });

  it("is paid beside the plan: the deposit is still due, and a second payment of a month is flagged", async () => {
    const proposal = await acceptedWithRetainer("2027-03-01");
    await schedule("2027-03-01");
    expect(await payMonth(proposal, "2027-03-01")).toBe("recorded");
    expect(await payMonth(proposal, "2027-03-01").catch((error: { code?: string }) => error.code)).toBe("55000");

    const [row] = await sql<{ status: string; paid: string }>(
      `select status::text, private.proposal_paid(id)::text as paid from public.proposals where id = $1`,
      [proposal],
    );
    expect(row).toEqual({ status: "accepted", paid: "0" });
    const receipts = await messages(proposal, "receipt");
    expect(receipts).toHaveLength(1);
  });

  it("flags a month paid twice through two checkouts opened before either was paid", async () => {
    const proposal = await acceptedWithRetainer("2027-04-01");
    await schedule("2027-04-01");
    const first = await service().rpc("record_retainer_request", {
      reference: `R-${randomBytes(8).toString("hex")}`,
      proposal,
      month: "2027-04-01",
    });
    // A second checkout after the first one's 30 minutes: a new request of the same month.
    await sql(`update public.payment_requests set created_at = now() - interval '1 hour' where reference = $1`, [
      first.data!.reference,
    ]);
    const second = await service().rpc("record_retainer_request", {
      reference: `R-${randomBytes(8).toString("hex")}`,
      proposal,
      month: "2027-04-01",
    });
    expect(second.data!.reference).not.toBe(first.data!.reference);
    const pay = (reference: string) => recordPayment(service(), reference, RETAINER_MINOR);
    expect((await pay(first.data!.reference)).data).toBe("recorded");
    expect((await pay(second.data!.reference)).data).toBe("flagged");
    const [flagged] = await sql<{ flag_reason: string }>(
      `select flag_reason from public.payments where reference = $1`,
      [second.data!.reference],
    );
    expect(flagged!.flag_reason).toBe("The retainer for April 2027 was already paid: refund it.");
  });

  it("does not let a month's payment pay an installment, nor an installment's a month", async () => {
    const proposal = await acceptedWithRetainer("2027-05-01");
    await schedule("2027-05-01");
    await payMonth(proposal, "2027-05-01");
    const reference = `P-${randomBytes(8).toString("hex")}`;
    const deposit = await requestInstallment(service(), proposal, 0, { reference });
    expect(deposit.error).toBeNull();
    const paid = await recordPayment(service(), reference, PROPOSAL_HALF_MINOR, { recordedBy: "verify" });
    expect(paid.data).toBe("recorded");
    const [row] = await sql<{ status: string; paid: string }>(
      `select status::text, private.proposal_paid(id)::text as paid from public.proposals where id = $1`,
      [proposal],
    );
    expect(row).toEqual({ status: "paid_in_part", paid: String(PROPOSAL_HALF_MINOR) });
  });

  it("refuses a checkout of a month not asked for", async () => {
    const proposal = await acceptedWithRetainer("2027-06-01");
    const { error } = await service().rpc("record_retainer_request", {
      reference: `R-${randomBytes(8).toString("hex")}`,
      proposal,
      month: "2027-06-01",
    });
    expect(error?.code).toBe("P0002");
  });

  it("tells the team once of a month unpaid a week after it was asked", async () => {
    const proposal = await acceptedWithRetainer("2027-07-01");
    await schedule("2027-07-01");
    expect((await schedule("2027-07-02")).unpaid).toBe(0);
    await sql(`update public.retainer_months set asked_at = now() - interval '8 days' where proposal_id = $1`, [
      proposal,
    ]);
    await schedule("2027-07-09");
    await schedule("2027-07-10");
    const told = await messages(proposal, "retainer_failed");
    expect(told).toHaveLength(1);
    expect(told[0]).toMatchObject({ audience: "team", event_key: "2027-07", recipient: null });
    const [event] = await sql<{ count: string }>(
      `select count(*)::text from public.proposal_events where proposal_id = $1 and kind = 'retainer_unpaid'`,
      [proposal],
    );
    expect(event!.count).toBe("1");
  });

  it("is asked no more once the lead team stops it; an Author may not stop it", async () => {
    const proposal = await acceptedWithRetainer("2027-08-01");
    await schedule("2027-08-01");
    const refused = await as(members.author, "aal2").rpc("stop_retainer", { proposal });
    expect(refused.error?.code).toBe("42501");
    const stopped = await sales().rpc("stop_retainer", { proposal });
    expect(stopped.error).toBeNull();
    expect((await sales().rpc("stop_retainer", { proposal })).error?.code).toBe("55000");
    await schedule("2027-09-01");
    expect((await months(proposal)).map((row) => row.month)).toEqual(["2027-08"]);
  });
});

describe("the schedule's expiry", () => {
  it("expires a proposal sent and unanswered past its date, once, and leaves an accepted one", async () => {
    const { id } = await sentProposal(sql, sales());
    const accepted = await acceptedWithRetainer("2027-10-01");
    const [{ valid_until } = { valid_until: "" }] = await sql<{ valid_until: string }>(
      `select valid_until::text from public.proposals where id = $1`,
      [id],
    );
    const dayAfter = new Date(Date.parse(`${valid_until}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    await schedule(dayAfter);
    await schedule(dayAfter);
    const rows = await sql<{ id: string; status: string }>(
      `select id, status::text from public.proposals where id = any($1::uuid[])`,
      [[id, accepted]],
    );
    expect(Object.fromEntries(rows.map((row) => [row.id, row.status]))).toEqual({
      [id]: "expired",
      [accepted]: "accepted",
    });
    const [events] = await sql<{ count: string }>(
      `select count(*)::text from public.proposal_events where proposal_id = $1 and kind = 'expired'`,
      [id],
    );
    expect(events!.count).toBe("1");
  });
});

describe("who reads them", () => {
  it("shows the months and stops to the lead team, nothing to an Author or anon, and the schedule to no one signed in", async () => {
    const proposal = await acceptedWithRetainer("2027-11-01");
    await schedule("2027-11-01");
    const seen = await sales().from("retainer_months").select("month").eq("proposal_id", proposal);
    expect(seen.data).toEqual([{ month: "2027-11-01" }]);
    expect((await as(members.author, "aal2").from("retainer_months").select("month")).data).toEqual([]);
    expect((await anon().from("retainer_months").select("month")).error?.code).toBe("42501");
    expect((await anon().from("retainer_stops").select("proposal_id")).error?.code).toBe("42501");
    expect((await sales().rpc("run_proposal_schedule", { today: "2027-12-01" })).error?.code).toBe("42501");
    expect(
      (await sales().rpc("record_retainer_request", { reference: "R-0000000000", proposal, month: "2027-11-01" })).error
        ?.code,
    ).toBe("42501");
  });
});
