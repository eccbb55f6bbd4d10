import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { startMailbox, type Mailbox } from "../../../supabase/local/mailbox";
import { LOCAL_DEFAULTS } from "../../../supabase/local/index";
import { localSupabaseForSuite } from "../../../supabase/local/testing";
import { runDispatch } from "../outbox/run";
import { readSettings } from "../settings";

/**
 * The e-mail to a lead's new assignee, end to end: the assignment made through the REST API as the
 * admin (the trigger queues the row), sent by a scheduled run of the outbox with real nodemailer to
 * the real local SMTP server (supabase/local/mailbox.ts, read back with mailparser).
 */
const supabase = localSupabaseForSuite();
const { as, service } = supabase;
let mailbox: Mailbox;
let adminToken: string;
let salesId: string;
let salesToken: string;

const SITE = "https://ascenddigital.ng";
const SALES = "sales.member@example.com";

function envFor(overrides: Record<string, string> = {}): Record<string, string> {
  return {
    VITE_SITE_URL: SITE,
    SMTP_URL: `smtp://127.0.0.1:${mailbox.port}`,
    MAIL_FROM: "Ascend Digital <hello@ascenddigital.ng>",
    LEADS_NOTIFY_EMAILS: "team@ascenddigital.ng",
    ...overrides,
  };
}

function scheduledRun(env = envFor()) {
  return runDispatch(new Request(`${supabase.url}/api/cron-conversions`), { settings: () => readSettings(env) });
}

async function newLead(email: string, fullName = "Amaka Okafor"): Promise<string> {
  const { data, error } = await service()
    .from("leads")
    .insert({ full_name: fullName, email, service: "crm", company_name: "Noir Malika" })
    .select("id")
    .single();
  if (error) throw error;
  return data.id;
}

async function assign(token: string, leadId: string, to: string) {
  const { error } = await as(token).from("leads").update({ assigned_to: to }).eq("id", leadId);
  if (error) throw error;
}

async function assignedRows(leadId: string) {
  return (
    await supabase.db.query<{
      status: string;
      skip_reason: string | null;
      recipient: string;
      message_id: string | null;
    }>(
      `select status, skip_reason, recipient, message_id from public.lead_messages where lead_id = $1 and kind = 'assigned' order by id`,
      [leadId],
    )
  ).rows;
}

const mailTo = (address: string) => mailbox.messages().filter((mail) => mail.envelope.to.includes(address));

beforeAll(async () => {
  mailbox = await startMailbox();
  salesId = await supabase.createUser({ email: SALES, password: "sales-password", admin: true });
  await supabase.db.query(`update public.admins set role = 'sales' where user_id = $1`, [salesId]);
  adminToken = (await supabase.signIn(LOCAL_DEFAULTS.adminEmail, LOCAL_DEFAULTS.adminPassword)).token;
  salesToken = (await supabase.signIn(SALES, "sales-password")).token;
});

afterAll(async () => {
  await mailbox?.close();
});

beforeEach(() => {
  mailbox.clear();
  vi.spyOn(console, "error").mockImplementation(() => {});
});

describe("the assignee's e-mail", () => {
  it("reaches the new assignee, with the lead's link, Reply-To the visitor and the row's Message-ID", async () => {
    const id = await newLead("assigned@example.ng", "Ada <script>alert(1)</script> Obi");
    await assign(adminToken, id, salesId);
    await scheduledRun();

    const mails = mailTo(SALES);
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    expect(mail.to).toEqual([SALES]);
    expect(mail.from).toContain("hello@ascenddigital.ng");
    expect(mail.replyTo).toContain("assigned@example.ng");
    expect(mail.subject).toBe("A lead is yours: Ada <script>alert(1)</script> Obi (CRM Automation)");
    expect(mail.text).toContain(`${SITE}/admin/leads/${id}`);
    expect(mail.html).toContain(`${SITE}/admin/leads/${id}`);
    expect(mail.html).toContain("Noir Malika");
    expect(mail.html).not.toContain("<script>alert(1)</script>");

    const [row] = await assignedRows(id);
    expect(row).toMatchObject({ status: "delivered", recipient: SALES });
    expect(mail.messageId).toBe(row!.message_id);

    // Sent once: the next run finds nothing of it to send.
    await scheduledRun();
    expect(mailTo(SALES)).toHaveLength(1);
  });

  it("is not sent when the assignee took the lead themselves", async () => {
    const id = await newLead("self@example.ng");
    await assign(salesToken, id, salesId);
    await scheduledRun();
    expect(mailTo(SALES)).toEqual([]);
    expect(await assignedRows(id)).toEqual([]);
  });

  it("is skipped as not configured without SMTP, and Retry now sends it once it is", async () => {
    const id = await newLead("no-smtp@example.ng");
    await assign(adminToken, id, salesId);
    await scheduledRun(envFor({ SMTP_URL: "" }));
    expect(await assignedRows(id)).toEqual([
      { status: "skipped", skip_reason: "not_configured", recipient: SALES, message_id: null },
    ]);

    const { data: rows } = await as(adminToken)
      .from("lead_messages")
      .select("id")
      .eq("lead_id", id)
      .eq("kind", "assigned");
    const retried = await as(adminToken).rpc("retry_lead_message", { message: rows![0]!.id });
    expect(retried.data).toBe(true);
    await scheduledRun();
    expect(mailTo(SALES)).toHaveLength(1);
    expect((await assignedRows(id))[0]).toMatchObject({ status: "delivered" });
  });
});
