import { randomUUID } from "node:crypto";
import type { SupabaseClient } from "@supabase/supabase-js";
import { beforeAll, describe, expect, it } from "vitest";
import { LOCAL_DEFAULTS } from "../local/index.ts";
import { createLocalClient, localSupabaseForSuite, mintToken, pixelPng, type Aal } from "../local/testing.ts";

/**
 * Roles and the second factor held by the database (issue 43), each as the attacker tried it,
 * through the real supabase-js against the local Auth, REST and Storage APIs: a member with a
 * factor renaming their profile at aal1 through the Auth user's metadata; an Author writing in
 * another member's avatar folder; a join that made the joiner the Owner of a team without one; a
 * Sales member without a factor reading leads at aal1 while the agency requires a second factor;
 * and the service-role key writing a post (the tags migration's regression). The tests run in
 * order: the last one deletes the Owner.
 */
const BUCKET = "blog-images";
const PASSWORD = "password-123";

type Who = "administrator" | "editor" | "author" | "author2" | "sales" | "contributor" | "factorAuthor";
const supabase = localSupabaseForSuite();
const ids = {} as Record<Who | "owner", string>;
let lead = "";

const as = (userId: string, aal: Aal = "aal1"): SupabaseClient =>
  createLocalClient(supabase.url, undefined, mintToken(userId, aal));
const sql = <T>(text: string, params: unknown[] = []) =>
  supabase.db.query<T>(text, params).then((result) => result.rows);
const roleOf = async (id: string) =>
  (await sql<{ role: string }>(`select role::text from public.admins where user_id = $1`, [id]))[0]?.role ?? null;
const profileName = async (id: string) =>
  (await sql<{ full_name: string | null }>(`select full_name from public.profiles where id = $1`, [id]))[0]?.full_name;
const objectExists = async (name: string) =>
  (await sql(`select 1 from storage.objects where bucket_id = $1 and name = $2`, [BUCKET, name])).length === 1;

async function member(who: Who, role: string, fullName: string) {
  const id = await supabase.createUser({
    email: `${who.toLowerCase()}@roles.example.com`,
    password: PASSWORD,
    metadata: { full_name: fullName },
  });
  await sql(`insert into public.admins (user_id, role) values ($1, $2::public.team_role)`, [id, role]);
  ids[who] = id;
}

beforeAll(async () => {
  const [owner] = await sql<{ id: string }>(`select id from auth.users where email = $1`, [LOCAL_DEFAULTS.adminEmail]);
  ids.owner = owner!.id;
  await member("administrator", "administrator", "Ada Administrator");
  await member("editor", "editor", "Edo Editor");
  await member("author", "author", "Ayo Author");
  await member("author2", "author", "Bisi Author");
  await member("sales", "sales", "Sade Sales");
  await member("contributor", "contributor", "Chi Contributor");
  await member("factorAuthor", "author", "Funmi Factor");
  await sql(
    `insert into auth.mfa_factors (id, user_id, friendly_name, factor_type, status, created_at, updated_at, secret)
     values (gen_random_uuid(), $1, 'Authenticator', 'totp', 'verified', now(), now(), 'JBSWY3DPEHPK3PXP')`,
    [ids.factorAuthor],
  );
  const [row] = await sql<{ id: string }>(
    `insert into public.leads (full_name, email, service) values ('Amaka Okafor', 'amaka@example.com', 'web-design') returning id`,
  );
  lead = row!.id;
});

describe("a profile and the Auth user's metadata", () => {
  it("a member with a factor signed in at aal1 cannot rename their profile through auth.updateUser", async () => {
    const { client, session } = await supabase.signIn("factorauthor@roles.example.com", PASSWORD);
    expect(JSON.parse(Buffer.from(session.access_token.split(".")[1]!, "base64url").toString()).aal).toBe("aal1");
    // The direct update is refused by the profile's aal2 policy...
    const direct = await client
      .from("profiles")
      .update({ full_name: "Someone Else" })
      .eq("id", ids.factorAuthor)
      .select();
    expect(direct.data).toEqual([]);
    // ...and so is the way round it, through the metadata the trigger copied.
    await client.auth.updateUser({ data: { full_name: "Someone Else" } });
    expect(await profileName(ids.factorAuthor)).toBe("Funmi Factor");
    // At aal2 the profile is renamed on the Profile page, as before.
    const renamed = await as(ids.factorAuthor, "aal2")
      .from("profiles")
      .update({ full_name: "Funmi Renamed" })
      .eq("id", ids.factorAuthor)
      .select("full_name");
    expect(renamed.data).toEqual([{ full_name: "Funmi Renamed" }]);
  });

  it("still names a profile that has no name, and a person not yet on the team (the join page)", async () => {
    const invited = await supabase.createUser({ email: "invited-name@roles.example.com", password: PASSWORD });
    expect(await profileName(invited)).toBeNull();
    const { client } = await supabase.signIn("invited-name@roles.example.com", PASSWORD);
    expect((await client.auth.updateUser({ data: { full_name: "Ngozi Newcomer" } })).error).toBeNull();
    expect(await profileName(invited)).toBe("Ngozi Newcomer");
    expect((await client.auth.updateUser({ data: { full_name: "Ngozi Again" } })).error).toBeNull();
    expect(await profileName(invited)).toBe("Ngozi Again");
  });
});

describe("avatars", () => {
  it("an Author cannot write, replace or delete in another member's avatar folder, and writes in their own", async () => {
    const theirs = `avatars/${ids.author2}/photo.png`;
    const mine = `avatars/${ids.author}/photo.png`;
    expect((await as(ids.author2).storage.from(BUCKET).upload(theirs, pixelPng())).error).toBeNull();

    const author = as(ids.author).storage.from(BUCKET);
    const planted = await author.upload(`avatars/${ids.author2}/planted.png`, pixelPng());
    expect(planted.error?.message).toBe("new row violates row-level security policy");
    expect(await objectExists(`avatars/${ids.author2}/planted.png`)).toBe(false);
    expect((await author.upload(theirs, pixelPng(), { upsert: true })).error).not.toBeNull();
    expect((await author.remove([theirs])).data).toEqual([]);
    expect(await objectExists(theirs)).toBe(true);
    // Straight into avatars/, in no member's folder, is refused too.
    expect((await author.upload("avatars/loose.png", pixelPng())).error).not.toBeNull();

    expect((await author.upload(mine, pixelPng())).error).toBeNull();
    expect((await author.upload(mine, pixelPng(), { upsert: true })).error).toBeNull();
    // Moving one's own photo into someone else's folder is a write there.
    expect((await author.move(mine, `avatars/${ids.author2}/moved.png`)).error).not.toBeNull();
    expect((await author.remove([mine])).data).toHaveLength(1);
    expect(await objectExists(mine)).toBe(false);
  });

  it("an Editor, who manages every blog image, manages only their own avatar", async () => {
    const theirs = `avatars/${ids.author2}/photo.png`;
    const editor = as(ids.editor).storage.from(BUCKET);
    expect((await editor.upload(theirs, pixelPng(), { upsert: true })).error).not.toBeNull();
    expect((await editor.remove([theirs])).data).toEqual([]);
    expect(await objectExists(theirs)).toBe(true);
    expect((await editor.upload(`avatars/${ids.editor}/photo.png`, pixelPng())).error).toBeNull();
    // Post images are as before.
    expect((await editor.upload(`posts/${randomUUID()}.png`, pixelPng())).error).toBeNull();
  });
});

describe("the agency's requirement of a second factor", () => {
  const setting = async () =>
    (await sql<{ on: boolean }>(`select require_second_factor as on from public.security_settings`))[0]!.on;
  const require = (userId: string, aal: Aal, on: boolean) =>
    as(userId, aal).from("security_settings").update({ require_second_factor: on }).eq("id", true).select();
  const leadsSeen = async (userId: string, aal: Aal) => {
    const { data, error } = await as(userId, aal).from("leads").select("id").eq("id", lead);
    expect(error).toBeNull();
    return data!.length;
  };

  it("is off by default: a Sales member without a factor reads leads at aal1", async () => {
    expect(await setting()).toBe(false);
    expect(await leadsSeen(ids.sales, "aal1")).toBe(1);
    const read = await as(ids.sales).from("security_settings").select("require_second_factor");
    expect(read.data).toEqual([{ require_second_factor: false }]);
  });

  it("is changed by the Owner alone, at aal2", async () => {
    for (const [who, aal] of [
      ["owner", "aal1"],
      ["administrator", "aal2"],
      ["sales", "aal2"],
    ] as const) {
      const refused = await require(ids[who], aal, true);
      expect({ who, rows: refused.data }).toEqual({ who, rows: [] });
    }
    expect(await setting()).toBe(false);
    expect((await as(ids.owner).from("security_settings").select("*")).data).toHaveLength(1);
    // Someone outside the team reads nothing of it.
    const outsider = await supabase.createUser({ email: "outsider@roles.example.com", password: PASSWORD });
    expect((await as(outsider).from("security_settings").select("*")).data).toEqual([]);

    const turned = await require(ids.owner, "aal2", true);
    expect(turned.data).toEqual([expect.objectContaining({ require_second_factor: true, updated_by: ids.owner })]);
  });

  it("when on, a Sales member without a factor at aal1 reads and writes no personal data; at aal2 they do", async () => {
    expect(await setting()).toBe(true);
    expect(await leadsSeen(ids.sales, "aal1")).toBe(0);
    const history = await as(ids.sales).from("lead_events").select("id").eq("lead_id", lead);
    expect(history.data).toEqual([]);
    const note = await as(ids.sales)
      .from("lead_events")
      .insert({ lead_id: lead, kind: "note", note: "Called back", author_id: ids.sales });
    expect(note.error?.code).toBe("42501");
    const changed = await as(ids.sales).from("leads").update({ status: "contacted" }).eq("id", lead).select();
    expect(changed.data).toEqual([]);
    expect((await as(ids.sales).from("call_bookings").select("id")).data).toEqual([]);
    expect((await as(ids.sales).rpc("team_members")).data).toEqual([]);
    // The setting itself stays readable: the admin's guard reads it to send them to enrol.
    const read = await as(ids.sales).from("security_settings").select("require_second_factor");
    expect(read.data).toEqual([{ require_second_factor: true }]);

    expect(await leadsSeen(ids.sales, "aal2")).toBe(1);
    expect(await leadsSeen(ids.administrator, "aal1")).toBe(0);
    expect(await leadsSeen(ids.administrator, "aal2")).toBe(1);
    const emails = (await as(ids.administrator, "aal1").rpc("team_members")).data ?? [];
    expect(emails).toEqual([]);
  });

  it("when on, the roles that read no personal data keep working at aal1 without a factor", async () => {
    const { error } = await as(ids.author)
      .from("posts")
      .insert({ title: "Still writing", content: "Body", slug: `still-${randomUUID()}`, author_id: ids.author });
    expect(error).toBeNull();
  });

  it("when turned off again, the Sales member reads leads at aal1", async () => {
    expect((await require(ids.owner, "aal2", false)).data).toHaveLength(1);
    expect(await leadsSeen(ids.sales, "aal1")).toBe(1);
  });
});

describe("the service-role key", () => {
  it("inserts and updates a post, tags and search document included", async () => {
    const slug = `service-${randomUUID()}`;
    const inserted = await supabase
      .service()
      .from("posts")
      .insert({ title: "Imported", content: "Body", slug, author_id: ids.owner, tags: ["Web Design", " SEO "] })
      .select("id, tags, tag_slugs")
      .single();
    expect(inserted.error).toBeNull();
    expect(inserted.data).toMatchObject({ tags: ["Web Design", "SEO"], tag_slugs: ["web-design", "seo"] });
    const updated = await supabase
      .service()
      .from("posts")
      .update({ title: "Imported again", tags: ["Branding"] })
      .eq("id", inserted.data!.id)
      .select("title, tag_slugs")
      .single();
    expect(updated.error).toBeNull();
    expect(updated.data).toEqual({ title: "Imported again", tag_slugs: ["branding"] });
  });

  it("every function a table's checks, defaults and generated columns call is executable by whoever may write the table", async () => {
    const missing = await sql<{ grantee: string; tbl: string; fn: string }>(
      `with uses as (
         select c.conrelid as rel, d.refobjid as fn
           from pg_constraint c
           join pg_depend d on d.classid = 'pg_constraint'::regclass and d.objid = c.oid and d.refclassid = 'pg_proc'::regclass
         union
         select a.adrelid, d.refobjid
           from pg_attrdef a
           join pg_depend d on d.classid = 'pg_attrdef'::regclass and d.objid = a.oid and d.refclassid = 'pg_proc'::regclass
       )
       select r.grantee, u.rel::regclass::text as tbl, u.fn::regprocedure::text as fn
         from uses u
         join pg_class t on t.oid = u.rel
         join pg_namespace n on n.oid = t.relnamespace
         cross join (values ('anon'), ('authenticated'), ('service_role')) as r (grantee)
        where n.nspname in ('public', 'storage')
          and (has_table_privilege(r.grantee, u.rel, 'insert') or has_table_privilege(r.grantee, u.rel, 'update'))
          and not has_function_privilege(r.grantee, u.fn, 'execute')
        order by 1, 2, 3`,
    );
    expect(missing).toEqual([]);
  });
});

describe("a team without an Owner", () => {
  it("an invitation accepted stores exactly the role invited, and the team gets an Owner only by make_owner", async () => {
    // The Owner's Auth user is deleted (the dashboard, or a departure handled outside the app),
    // their posts handed to an Administrator first.
    await sql(`update public.posts set author_id = $2 where author_id = $1`, [ids.owner, ids.administrator]);
    await sql(`delete from auth.users where id = $1`, [ids.owner]);
    expect(await sql(`select 1 from public.admins where role = 'owner'`)).toEqual([]);

    // An Administrator keeps working: they invite.
    const invite = await as(ids.administrator).rpc("invite_team_member", {
      invite_email: "newcomer@roles.example.com",
      invite_role: "contributor",
    });
    expect(invite.error).toBeNull();
    const newcomer = await supabase.createUser({ email: "newcomer@roles.example.com", password: PASSWORD });
    await sql(`update public.team_invites set user_id = $2 where id = $1`, [invite.data, newcomer]);

    const joined = await as(newcomer).rpc("accept_team_invite");
    expect(joined).toMatchObject({ error: null, data: "contributor" });
    expect(await roleOf(newcomer)).toBe("contributor");
    expect(await sql(`select 1 from public.admins where role = 'owner'`)).toEqual([]);

    // A member cannot make themselves the Owner: the API does not expose it, nor does SQL as a member.
    const db = supabase.server.local.db;
    await expect(
      db.transaction(async (tx) => {
        await tx.exec(`set local role authenticated`);
        await tx.query(`select private.make_owner($1)`, [ids.administrator]);
      }),
    ).rejects.toThrow(/permission denied/);

    // The explicit act: the SQL editor, or a server script with the service-role key.
    await db.transaction(async (tx) => {
      await tx.exec(`set local role service_role`);
      await tx.query(`select private.make_owner($1)`, [ids.administrator]);
    });
    expect(await roleOf(ids.administrator)).toBe("owner");
    await expect(sql(`select private.make_owner($1)`, [ids.editor])).rejects.toThrow(/has an Owner/);
    const [event] = await sql<{ kind: string; to_role: string }>(
      `select kind, to_role::text from public.team_events where member_id = $1 order by id desc limit 1`,
      [ids.administrator],
    );
    expect(event).toEqual({ kind: "ownership", to_role: "owner" });
  });
});
