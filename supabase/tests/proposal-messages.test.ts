import { randomBytes, randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import {
  acceptProposal,
  draftProposal,
  PROPOSAL_HALF_MINOR,
  recordPayment,
  requestInstallment,
  sendProposal,
} from "../local/proposal-fixtures.ts";
import { localSupabaseForSuite } from "../local/testing.ts";
import { suiteClients } from "../local/suite-clients.ts";

/**
 * What a proposal sends, in the database (20261130100000_proposal_messages.sql): each send, the
 * acceptance, each counted payment and each request of the balance writes its message in its own
 * transaction, once however often the event is reported; only the service role claims and finishes
 * them; the lead team reads them (with its second factor where required), an Author, an Editor and
 * anon read nothing; request_balance is the lead team's, for what is accepted and not yet paid.
 */
const { sql, as, anon, service, newMembers } = suiteClients(localSupabaseForSuite());
let members: Record<"sales" | "editor" | "author", string>;

const sales = () => as(members.sales, "aal2");

beforeAll(async () => {
  members = await newMembers("proposal-messages", ["sales", "editor", "author"]);
});

/**
 * The suites' proposal of ₦480,000 (proposal-fixtures.ts), its second half due `balanceDue`, made by
 * Sales for a lead whose address is typed in capitals: the messages go to it in lower case.
 */
async function draft(balanceDue = "completion") {
  const typed = `Client-${randomBytes(4).toString("hex")}@Example.ng`;
  const proposal = await draftProposal(sql, sales(), { email: typed, balanceDue });
  return { ...proposal, email: typed.toLowerCase() };
}

const send = (id: string) => sendProposal(sales(), id);

const accept = (token: string) => acceptProposal(service(), token);

async function accepted(balanceDue = "completion") {
  const proposal = await draft(balanceDue);
  const token = await send(proposal.id);
  expect((await accept(token)).data).toBe("accepted");
  return { ...proposal, token };
}

/** Pays installment `installment` (its amount) through a request and record_payment: the reference. */
async function pay(proposal: string, installment: number, recordedBy = "webhook") {
  const reference = `ref-${randomBytes(6).toString("hex")}`;
  const request = await requestInstallment(service(), proposal, installment, { reference });
  if (request.error) throw request.error;
  const paid = await recordPayment(service(), reference, PROPOSAL_HALF_MINOR, { recordedBy });
  expect(paid.data).toBe("recorded");
  return reference;
}

interface MessageRow {
  kind: string;
  audience: string;
  event_key: string;
  send_number: number | null;
  recipient: string | null;
  status: string;
}

/** A row of claim_proposal_messages. */
interface Claimed {
  id: number;
  kind: string;
  audience: string;
  claim_token: string;
  proposal: Record<string, unknown>;
  payment: Record<string, unknown> | null;
}

const messagesOf = (proposal: string) =>
  sql<MessageRow>(
    `select kind, audience, event_key, send_number, recipient, status from public.proposal_messages
      where proposal_id = $1 order by id`,
    [proposal],
  );

describe("the messages a proposal's events write", () => {
  it("writes the link on each send with its number, to the client's address as stored", async () => {
    const proposal = await draft();
    await send(proposal.id);
    await send(proposal.id);
    expect(await messagesOf(proposal.id)).toEqual([
      {
        kind: "link",
        audience: "client",
        event_key: "1",
        send_number: 1,
        recipient: proposal.email,
        status: "waiting",
      },
      {
        kind: "link",
        audience: "client",
        event_key: "2",
        send_number: 2,
        recipient: proposal.email,
        status: "waiting",
      },
    ]);
  });

  it("writes the link by WhatsApp too, to the number the lead left as typed, once a send; only a link may go by WhatsApp", async () => {
    const proposal = await draftProposal(sql, sales(), { phone: " +234 803 123 4567 " });
    await send(proposal.id);
    await send(proposal.id);
    await sql(`insert into public.proposal_events (proposal_id, kind, actor) values ($1, 'sent', 'member')`, [
      proposal.id,
    ]);
    const rows = await sql<{ channel: string; event_key: string; recipient: string }>(
      `select channel, event_key, recipient from public.proposal_messages where proposal_id = $1 order by event_key, channel`,
      [proposal.id],
    );
    expect(rows).toEqual(
      ["1", "2", "3"].flatMap((key) => [
        { channel: "email", event_key: key, recipient: proposal.email },
        { channel: "whatsapp", event_key: key, recipient: "+234 803 123 4567" },
      ]),
    );
    // The claim says which channel a row goes by.
    const [claimed] = await sql<{ channel: string }>(
      `select channel from public.claim_proposal_messages(100, $1) where channel = 'whatsapp' limit 1`,
      [proposal.lead],
    );
    expect(claimed).toEqual({ channel: "whatsapp" });
    await expect(
      sql(
        `insert into public.proposal_messages (proposal_id, kind, audience, event_key, channel, recipient)
         values ($1, 'receipt', 'client', 'by-hand', 'whatsapp', '08031234567')`,
        [proposal.id],
      ),
    ).rejects.toThrow(/proposal_messages_whatsapp_check/);
  });

  it("writes the acceptance to the client and the team once, though the client accepts twice", async () => {
    const proposal = await accepted();
    expect((await accept(proposal.token)).data).toBe("already");
    const acceptance = (await messagesOf(proposal.id)).filter((row) => row.kind === "acceptance");
    expect(acceptance).toEqual([
      {
        kind: "acceptance",
        audience: "client",
        event_key: "accepted",
        send_number: 1,
        recipient: proposal.email,
        status: "waiting",
      },
      {
        kind: "acceptance",
        audience: "team",
        event_key: "accepted",
        send_number: 1,
        recipient: null,
        status: "waiting",
      },
    ]);
  });

  it("writes one receipt per counted payment, however often Paystack reports it, and none for a flagged one", async () => {
    const proposal = await accepted();
    const reference = await pay(proposal.id, 0, "verify");
    for (let again = 0; again < 3; again += 1) {
      const repeated = await recordPayment(service(), reference, PROPOSAL_HALF_MINOR);
      expect(repeated.data).toBe("already");
    }
    const short = `ref-${randomBytes(6).toString("hex")}`;
    await requestInstallment(service(), proposal.id, 1, { reference: short });
    const flagged = await recordPayment(service(), short, 100);
    expect(flagged.data).toBe("flagged");
    const receipts = (await messagesOf(proposal.id)).filter((row) => row.kind === "receipt");
    expect(receipts).toEqual([
      {
        kind: "receipt",
        audience: "client",
        event_key: reference,
        send_number: 1,
        recipient: proposal.email,
        status: "waiting",
      },
    ]);
  });

  it("keeps one message per event when the same event is written again", async () => {
    const proposal = await accepted();
    const reference = await pay(proposal.id, 0);
    // The same acceptance and the same payment written again by hand, as a replayed import would.
    await sql(
      `insert into public.proposal_events (proposal_id, kind, actor, detail)
       values ($1, 'accepted', 'client', null), ($1, 'payment', 'paystack', jsonb_build_object('reference', $2::text))`,
      [proposal.id, reference],
    );
    const kinds = (await messagesOf(proposal.id)).map((row) => `${row.kind}:${row.audience}`);
    expect(kinds).toEqual(["link:client", "acceptance:client", "acceptance:team", "receipt:client"]);
  });
});

describe("who reads the messages, and who sends them", () => {
  it("lets Sales read them, and asks for the second factor where the agency requires it", async () => {
    const proposal = await accepted();
    const read = await sales().from("proposal_messages").select("kind").eq("proposal_id", proposal.id).order("id");
    expect(read.data?.map((row) => row.kind)).toEqual(["link", "acceptance", "acceptance"]);
    await sql(`update public.security_settings set require_second_factor = true`);
    try {
      const below = await as(members.sales, "aal1")
        .from("proposal_messages")
        .select("id")
        .eq("proposal_id", proposal.id);
      expect(below.data).toEqual([]);
    } finally {
      await sql(`update public.security_settings set require_second_factor = false`);
    }
  });

  it("gives an Editor, an Author and anon nothing, and lets no one but the service role claim or finish", async () => {
    const proposal = await accepted();
    for (const role of ["editor", "author"] as const) {
      const client = as(members[role], "aal2");
      expect((await client.from("proposal_messages").select("id").eq("proposal_id", proposal.id)).data).toEqual([]);
      expect((await client.rpc("claim_proposal_messages", { max_rows: 5 })).error).not.toBeNull();
    }
    expect((await anon().from("proposal_messages").select("id")).error?.code).toBe("42501");
    expect((await anon().rpc("claim_proposal_messages", { max_rows: 5 })).error).not.toBeNull();
    expect((await sales().rpc("claim_proposal_messages", { max_rows: 5 })).error).not.toBeNull();
    const finish = await sales().rpc("finish_proposal_message", {
      message: 1,
      token: randomUUID(),
      outcome: "delivered",
    });
    expect(finish.error).not.toBeNull();
    const written = await sales()
      .from("proposal_messages")
      .update({ status: "delivered" } as never)
      .eq("proposal_id", proposal.id);
    expect(written.error?.code).toBe("42501");
  });

  it("claims a due row once, with the proposal as it is now, and only the claim's holder finishes it", async () => {
    const proposal = await accepted();
    const claimed = await service().rpc("claim_proposal_messages", { max_rows: 10, only_lead: proposal.lead });
    expect(claimed.error).toBeNull();
    const rows = claimed.data as Claimed[];
    expect(rows.map((row) => `${row.kind}:${row.audience}`)).toEqual([
      "link:client",
      "acceptance:client",
      "acceptance:team",
    ]);
    const facts = rows[0]!.proposal;
    expect(facts).toMatchObject({
      id: proposal.id,
      status: "accepted",
      sends: 1,
      total: 48_000_000,
      paid: 0,
      client_name: "Chidi Obi",
      accepted_ip: "203.0.113.7",
    });
    expect(facts).not.toHaveProperty("token_hash");
    // Held: a second run claims none of them.
    expect((await service().rpc("claim_proposal_messages", { max_rows: 10, only_lead: proposal.lead })).data).toEqual(
      [],
    );
    const wrongHolder = await service().rpc("finish_proposal_message", {
      message: rows[0]!.id,
      token: randomUUID(),
      outcome: "delivered",
    });
    expect(wrongHolder.data).toBe(false);
    const finished = await service().rpc("finish_proposal_message", {
      message: rows[0]!.id,
      token: rows[0]!.claim_token,
      outcome: "skipped",
      detail: "not_configured",
    });
    expect(finished.data).toBe(true);
    expect((await messagesOf(proposal.id))[0]).toMatchObject({ kind: "link", status: "skipped" });
  });

  it("gives a receipt its payment", async () => {
    const proposal = await accepted();
    const reference = await pay(proposal.id, 0);
    const claimed = await service().rpc("claim_proposal_messages", { max_rows: 10, only_lead: proposal.lead });
    const receipt = (claimed.data as Claimed[]).find((row) => row.kind === "receipt")!;
    expect(receipt.payment).toMatchObject({
      reference,
      amount_minor: 24_000_000,
      currency: "NGN",
      channel: "card",
      purpose: "deposit",
      installment: 0,
    });
    expect(receipt.proposal).toMatchObject({ status: "paid_in_part", paid: 24_000_000 });
  });
});

describe("request_balance", () => {
  it("asks the client for what is left: the time kept, the member's event, one message", async () => {
    const proposal = await accepted("milestone");
    await pay(proposal.id, 0);
    const asked = await sales().rpc("request_balance", { proposal: proposal.id });
    expect(asked.error).toBeNull();
    const [row] = await sql<{ balance_requested_at: string | null }>(
      `select balance_requested_at from public.proposals where id = $1`,
      [proposal.id],
    );
    expect(row!.balance_requested_at).not.toBeNull();
    const [event] = await sql<{ actor: string; actor_id: string; detail: Record<string, number> }>(
      `select actor, actor_id, detail from public.proposal_events where proposal_id = $1 and kind = 'balance_requested'`,
      [proposal.id],
    );
    expect(event).toEqual({
      actor: "member",
      actor_id: members.sales,
      detail: { installment: 1, amount_minor: 24_000_000 },
    });
    const balance = (await messagesOf(proposal.id)).filter((message) => message.kind === "balance");
    expect(balance).toMatchObject([{ audience: "client", recipient: proposal.email, send_number: 1 }]);
  });

  it("refuses a second request within a day: a double click is one e-mail", async () => {
    const proposal = await accepted();
    expect((await sales().rpc("request_balance", { proposal: proposal.id })).error).toBeNull();
    const again = await sales().rpc("request_balance", { proposal: proposal.id });
    expect(again.error).toMatchObject({
      code: "55000",
      message: "The balance was asked for less than a day ago: the client has that e-mail.",
    });
    expect((await messagesOf(proposal.id)).filter((message) => message.kind === "balance")).toHaveLength(1);
  });

  it("refuses a proposal not accepted, one paid in full, and one with nothing due at completion", async () => {
    const open = await draft();
    await send(open.id);
    expect((await sales().rpc("request_balance", { proposal: open.id })).error).toMatchObject({
      code: "55000",
      message: "Only an accepted proposal not yet paid in full has a balance to ask for.",
    });

    const paid = await accepted();
    await pay(paid.id, 0);
    await pay(paid.id, 1);
    expect((await sales().rpc("request_balance", { proposal: paid.id })).error?.code).toBe("55000");

    // Both halves due on acceptance: nothing is due at completion or a milestone.
    const upfront = await accepted("acceptance");
    expect((await sales().rpc("request_balance", { proposal: upfront.id })).error).toMatchObject({
      code: "55000",
      message: "No installment due at completion or a milestone is left to pay.",
    });
  });

  it("refuses an Editor, an Author, anon, Sales below the required factor, and an unknown proposal", async () => {
    const proposal = await accepted();
    for (const role of ["editor", "author"] as const) {
      const refused = await as(members[role], "aal2").rpc("request_balance", { proposal: proposal.id });
      expect(refused.error).toMatchObject({ code: "42501", message: "Only the lead team asks for a balance." });
    }
    expect((await anon().rpc("request_balance", { proposal: proposal.id })).error).not.toBeNull();
    await sql(`update public.security_settings set require_second_factor = true`);
    try {
      const below = await as(members.sales, "aal1").rpc("request_balance", { proposal: proposal.id });
      expect(below.error?.code).toBe("42501");
    } finally {
      await sql(`update public.security_settings set require_second_factor = false`);
    }
    const unknown = await sales().rpc("request_balance", { proposal: randomUUID() });
    expect(unknown.error).toMatchObject({ code: "P0002", message: "That proposal does not exist." });
    expect((await messagesOf(proposal.id)).filter((message) => message.kind === "balance")).toEqual([]);
  });
});
