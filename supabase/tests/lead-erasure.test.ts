import { beforeAll, describe, expect, it } from "vitest";
import { eraseLead } from "../../src/features/admin/data/lead-erasure.ts";
import type { AppSupabaseClient } from "../../src/lib/supabase.ts";
import { LOCAL_DEFAULTS } from "../local/index.ts";
import { localSupabaseForSuite } from "../local/testing.ts";

/**
 * Erasing a lead: admins alone may delete one, and its history goes with it; the deletion itself is
 * recorded (when and by whom, nothing of the lead), and only admins can read that record. Part of
 * the attack matrix (attack-matrix.test.ts).
 */
const MEMBER = { email: "erasure-member@example.com", password: "member-password" };

const supabase = localSupabaseForSuite();
const { as } = supabase;
let admin: AppSupabaseClient;
let adminId: string;
let memberToken: string;

async function leadWithHistory(email: string): Promise<string> {
  const { rows } = await supabase.db.query<{ id: string }>(
    `insert into public.leads (full_name, email, service) values ('Ngozi Adeyemi', $1, 'crm') returning id`,
    [email],
  );
  const id = rows[0]!.id;
  await supabase.db.query(
    `insert into public.lead_events (lead_id, kind, note, author_id) values ($1, 'note', 'Called, wants a quote', $2)`,
    [id, adminId],
  );
  await supabase.db.query(`update public.leads set status = 'contacted' where id = $1`, [id]);
  return id;
}

async function count(sql: string, params: unknown[] = []): Promise<number> {
  return (await supabase.db.query<{ n: number }>(sql, params)).rows[0]!.n;
}

beforeAll(async () => {
  await supabase.createUser(MEMBER);
  const signedIn = await supabase.signIn(LOCAL_DEFAULTS.adminEmail, LOCAL_DEFAULTS.adminPassword);
  admin = signedIn.client as AppSupabaseClient;
  adminId = signedIn.userId;
  memberToken = (await supabase.signIn(MEMBER.email, MEMBER.password)).token;
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
