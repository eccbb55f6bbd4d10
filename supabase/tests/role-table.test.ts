import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { capabilitiesOf, mayChangePost, TEAM_ROLES, type TeamRole } from "../../src/features/admin/roles.ts";
import { INVITE_VALID_DAYS } from "../../src/content/team.ts";
import { localSupabaseForSuite } from "../local/testing.ts";

/**
 * The admin's role table (src/features/admin/roles.ts) against the database's: the screens decide
 * what to show from the TypeScript copy, the policies decide what is allowed from the `private`
 * helpers of 20261127100000_team_roles.sql. A role changed in one and not the other would show
 * controls that fail or hide ones that work; this suite asks both, role by role, and fails on any
 * difference.
 */
const supabase = localSupabaseForSuite();
const members = {} as Record<TeamRole, string>;

interface Answers {
  role: TeamRole | null;
  is_admin: boolean;
  works_leads: boolean;
  edits_all_posts: boolean;
  writes_posts: boolean;
  reads_traffic: boolean;
  own_draft: boolean;
  own_published: boolean;
  others_draft: boolean;
  others_published: boolean;
  /** public.my_capabilities(): the rows of private.role_capabilities for the caller's role. */
  capabilities: string[];
}

/** The helpers' answers for `userId`, asked as the policies ask them: with the caller's JWT claims. */
function askAs(userId: string, someoneElse: string): Promise<Answers> {
  return supabase.server.local.db.transaction(async (tx) => {
    await tx.query(`select set_config('request.jwt.claims', $1, true)`, [
      JSON.stringify({ sub: userId, role: "authenticated", aal: "aal2" }),
    ]);
    const { rows } = await tx.query<Answers>(
      `select private.member_role() as role,
              private.is_admin() as is_admin,
              private.works_leads() as works_leads,
              private.edits_all_posts() as edits_all_posts,
              private.writes_posts() as writes_posts,
              private.reads_traffic() as reads_traffic,
              private.may_change_post($1::uuid, 'draft') as own_draft,
              private.may_change_post($1::uuid, 'published') as own_published,
              private.may_change_post($2::uuid, 'draft') as others_draft,
              private.may_change_post($2::uuid, 'published') as others_published,
              public.my_capabilities() as capabilities`,
      [userId, someoneElse],
    );
    return rows[0]!;
  });
}

beforeAll(async () => {
  for (const role of TEAM_ROLES) {
    const id = await supabase.createUser({ email: `table-${role}-${randomUUID()}@example.com`, password: "pw-123456" });
    // The seeded local admin already owns the team (one Owner): the suite's Owner takes it over.
    if (role === "owner")
      await supabase.db.query(`update public.admins set role = 'administrator' where role = 'owner'`);
    await supabase.db.query(`insert into public.admins (user_id, role) values ($1, $2)`, [id, role]);
    members[role] = id;
  }
});

describe("the admin's role table matches the database's", () => {
  it("lists the roles of the team_role type, in its order", async () => {
    const { rows } = await supabase.db.query<{ role: string }>(
      `select unnest(enum_range(null::public.team_role))::text as role`,
    );
    expect(rows.map((row) => row.role)).toEqual([...TEAM_ROLES]);
  });

  it.each(TEAM_ROLES)("%s: every capability the screens read is what the policies allow", async (role) => {
    const userId = members[role];
    const someoneElse = members[role === "author" ? "editor" : "author"];
    const answers = await askAs(userId, someoneElse);
    const can = capabilitiesOf(role);
    expect(answers.role).toBe(role);
    // The table itself, field by field: all ten of the screens' capabilities.
    const held = new Set(answers.capabilities);
    expect({
      readsPosts: held.has("reads_posts"),
      writesPosts: held.has("writes_posts"),
      editsAllPosts: held.has("edits_all_posts"),
      publishesPosts: held.has("publishes_posts"),
      worksLeads: held.has("works_leads"),
      readsTraffic: held.has("reads_site_traffic") || held.has("reads_own_traffic"),
      trafficScope: held.has("reads_site_traffic") ? "site" : held.has("reads_own_traffic") ? "own posts" : "none",
      managesTeam: held.has("manages_team"),
      handsOverOwnership: held.has("hands_over_ownership"),
      readsPersonalData: held.has("reads_personal_data"),
    }).toEqual(can);
    expect({
      managesTeam: answers.is_admin,
      worksLeads: answers.works_leads,
      editsAllPosts: answers.edits_all_posts,
      writesPosts: answers.writes_posts,
      siteTraffic: answers.reads_traffic,
    }).toEqual({
      managesTeam: can.managesTeam,
      worksLeads: can.worksLeads,
      editsAllPosts: can.editsAllPosts,
      writesPosts: can.writesPosts,
      siteTraffic: can.trafficScope === "site",
    });
    const post = (author: string, status: string) => ({ author_id: author, status });
    expect({
      ownDraft: answers.own_draft,
      ownPublished: answers.own_published,
      othersDraft: answers.others_draft,
      othersPublished: answers.others_published,
    }).toEqual({
      ownDraft: mayChangePost(role, userId, post(userId, "draft")),
      ownPublished: mayChangePost(role, userId, post(userId, "published")),
      othersDraft: mayChangePost(role, userId, post(someoneElse, "draft")),
      othersPublished: mayChangePost(role, userId, post(someoneElse, "published")),
    });
  });

  it("a signed-in user who is not a member has no capability", async () => {
    const outsider = await supabase.createUser({
      email: `table-outsider-${randomUUID()}@example.com`,
      password: "pw-1",
    });
    const answers = await askAs(outsider, members.author);
    expect(answers).toEqual({
      role: null,
      is_admin: false,
      works_leads: false,
      edits_all_posts: false,
      writes_posts: false,
      reads_traffic: false,
      own_draft: false,
      own_published: false,
      others_draft: false,
      others_published: false,
      capabilities: [],
    });
  });

  it("asks one table: a right taken from a role in it is taken from every policy that asks", async () => {
    // The leads Sales reads, through RLS as the API reads them.
    const leadsSeenBySales = () =>
      supabase.server.local.db.transaction(async (tx) => {
        await tx.query(`select set_config('request.jwt.claims', $1, true)`, [
          JSON.stringify({ sub: members.sales, role: "authenticated", aal: "aal2" }),
        ]);
        await tx.query(`set local role authenticated`);
        return (await tx.query<{ n: number }>(`select count(*)::int as n from public.leads`)).rows[0]!.n;
      });
    await supabase.db.query(
      `insert into public.leads (full_name, email, service) values ('Role Table Lead', 'role-table@example.ng', 'crm')`,
    );
    expect((await askAs(members.sales, members.author)).works_leads).toBe(true);
    expect(await leadsSeenBySales()).toBeGreaterThan(0);
    await supabase.db.query(
      `delete from private.role_capabilities where role = 'sales' and capability = 'works_leads'`,
    );
    try {
      const after = await askAs(members.sales, members.author);
      expect(after.works_leads).toBe(false);
      expect(after.capabilities).not.toContain("works_leads");
      expect(await leadsSeenBySales()).toBe(0);
    } finally {
      await supabase.db.query(
        `insert into private.role_capabilities (role, capability) values ('sales', 'works_leads')`,
      );
    }
    expect(await leadsSeenBySales()).toBeGreaterThan(0);
  });
});

describe("what the Team page says of invitations", () => {
  it("names the lifetime the database gives an invitation", async () => {
    const { rows } = await supabase.db.query<{ lifetime: string }>(
      `select column_default as lifetime from information_schema.columns
        where table_schema = 'public' and table_name = 'team_invites' and column_name = 'expires_at'`,
    );
    expect(rows[0]?.lifetime).toBe(`(now() + '${INVITE_VALID_DAYS} days'::interval)`);
  });
});
