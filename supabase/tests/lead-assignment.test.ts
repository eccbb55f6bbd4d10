import { beforeAll, describe, expect, it } from "vitest";
import { LOCAL_DEFAULTS } from "../local/index.ts";
import { localSupabaseForSuite } from "../local/testing.ts";

/**
 * A lead given to a person, against the real migrations: only the Owner, an Administrator or a Sales
 * member can be given one; only the lead team assigns (an editor neither assigns nor reads); each
 * assignment is in the lead's history with who made it, and queues an e-mail to the new assignee in
 * the lead's outbox unless they took the lead themselves or it was unassigned. A member who stops
 * working leads lets go of theirs.
 */
const supabase = localSupabaseForSuite();
const { as, service } = supabase;

interface Member {
  id: string;
  token: string;
  email: string;
}

let owner: Member;
let sales: Member;
let administrator: Member;
let editor: Member;
let author: Member;

async function member(email: string, role: "administrator" | "editor" | "author" | "sales"): Promise<Member> {
  const password = `${role}-password`;
  const id = await supabase.createUser({ email, password, admin: true });
  await supabase.db.query(`update public.admins set role = $2 where user_id = $1`, [id, role]);
  return { id, email, token: (await supabase.signIn(email, password)).token };
}

async function newLead(email: string): Promise<string> {
  const { data, error } = await service()
    .from("leads")
    .insert({ full_name: "Amaka Okafor", email, service: "web-design" })
    .select("id")
    .single();
  if (error) throw error;
  return data.id;
}

/** The lead's assignment events and 'assigned' messages, read past RLS. */
async function assignmentsOf(leadId: string) {
  const events = await supabase.db.query<{ id: string; assignee_id: string | null; author_id: string | null }>(
    `select id::text, assignee_id, author_id from public.lead_events where lead_id = $1 and kind = 'assigned' order by lead_events.id`,
    [leadId],
  );
  const messages = await supabase.db.query<{ lead_event_id: string; recipient: string | null; status: string }>(
    `select lead_event_id::text, recipient, status from public.lead_messages where lead_id = $1 and kind = 'assigned' order by lead_messages.id`,
    [leadId],
  );
  return { events: events.rows, messages: messages.rows };
}

const assign = (token: string, leadId: string, to: string | null) =>
  as(token).from("leads").update({ assigned_to: to }).eq("id", leadId).select("id, assigned_to");

beforeAll(async () => {
  const signedIn = await supabase.signIn(LOCAL_DEFAULTS.adminEmail, LOCAL_DEFAULTS.adminPassword);
  owner = { id: signedIn.userId, token: signedIn.token, email: LOCAL_DEFAULTS.adminEmail };
  sales = await member("sales@example.com", "sales");
  administrator = await member("administrator@example.com", "administrator");
  editor = await member("editor@example.com", "editor");
  author = await member("author@example.com", "author");
});

describe("assigning a lead", () => {
  it("to a Sales member: recorded with who did it, and the assignee is e-mailed through the outbox", async () => {
    const leadId = await newLead("assign-sales@example.com");
    const { data, error } = await assign(owner.token, leadId, sales.id);
    expect(error).toBeNull();
    expect(data).toEqual([{ id: leadId, assigned_to: sales.id }]);

    const { events, messages } = await assignmentsOf(leadId);
    expect(events).toEqual([{ id: expect.any(String), assignee_id: sales.id, author_id: owner.id }]);
    expect(messages).toEqual([{ lead_event_id: events[0]!.id, recipient: sales.email, status: "waiting" }]);
  });

  it("to an Administrator, then to another member: one event and one e-mail per assignment", async () => {
    const leadId = await newLead("assign-admin@example.com");
    expect((await assign(owner.token, leadId, administrator.id)).error).toBeNull();
    expect((await assign(administrator.token, leadId, sales.id)).error).toBeNull();

    const { events, messages } = await assignmentsOf(leadId);
    expect(events.map((event) => [event.assignee_id, event.author_id])).toEqual([
      [administrator.id, owner.id],
      [sales.id, administrator.id],
    ]);
    expect(messages.map((message) => message.recipient)).toEqual([administrator.email, sales.email]);
    // The lead's other messages are still once per lead.
    const kinds = await supabase.db.query<{ kind: string; count: number }>(
      `select kind, count(*)::int as count from public.lead_messages where lead_id = $1 group by kind order by kind`,
      [leadId],
    );
    expect(kinds.rows).toEqual([
      { kind: "assigned", count: 2 },
      { kind: "team_email", count: 1 },
      { kind: "team_whatsapp", count: 1 },
      { kind: "visitor_reply", count: 1 },
      { kind: "webhook", count: 1 },
    ]);
  });

  it("to oneself: recorded, but nobody is e-mailed", async () => {
    const leadId = await newLead("assign-self@example.com");
    expect((await assign(sales.token, leadId, sales.id)).error).toBeNull();
    const { events, messages } = await assignmentsOf(leadId);
    expect(events).toEqual([{ id: expect.any(String), assignee_id: sales.id, author_id: sales.id }]);
    expect(messages).toEqual([]);
  });

  it("to nobody: recorded as unassigned, with no e-mail", async () => {
    const leadId = await newLead("assign-nobody@example.com");
    expect((await assign(owner.token, leadId, sales.id)).error).toBeNull();
    const { data, error } = await assign(owner.token, leadId, null);
    expect(error).toBeNull();
    expect(data).toEqual([{ id: leadId, assigned_to: null }]);
    const { events, messages } = await assignmentsOf(leadId);
    expect(events.map((event) => event.assignee_id)).toEqual([sales.id, null]);
    expect(messages).toHaveLength(1);
  });

  it("a status change is still recorded as before, and records no assignment", async () => {
    const leadId = await newLead("assign-status@example.com");
    expect((await as(owner.token).from("leads").update({ status: "contacted" }).eq("id", leadId)).error).toBeNull();
    const history = await supabase.db.query<{ kind: string; to_status: string | null; author_id: string }>(
      `select kind, to_status, author_id from public.lead_events where lead_id = $1`,
      [leadId],
    );
    expect(history.rows).toEqual([{ kind: "status", to_status: "contacted", author_id: owner.id }]);
  });

  it("is refused for an editor, an author or someone off the team, with a reason", async () => {
    const leadId = await newLead("assign-refused@example.com");
    for (const who of [editor.id, author.id, "00000000-0000-4000-8000-000000000000"]) {
      const { error } = await assign(owner.token, leadId, who);
      expect(error?.message).toBe("A lead can be assigned only to the Owner, an Administrator or a Sales member.");
    }
    const stored = await supabase.db.query(`select assigned_to from public.leads where id = $1`, [leadId]);
    expect(stored.rows).toEqual([{ assigned_to: null }]);
    expect(await assignmentsOf(leadId)).toEqual({ events: [], messages: [] });
  });

  it("cannot be done by an editor, who cannot read the lead either", async () => {
    const leadId = await newLead("assign-editor@example.com");
    const { data, error } = await assign(editor.token, leadId, editor.id);
    expect(error).toBeNull();
    expect(data).toEqual([]);
    expect((await as(editor.token).from("leads").select("id").eq("id", leadId)).data).toEqual([]);
    expect((await assign(editor.token, leadId, sales.id)).data).toEqual([]);
    expect(await assignmentsOf(leadId)).toEqual({ events: [], messages: [] });
  });

  it("is not something the contact function's insert can set", async () => {
    const { data, error } = await service()
      .from("leads")
      .insert({ full_name: "Amaka Okafor", email: "assign-insert@example.com", assigned_to: sales.id })
      .select("assigned_to")
      .single();
    expect(error).toBeNull();
    expect(data).toEqual({ assigned_to: null });
  });

  it("shows in the lead team's history of the lead, with the assignee", async () => {
    const leadId = await newLead("assign-read@example.com");
    expect((await assign(owner.token, leadId, sales.id)).error).toBeNull();
    const { data } = await as(sales.token)
      .from("lead_events")
      .select("kind, assignee_id, author_id")
      .eq("lead_id", leadId);
    expect(data).toEqual([{ kind: "assigned", assignee_id: sales.id, author_id: owner.id }]);
    expect((await as(editor.token).from("lead_events").select("id").eq("lead_id", leadId)).data).toEqual([]);
  });
});

describe("a member who stops working leads", () => {
  it("lets go of their leads when their role no longer works leads, or when they leave", async () => {
    const first = await newLead("release-role@example.com");
    const second = await newLead("release-removed@example.com");
    const leaver = await member("leaver@example.com", "sales");
    expect((await assign(owner.token, first, leaver.id)).error).toBeNull();
    expect((await assign(owner.token, second, sales.id)).error).toBeNull();

    const changed = await as(owner.token).rpc("change_team_role", { member: leaver.id, new_role: "editor" });
    expect(changed.error).toBeNull();
    const removed = await as(owner.token).rpc("remove_team_member", { member: sales.id, heir: owner.id });
    expect(removed.error).toBeNull();

    const stored = await supabase.db.query<{ id: string; assigned_to: string | null }>(
      `select id, assigned_to from public.leads where id in ($1, $2)`,
      [first, second],
    );
    expect(stored.rows.map((row) => row.assigned_to)).toEqual([null, null]);
    expect((await assignmentsOf(first)).events.map((event) => [event.assignee_id, event.author_id])).toEqual([
      [leaver.id, owner.id],
      [null, owner.id],
    ]);
  });
});
