import { createServer, type Server } from "node:http";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { startMailbox, type Mailbox } from "../../../supabase/local/mailbox";
import { LOCAL_DEFAULTS } from "../../../supabase/local/index";
import { localSupabaseForSuite } from "../../../supabase/local/testing";
import { close, listen } from "../../../tests/support/http-server";
import { runDispatch } from "../outbox/run";
import { createContactHandler } from "../contact";
import { MemoryRateLimiter } from "../rate-limit-memory";
import { readSettings } from "../settings";

/**
 * The messages a lead causes, end to end: the contact function against the local Supabase (real
 * migrations, triggers and RLS, over HTTP with the service-role key), real nodemailer to the real
 * local SMTP server (supabase/local/mailbox.ts, read back with mailparser), and a WhatsApp Cloud API
 * recorder on 127.0.0.1 that checks what the Cloud API checks. Time moves by moving the rows' times
 * back in the database, never by waiting.
 */
const supabase = localSupabaseForSuite();
let mailbox: Mailbox;
let whatsapp: Server;
let whatsappUrl: string;
let whatsappCalls: { path: string; authorization: string | undefined; body: Record<string, unknown> }[] = [];
const pending: Promise<unknown>[] = [];
let adminToken: string;
let memberToken: string;

const SITE = "https://ascenddigital.ng";
const TEAM = ["team@ascenddigital.ng", "sales@ascenddigital.ng"];

function envFor(overrides: Record<string, string> = {}): Record<string, string> {
  return {
    VITE_SITE_URL: SITE,
    SMTP_URL: `smtp://127.0.0.1:${mailbox.port}`,
    MAIL_FROM: "Ascend Digital <hello@ascenddigital.ng>",
    LEADS_NOTIFY_EMAILS: TEAM.join(", "),
    WHATSAPP_GRAPH_URL: `${whatsappUrl}/v23.0`,
    WHATSAPP_PHONE_NUMBER_ID: "1098765432",
    WHATSAPP_TOKEN: "wa-test-token",
    WHATSAPP_TEMPLATE: "new_lead",
    WHATSAPP_NOTIFY_TO: "+234 809 555 0142, 2348031112222",
    ...overrides,
  };
}

function submit(body: Record<string, unknown>, env = envFor()) {
  const handler = createContactHandler({
    settings: () => readSettings(env),
    limiter: new MemoryRateLimiter(),
    waitUntil: (work) => pending.push(work),
  });
  return handler(
    new Request(`${supabase.url}/api/contact`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": "198.51.100.7" },
      body: JSON.stringify({
        service: "web-design",
        webPackage: "GrowthSite",
        hasWebsite: "no",
        fullName: "Amaka Okafor",
        email: "amaka@example.ng",
        companyName: "Noir Malika",
        elapsedMs: 9_000,
        website: "",
        ...body,
      }),
    }),
  );
}

/** A scheduled run of the dispatcher (what Supabase Cron's call does). */
function scheduledRun(env = envFor()) {
  return runDispatch(new Request(`${supabase.url}/api/cron-conversions`), { settings: () => readSettings(env) });
}

async function settle() {
  await Promise.all(pending.splice(0));
}

async function leadId(email: string): Promise<string> {
  const { rows } = await supabase.db.query<{ id: string }>(
    `select id from public.leads where email = $1 order by created_at desc limit 1`,
    [email],
  );
  return rows[0]!.id;
}

async function messagesOf(id: string) {
  return (
    await supabase.db.query<{
      kind: string;
      status: string;
      skip_reason: string | null;
      attempts: number;
      recipient: string | null;
      message_id: string | null;
      last_error: string | null;
    }>(
      `select kind, status, skip_reason, attempts, recipient, message_id, last_error from public.lead_messages where lead_id = $1 order by kind`,
      [id],
    )
  ).rows;
}

const mailTo = (address: string) => mailbox.messages().filter((mail) => mail.envelope.to.includes(address));

const { as } = supabase;

beforeAll(async () => {
  mailbox = await startMailbox();
  whatsapp = createServer((req, res) => {
    let raw = "";
    req.on("data", (chunk: Buffer) => (raw += chunk.toString()));
    req.on("end", () => {
      const body = JSON.parse(raw) as Record<string, unknown>;
      whatsappCalls.push({ path: req.url ?? "", authorization: req.headers.authorization, body });
      res.writeHead(200, { "content-type": "application/json" });
      res.end(
        JSON.stringify({
          messaging_product: "whatsapp",
          contacts: [{ input: body.to, wa_id: body.to }],
          messages: [{ id: `wamid.${whatsappCalls.length}` }],
        }),
      );
    });
  });
  whatsappUrl = await listen(whatsapp);
  await supabase.createUser({ email: "member@example.com", password: "member-password" });
  adminToken = (await supabase.signIn(LOCAL_DEFAULTS.adminEmail, LOCAL_DEFAULTS.adminPassword)).token;
  memberToken = (await supabase.signIn("member@example.com", "member-password")).token;
});

afterAll(async () => {
  await settle();
  await mailbox?.close();
  if (whatsapp) await close(whatsapp);
});

beforeEach(async () => {
  await settle();
  mailbox.clear();
  whatsappCalls = [];
  vi.spyOn(console, "error").mockImplementation(() => {});
});

describe("a new lead", () => {
  it("sends the team's e-mail and the visitor's reply, with the right recipients, Reply-To, ids and links", async () => {
    const response = await submit({
      email: "ada@example.ng",
      fullName: "Ada <script>alert(1)</script>",
      message: "Hello & <b>welcome</b>",
    });
    expect(response.status).toBe(200);
    await settle();
    const id = await leadId("ada@example.ng");

    const team = mailbox.messages().filter((mail) => mail.envelope.to.includes(TEAM[0]!));
    expect(team).toHaveLength(1);
    const notice = team[0]!;
    expect(notice.envelope.to.sort()).toEqual([...TEAM].sort());
    expect(notice.replyTo).toContain("ada@example.ng");
    expect(notice.from).toContain("hello@ascenddigital.ng");
    expect(notice.listId).toMatch(/<leads\.ascenddigital\.ng>/);
    expect(notice.text).toContain(`${SITE}/admin/leads/${id}`);
    expect(notice.html).toContain(`${SITE}/admin/leads/${id}`);
    expect(notice.html).not.toContain("<script>alert(1)</script>");
    expect(notice.html).not.toContain("<b>welcome</b>");

    const replies = mailTo("ada@example.ng");
    expect(replies).toHaveLength(1);
    const reply = replies[0]!;
    expect(reply.to).toEqual(["ada@example.ng"]);
    expect(reply.html).toContain("https://forms.ascenddigital.ng/start");
    expect(reply.html).toMatch(/https:\/\/wa\.me\/2348095550142/);
    expect(reply.text).toBeTruthy();
    expect(reply.html).not.toContain("<script>alert(1)</script>");

    const rows = await messagesOf(id);
    const byKind = Object.fromEntries(rows.map((row) => [row.kind, row]));
    expect(byKind.team_email).toMatchObject({ status: "delivered", attempts: 1 });
    expect(byKind.visitor_reply).toMatchObject({ status: "delivered", recipient: "ada@example.ng" });
    // The Message-ID the database keeps is the one the mail carried.
    expect(notice.messageId).toBe(byKind.team_email!.message_id);
    expect(reply.messageId).toBe(byKind.visitor_reply!.message_id);
    expect(notice.messageId).not.toBe(reply.messageId);
  });

  it("sends the team a valid WhatsApp template message to each number, once", async () => {
    await submit({
      email: "wa@example.ng",
      fullName: "Tunde Bello",
      service: "crm",
      useCRM: "no",
      crmPackage: "CustomerFlow",
      webPackage: "",
      hasWebsite: "",
    });
    await settle();
    const id = await leadId("wa@example.ng");
    expect(whatsappCalls).toHaveLength(2);
    for (const call of whatsappCalls) {
      expect(call.path).toBe("/v23.0/1098765432/messages");
      expect(call.authorization).toBe("Bearer wa-test-token");
      expect(call.body).toEqual({
        messaging_product: "whatsapp",
        to: expect.stringMatching(/^[1-9][0-9]{7,14}$/),
        type: "template",
        template: {
          name: "new_lead",
          language: { code: "en" },
          components: [
            {
              type: "body",
              parameters: [
                { type: "text", text: "Tunde Bello" },
                { type: "text", text: "CRM Automation" },
                { type: "text", text: `${SITE}/admin/leads/${id}` },
              ],
            },
          ],
        },
      });
    }
    expect(whatsappCalls.map((call) => call.body.to).sort()).toEqual(["2348031112222", "2348095550142"]);
    expect((await messagesOf(id)).find((row) => row.kind === "team_whatsapp")).toMatchObject({
      status: "delivered",
      message_id: "wamid.1, wamid.2",
    });
    await scheduledRun();
    expect(whatsappCalls).toHaveLength(2);
  });

  it("from a bot (honeypot, too fast) sends nothing and stores nothing", async () => {
    for (const trap of [{ website: "https://spam.example" }, { elapsedMs: 200 }]) {
      expect((await submit({ email: "bot@example.ng", ...trap })).status).toBe(200);
    }
    await settle();
    await scheduledRun();
    expect(mailbox.messages()).toEqual([]);
    expect(whatsappCalls).toEqual([]);
    const { rows } = await supabase.db.query(`select 1 from public.leads where email = 'bot@example.ng'`);
    expect(rows).toEqual([]);
  });

  it("with no SMTP settings is stored and forwarded, and its e-mails are skipped as not configured", async () => {
    const env = envFor({ SMTP_URL: "" });
    expect((await submit({ email: "nosmtp@example.ng" }, env)).status).toBe(200);
    await settle();
    const rows = await messagesOf(await leadId("nosmtp@example.ng"));
    expect(rows.filter((row) => row.kind === "team_email" || row.kind === "visitor_reply")).toEqual([
      expect.objectContaining({ kind: "team_email", status: "skipped", skip_reason: "not_configured" }),
      expect.objectContaining({ kind: "visitor_reply", status: "skipped", skip_reason: "not_configured" }),
    ]);
    expect(mailbox.messages()).toEqual([]);
  });
});

describe("the outbox", () => {
  it("keeps the rows when the mail server is down, and a later run delivers each e-mail exactly once", async () => {
    const down = envFor({ SMTP_URL: "smtp://127.0.0.1:1" });
    expect((await submit({ email: "down@example.ng" }, down)).status).toBe(200);
    await settle();
    const id = await leadId("down@example.ng");
    const waiting = (await messagesOf(id)).filter((row) => row.kind === "team_email" || row.kind === "visitor_reply");
    expect(waiting).toHaveLength(2);
    for (const row of waiting)
      expect(row).toMatchObject({ status: "waiting", attempts: 1, last_error: expect.stringMatching(/mail server/) });
    expect(mailbox.messages()).toEqual([]);

    // Not due yet: a run now sends nothing.
    await scheduledRun();
    expect(mailbox.messages()).toEqual([]);
    await supabase.db.query(
      `update public.lead_messages set next_attempt_at = now() - interval '1 second' where lead_id = $1 and status = 'waiting'`,
      [id],
    );
    await scheduledRun();
    await scheduledRun();
    expect(mailTo("down@example.ng")).toHaveLength(1);
    expect(mailTo(TEAM[0]!)).toHaveLength(1);
    for (const row of (await messagesOf(id)).filter(
      (row) => row.kind === "team_email" || row.kind === "visitor_reply",
    )) {
      expect(row).toMatchObject({ status: "delivered", attempts: 2, last_error: null });
    }
  });

  it("sends at most one reply per address per hour, decided by the database", async () => {
    await submit({ email: "Repeat@Example.ng" });
    await submit({ email: "repeat@example.ng", fullName: "Amaka Again" });
    await settle();
    expect(mailTo("repeat@example.ng").concat(mailTo("Repeat@Example.ng"))).toHaveLength(1);
    expect(mailTo(TEAM[0]!)).toHaveLength(2);
    const second = await messagesOf(await leadId("repeat@example.ng"));
    expect(second.find((row) => row.kind === "visitor_reply")).toMatchObject({
      status: "skipped",
      skip_reason: "rate_limited",
    });

    // An hour later the address may get a reply again.
    await supabase.db.query(
      `update public.lead_messages set created_at = created_at - interval '61 minutes' where recipient = 'repeat@example.ng'`,
    );
    await submit({ email: "repeat@example.ng", fullName: "Amaka Later" });
    await settle();
    expect(mailTo("repeat@example.ng")).toHaveLength(2);
  });

  it("reminds the team once of a lead still new after LEADS_REMINDER_MINUTES, and never of an answered one", async () => {
    const env = envFor({ LEADS_REMINDER_MINUTES: "30" });
    await submit({ email: "waiting@example.ng", fullName: "Chidi Waiting" }, env);
    await submit({ email: "answered@example.ng", fullName: "Ngozi Answered" }, env);
    await settle();
    const waitingId = await leadId("waiting@example.ng");
    const answeredId = await leadId("answered@example.ng");
    mailbox.clear();

    expect(await scheduledRun(env)).toMatchObject({ reminders: 0 });
    expect(mailbox.messages()).toEqual([]);

    const { error } = await as(adminToken).from("leads").update({ status: "contacted" }).eq("id", answeredId);
    expect(error).toBeNull();
    // 31 minutes later (the rows' times moved back, no waiting).
    await supabase.db.query(
      `update public.leads set created_at = created_at - interval '31 minutes' where id in ($1, $2)`,
      [waitingId, answeredId],
    );
    expect(await scheduledRun(env)).toMatchObject({ reminders: 1 });
    const reminders = mailTo(TEAM[0]!);
    expect(reminders).toHaveLength(1);
    expect(reminders[0]!.text).toContain(`${SITE}/admin/leads/${waitingId}`);
    expect(reminders[0]!.replyTo).toContain("waiting@example.ng");

    await supabase.db.query(`update public.leads set created_at = created_at - interval '2 hours' where id = $1`, [
      waitingId,
    ]);
    expect(await scheduledRun(env)).toMatchObject({ reminders: 0 });
    expect(mailTo(TEAM[0]!)).toHaveLength(1);
    expect((await messagesOf(answeredId)).some((row) => row.kind === "reminder")).toBe(false);
  });

  it("skips a reminder whose lead was answered between queueing and sending", async () => {
    await submit({ email: "late-answer@example.ng" });
    await settle();
    const id = await leadId("late-answer@example.ng");
    await supabase.db.query(`update public.leads set created_at = created_at - interval '40 minutes' where id = $1`, [
      id,
    ]);
    await supabase.db.query(`select public.queue_lead_reminders(30)`);
    await as(adminToken).from("lead_events").insert({ lead_id: id, kind: "note", note: "Called them." });
    mailbox.clear();
    await scheduledRun();
    expect((await messagesOf(id)).find((row) => row.kind === "reminder")).toMatchObject({
      status: "skipped",
      skip_reason: "answered",
    });
    expect(mailbox.messages()).toEqual([]);
  });
});

describe("the response time", () => {
  async function firstResponse(id: string): Promise<string | null> {
    const { rows } = await supabase.db.query<{ at: string | null }>(
      `select first_response_at::text as at from public.leads where id = $1`,
      [id],
    );
    return rows[0]!.at;
  }

  it("is the first note or status change away from new, recorded by the database; only the first counts", async () => {
    await submit({ email: "note-first@example.ng" });
    await submit({ email: "status-first@example.ng" });
    await settle();
    const noted = await leadId("note-first@example.ng");
    const moved = await leadId("status-first@example.ng");
    expect(await firstResponse(noted)).toBeNull();

    await as(adminToken).from("lead_events").insert({ lead_id: noted, kind: "note", note: "Left a voicemail." });
    const afterNote = await firstResponse(noted);
    expect(afterNote).not.toBeNull();
    await supabase.db.query(`update public.leads set first_response_at = first_response_at where id = $1`, [noted]);
    await as(adminToken).from("leads").update({ status: "contacted" }).eq("id", noted);
    await as(adminToken).from("lead_events").insert({ lead_id: noted, kind: "note", note: "Second note." });
    expect(await firstResponse(noted)).toBe(afterNote);

    await as(adminToken).from("leads").update({ status: "qualified" }).eq("id", moved);
    const afterStatus = await firstResponse(moved);
    expect(afterStatus).not.toBeNull();
    await as(adminToken).from("leads").update({ status: "new" }).eq("id", moved);
    await as(adminToken).from("leads").update({ status: "contacted" }).eq("id", moved);
    expect(await firstResponse(moved)).toBe(afterStatus);
  });

  it("cannot be written by anyone: not an admin, not the server's key", async () => {
    await submit({ email: "forged@example.ng" });
    await settle();
    const id = await leadId("forged@example.ng");
    const admin = await as(adminToken)
      .from("leads")
      .update({ first_response_at: new Date().toISOString() } as never)
      .eq("id", id);
    expect(admin.error?.code).toBe("42501");
    const service = supabase.service();
    expect(
      (await service.from("leads").update({ first_response_at: new Date().toISOString() }).eq("id", id)).error,
    ).toBeNull();
    expect(await firstResponse(id)).toBeNull();
    const inserted = await service
      .from("leads")
      .insert({ full_name: "Early Bird", email: "early@example.ng", first_response_at: "2020-01-01T00:00:00Z" });
    expect(inserted.error).toBeNull();
    expect(await firstResponse(await leadId("early@example.ng"))).toBeNull();
  });

  it("is reported to admins: the median and the share answered within an hour, overall and per campaign", async () => {
    await submit({
      email: "fast@example.ng",
      attribution: { first: { utm_source: "facebook", utm_campaign: "speed-test" } },
    });
    await submit({
      email: "slow@example.ng",
      attribution: { first: { utm_source: "facebook", utm_campaign: "speed-test" } },
    });
    await settle();
    const fast = await leadId("fast@example.ng");
    const slow = await leadId("slow@example.ng");
    // The leads' times and the report's periods are counted from one reading of the database's
    // clock, the one that records the answers.
    const { rows } = await supabase.db.query<{ now: Date }>(`select now() as now`);
    const base = rows[0]!.now.getTime();
    const before = (ms: number) => new Date(base - ms).toISOString();
    await supabase.db.query(`update public.leads set created_at = $2 where id = $1`, [fast, before(600_000)]);
    await supabase.db.query(`update public.leads set created_at = $2 where id = $1`, [slow, before(10_800_000)]);
    await as(adminToken).from("leads").update({ status: "contacted" }).eq("id", fast);
    await as(adminToken).from("leads").update({ status: "contacted" }).eq("id", slow);

    const campaigns = await as(adminToken).rpc("campaign_report", {
      from_time: before(4 * 3_600_000),
      to_time: before(-60_000),
    });
    expect(campaigns.error).toBeNull();
    const line = campaigns.data!.find((row) => row.campaign === "speed-test")!;
    expect(line.leads).toBe(2);
    // The median of about 600 s and 10 800 s.
    expect(line.median_response_seconds).toBeGreaterThanOrEqual(5_690);
    expect(line.median_response_seconds).toBeLessThanOrEqual(5_720);

    const around = async (minutesAgo: number) =>
      (
        await as(adminToken).rpc("lead_response_stats", {
          from_time: before((minutesAgo + 1) * 60_000),
          to_time: before((minutesAgo - 1) * 60_000),
        })
      ).data;
    expect(await around(180)).toEqual([
      {
        leads: 1,
        answered: 1,
        answered_within_hour: 0,
        decided: 1,
        median_response_seconds: expect.closeTo(10_800, -2),
      },
    ]);
    expect(await around(10)).toEqual([
      { leads: 1, answered: 1, answered_within_hour: 1, decided: 1, median_response_seconds: expect.closeTo(600, -2) },
    ]);
  });
});

describe("row-level security", () => {
  it("shows the outbox and the response times to admins only", async () => {
    await submit({ email: "rls@example.ng" });
    await settle();
    const id = await leadId("rls@example.ng");
    expect((await as().from("lead_messages").select("*")).error?.code).toBe("42501");
    expect((await as(memberToken).from("lead_messages").select("*")).data).toEqual([]);
    expect((await as(adminToken).from("lead_messages").select("kind").eq("lead_id", id)).data).toHaveLength(4);

    const period = {
      from_time: new Date(Date.now() - 86_400_000).toISOString(),
      to_time: new Date(Date.now() + 60_000).toISOString(),
    };
    expect((await as().rpc("lead_response_stats", period)).error?.code).toBe("42501");
    expect((await as().rpc("campaign_report", period)).error?.code).toBe("42501");
    expect((await as(memberToken).rpc("lead_response_stats", period)).data).toEqual([
      expect.objectContaining({ leads: 0, answered: 0, median_response_seconds: null }),
    ]);
    expect((await as(memberToken).rpc("campaign_report", period)).data).toEqual([]);
    expect((await as(memberToken).from("leads").select("first_response_at")).data).toEqual([]);
  });

  it("lets only the service role claim, finish or queue, and only admins retry", async () => {
    for (const token of [LOCAL_DEFAULTS.anonKey, memberToken, adminToken]) {
      expect((await as(token).rpc("claim_lead_messages", {})).error?.code).toBe("42501");
      expect(
        (await as(token).rpc("finish_lead_message", { message: 1, token: crypto.randomUUID(), outcome: "delivered" }))
          .error?.code,
      ).toBe("42501");
      expect((await as(token).rpc("queue_lead_reminders", { after_minutes: 1 })).error?.code).toBe("42501");
    }
    await submit({ email: "retry-me@example.ng" }, envFor({ LEADS_NOTIFY_EMAILS: "" }));
    await settle();
    const { rows } = await supabase.db.query<{ id: number }>(
      `select m.id::int as id from public.lead_messages m join public.leads l on l.id = m.lead_id where l.email = 'retry-me@example.ng' and m.kind = 'team_email'`,
    );
    const message = rows[0]!.id;
    expect((await as().rpc("retry_lead_message", { message })).error?.code).toBe("42501");
    expect((await as(memberToken).rpc("retry_lead_message", { message })).data).toBe(false);
    expect((await as(adminToken).rpc("retry_lead_message", { message })).data).toBe(true);
    mailbox.clear();
    await scheduledRun();
    const lead = await leadId("retry-me@example.ng");
    expect(mailTo(TEAM[0]!).filter((mail) => mail.text?.includes(`/admin/leads/${lead}`))).toHaveLength(1);
    expect((await messagesOf(lead)).find((row) => row.kind === "team_email")).toMatchObject({
      status: "delivered",
      attempts: 1,
    });
  });
});
