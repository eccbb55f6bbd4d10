import { randomUUID } from "node:crypto";
import type { SupabaseClient } from "@supabase/supabase-js";
import { beforeAll, describe, expect, it } from "vitest";
import { LOCAL_DEFAULTS } from "../local/index.ts";
import { createLocalClient, localSupabaseForSuite, mintToken, pixelPng, type Aal } from "../local/testing.ts";

/**
 * The second factor, enforced by the database: an admin with a verified factor in auth.mfa_factors
 * reads and writes nothing of the admin's data with an `aal1` token (leads, history and notes,
 * erasures, the outbox, the reports, drafts, post and image writes, the retry RPCs), through the
 * real supabase-js against the local REST and Storage APIs; with `aal2` they do. An admin without
 * a factor, or with an unverified one, keeps working at `aal1`; anon and non-admins are unchanged.
 * Tokens are minted with the chosen `aal`, as GoTrue signs them after a verified challenge.
 */
const BUCKET = "blog-images";
const IPHONE = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148 Safari/604.1";
const WINDOWS =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36";

const supabase = localSupabaseForSuite();
const ids = { mfaAdmin: "", plainAdmin: "", pendingAdmin: "", member: "" };
/** The MFA admin's rows: a lead with history and a failed outbox row of each kind, a draft. */
const fixture = { lead: "", conversion: 0, message: 0, draft: "", published: "" };

const as = (userId: string, aal: Aal): SupabaseClient =>
  createLocalClient(supabase.url, undefined, mintToken(userId, aal));
const anon = () => createLocalClient(supabase.url);
const sql = <T>(text: string, params: unknown[] = []) =>
  supabase.db.query<T>(text, params).then((result) => result.rows);
const createUser = (email: string, admin: boolean) => supabase.createUser({ email, password: "password-123", admin });

async function addFactor(userId: string, status: "verified" | "unverified") {
  await sql(
    `insert into auth.mfa_factors (id, user_id, friendly_name, factor_type, status, created_at, updated_at, secret)
     values (gen_random_uuid(), $1, 'Authenticator ' || $2, 'totp', $2::auth.factor_status, now(), now(), 'JBSWY3DPEHPK3PXP')`,
    [userId, status],
  );
}

/** A lead stored as the contact function stores it, with a failed row in each outbox. */
async function newLead(email: string) {
  const [lead] = await sql<{ id: string }>(
    `insert into public.leads (full_name, email, service) values ('Amaka Okafor', $1, 'web-design') returning id`,
    [email],
  );
  const [conversion] = await sql<{ id: number }>(
    `insert into public.conversion_events (lead_id, platform, event, event_time, status, last_error)
     values ($1, 'google', 'qualified', now(), 'failed', 'timeout')
     on conflict on constraint conversion_events_once do update set status = 'failed', skip_reason = null
     returning id::int`,
    [lead!.id],
  );
  const [message] = await sql<{ id: number }>(
    `insert into public.lead_messages (lead_id, kind, status, last_error) values ($1, 'reminder', 'failed', 'timeout')
     on conflict (lead_id, kind, lead_event_id) do update set status = 'failed', skip_reason = null
     returning id::int`,
    [lead!.id],
  );
  return { lead: lead!.id, conversion: conversion!.id, message: message!.id };
}

async function newPost(authorId: string, status: "draft" | "published") {
  const [row] = await sql<{ id: string }>(
    `insert into public.posts (title, content, slug, author_id, status, published_at)
     values ('A post', 'Body', $1, $2, $3, case when $3 = 'published' then now() - interval '1 day' end) returning id`,
    [`mfa-${randomUUID()}`, authorId, status],
  );
  return row!.id;
}

const leadStatus = async (id: string) =>
  (await sql<{ status: string }>(`select status from public.leads where id = $1`, [id]))[0]?.status;
const outboxStatus = async (table: "conversion_events" | "lead_messages", id: number) =>
  (await sql<{ status: string }>(`select status from public.${table} where id = $1`, [id]))[0]?.status;
const objectExists = async (name: string) =>
  (await sql(`select 1 from storage.objects where bucket_id = $1 and name = $2`, [BUCKET, name])).length === 1;
const postExists = async (id: string) => (await sql(`select 1 from public.posts where id = $1`, [id])).length === 1;

const PERIOD = { from_time: "2000-01-01T00:00:00Z", to_time: "2100-01-01T00:00:00Z" };

beforeAll(async () => {
  const [localAdmin] = await sql<{ id: string }>(`select id from auth.users where email = $1`, [
    LOCAL_DEFAULTS.adminEmail,
  ]);
  ids.mfaAdmin = localAdmin!.id;
  ids.plainAdmin = await createUser("plain-admin@example.com", true);
  ids.pendingAdmin = await createUser("pending-admin@example.com", true);
  ids.member = await createUser("mfa-member@example.com", false);
  await addFactor(ids.mfaAdmin, "verified");
  await addFactor(ids.mfaAdmin, "unverified");
  await addFactor(ids.pendingAdmin, "unverified");
  await addFactor(ids.member, "verified");

  Object.assign(fixture, await newLead("history@example.com"));
  await sql(`update public.leads set status = 'contacted' where id = $1`, [fixture.lead]);
  await sql(`insert into public.lead_events (lead_id, kind, note, author_id) values ($1, 'note', 'Called.', $2)`, [
    fixture.lead,
    ids.mfaAdmin,
  ]);
  const erased = await newLead("erased@example.com");
  await sql(`delete from public.leads where id = $1`, [erased.lead]);
  fixture.draft = await newPost(ids.mfaAdmin, "draft");
  fixture.published = await newPost(ids.mfaAdmin, "published");
  const seeded = await as(ids.mfaAdmin, "aal2").storage.from(BUCKET).upload("mfa/existing.png", pixelPng());
  expect(seeded.error).toBeNull();
});

describe("an admin with a verified factor, at aal1", () => {
  const admin = () => as(ids.mfaAdmin, "aal1");

  it("reads no lead, no history, no erasure and no outbox row", async () => {
    for (const table of ["leads", "lead_events", "lead_erasures", "conversion_events", "lead_messages"]) {
      const { data, error } = await admin().from(table).select("*");
      expect({ table, error, data }).toEqual({ table, error: null, data: [] });
    }
  });

  it("reads the same with the token the local GoTrue's password sign-in gives (aal1)", async () => {
    const { client, token } = await supabase.signIn(LOCAL_DEFAULTS.adminEmail, LOCAL_DEFAULTS.adminPassword);
    expect(JSON.parse(Buffer.from(token.split(".")[1]!, "base64url").toString()).aal).toBe("aal1");
    expect((await client.from("leads").select("id")).data).toEqual([]);
  });

  it("gets no report rows", async () => {
    expect((await admin().from("lead_counts").select("*")).data).toEqual([]);
    expect((await admin().from("lead_weekly_counts").select("*")).data).toEqual([]);
    expect((await admin().rpc("campaign_report", PERIOD)).data).toEqual([]);
    const stats = await admin().rpc("lead_response_stats", PERIOD);
    expect(stats.error).toBeNull();
    expect(stats.data).toMatchObject([{ leads: 0, answered: 0 }]);
  });

  it("cannot change a lead's status, add a note or erase a lead", async () => {
    const update = await admin().from("leads").update({ status: "won" }).eq("id", fixture.lead).select("id");
    expect(update.data).toEqual([]);
    const note = await admin()
      .from("lead_events")
      .insert({ lead_id: fixture.lead, kind: "note", note: "With the password alone" });
    expect(note.error?.code).toBe("42501");
    const erase = await admin().from("leads").delete().eq("id", fixture.lead).select("id");
    expect(erase.data).toEqual([]);
    expect(await leadStatus(fixture.lead)).toBe("contacted");
    expect(await sql(`select 1 from public.lead_events where note = 'With the password alone'`)).toEqual([]);
  });

  it("cannot retry an outbox row through the RPCs", async () => {
    expect((await admin().rpc("retry_conversion_event", { event_id: fixture.conversion })).data).toBe(false);
    expect((await admin().rpc("retry_lead_message", { message: fixture.message })).data).toBe(false);
    expect(await outboxStatus("conversion_events", fixture.conversion)).toBe("failed");
    expect(await outboxStatus("lead_messages", fixture.message)).toBe("failed");
  });

  it("sees only the published posts anyone sees, and cannot insert, update or delete one", async () => {
    const seen = (await admin().from("posts").select("id")).data!.map((row) => row.id);
    expect(seen).toContain(fixture.published);
    expect(seen).not.toContain(fixture.draft);
    const insert = await admin()
      .from("posts")
      .insert({ title: "Password only", content: "Body", slug: "password-only", author_id: ids.mfaAdmin });
    expect(insert.error?.code).toBe("42501");
    const update = await admin().from("posts").update({ title: "Changed" }).eq("id", fixture.published).select("id");
    expect(update.data).toEqual([]);
    const remove = await admin().from("posts").delete().eq("id", fixture.published).select("id");
    expect(remove.data).toEqual([]);
    expect(await postExists(fixture.published)).toBe(true);
    expect(await sql(`select 1 from public.posts where slug = 'password-only' or title = 'Changed'`)).toEqual([]);
  });

  it("cannot upload to, replace in, list or delete from the images bucket", async () => {
    const upload = await admin().storage.from(BUCKET).upload("mfa/new.png", pixelPng());
    expect(upload.error?.message).toBe("new row violates row-level security policy");
    const upsert = await admin().storage.from(BUCKET).upload("mfa/existing.png", pixelPng(), { upsert: true });
    expect(upsert.error).not.toBeNull();
    const removed = await admin().storage.from(BUCKET).remove(["mfa/existing.png"]);
    expect(removed.data).toEqual([]);
    expect((await admin().storage.from(BUCKET).list("mfa")).data).toEqual([]);
    expect(await objectExists("mfa/existing.png")).toBe(true);
    expect(await objectExists("mfa/new.png")).toBe(false);
    const publicUrl = await fetch(`${supabase.url}/storage/v1/object/public/${BUCKET}/mfa/existing.png`);
    expect(publicUrl.status).toBe(200);
  });

  it("gets no sign-in activity", async () => {
    const { data, error } = await admin().rpc("my_sign_in_activity");
    expect(error).toBeNull();
    expect(data).toEqual([]);
  });
});

describe("the same admin at aal2", () => {
  const admin = () => as(ids.mfaAdmin, "aal2");

  it("reads the leads, their history, the erasures, the outbox and the reports", async () => {
    expect((await admin().from("leads").select("id")).data).toEqual([{ id: fixture.lead }]);
    const history = (await admin().from("lead_events").select("kind").eq("lead_id", fixture.lead)).data!;
    expect(history.map((row) => row.kind).sort()).toEqual(["note", "status"]);
    expect((await admin().from("lead_erasures").select("id")).data).toHaveLength(1);
    expect((await admin().from("conversion_events").select("id").eq("id", fixture.conversion)).data).toHaveLength(1);
    expect((await admin().from("lead_messages").select("id").eq("id", fixture.message)).data).toHaveLength(1);
    expect((await admin().from("lead_counts").select("*").eq("dimension", "status")).data).toEqual([
      { dimension: "status", value: "contacted", leads: 1 },
    ]);
    expect((await admin().from("lead_weekly_counts").select("leads")).data).toEqual([{ leads: 1 }]);
    expect((await admin().rpc("campaign_report", PERIOD)).data).toMatchObject([{ leads: 1, events_failed: 1 }]);
    expect((await admin().rpc("lead_response_stats", PERIOD)).data).toMatchObject([{ leads: 1 }]);
  });

  it("changes a lead's status, adds a note and retries the outbox", async () => {
    const update = await admin().from("leads").update({ status: "qualified" }).eq("id", fixture.lead).select("id");
    expect(update.data).toEqual([{ id: fixture.lead }]);
    const note = await admin()
      .from("lead_events")
      .insert({ lead_id: fixture.lead, kind: "note", note: "With the code", author_id: ids.mfaAdmin });
    expect(note.error).toBeNull();
    expect((await admin().rpc("retry_conversion_event", { event_id: fixture.conversion })).data).toBe(true);
    expect((await admin().rpc("retry_lead_message", { message: fixture.message })).data).toBe(true);
    expect(await leadStatus(fixture.lead)).toBe("qualified");
    expect(await outboxStatus("conversion_events", fixture.conversion)).toBe("waiting");
    expect(await outboxStatus("lead_messages", fixture.message)).toBe("waiting");
  });

  it("sees drafts and inserts, updates and deletes posts", async () => {
    expect((await admin().from("posts").select("id").eq("id", fixture.draft)).data).toEqual([{ id: fixture.draft }]);
    const insert = await admin()
      .from("posts")
      .insert({ title: "With the code", content: "Body", slug: "with-the-code", author_id: ids.mfaAdmin })
      .select("id")
      .single();
    expect(insert.error).toBeNull();
    const update = await admin().from("posts").update({ title: "Renamed" }).eq("id", insert.data!.id).select("title");
    expect(update.data).toEqual([{ title: "Renamed" }]);
    const remove = await admin().from("posts").delete().eq("id", insert.data!.id).select("id");
    expect(remove.data).toEqual([{ id: insert.data!.id }]);
  });

  it("uploads, lists and deletes images", async () => {
    expect((await admin().storage.from(BUCKET).upload("mfa/second.png", pixelPng())).error).toBeNull();
    const listed = (await admin().storage.from(BUCKET).list("mfa")).data!.map((file) => file.name);
    expect(listed.sort()).toEqual(["existing.png", "second.png"]);
    expect((await admin().storage.from(BUCKET).remove(["mfa/second.png"])).data).toHaveLength(1);
    expect(await objectExists("mfa/second.png")).toBe(false);
  });

  it("erases a lead", async () => {
    const { lead } = await newLead("erase-at-aal2@example.com");
    expect((await admin().from("leads").delete().eq("id", lead).select("id")).data).toEqual([{ id: lead }]);
  });
});

describe.each([
  ["an admin without a factor", () => ids.plainAdmin],
  ["an admin whose only factor is unverified", () => ids.pendingAdmin],
])("%s keeps working at aal1", (_, userId) => {
  const admin = () => as(userId(), "aal1");

  it("reads leads and the outbox, changes a status, adds a note and retries", async () => {
    const { lead, conversion, message } = await newLead(`${randomUUID()}@example.com`);
    expect((await admin().from("leads").select("id").eq("id", lead)).data).toEqual([{ id: lead }]);
    expect((await admin().from("conversion_events").select("id").eq("id", conversion)).data).toHaveLength(1);
    expect((await admin().from("lead_counts").select("*")).data!.length).toBeGreaterThan(0);
    expect((await admin().rpc("campaign_report", PERIOD)).data!.length).toBeGreaterThan(0);
    expect((await admin().from("leads").update({ status: "contacted" }).eq("id", lead).select("id")).data).toEqual([
      { id: lead },
    ]);
    const note = await admin()
      .from("lead_events")
      .insert({ lead_id: lead, kind: "note", note: "No factor yet", author_id: userId() });
    expect(note.error).toBeNull();
    expect((await admin().rpc("retry_conversion_event", { event_id: conversion })).data).toBe(true);
    expect((await admin().rpc("retry_lead_message", { message })).data).toBe(true);
  });

  it("sees drafts, writes a post and uploads an image", async () => {
    const draft = await newPost(userId(), "draft");
    expect((await admin().from("posts").select("id").eq("id", draft)).data).toEqual([{ id: draft }]);
    expect((await admin().from("posts").update({ title: "Edited" }).eq("id", draft).select("id")).data).toHaveLength(1);
    expect((await admin().from("posts").delete().eq("id", draft).select("id")).data).toHaveLength(1);
    const name = `mfa/${randomUUID()}.png`;
    expect((await admin().storage.from(BUCKET).upload(name, pixelPng())).error).toBeNull();
    expect((await admin().storage.from(BUCKET).remove([name])).data).toHaveLength(1);
  });
});

describe("anon and signed-in users who are not admins are unchanged", () => {
  it("anon reads published posts only, and no lead, outbox or report", async () => {
    const seen = (await anon().from("posts").select("id")).data!.map((row) => row.id);
    expect(seen).toContain(fixture.published);
    expect(seen).not.toContain(fixture.draft);
    expect((await anon().from("leads").select("id")).error?.code).toBe("42501");
    expect((await anon().from("conversion_events").select("id")).error?.code).toBe("42501");
    expect((await anon().rpc("campaign_report", PERIOD)).error?.code).toBe("42501");
    expect((await anon().rpc("my_sign_in_activity")).error?.code).toBe("42501");
  });

  it.each(["aal1", "aal2"] as const)(
    "a non-admin with a verified factor at %s reads published posts and nothing else",
    async (aal) => {
      const member = as(ids.member, aal);
      const seen = (await member.from("posts").select("id")).data!.map((row) => row.id);
      expect(seen).toContain(fixture.published);
      expect(seen).not.toContain(fixture.draft);
      for (const table of ["leads", "lead_events", "lead_erasures", "conversion_events", "lead_messages"]) {
        expect((await member.from(table).select("*")).data).toEqual([]);
      }
      expect((await member.rpc("retry_conversion_event", { event_id: fixture.conversion })).data).toBe(false);
      const insert = await member
        .from("posts")
        .insert({ title: "Member", content: "Body", slug: `member-${aal}`, author_id: ids.member });
      expect(insert.error?.code).toBe("42501");
      expect((await member.storage.from(BUCKET).upload(`mfa/member-${aal}.png`, pixelPng())).error).not.toBeNull();
    },
  );
});

describe("my_sign_in_activity", () => {
  it("gives the caller's last sign-in time and the device class of their latest session, nobody else's", async () => {
    await sql(`update auth.users set last_sign_in_at = '2026-11-20T08:00:00Z' where id = $1`, [ids.plainAdmin]);
    await sql(
      `insert into auth.sessions (user_id, user_agent, created_at) values
         ($1, $2, now() - interval '2 days'), ($1, $3, now() - interval '1 hour'), ($4, $2, now())`,
      [ids.plainAdmin, WINDOWS, IPHONE, ids.member],
    );
    const { data, error } = await as(ids.plainAdmin, "aal1").rpc("my_sign_in_activity");
    expect(error).toBeNull();
    expect(data).toEqual([{ last_sign_in_at: "2026-11-20T08:00:00+00:00", user_agent: IPHONE, device_class: "phone" }]);
    const member = await as(ids.member, "aal2").rpc("my_sign_in_activity");
    expect(member.data).toMatchObject([{ user_agent: WINDOWS, device_class: "desktop" }]);
  });

  it("answers with nulls for a user who never signed in", async () => {
    const { data } = await as(ids.pendingAdmin, "aal1").rpc("my_sign_in_activity");
    expect(data).toEqual([{ last_sign_in_at: null, user_agent: null, device_class: null }]);
  });

  it.each([
    [IPHONE, "phone"],
    ["Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/126.0 Mobile Safari/537.36", "phone"],
    ["Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148", "tablet"],
    ["Mozilla/5.0 (Linux; Android 14; SM-X710) AppleWebKit/537.36 Chrome/126.0 Safari/537.36", "tablet"],
    [WINDOWS, "desktop"],
    ["Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 Version/17.5 Safari/605.1.15", "desktop"],
    ["", null],
  ])("classes %s as %s", async (userAgent, expected) => {
    const [row] = await sql<{ device: string | null }>(`select private.device_class($1) as device`, [userAgent]);
    expect(row!.device).toBe(expected);
  });
});
