import bcrypt from "bcryptjs";
import { PostgrestClient } from "@supabase/postgrest-js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../src/lib/database.types.ts";
import { eraseLead } from "../../src/features/admin/data/lead-erasure.ts";
import type { AppSupabaseClient } from "../../src/lib/supabase.ts";
import { LOCAL_DEFAULTS, startLocalSupabaseServer, type LocalSupabaseServer } from "../local/index.ts";
import { createLocalClient } from "../local/testing.ts";

/**
 * Erasing a lead: admins alone may delete one, and its history goes with it; the deletion itself is
 * recorded (when and by whom, nothing of the lead), and only admins can read that record. Part of
 * the attack matrix (attack-matrix.test.ts).
 */
const MEMBER = { email: "erasure-member@example.com", password: "member-password" };

let server: LocalSupabaseServer;
let admin: AppSupabaseClient;
let adminId: string;
let memberToken: string;

function as(token: string = LOCAL_DEFAULTS.anonKey) {
  return new PostgrestClient<Database>(`${server.url}/rest/v1`, {
    headers: { apikey: LOCAL_DEFAULTS.anonKey, Authorization: `Bearer ${token}` },
  });
}

async function leadWithHistory(email: string): Promise<string> {
  const { rows } = await server.local.db.query<{ id: string }>(
    `insert into public.leads (full_name, email, service) values ('Ngozi Adeyemi', $1, 'crm') returning id`,
    [email],
  );
  const id = rows[0]!.id;
  await server.local.db.query(
    `insert into public.lead_events (lead_id, kind, note, author_id) values ($1, 'note', 'Called, wants a quote', $2)`,
    [id, adminId],
  );
  await server.local.db.query(`update public.leads set status = 'contacted' where id = $1`, [id]);
  return id;
}

async function count(sql: string, params: unknown[] = []): Promise<number> {
  return (await server.local.db.query<{ n: number }>(sql, params)).rows[0]!.n;
}

beforeAll(async () => {
  server = await startLocalSupabaseServer({ bcryptCost: 4, env: {} });
  await server.local.db.query(
    `insert into auth.users (id, aud, role, email, encrypted_password) values (gen_random_uuid(), 'authenticated', 'authenticated', $1, $2)`,
    [MEMBER.email, await bcrypt.hash(MEMBER.password, 4)],
  );
  const supabase = createLocalClient(server.url);
  const { data } = await supabase.auth.signInWithPassword({
    email: LOCAL_DEFAULTS.adminEmail,
    password: LOCAL_DEFAULTS.adminPassword,
  });
  adminId = data.user!.id;
  admin = supabase as unknown as AppSupabaseClient;
  const member = createLocalClient(server.url);
  memberToken = (await member.auth.signInWithPassword(MEMBER)).data.session!.access_token;
});

afterAll(async () => {
  await server?.close();
});

describe("who may erase a lead", () => {
  it.each([
    ["an anonymous visitor", () => LOCAL_DEFAULTS.anonKey],
    ["a signed-in user who is not an admin", () => memberToken],
  ])("%s cannot delete a lead nor read the record of erasures", async (_, token) => {
    const id = await leadWithHistory(`keep-${crypto.randomUUID()}@example.ng`);
    const erasuresBefore = await count(`select count(*)::int as n from public.lead_erasures`);
    const deleted = await as(token()).from("leads").delete().eq("id", id).select("id");
    // anon holds no DELETE privilege at all; a signed-in user's delete matches no row under RLS.
    expect(deleted.error?.code === "42501" || (deleted.error === null && deleted.data?.length === 0)).toBe(true);
    expect(await count(`select count(*)::int as n from public.leads where id = $1`, [id])).toBe(1);
    expect(await count(`select count(*)::int as n from public.lead_events where lead_id = $1`, [id])).toBe(2);
    expect(await count(`select count(*)::int as n from public.lead_erasures`)).toBe(erasuresBefore);
    const record = await as(token()).from("lead_erasures").select("*");
    expect(record.error?.code === "42501" || (record.error === null && record.data?.length === 0)).toBe(true);
  });
});

describe("an admin", () => {
  it("erases a lead and its history, and the erasure is recorded with its time and author only", async () => {
    const email = `erase-${crypto.randomUUID()}@example.ng`;
    const id = await leadWithHistory(email);
    const before = await count(`select count(*)::int as n from public.lead_erasures`);
    await eraseLead(admin, id);
    expect(await count(`select count(*)::int as n from public.leads where id = $1 or email = $2`, [id, email])).toBe(0);
    expect(await count(`select count(*)::int as n from public.lead_events where lead_id = $1`, [id])).toBe(0);

    const { data, error } = await admin
      .from("lead_erasures")
      .select("*")
      .order("erased_at", { ascending: false })
      .limit(1);
    expect(error).toBeNull();
    expect(await count(`select count(*)::int as n from public.lead_erasures`)).toBe(before + 1);
    expect(Object.keys(data![0]!).sort()).toEqual(["erased_at", "erased_by", "id"]);
    expect(data![0]!.erased_by).toBe(adminId);
    expect(JSON.stringify(data)).not.toContain(id);
    expect(JSON.stringify(data)).not.toContain(email);
  });

  it("is told when the lead is already gone", async () => {
    await expect(eraseLead(admin, crypto.randomUUID())).rejects.toThrow(/was not deleted/);
  });

  it("cannot write or rewrite the record of erasures", async () => {
    const client = as((await admin.auth.getSession()).data.session!.access_token);
    expect((await client.from("lead_erasures").insert({} as never)).error?.code).toBe("42501");
    expect((await client.from("lead_erasures").delete().gt("id", 0)).error?.code).toBe("42501");
  });
});
