import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import {
  capabilitiesFrom,
  mayChangePost,
  TEAM_ROLES,
  type Capability,
  type TeamRole,
} from "../../src/features/admin/roles.ts";
import { INVITE_VALID_DAYS } from "../../src/content/team.ts";
import { localSupabaseForSuite } from "../local/testing.ts";

/**
 * The role table as the database holds it (private.role_capabilities, asked through private.can):
 * each role, signed in, tries each capability, and gets what issue 37's table promises; every helper
 * the policies ask agrees with the table; the admin's own reading of a post's rights
 * (src/features/admin/roles.ts mayChangePost, over the capabilities the database gives) agrees with
 * private.may_change_post; and a row taken from the table takes the right away through RLS.
 */
const supabase = localSupabaseForSuite();

/** The role table of issue 37, as the product promises it: what each role may do. */
const OWNER: Capability[] = [
  "reads_posts",
  "reads_all_posts",
  "writes_posts",
  "publishes_posts",
  "edits_all_posts",
  "works_leads",
  "reads_site_traffic",
  "manages_team",
  "hands_over_ownership",
  "reads_personal_data",
];
const ROLE_TABLE: Record<TeamRole, Capability[]> = {
  owner: OWNER,
  // Everything but the Owner's own right.
  administrator: OWNER.filter((capability) => capability !== "hands_over_ownership"),
  editor: [
    "reads_posts",
    "reads_all_posts",
    "writes_posts",
    "publishes_posts",
    "edits_all_posts",
    "reads_site_traffic",
  ],
  author: ["reads_posts", "writes_posts", "publishes_posts", "reads_own_traffic"],
  contributor: ["reads_posts", "writes_posts"],
  sales: ["reads_posts", "reads_all_posts", "works_leads", "reads_site_traffic", "reads_personal_data"],
};
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
  capabilities: Capability[];
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
              public.my_capabilities()::text[] as capabilities`,
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

  it.each(TEAM_ROLES)(
    "%s: has the rights of the role table, and every helper the policies ask agrees",
    async (role) => {
      const userId = members[role];
      const someoneElse = members[role === "author" ? "editor" : "author"];
      const answers = await askAs(userId, someoneElse);
      expect(answers.role).toBe(role);
      expect([...answers.capabilities].sort()).toEqual([...ROLE_TABLE[role]].sort());
      const can = capabilitiesFrom(answers.capabilities);
      expect({
        managesTeam: answers.is_admin,
        worksLeads: answers.works_leads,
        editsAllPosts: answers.edits_all_posts,
        writesPosts: answers.writes_posts,
        siteTraffic: answers.reads_traffic,
      }).toEqual({
        managesTeam: can.manages_team,
        worksLeads: can.works_leads,
        editsAllPosts: can.edits_all_posts,
        writesPosts: can.writes_posts,
        siteTraffic: can.reads_site_traffic,
      });
      const post = (author: string, status: string) => ({ author_id: author, status });
      expect({
        ownDraft: answers.own_draft,
        ownPublished: answers.own_published,
        othersDraft: answers.others_draft,
        othersPublished: answers.others_published,
      }).toEqual({
        ownDraft: mayChangePost(can, userId, post(userId, "draft")),
        ownPublished: mayChangePost(can, userId, post(userId, "published")),
        othersDraft: mayChangePost(can, userId, post(someoneElse, "draft")),
        othersPublished: mayChangePost(can, userId, post(someoneElse, "published")),
      });
    },
  );

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
