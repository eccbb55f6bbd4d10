import { randomUUID } from "node:crypto";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { draftProposal } from "../../../supabase/local/proposal-fixtures";
import { suiteClients } from "../../../supabase/local/suite-clients";
import { localSupabaseForSuite, mintToken } from "../../../supabase/local/testing";
import { platformStandinsForSuite, SUITE_TEAM as TEAM } from "../../../tests/support/platform-standins";
import { runDispatch } from "../outbox/run";
import { MemoryRateLimiter } from "../rate-limit-memory";
import { readSettings } from "../settings";
import { createProposalsHandler } from "./handler";
import type { ProposalView } from "./terms";

/**
 * A retainer's months on the schedule's clock, end to end: a proposal with a retainer from January
 * 2027 sent and accepted through api/proposals, then the scheduled outbox run (runDispatch, as the cron
 * calls it) on a fake clock: nothing in December, the client's e-mail on 1 January with the month, the
 * amount and a link that opens the proposal with the month to pay; once only, however often the
 * schedule runs; and the team told once of a month still unpaid a week on. Real migrations, real
 * nodemailer to the local mailbox.
 */
const supabase = localSupabaseForSuite();
const { sql, as } = suiteClients(supabase);
const platforms = platformStandinsForSuite();
let sales = "";
const pending: Promise<unknown>[] = [];

beforeAll(async () => {
  sales = await supabase.createUser({ email: `retainer-run-${randomUUID()}@example.com`, password: "pw-123456" });
  await sql(`insert into public.admins (user_id, role) values ($1, 'sales')`, [sales]);
});

beforeEach(() => {
  platforms.mailbox.clear();
  vi.spyOn(console, "error").mockImplementation(() => {});
  vi.spyOn(console, "warn").mockImplementation(() => {});
});

afterEach(async () => {
  await Promise.all(pending.splice(0));
  vi.restoreAllMocks();
});

const settings = () => readSettings(platforms.env);
const handle = createProposalsHandler({
  settings,
  limiter: new MemoryRateLimiter(),
  waitUntil: (work) => pending.push(work),
});

async function post(body: Record<string, unknown>, headers: Record<string, string> = {}) {
  const response = await handle(
    new Request(`${supabase.url}/api/proposals`, {
      method: "POST",
      headers: { "content-type": "application/json", ...headers },
      body: JSON.stringify(body),
    }),
  );
  return {
    status: response.status,
    body: (await response.json()) as Record<string, unknown> & { proposal?: ProposalView },
  };
}

/** A scheduled run on the clock `now`, once what the requests started has finished. */
async function scheduledRun(now: Date) {
  await Promise.all(pending.splice(0));
  return runDispatch(new Request(`${supabase.url}/api/cron-conversions`), { settings, now: () => now });
}

const tokenOf = (text: string | null | undefined) => /#token=([A-Za-z0-9_-]{22})/.exec(text ?? "")?.[1] ?? "";

describe("the schedule asks for a retainer's month", () => {
  it("e-mails the client on the 1st, once, with a link to pay it, and tells the team of a month unpaid a week on", async () => {
    const retainer = { amount: 15_000_000, startsOn: "2027-01-01" };
    const { id, email } = await draftProposal(sql, as(sales, "aal2"), { retainer });
    const sent = await post({ action: "send", proposal: id }, { authorization: `Bearer ${mintToken(sales, "aal2")}` });
    expect(sent.status).toBe(200);
    const token = tokenOf(String(sent.body.link));
    const shown = (await post({ action: "view", token })).body.proposal!;
    expect((await post({ action: "accept", token, name: "Chidi Obi", termsSha256: shown.termsSha256 })).status).toBe(
      200,
    );
    await scheduledRun(new Date());
    platforms.mailbox.clear();

    // 31 December, 23:00 in Lagos: not yet.
    const december = await scheduledRun(new Date("2026-12-31T22:00:00Z"));
    expect(december).toMatchObject({ proposals: { retainersAsked: 0 } });
    expect(platforms.mailbox.messages().filter((mail) => mail.to.includes(email))).toEqual([]);

    // 1 January, 00:30 in Lagos (still 31 December in UTC): the month is asked for.
    const january = await scheduledRun(new Date("2026-12-31T23:30:00Z"));
    expect(january).toMatchObject({ proposals: { retainersAsked: 1 } });
    await scheduledRun(new Date("2027-01-01T09:00:00Z"));
    const asked = platforms.mailbox.messages().filter((mail) => mail.to.includes(email));
    expect(asked).toHaveLength(1);
    expect(asked[0]!.subject).toContain("January 2027");
    expect(asked[0]!.text).toContain("₦150,000");
    const link = tokenOf(asked[0]!.text);
    expect(link).not.toBe("");
    const opened = await post({ action: "view", token: link });
    expect(opened.body.proposal).toMatchObject({ retainerDue: { month: "2027-01", amount: 15_000_000 } });

    // A week on, unpaid: the team hears once.
    await sql(`update public.retainer_months set asked_at = asked_at - interval '8 days' where proposal_id = $1`, [id]);
    const late = await scheduledRun(new Date("2027-01-09T09:00:00Z"));
    expect(late).toMatchObject({ proposals: { retainersUnpaid: 1 } });
    await scheduledRun(new Date("2027-01-10T09:00:00Z"));
    const told = platforms.mailbox.messages().filter((mail) => mail.to.includes(TEAM));
    expect(told).toHaveLength(1);
    expect(told[0]!.text).toContain("January 2027");
  });
});
