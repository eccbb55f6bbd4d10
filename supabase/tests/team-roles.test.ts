import { createHash, randomBytes, randomUUID } from "node:crypto";
import type { SupabaseClient } from "@supabase/supabase-js";
import { beforeAll, describe, expect, it } from "vitest";
import { LOCAL_DEFAULTS } from "../local/index.ts";
import { createLocalClient, localSupabaseForSuite, mintToken, pixelPng, type Aal } from "../local/testing.ts";

/**
 * The role table of issue 37 as the database enforces it (20261127100000_team_roles.sql), through the
 * real supabase-js against the local REST and Storage APIs, one member per role:
 *
 * | role          | posts                     | images | leads, calls, campaigns | traffic          | team          |
 * | owner         | all                       | all    | all                     | yes              | all           |
 * | administrator | all                       | all    | all                     | yes              | not the owner |
 * | editor        | all, publish and schedule | all    | no                      | yes              | no            |
 * | author        | own, publish own          | own    | no                      | own posts' views | no            |
 * | contributor   | own drafts, no publishing | own    | no                      | no               | no            |
 * | sales         | read                      | no     | all                     | yes              | no            |
 *
 * Every row is read and written; the team's functions keep their own rules; a member of any role
 * with a verified authenticator is refused personal data and drafts at aal1; anon is unchanged. The
 * seeded local admin is the Owner (the first member); the others are added after it.
 */
type Role = "owner" | "administrator" | "editor" | "author" | "contributor" | "sales";
const ROLES: Role[] = ["owner", "administrator", "editor", "author", "contributor", "sales"];
const WRITERS: Role[] = ["owner", "administrator", "editor", "author", "contributor"];
const LEAD_TEAM: Role[] = ["owner", "administrator", "sales"];
const NOT_LEAD_TEAM: Role[] = ["editor", "author", "contributor"];
const EDITORS: Role[] = ["owner", "administrator", "editor"];
const BUCKET = "blog-images";
const PERIOD = { from_time: "2000-01-01T00:00:00Z", to_time: "2100-01-01T00:00:00Z" };

const supabase = localSupabaseForSuite();
const ids = {} as Record<Role | "outsider" | "author2", string>;
/** Posts by author and stage, and the lead team's rows, arranged in SQL. */
const posts = {} as Record<"ownerDraft" | "authorDraft" | "authorLive" | "author2Draft" | "author2Live", string>;
const slugs = { authorLive: "", author2Live: "" };
const leadRows = { lead: "", conversion: 0, message: 0, booking: "" };

const sql = <T>(text: string, params: unknown[] = []) =>
  supabase.db.query<T>(text, params).then((result) => result.rows);
const as = (userId: string, aal: Aal = "aal1"): SupabaseClient =>
  createLocalClient(supabase.url, undefined, mintToken(userId, aal));
const member = (role: Role | "outsider" | "author2", aal: Aal = "aal1") => as(ids[role], aal);
const anon = () => createLocalClient(supabase.url);
const service = () => createLocalClient(supabase.url, LOCAL_DEFAULTS.serviceRoleKey);
const hash = (token: string) => createHash("sha256").update(token).digest("hex");

async function addMember(email: string, role: Role): Promise<string> {
  const id = await supabase.createUser({ email, password: "password-123", metadata: { full_name: email } });
  await sql(`insert into public.admins (user_id, role) values ($1, $2)`, [id, role]);
  return id;
}

async function newPost(authorId: string, status: "draft" | "published", slug = `roles-${randomUUID()}`) {
  const [row] = await sql<{ id: string }>(
    `insert into public.posts (title, content, slug, author_id, status, published_at)
     values ('A post', 'Body', $1, $2, $3, case when $3 = 'published' then now() - interval '1 day' end) returning id`,
    [slug, authorId, status],
  );
  return row!.id;
}

async function postRow(id: string) {
  const [row] = await sql<{ title: string; status: string; author_id: string }>(
    `select title, status, author_id from public.posts where id = $1`,
    [id],
  );
  return row;
}

const draft = (authorId: string, overrides: Record<string, unknown> = {}) => ({
  title: "Roles draft",
  content: "Body",
  slug: `roles-${randomUUID()}`,
  author_id: authorId,
  status: "draft" as const,
  ...overrides,
});

async function newLead(email: string): Promise<string> {
  const [row] = await sql<{ id: string }>(
    `insert into public.leads (full_name, email, service, first_touch) values ('Amaka Okafor', $1, 'web-design', $2) returning id`,
    [email, JSON.stringify({ landing_page: `/blog/${slugs.author2Live}` })],
  );
  return row!.id;
}

async function addFactor(userId: string) {
  await sql(
    `insert into auth.mfa_factors (id, user_id, friendly_name, factor_type, status, created_at, updated_at, secret)
     values (gen_random_uuid(), $1, 'Phone', 'totp', 'verified', now(), now(), 'JBSWY3DPEHPK3PXP')`,
    [userId],
  );
}

beforeAll(async () => {
  const [owner] = await sql<{ id: string }>(`select id from auth.users where email = $1`, [LOCAL_DEFAULTS.adminEmail]);
  ids.owner = owner!.id;
  for (const role of ROLES.slice(1)) ids[role] = await addMember(`${role}@example.com`, role);
  ids.author2 = await addMember("second-author@example.com", "author");
  ids.outsider = await supabase.createUser({ email: "outsider@example.com", password: "password-123" });

  slugs.authorLive = `author-live-${randomUUID()}`;
  slugs.author2Live = `author2-live-${randomUUID()}`;
  posts.ownerDraft = await newPost(ids.owner, "draft");
  posts.authorDraft = await newPost(ids.author, "draft");
  posts.authorLive = await newPost(ids.author, "published", slugs.authorLive);
  posts.author2Draft = await newPost(ids.author2, "draft");
  posts.author2Live = await newPost(ids.author2, "published", slugs.author2Live);

  leadRows.lead = await newLead("lead@example.com");
  await sql(`insert into public.lead_events (lead_id, kind, note, author_id) values ($1, 'note', 'Called.', $2)`, [
    leadRows.lead,
    ids.owner,
  ]);
  const [conversion] = await sql<{ id: number }>(
    `insert into public.conversion_events (lead_id, platform, event, event_time, status, last_error)
     values ($1, 'google', 'qualified', now(), 'failed', 'timeout')
     on conflict on constraint conversion_events_once do update set status = 'failed' returning id::int`,
    [leadRows.lead],
  );
  leadRows.conversion = conversion!.id;
  const [message] = await sql<{ id: number }>(
    `insert into public.lead_messages (lead_id, kind, status, last_error) values ($1, 'reminder', 'failed', 'timeout')
     on conflict (lead_id, kind, lead_event_id) do update set status = 'failed' returning id::int`,
    [leadRows.lead],
  );
  leadRows.message = message!.id;
  const erased = await newLead("erased@example.com");
  await sql(`delete from public.leads where id = $1`, [erased]);
  await sql(`insert into public.call_days_off (day, note) values ('2031-12-25', 'Christmas')`);
  const booked = await service().rpc("book_call", {
    start_at: new Date(Date.UTC(2032, 0, 6, 10)).toISOString(),
    visitor_time_zone: "Africa/Lagos",
    manage_token_hash: hash(randomBytes(16).toString("hex")),
    confirm_token_hash: hash(randomBytes(16).toString("hex")),
    booking_source: "book_page",
    lead: leadRows.lead,
  });
  expect(booked.error).toBeNull();
  leadRows.booking = (booked.data as { id: string }[])[0]!.id;

  // Views of the Author's post, of the second Author's post, and of the home page.
  for (const path of [`/blog/${slugs.authorLive}`, `/blog/${slugs.author2Live}`, `/blog/${slugs.author2Live}`, "/"]) {
    const { error } = await service().rpc("record_page_view", {
      visitor: "1".padStart(64, "0"),
      kind: "pageview",
      path,
      device: "desktop",
    });
    expect(error).toBeNull();
  }
});

describe("posts", () => {
  it("every member reads every published post; Owner, Administrator, Editor and Sales every draft; the others their own", async () => {
    for (const role of ROLES) {
      const seen = (await member(role).from("posts").select("id")).data!.map((row) => row.id);
      expect({ role, live: seen.includes(posts.author2Live) }).toEqual({ role, live: true });
      const allDrafts = [posts.ownerDraft, posts.authorDraft, posts.author2Draft].every((id) => seen.includes(id));
      expect({ role, allDrafts }).toEqual({ role, allDrafts: EDITORS.includes(role) || role === "sales" });
    }
    const author = (await member("author").from("posts").select("id")).data!.map((row) => row.id);
    expect(author).toContain(posts.authorDraft);
    expect(author).not.toContain(posts.author2Draft);
  });

  it("every writer saves a draft of their own; Sales cannot; nobody writes as someone else", async () => {
    for (const role of WRITERS) {
      const { error } = await member(role).from("posts").insert(draft(ids[role]));
      expect({ role, error }).toEqual({ role, error: null });
      const forged = await member(role).from("posts").insert(draft(ids.author2));
      expect({ role, code: forged.error?.code }).toEqual({ role, code: "42501" });
    }
    const sales = await member("sales").from("posts").insert(draft(ids.sales));
    expect(sales.error?.code).toBe("42501");
  });

  it("Owner, Administrator and Editor edit, publish and schedule another author's post", async () => {
    for (const role of EDITORS) {
      const id = await newPost(ids.author2, "draft");
      const edited = await member(role)
        .from("posts")
        .update({ title: `Edited by ${role}` })
        .eq("id", id)
        .select("id");
      expect({ role, rows: edited.data }).toEqual({ role, rows: [{ id }] });
      const scheduled = await member(role)
        .from("posts")
        .update({ status: "published", published_at: "2099-01-01T08:00:00Z" })
        .eq("id", id)
        .select("id");
      expect({ role, rows: scheduled.data }).toEqual({ role, rows: [{ id }] });
      expect(await postRow(id)).toMatchObject({
        title: `Edited by ${role}`,
        status: "published",
        author_id: ids.author2,
      });
      const removed = await member(role).from("posts").delete().eq("id", id).select("id");
      expect({ role, rows: removed.data }).toEqual({ role, rows: [{ id }] });
    }
  });

  it("an Editor hands a post to another writer of the team, and to nobody else", async () => {
    const editor = member("editor");
    const id = await newPost(ids.author, "draft");
    for (const outside of [ids.sales, ids.outsider]) {
      const refused = await editor.from("posts").update({ author_id: outside }).eq("id", id);
      expect(refused.error?.code).toBe("23514");
    }
    expect((await postRow(id))?.author_id).toBe(ids.author);
    const handed = await editor.from("posts").update({ author_id: ids.author2 }).eq("id", id).select("author_id");
    expect(handed.data).toEqual([{ author_id: ids.author2 }]);
  });

  it("an Author publishes and edits their own, and changes nothing of another's", async () => {
    const author = member("author");
    const own = await newPost(ids.author, "draft");
    const published = await author.from("posts").update({ status: "published" }).eq("id", own).select("status");
    expect(published.data).toEqual([{ status: "published" }]);
    const edited = await author.from("posts").update({ title: "Still mine" }).eq("id", own).select("id");
    expect(edited.data).toEqual([{ id: own }]);
    const inserted = await author.from("posts").insert(draft(ids.author, { status: "published" }));
    expect(inserted.error).toBeNull();

    const before = await postRow(posts.author2Live);
    for (const id of [posts.author2Live, posts.author2Draft]) {
      expect((await author.from("posts").update({ title: "Defaced" }).eq("id", id).select("id")).data).toEqual([]);
      expect((await author.from("posts").delete().eq("id", id).select("id")).data).toEqual([]);
    }
    expect(await postRow(posts.author2Live)).toEqual(before);
    const handed = await author.from("posts").update({ author_id: ids.author2 }).eq("id", own);
    expect(handed.error?.code).toBe("42501");
  });

  it("a Contributor writes drafts only, and their post is read-only to them once published", async () => {
    const contributor = member("contributor");
    const published = await contributor.from("posts").insert(draft(ids.contributor, { status: "published" }));
    expect(published.error?.code).toBe("42501");
    const own = await newPost(ids.contributor, "draft");
    const edited = await contributor.from("posts").update({ title: "My draft" }).eq("id", own).select("id");
    expect(edited.data).toEqual([{ id: own }]);
    for (const publication of [
      { status: "published" as const },
      { status: "published" as const, published_at: "2099-01-01T08:00:00Z" },
    ]) {
      const refused = await contributor.from("posts").update(publication).eq("id", own);
      expect(refused.error?.code).toBe("42501");
    }
    expect((await postRow(own))!.status).toBe("draft");

    await member("editor").from("posts").update({ status: "published" }).eq("id", own).throwOnError();
    expect((await contributor.from("posts").update({ title: "Changed" }).eq("id", own).select("id")).data).toEqual([]);
    expect((await contributor.from("posts").delete().eq("id", own).select("id")).data).toEqual([]);
    expect((await contributor.from("posts").update({ status: "draft" }).eq("id", own).select("id")).data).toEqual([]);
    expect(await postRow(own)).toMatchObject({ title: "My draft", status: "published" });
    expect((await contributor.from("posts").update({ title: "x" }).eq("id", posts.authorDraft).select()).data).toEqual(
      [],
    );
  });

  it("Sales reads every post and changes none", async () => {
    const sales = member("sales");
    const before = await postRow(posts.authorDraft);
    expect((await sales.from("posts").update({ title: "Sold" }).eq("id", posts.authorDraft).select()).data).toEqual([]);
    expect((await sales.from("posts").delete().eq("id", posts.authorDraft).select()).data).toEqual([]);
    expect(await postRow(posts.authorDraft)).toEqual(before);
  });

  it("records who created, edited, scheduled and published a post, readable by whoever reads its drafts", async () => {
    const id = (await member("author").from("posts").insert(draft(ids.author)).select("id").single()).data!.id;
    await member("editor").from("posts").update({ title: "Tightened" }).eq("id", id).throwOnError();
    await member("editor")
      .from("posts")
      .update({ status: "published", published_at: "2099-01-01T08:00:00Z" })
      .eq("id", id)
      .throwOnError();
    await member("author").from("posts").update({ published_at: null }).eq("id", id).throwOnError();
    const history = (await member("sales").from("post_events").select("kind, actor_id").eq("post_id", id).order("id"))
      .data;
    expect(history).toEqual([
      { kind: "created", actor_id: ids.author },
      { kind: "edited", actor_id: ids.editor },
      { kind: "scheduled", actor_id: ids.editor },
      { kind: "published", actor_id: ids.author },
    ]);
    expect((await member("author").from("post_events").select("id").eq("post_id", id)).data).toHaveLength(4);
    expect((await member("author2").from("post_events").select("id").eq("post_id", id)).data).toEqual([]);
    expect((await member("contributor").from("post_events").select("id").eq("post_id", id)).data).toEqual([]);
  });
});

describe("blog images", () => {
  const path = (role: Role) => `roles/${role}.png`;
  const objectExists = async (name: string) =>
    (await sql(`select 1 from storage.objects where bucket_id = $1 and name = $2`, [BUCKET, name])).length === 1;

  it("every writer uploads; Sales cannot", async () => {
    for (const role of WRITERS) {
      const { error } = await member(role).storage.from(BUCKET).upload(path(role), pixelPng());
      expect({ role, error }).toEqual({ role, error: null });
    }
    const sales = await member("sales").storage.from(BUCKET).upload(path("sales"), pixelPng());
    expect(sales.error?.message).toBe("new row violates row-level security policy");
    expect(await objectExists(path("sales"))).toBe(false);
  });

  it("Owner, Administrator and Editor list every image; Authors and Contributors their own; Sales none", async () => {
    for (const role of ROLES) {
      const listed = (await member(role).storage.from(BUCKET).list("roles")).data!.map((file) => file.name).sort();
      const expected = EDITORS.includes(role)
        ? WRITERS.map((writer) => `${writer}.png`).sort()
        : role === "sales"
          ? []
          : [`${role}.png`];
      expect({ role, listed }).toEqual({ role, listed: expected });
    }
  });

  it("an Author cannot replace or delete another's image; an Editor can", async () => {
    const replaced = await member("author").storage.from(BUCKET).upload(path("contributor"), pixelPng(), {
      upsert: true,
    });
    expect(replaced.error).not.toBeNull();
    expect(
      (
        await member("author")
          .storage.from(BUCKET)
          .remove([path("editor")])
      ).data,
    ).toEqual([]);
    expect(
      (
        await member("sales")
          .storage.from(BUCKET)
          .remove([path("author")])
      ).data,
    ).toEqual([]);
    expect(await objectExists(path("editor"))).toBe(true);
    const removed = await member("editor")
      .storage.from(BUCKET)
      .remove([path("contributor")]);
    expect(removed.data).toHaveLength(1);
    expect(await objectExists(path("contributor"))).toBe(false);
    expect(
      (
        await member("contributor")
          .storage.from(BUCKET)
          .remove([path("author")])
      ).data,
    ).toEqual([]);
  });
});

describe("leads, calls and campaigns", () => {
  const TABLES = [
    "leads",
    "lead_events",
    "lead_erasures",
    "conversion_events",
    "lead_messages",
    "call_bookings",
    "call_messages",
    "call_settings",
    "call_weekly_hours",
    "call_days_off",
  ] as const;

  it("the lead team reads every table of them; Editors, Authors and Contributors none", async () => {
    for (const role of ROLES) {
      for (const table of TABLES) {
        const { data, error } = await member(role).from(table).select("*");
        expect({ role, table, error }).toEqual({ role, table, error: null });
        // call_weekly_hours holds whatever hours the seed gives; every other table has a row here.
        if (!LEAD_TEAM.includes(role)) expect({ role, table, data }).toEqual({ role, table, data: [] });
        else if (table !== "call_weekly_hours")
          expect({ role, table, read: data!.length > 0 }).toEqual({ role, table, read: true });
      }
    }
  });

  it("the report RPCs give the others nothing", async () => {
    for (const role of NOT_LEAD_TEAM) {
      expect((await member(role).rpc("campaign_report", PERIOD)).data).toEqual([]);
      const stats = await member(role).rpc("lead_response_stats", PERIOD);
      expect(stats.data).toMatchObject([{ leads: 0 }]);
      expect((await member(role).from("lead_counts").select("*")).data).toEqual([]);
      const funnel = (await member(role).rpc("campaign_funnel", PERIOD)).data as { leads: number }[];
      expect(funnel.every((line) => line.leads === 0)).toBe(true);
    }
    expect((await member("sales").rpc("lead_response_stats", PERIOD)).data).toMatchObject([{ leads: 1 }]);
  });

  it("Sales changes a lead's status, adds notes, retries the outbox, edits days off and call settings", async () => {
    const sales = member("sales");
    expect(
      (await sales.from("leads").update({ status: "contacted" }).eq("id", leadRows.lead).select("id")).data,
    ).toEqual([{ id: leadRows.lead }]);
    const note = await sales.from("lead_events").insert({ lead_id: leadRows.lead, kind: "note", note: "Sales note" });
    expect(note.error).toBeNull();
    expect((await sales.rpc("retry_conversion_event", { event_id: leadRows.conversion })).data).toBe(true);
    expect((await sales.rpc("retry_lead_message", { message: leadRows.message })).data).toBe(true);
    expect((await sales.from("call_days_off").insert({ day: "2031-12-26", note: "Boxing Day" })).error).toBeNull();
    const settings = await sales
      .from("call_settings")
      .update({ call_minutes: 45 })
      .eq("id", true)
      .select("call_minutes");
    expect(settings.data).toEqual([{ call_minutes: 45 }]);
    const call = await sales
      .from("call_bookings")
      .update({ status: "no_show" })
      .eq("id", leadRows.booking)
      .select("id");
    expect(call.data).toEqual([{ id: leadRows.booking }]);
    const throwaway = await newLead("erase-me@example.com");
    expect((await sales.from("leads").delete().eq("id", throwaway).select("id")).data).toEqual([{ id: throwaway }]);
  });

  it("Editors, Authors and Contributors change nothing of them, even by the API", async () => {
    await sql(`update public.conversion_events set status = 'failed' where id = $1`, [leadRows.conversion]);
    const [before] = await sql<{ state: string }>(
      `select concat_ws('|', (select md5(string_agg(l::text, ',' order by l.id)) from public.leads l),
         (select count(*) from public.lead_events), (select md5(string_agg(s::text, ',')) from public.call_settings s),
         (select count(*) from public.call_days_off), (select md5(string_agg(b::text, ',')) from public.call_bookings b),
         (select md5(string_agg(e.status, ',' order by e.id)) from public.conversion_events e)) as state`,
    );
    for (const role of NOT_LEAD_TEAM) {
      const client = member(role);
      expect((await client.from("leads").update({ status: "won" }).eq("id", leadRows.lead).select()).data).toEqual([]);
      expect((await client.from("leads").delete().eq("id", leadRows.lead).select()).data).toEqual([]);
      const note = await client.from("lead_events").insert({ lead_id: leadRows.lead, kind: "note", note: role });
      expect({ role, code: note.error?.code }).toEqual({ role, code: "42501" });
      const day = await client.from("call_days_off").insert({ day: "2031-12-31", note: role });
      expect({ role, code: day.error?.code }).toEqual({ role, code: "42501" });
      expect((await client.from("call_settings").update({ call_minutes: 60 }).eq("id", true).select()).data).toEqual(
        [],
      );
      expect(
        (await client.from("call_bookings").update({ status: "cancelled" }).eq("id", leadRows.booking).select()).data,
      ).toEqual([]);
      expect((await client.rpc("retry_conversion_event", { event_id: leadRows.conversion })).data).toBe(false);
    }
    const [after] = await sql<{ state: string }>(
      `select concat_ws('|', (select md5(string_agg(l::text, ',' order by l.id)) from public.leads l),
         (select count(*) from public.lead_events), (select md5(string_agg(s::text, ',')) from public.call_settings s),
         (select count(*) from public.call_days_off), (select md5(string_agg(b::text, ',')) from public.call_bookings b),
         (select md5(string_agg(e.status, ',' order by e.id)) from public.conversion_events e)) as state`,
    );
    expect(after).toEqual(before);
  });
});

describe("traffic", () => {
  const paths = (rows: { path: string }[] | null) => (rows ?? []).map((row) => row.path).sort();

  it("Owner, Administrator, Editor and Sales read the whole site's; an Author their own posts'; a Contributor none", async () => {
    for (const role of ROLES) {
      const views = paths((await member(role).from("page_views").select("path")).data);
      const expected =
        role === "author"
          ? [`/blog/${slugs.authorLive}`]
          : role === "contributor"
            ? []
            : ["/", `/blog/${slugs.author2Live}`, `/blog/${slugs.author2Live}`, `/blog/${slugs.authorLive}`].sort();
      expect({ role, views }).toEqual({ role, views: expected });
    }
    expect(paths((await member("author2").from("page_views").select("path")).data)).toEqual([
      `/blog/${slugs.author2Live}`,
      `/blog/${slugs.author2Live}`,
    ]);
  });

  it("post_traffic and traffic_report give an Author their own posts' pages only", async () => {
    const author = (await member("author").rpc("post_traffic", PERIOD)).data as { path: string; views: number }[];
    expect(author.map(({ path, views }) => ({ path, views }))).toEqual([
      { path: `/blog/${slugs.authorLive}`, views: 1 },
    ]);
    const report = (await member("author").rpc("traffic_report", PERIOD)).data as { pages: { path: string }[] };
    expect(paths(report.pages)).toEqual([`/blog/${slugs.authorLive}`]);
    const editor = (await member("editor").rpc("post_traffic", PERIOD)).data as { path: string }[];
    expect(paths(editor)).toEqual([`/blog/${slugs.author2Live}`, `/blog/${slugs.authorLive}`].sort());
    expect((await member("contributor").rpc("post_traffic", PERIOD)).data).toEqual([]);
  });

  it("post_traffic counts the leads a post brought for the lead team only", async () => {
    const line = (rows: unknown) =>
      (rows as { path: string; leads: number }[]).find((row) => row.path === `/blog/${slugs.author2Live}`);
    expect(line((await member("sales").rpc("post_traffic", PERIOD)).data)?.leads).toBeGreaterThan(0);
    expect(line((await member("editor").rpc("post_traffic", PERIOD)).data)?.leads).toBe(0);
    expect(line((await member("author2").rpc("post_traffic", PERIOD)).data)?.leads).toBe(0);
  });
});

describe("traffic, once rolled up", () => {
  // The rolled days come from private.rolled_traffic_days (20261127140000_team_roles_fixes.sql):
  // an Author may not read the 'total' rows that say which days are rolled up.
  it("counts an Author's rolled-up day once, as the Owner sees it", async () => {
    await sql(`update public.page_views set created_at = created_at - interval '2 days'`);
    await service().rpc("rollup_traffic").throwOnError();
    const viewsOf = async (role: Role) =>
      ((await member(role).rpc("post_traffic", PERIOD)).data as { path: string; views: number }[]).find(
        (line) => line.path === `/blog/${slugs.authorLive}`,
      )?.views;
    expect(await viewsOf("owner")).toBe(1);
    expect(await viewsOf("author")).toBe(1);
  });
});

describe("the team's functions", () => {
  it("the Owner and Administrators invite (never as the Owner); nobody else does", async () => {
    expect(
      (await member("owner").rpc("invite_team_member", { invite_email: "a@example.com", invite_role: "editor" })).error,
    ).toBeNull();
    expect(
      (await member("administrator").rpc("invite_team_member", { invite_email: "b@example.com", invite_role: "sales" }))
        .error,
    ).toBeNull();
    const asOwner = await member("owner").rpc("invite_team_member", {
      invite_email: "c@example.com",
      invite_role: "owner",
    });
    expect(asOwner.error?.code).toBe("22023");
    for (const role of ["editor", "author", "contributor", "sales", "outsider"] as const) {
      const refused = await member(role).rpc("invite_team_member", {
        invite_email: "d@example.com",
        invite_role: "author",
      });
      expect({ role, code: refused.error?.code }).toEqual({ role, code: "42501" });
    }
    const again = await member("owner").rpc("invite_team_member", {
      invite_email: "editor@example.com",
      invite_role: "author",
    });
    expect(again.error?.code).toBe("23505");
  });

  it("team_members lists the team to every member, with addresses for the Owner and Administrators only", async () => {
    for (const role of ROLES) {
      const { data, error } = await member(role).rpc("team_members");
      expect({ role, error }).toEqual({ role, error: null });
      const rows = data as { user_id: string; role: Role; email: string | null }[];
      expect(rows.find((row) => row.user_id === ids.sales)?.role).toBe("sales");
      const emails = rows.some((row) => row.email !== null);
      expect({ role, emails }).toEqual({ role, emails: role === "owner" || role === "administrator" });
    }
    expect((await member("outsider").rpc("team_members")).data).toEqual([]);
  });

  it("roles change by the Owner or an Administrator, never the Owner's, never one's own", async () => {
    const target = await addMember("changing@example.com", "author");
    expect((await member("administrator").rpc("change_team_role", { member: target, new_role: "editor" })).data).toBe(
      true,
    );
    const ofOwner = await member("administrator").rpc("change_team_role", { member: ids.owner, new_role: "sales" });
    expect(ofOwner.error?.code).toBe("42501");
    const toOwner = await member("owner").rpc("change_team_role", { member: target, new_role: "owner" });
    expect(toOwner.error?.code).toBe("42501");
    const own = await member("administrator").rpc("change_team_role", { member: ids.administrator, new_role: "owner" });
    expect(own.error?.code).toBe("42501");
    const byEditor = await member("editor").rpc("change_team_role", { member: target, new_role: "author" });
    expect(byEditor.error?.code).toBe("42501");
    const roles = await sql<{ user_id: string; role: string }>(
      `select user_id, role from public.admins where user_id = any($1::uuid[]) order by role`,
      [[ids.owner, target]],
    );
    expect(roles).toEqual([
      { user_id: ids.owner, role: "owner" },
      { user_id: target, role: "editor" },
    ]);
    const [event] = await sql(`select from_role, to_role, actor_id from public.team_events where member_id = $1`, [
      target,
    ]);
    expect(event).toEqual({ from_role: "author", to_role: "editor", actor_id: ids.administrator });
  });

  it("only the Owner hands over ownership, and becomes an Administrator", async () => {
    const refused = await member("administrator").rpc("hand_over_ownership", { member: ids.administrator });
    expect(refused.error?.code).toBe("42501");
    expect((await member("owner").rpc("hand_over_ownership", { member: ids.administrator })).data).toBe(true);
    const roleOf = async (id: string) =>
      (await sql<{ role: string }>(`select role from public.admins where user_id = $1`, [id]))[0]!.role;
    expect([await roleOf(ids.owner), await roleOf(ids.administrator)]).toEqual(["administrator", "owner"]);
    // And back, so the rest of the suite keeps its roles.
    expect((await member("administrator").rpc("hand_over_ownership", { member: ids.owner })).data).toBe(true);
    expect([await roleOf(ids.owner), await roleOf(ids.administrator)]).toEqual(["owner", "administrator"]);
  });

  it("removing a member hands their posts to an heir who writes posts, never deletes them, and records it", async () => {
    const leaving = await addMember("leaving@example.com", "author");
    const theirs = [await newPost(leaving, "draft"), await newPost(leaving, "published")];

    const ofOwner = await member("administrator").rpc("remove_team_member", { member: ids.owner, heir: ids.editor });
    expect(ofOwner.error?.code).toBe("42501");
    const self = await member("administrator").rpc("remove_team_member", {
      member: ids.administrator,
      heir: ids.editor,
    });
    expect(self.error?.code).toBe("42501");
    const byEditor = await member("editor").rpc("remove_team_member", { member: leaving, heir: ids.editor });
    expect(byEditor.error?.code).toBe("42501");
    const toSales = await member("administrator").rpc("remove_team_member", { member: leaving, heir: ids.sales });
    expect(toSales.error?.code).toBe("22023");
    const noHeir = await member("administrator").rpc("remove_team_member", {
      member: leaving,
      heir: null as unknown as string,
    });
    expect(noHeir.error?.code).toBe("22023");

    const moved = await member("administrator").rpc("remove_team_member", { member: leaving, heir: ids.editor });
    expect(moved.data).toBe(2);
    const rows = await sql<{ author_id: string }>(`select author_id from public.posts where id = any($1::uuid[])`, [
      theirs,
    ]);
    expect(rows).toEqual([{ author_id: ids.editor }, { author_id: ids.editor }]);
    const handed = await sql<{ kind: string; actor_id: string }>(
      `select kind, actor_id from public.post_events where post_id = any($1::uuid[]) and kind = 'handed_over'`,
      [theirs],
    );
    expect(handed).toEqual([
      { kind: "handed_over", actor_id: ids.administrator },
      { kind: "handed_over", actor_id: ids.administrator },
    ]);
    const [removed] = await sql(
      `select kind, from_role, heir_id, posts_handed, actor_id from public.team_events where member_id = $1 and kind = 'removed'`,
      [leaving],
    );
    expect(removed).toEqual({
      kind: "removed",
      from_role: "author",
      heir_id: ids.editor,
      posts_handed: 2,
      actor_id: ids.administrator,
    });
    // Their rights end with the next request.
    const gone = (await as(leaving).from("posts").select("id").eq("id", theirs[0]!)).data;
    expect(gone).toEqual([]);
    expect((await as(leaving).from("posts").insert(draft(leaving))).error?.code).toBe("42501");
  });

  it("an Administrator removes another Administrator, and the team's history is theirs to read", async () => {
    const other = await addMember("other-admin@example.com", "administrator");
    expect((await member("administrator").rpc("remove_team_member", { member: other, heir: ids.editor })).data).toBe(0);
    expect((await member("administrator").from("team_events").select("id")).data!.length).toBeGreaterThan(0);
    for (const role of ["editor", "author", "contributor", "sales"] as const) {
      expect((await member(role).from("team_events").select("id")).data).toEqual([]);
      expect((await member(role).from("team_invites").select("id")).data).toEqual([]);
    }
  });

  it("a member reads their own role and nobody else's row", async () => {
    for (const role of ROLES) {
      const { data } = await member(role).from("admins").select("user_id, role");
      expect({ role, data }).toEqual({ role, data: [{ user_id: ids[role], role }] });
    }
    expect((await member("outsider").from("admins").select("user_id, role")).data).toEqual([]);
  });
});

describe("the second factor, for every role", () => {
  const mfa = {} as Record<Exclude<Role, "owner">, string>;

  beforeAll(async () => {
    for (const role of ROLES.slice(1) as Exclude<Role, "owner">[]) {
      mfa[role] = await addMember(`mfa-${role}@example.com`, role);
      await addFactor(mfa[role]);
      if (role !== "sales") await newPost(mfa[role], "draft");
    }
  });

  it("at aal1 a member with a verified authenticator reads no lead, no draft and no traffic; at aal2 what the role allows", async () => {
    for (const role of ROLES.slice(1) as Exclude<Role, "owner">[]) {
      const at = (aal: Aal) => as(mfa[role], aal);
      const drafts = async (aal: Aal) =>
        ((await at(aal).from("posts").select("id").eq("status", "draft")).data ?? []).length;
      const leads = async (aal: Aal) => ((await at(aal).from("leads").select("id")).data ?? []).length;
      const views = async (aal: Aal) => ((await at(aal).from("page_views").select("id")).data ?? []).length;
      expect({ role, drafts: await drafts("aal1"), leads: await leads("aal1"), views: await views("aal1") }).toEqual({
        role,
        drafts: 0,
        leads: 0,
        views: 0,
      });
      expect({ role, drafts: (await drafts("aal2")) > 0 }).toEqual({ role, drafts: true });
      expect({ role, leads: (await leads("aal2")) > 0 }).toEqual({ role, leads: LEAD_TEAM.includes(role) });
      // This Author's only post is a draft: no views of their own.
      expect({ role, views: (await views("aal2")) > 0 }).toEqual({
        role,
        views: ["administrator", "editor", "sales"].includes(role),
      });
      if (role !== "sales") {
        const insert = await at("aal1").from("posts").insert(draft(mfa[role]));
        expect({ role, code: insert.error?.code }).toEqual({ role, code: "42501" });
      }
    }
  });

  it("at aal1 the team's functions refuse an Administrator with an authenticator", async () => {
    const refused = await as(mfa.administrator, "aal1").rpc("invite_team_member", {
      invite_email: "aal1@example.com",
      invite_role: "author",
    });
    expect(refused.error?.code).toBe("42501");
    expect((await as(mfa.administrator, "aal1").rpc("team_members")).data).toEqual([]);
  });
});

describe("anonymous visitors", () => {
  it("read published posts only, nothing of the team, leads or traffic, and call no team function", async () => {
    const seen = (await anon().from("posts").select("id")).data!.map((row) => row.id);
    expect(seen).toContain(posts.author2Live);
    expect(seen).not.toContain(posts.author2Draft);
    for (const table of ["leads", "page_views", "post_events", "team_events", "team_invites", "admins"] as const) {
      const { error } = await anon().from(table).select("*");
      expect({ table, code: error?.code }).toEqual({ table, code: "42501" });
    }
    for (const fn of ["team_members", "accept_team_invite"] as const) {
      expect((await anon().rpc(fn)).error).not.toBeNull();
    }
    const invite = await anon().rpc("invite_team_member", { invite_email: "x@example.com", invite_role: "author" });
    expect(invite.error).not.toBeNull();
  });
});
