import { describe, expect, it, vi } from "vitest";
import { memberStanding, teamRoleCapabilities } from "../../src/features/admin/data/admin-access.ts";
import type { AppSupabaseClient } from "../../src/lib/supabase.ts";
import { LOCAL_DEFAULTS } from "../local/index.ts";
import { createLocalClient, localSupabaseForSuite } from "../local/testing.ts";

/**
 * The admin area asks whether the signed-in user is an admin; a user the admin API created is not.
 * Against the real migrations: a user reads their own row of public.admins and nothing else of it.
 */
const MEMBER = { email: "member@example.com", password: "member-password" };

const supabase = localSupabaseForSuite();

async function signedIn(email: string, password: string) {
  const { client, userId } = await supabase.signIn(email, password);
  return { client: client as AppSupabaseClient, userId };
}

async function countPosts() {
  return (await supabase.db.query<{ count: number }>("select count(*)::int as count from public.posts")).rows[0]!.count;
}

describe("the admin API's user creation", () => {
  it("creates a confirmed user with the service-role key, who is not an admin", async () => {
    const service = createLocalClient(supabase.url, LOCAL_DEFAULTS.serviceRoleKey);
    const { data, error } = await service.auth.admin.createUser({
      ...MEMBER,
      email_confirm: true,
      user_metadata: { full_name: "Member" },
    });
    expect(error).toBeNull();
    expect(data.user).toMatchObject({ email: MEMBER.email, user_metadata: { full_name: "Member" } });
    expect(data.user?.email_confirmed_at).toBeTruthy();
    const again = await service.auth.admin.createUser({ ...MEMBER, email_confirm: true });
    expect(again.error).toMatchObject({ status: 422, code: "email_exists" });
    const admins = await supabase.db.query("select 1 from public.admins where user_id = $1", [data.user!.id]);
    expect(admins.rows).toEqual([]);
  });

  it("refuses the anon key and a signed-in user's token", async () => {
    const anon = createLocalClient(supabase.url);
    expect((await anon.auth.admin.createUser({ email: "x@example.com", password: "password1" })).error).toMatchObject({
      status: 403,
      code: "not_admin",
    });
    const { client } = await signedIn(LOCAL_DEFAULTS.adminEmail, LOCAL_DEFAULTS.adminPassword);
    const token = (await client.auth.getSession()).data.session!.access_token;
    const response = await fetch(`${supabase.url}/auth/v1/admin/users`, {
      method: "POST",
      headers: { apikey: LOCAL_DEFAULTS.anonKey, authorization: `Bearer ${token}`, "content-type": "application/json" },
      body: JSON.stringify({ email: "y@example.com", password: "password1" }),
    });
    expect(response.status).toBe(403);
  });
});

describe("memberStanding", () => {
  it("answers the local admin's role (the Owner) with its capabilities, and null for a signed-in user who is not a member, writing nothing", async () => {
    const before = await countPosts();
    const admin = await signedIn(LOCAL_DEFAULTS.adminEmail, LOCAL_DEFAULTS.adminPassword);
    const standing = await memberStanding(admin.client, admin.userId);
    expect(standing?.role).toBe("owner");
    expect(standing?.capabilities).toContain("hands_over_ownership");
    expect(standing?.capabilities).toHaveLength(10);
    const member = await signedIn(MEMBER.email, MEMBER.password);
    expect(await memberStanding(member.client, member.userId)).toBeNull();
    // The whole table is the team's to read, nobody else's.
    expect(await teamRoleCapabilities(member.client)).toEqual([]);
    const table = await teamRoleCapabilities(admin.client);
    expect(table.filter((row) => row.capability === "manages_team").map((row) => row.role)).toEqual([
      "owner",
      "administrator",
    ]);
    expect(await countPosts()).toBe(before);
  });

  it("lets nobody read another user's admin row", async () => {
    const member = await signedIn(MEMBER.email, MEMBER.password);
    const seen = await member.client.from("admins").select("user_id");
    expect(seen.error).toBeNull();
    expect(seen.data).toEqual([]);
    const anon = createLocalClient(supabase.url) as AppSupabaseClient;
    const anonymous = await anon.from("admins").select("user_id");
    expect(anonymous.error).toMatchObject({ code: "42501" });
  });

  it("fails loudly, rather than guessing, when the database cannot answer", async () => {
    const unreachable = createLocalClient("http://127.0.0.1:1") as AppSupabaseClient;
    // supabase-js tries a failed read three more times, 1, 2 and 4 s apart: the same tries, without
    // the 7 s of waiting (the connections still fail for real between them).
    vi.useFakeTimers({ toFake: ["setTimeout"] });
    let outcome: unknown;
    const checked = memberStanding(unreachable, "00000000-0000-0000-0000-000000000000").then(
      () => (outcome = "an answer"),
      (error: unknown) => (outcome = error),
    );
    while (outcome === undefined) await vi.advanceTimersByTimeAsync(250);
    vi.useRealTimers();
    await checked;
    expect(outcome).toBeInstanceOf(Error);
    expect((outcome as Error).message).toMatch(/^Could not check admin access/);
  });
});
