import { randomBytes, randomUUID } from "node:crypto";
import { extractText, getDocumentProxy } from "unpdf";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { CaughtMail } from "../../../supabase/local/mailbox";
import {
  draftProposal,
  PROPOSAL_HALF_MINOR,
  recordPayment,
  requestInstallment,
} from "../../../supabase/local/proposal-fixtures";
import { suiteClients } from "../../../supabase/local/suite-clients";
import { localSupabaseForSuite, mintToken } from "../../../supabase/local/testing";
import { platformStandinsForSuite, SUITE_TEAM as TEAM } from "../../../tests/support/platform-standins";
import { runDispatch } from "../outbox/run";
import { LOCAL_PAYSTACK_SECRET_KEY } from "../../../supabase/local/paystack-standin";
import { paystackSignature } from "../payments/paystack";
import { createPaystackWebhookHandler } from "../payments/webhook";
import { MemoryRateLimiter } from "../rate-limit-memory";
import { readSettings } from "../settings";
import { createProposalsHandler } from "./handler";
import type { ProposalView } from "./terms";

/**
 * What a proposal sends, end to end: api/proposals against the local Supabase (the real migrations
 * and the trigger that writes each message), the outbox run right after each request (`waitUntil`)
 * and on the schedule, with real nodemailer to the local SMTP server (supabase/local/mailbox.ts). The
 * client opens the link their e-mail carries; the acceptance's PDF is read back with pdf.js. WhatsApp is
 * configured, with the Cloud API's stand-in (supabase/local/whatsapp-standin.ts), for the link sent
 * to the lead's number too.
 */
const supabase = localSupabaseForSuite();
const { sql, as, service } = suiteClients(supabase);
const platforms = platformStandinsForSuite({ whatsapp: true });
const pending: Promise<unknown>[] = [];
let sales = "";

beforeAll(async () => {
  sales = await supabase.createUser({ email: `proposal-mail-${randomUUID()}@example.com`, password: "pw-123456" });
  await sql(`insert into public.admins (user_id, role) values ($1, 'sales')`, [sales]);
});

// Declared after the stand-ins, so it runs before they close: the work still under way finishes first.
afterAll(async () => {
  await Promise.all(pending);
});

beforeEach(() => {
  vi.spyOn(console, "error").mockImplementation(() => {});
});

afterEach(() => vi.restoreAllMocks());

const handle = (request: Request) =>
  createProposalsHandler({
    settings: () => readSettings(platforms.env),
    limiter: new MemoryRateLimiter(),
    waitUntil: (work) => pending.push(work),
  })(request);

async function settle() {
  while (pending.length) await Promise.all(pending.splice(0));
}

async function post(body: unknown, member = false) {
  const response = await handle(
    new Request(`${supabase.url}/api/proposals`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "user-agent": "Mozilla/5.0 (Linux; Android 14) Test",
        ...(member ? { authorization: `Bearer ${mintToken(sales, "aal2")}` } : {}),
      },
      body: JSON.stringify(body),
    }),
  );
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/** The suites' proposal of ₦480,000 (proposal-fixtures.ts), drafted by Sales for a client with a Yoruba name. */
const draft = () => draftProposal(sql, as(sales, "aal2"), { clientName: "Adéọlá Obi" });

/** The e-mails to `address` whose subject starts with `subject`, once `count` have arrived. */
async function mailsTo(address: string, subject: string, count = 1): Promise<CaughtMail[]> {
  await settle();
  return platforms.mailbox.waitFor(
    (mail) => mail.envelope.to.includes(address) && (mail.subject ?? "").startsWith(subject),
    count,
    10_000,
  );
}

const tokenIn = (mail: CaughtMail) => /\/proposals\/view#token=([A-Za-z0-9_-]{22})/.exec(mail.text ?? "")?.[1];

async function pdfText(mail: CaughtMail): Promise<string> {
  const pdf = mail.attachments.find((attachment) => attachment.contentType === "application/pdf");
  expect(pdf?.filename).toMatch(/^Ascend-Digital-proposal-P-\d{4}\.pdf$/);
  expect(pdf!.content.subarray(0, 5).toString("latin1")).toBe("%PDF-");
  const document = await getDocumentProxy(new Uint8Array(pdf!.content));
  return (await extractText(document, { mergePages: true })).text.normalize("NFC");
}

/** Records a payment of the deposit as Paystack reports it, `times` times: the reference. */
async function payDeposit(proposal: string, times: number) {
  const reference = `ref-${randomBytes(6).toString("hex")}`;
  const request = await requestInstallment(service(), proposal, 0, { reference });
  if (request.error) throw request.error;
  const answers: unknown[] = [];
  for (let time = 0; time < times; time += 1) {
    const paid = await recordPayment(service(), reference, PROPOSAL_HALF_MINOR, {
      channel: "bank_transfer",
      recordedBy: time === 0 ? "verify" : "webhook",
    });
    answers.push(paid.data);
  }
  expect(answers).toEqual(["recorded", ...Array<string>(times - 1).fill("already")]);
  return reference;
}

const scheduledRun = async () => {
  await settle();
  return runDispatch(new Request(`${supabase.url}/api/cron-outbox`), { settings: () => readSettings(platforms.env) });
};

describe("a proposal's e-mails", () => {
  it("sends the link, the acceptance with its PDF, one receipt per payment and the balance request", async () => {
    const proposal = await draft();

    // Send: the member is told it was e-mailed, and the client's e-mail carries a link that opens it.
    const sent = await post({ action: "send", proposal: proposal.id }, true);
    expect(sent.status).toBe(200);
    expect(sent.body.message).toBe("Sent: the link is on its way to the client by e-mail. You can also copy it below.");
    const [link] = await mailsTo(proposal.email, "Your proposal P-");
    expect(link!.subject).toMatch(/^Your proposal P-\d{4}: GrowthSite for Obi Foods$/);
    expect(link!.text).toContain("₦480,000");
    expect(link!.text).toMatch(/Valid until\s+\d{1,2} \w+ \d{4}/);
    expect(link!.messageId).toMatch(/^<proposal-message-\d+@ascenddigital\.ng>$/);
    const token = tokenIn(link!);
    expect(String(sent.body.link)).toContain(`#token=${token}`);
    const opened = await post({ action: "view", token });
    expect(opened.status).toBe(200);
    const shown = opened.body.proposal as ProposalView;
    expect(shown.terms.title).toBe("GrowthSite for Obi Foods");

    // Accept: the client and the team each get the acceptance with the proposal as accepted.
    const accepted = await post({ action: "accept", token, name: "Adéọlá Obi", termsSha256: shown.termsSha256 });
    expect(accepted.status).toBe(200);
    const [clientCopy] = await mailsTo(proposal.email, "Proposal P-");
    const [teamCopy] = await mailsTo(TEAM, "Accepted: P-");
    expect(clientCopy!.subject).toMatch(/^Proposal P-\d{4} accepted: thank you$/);
    expect(tokenIn(clientCopy!)).toBe(token);
    expect(teamCopy!.subject).toMatch(/^Accepted: P-\d{4} by Adéọlá Obi$/);
    expect(teamCopy!.replyTo).toBe(proposal.email);
    for (const mail of [clientCopy!, teamCopy!]) {
      const text = await pdfText(mail);
      expect(text).toContain("Adéọlá Obi".normalize("NFC"));
      expect(text).toContain(shown.termsSha256);
      expect(text).toContain("₦480,000");
    }

    // A payment reported twice (the return page, then the webhook): one receipt, however often the outbox runs.
    const reference = await payDeposit(proposal.id, 2);
    await scheduledRun();
    await scheduledRun();
    const receipts = await mailsTo(proposal.email, "Receipt:");
    expect(receipts).toHaveLength(1);
    expect(receipts[0]!.subject).toMatch(/^Receipt: ₦240,000 for proposal P-\d{4}$/);
    expect(receipts[0]!.text).toContain(reference);
    expect(receipts[0]!.text).toContain("Bank transfer");
    expect(receipts[0]!.text).toMatch(/Left to pay\s+₦240,000/);
    expect(receipts[0]!.text).toContain("https://ascenddigital.ng/book");

    // The balance, asked by the member: the client's e-mail with what is left and the page.
    const asked = await post({ action: "request_balance", proposal: proposal.id }, true);
    expect(asked).toMatchObject({
      status: 200,
      body: { message: "Asked: the balance request is on its way to the client by e-mail." },
    });
    const [balance] = await mailsTo(proposal.email, "Balance due:");
    expect(balance!.subject).toMatch(/^Balance due: ₦240,000 for proposal P-\d{4}$/);
    expect(tokenIn(balance!)).toBe(token);
    const again = await post({ action: "request_balance", proposal: proposal.id }, true);
    expect(again.status).toBe(409);

    const [counts] = await sql<{ delivered: number; other: number }>(
      `select count(*) filter (where status = 'delivered') as delivered, count(*) filter (where status <> 'delivered') as other
         from public.proposal_messages where proposal_id = $1`,
      [proposal.id],
    );
    expect(counts).toEqual({ delivered: 5, other: 0 });
  });

  it("answers request_balance's refusals as send's: 401, 400, 404 and 409 (403: supabase/tests/proposal-messages.test.ts)", async () => {
    const proposal = await draft();
    const noSession = await handle(
      new Request(`${supabase.url}/api/proposals`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ action: "request_balance", proposal: proposal.id }),
      }),
    );
    expect(noSession.status).toBe(401);
    expect((await post({ action: "request_balance", proposal: "nope" }, true)).status).toBe(400);
    expect((await post({ action: "request_balance", proposal: randomUUID() }, true)).status).toBe(404);
    expect(await post({ action: "request_balance", proposal: proposal.id }, true)).toEqual({
      status: 409,
      body: { message: "Only an accepted proposal not yet paid in full has a balance to ask for." },
    });
  });
});

describe("a proposal's link by WhatsApp", () => {
  const whatsappRows = (proposal: string) =>
    sql<{
      event_key: string;
      status: string;
      skip_reason: string | null;
      recipient: string;
      message_id: string | null;
    }>(
      `select event_key, status, skip_reason, recipient, message_id from public.proposal_messages
        where proposal_id = $1 and channel = 'whatsapp' order by id`,
      [proposal],
    );

  const sentToClients = () => platforms.whatsapp.received().filter((message) => message.template === "proposal_link");

  it("goes to the number the lead left, in E.164, with the client's template and a link that opens, once a send", async () => {
    platforms.whatsapp.clear();
    const proposal = await draftProposal(sql, as(sales, "aal2"), { clientName: "Adéọlá Obi", phone: "0803 123 4567" });
    const sent = await post({ action: "send", proposal: proposal.id }, true);
    expect(sent).toMatchObject({
      status: 200,
      body: {
        message: "Sent: the link is on its way to the client by e-mail and by WhatsApp. You can also copy it below.",
      },
    });
    await mailsTo(proposal.email, "Your proposal P-");
    await scheduledRun();
    const [message, ...others] = sentToClients();
    expect(others).toEqual([]);
    expect(message).toMatchObject({ to: "2348031234567", template: "proposal_link", language: "en" });
    const [name, named, link] = message!.parameters;
    expect(name).toBe("Adéọlá Obi");
    expect(named).toMatch(/^P-\d{4} \(GrowthSite for Obi Foods\)$/);
    expect(link).toBe(sent.body.link);
    const token = /#token=([A-Za-z0-9_-]{22})$/.exec(link!)![1];
    expect((await post({ action: "view", token })).status).toBe(200);
    expect(await whatsappRows(proposal.id)).toEqual([
      { event_key: "1", status: "delivered", skip_reason: null, recipient: "+2348031234567", message_id: message!.id },
    ]);

    // Sent again: the new link goes out; the first one's row is not sent twice.
    const again = await post({ action: "send", proposal: proposal.id }, true);
    await scheduledRun();
    const received = sentToClients();
    expect(received).toHaveLength(2);
    expect(received[0]!.parameters[2]).toBe(again.body.link);
    expect((await whatsappRows(proposal.id)).map((row) => [row.event_key, row.status])).toEqual([
      ["1", "delivered"],
      ["2", "delivered"],
    ]);
  });

  it("is skipped when the number cannot be one, and not queued when the lead left none", async () => {
    platforms.whatsapp.clear();
    const short = await draftProposal(sql, as(sales, "aal2"), { phone: "12-34" });
    const none = await draft();
    for (const proposal of [short, none]) {
      const sent = await post({ action: "send", proposal: proposal.id }, true);
      expect(sent.body.message).toBe(
        "Sent: the link is on its way to the client by e-mail. You can also copy it below.",
      );
    }
    await mailsTo(short.email, "Your proposal P-");
    await mailsTo(none.email, "Your proposal P-");
    await scheduledRun();
    expect(sentToClients()).toEqual([]);
    expect(await whatsappRows(short.id)).toEqual([
      { event_key: "1", status: "skipped", skip_reason: "no_number", recipient: "12-34", message_id: null },
    ]);
    expect(await whatsappRows(none.id)).toEqual([]);
  });
});

describe("a payment Paystack reports", () => {
  it("is receipted once, right after its webhook and before any scheduled run, however often it is delivered", async () => {
    const proposal = await draft();
    const sent = await post({ action: "send", proposal: proposal.id }, true);
    const token = /#token=([A-Za-z0-9_-]{22})/.exec(String(sent.body.link))![1];
    const shown = (await post({ action: "view", token })).body.proposal as ProposalView;
    await post({ action: "accept", token, name: "Adéọlá Obi", termsSha256: shown.termsSha256 });
    await settle();
    const reference = `ref-${randomBytes(6).toString("hex")}`;
    const asked = await service().rpc("record_payment_request", {
      reference,
      proposal: proposal.id,
      purpose: "deposit",
      installment: 0,
      amount_minor: 24_000_000,
      currency: "NGN",
    });
    expect(asked.error).toBeNull();

    const body = JSON.stringify({
      event: "charge.success",
      data: {
        status: "success",
        reference,
        amount: 24_000_000,
        currency: "NGN",
        channel: "card",
        paid_at: new Date().toISOString(),
      },
    });
    const webhook = createPaystackWebhookHandler({
      settings: () => readSettings({ ...platforms.env, PAYSTACK_SECRET_KEY: LOCAL_PAYSTACK_SECRET_KEY }),
      waitUntil: (work) => pending.push(work),
    });
    // Paystack delivering it 50 times at once (its retries, a replay): one payment, one receipt.
    const deliver = () =>
      webhook(
        new Request(`${supabase.url}/api/paystack-webhook`, {
          method: "POST",
          headers: {
            "content-type": "application/json",
            "x-paystack-signature": paystackSignature(body, LOCAL_PAYSTACK_SECRET_KEY),
          },
          body,
        }),
      ).then(async (response) => ({ status: response.status, ...((await response.json()) as { outcome: string }) }));
    const answers = await Promise.all(Array.from({ length: 50 }, deliver));
    expect(answers.map((answer) => answer.status)).toEqual(Array<number>(50).fill(200));
    expect(answers.filter((answer) => answer.outcome === "recorded")).toHaveLength(1);
    expect(answers.filter((answer) => answer.outcome === "already")).toHaveLength(49);
    expect(await sql(`select 1 from public.payments where reference = $1`, [reference])).toHaveLength(1);
    const receipts = await mailsTo(proposal.email, "Receipt:");
    expect(receipts).toHaveLength(1);
    expect(receipts[0]!.text).toContain(reference);
    await scheduledRun();
    expect(
      platforms.mailbox
        .messages()
        .filter((mail) => mail.envelope.to.includes(proposal.email) && mail.subject?.startsWith("Receipt:")),
    ).toHaveLength(1);
  });
});
