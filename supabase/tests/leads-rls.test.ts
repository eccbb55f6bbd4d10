import { beforeAll, describe, expect, it } from "vitest";
import type { LeadInsert } from "../../src/lib/database.ts";
import { LOCAL_DEFAULTS } from "../local/index.ts";
import { localSupabaseForSuite } from "../local/testing.ts";

/**
 * Leads through direct REST, as anyone holding the public anon key could call it: a visitor can do
 * nothing with leads (not insert one: only the contact function stores leads, with the service-role
 * key; not read, count, change or delete), nor call the server's rate limiter; signed-in users who
 * are not admins see nothing, admins read leads and change their status with every change kept, and
 * the check constraints refuse what the contact function would refuse, whoever inserts. Part of the
 * attack matrix (attack-matrix.test.ts).
 */
const MEMBER = { email: "member@example.com", password: "member-password" };
const supabase = localSupabaseForSuite();
/** The contact function's door: the service-role key. */
const { as, service } = supabase;
let adminToken: string;
let adminId: string;
let memberToken: string;

function lead(overrides: Partial<LeadInsert> = {}): LeadInsert {
  return { full_name: "Amaka Okafor", email: "amaka@example.com", service: "web-design", ...overrides };
}

/** Rows as the database holds them, read past RLS (the test's own superuser connection). */
async function stored(email: string) {
  return (
    await supabase.db.query<{
      id: string;
      status: string;
      full_name: string;
      source: string;
      forwarded_at: string | null;
    }>(`select id, status, full_name, source, forwarded_at from public.leads where email = $1 order by created_at`, [
      email,
    ])
  ).rows;
}

beforeAll(async () => {
  await supabase.createUser(MEMBER);
  const admin = await supabase.signIn(LOCAL_DEFAULTS.adminEmail, LOCAL_DEFAULTS.adminPassword);
  adminToken = admin.token;
  adminId = admin.userId;
  memberToken = (await supabase.signIn(MEMBER.email, MEMBER.password)).token;
});

describe("the contact function's door (the service-role key)", () => {
  it("stores a lead, which starts as new and unforwarded whatever the insert says", async () => {
    const { error, status } = await service()
      .from("leads")
      .insert(
        lead({
          email: "first@example.com",
          status: "won",
          forwarded_at: new Date().toISOString(),
          first_touch: { utm_source: "Facebook", utm_campaign: "launch" },
        }),
      );
    expect(error).toBeNull();
    expect(status).toBe(201);
    const [row] = await stored("first@example.com");
    expect(row).toMatchObject({ status: "new", source: "facebook", forwarded_at: null });
    expect(
      (
        await service()
          .from("leads")
          .insert(lead({ email: "second@example.com" }))
      ).error,
    ).toBeNull();
  });
});

describe("an anonymous visitor", () => {
  it("cannot insert a lead through the REST API, so nothing they send is stored or causes anything", async () => {
    const { error, status } = await as()
      .from("leads")
      .insert(
        lead({
          email: "direct@example.com",
          ad_user_data: true,
          consent_given_at: new Date().toISOString(),
          first_touch: { gclid: "fake" },
        }),
      );
    expect(error?.code).toBe("42501");
    expect(status).toBe(401);
    expect(await stored("direct@example.com")).toEqual([]);
    const { rows } = await supabase.db.query(
      `select 1 from public.lead_messages m join public.leads l on l.id = m.lead_id where l.email = 'direct@example.com'`,
    );
    expect(rows).toEqual([]);
  });

  it("cannot insert a lead when signed in without being an admin, nor as an admin", async () => {
    expect(
      (
        await as(memberToken)
          .from("leads")
          .insert(lead({ email: "member-lead@example.com" }))
      ).error?.code,
    ).toBe("42501");
    expect(
      (
        await as(adminToken)
          .from("leads")
          .insert(lead({ email: "admin-lead@example.com" }))
      ).error?.code,
    ).toBe("42501");
    expect(await stored("member-lead@example.com")).toEqual([]);
    expect(await stored("admin-lead@example.com")).toEqual([]);
  });

  it("cannot call the rate limiter, which only the server may (anyone could grow its table)", async () => {
    const key = "a".repeat(64);
    const before = (await supabase.db.query(`select count(*)::int as n from private.rate_limit_counters`)).rows[0];
    for (const client of [as(), as(memberToken)]) {
      const { error } = await client.rpc("hit_rate_limit", { bucket_key: key, max_hits: 5, window_seconds: 86400 });
      expect(error?.code).toBe("42501");
    }
    expect((await supabase.db.query(`select count(*)::int as n from private.rate_limit_counters`)).rows[0]).toEqual(
      before,
    );
    const allowed = await service().rpc("hit_rate_limit", { bucket_key: key, max_hits: 5, window_seconds: 60 });
    expect(allowed.error).toBeNull();
    expect(allowed.data).toEqual([{ allowed: true, retry_after_seconds: 0 }]);
  });

  it("cannot list, count, update or delete leads, nor touch their history or figures", async () => {
    const client = as();
    expect((await client.from("leads").select("email")).error?.code).toBe("42501");
    expect((await client.from("leads").select("*", { count: "exact", head: true })).status).toBe(401);
    expect((await client.from("leads").update({ status: "lost" }).eq("email", "first@example.com")).error?.code).toBe(
      "42501",
    );
    expect((await client.from("leads").delete().eq("email", "first@example.com")).error?.code).toBe("42501");
    expect((await client.from("lead_events").select("*")).error?.code).toBe("42501");
    expect(
      (
        await client
          .from("lead_events")
          .insert({ lead_id: (await stored("first@example.com"))[0]!.id, kind: "note", note: "spam" })
      ).error?.code,
    ).toBe("42501");
    expect((await client.from("lead_weekly_counts").select("*")).error?.code).toBe("42501");
    expect((await client.from("lead_counts").select("*")).error?.code).toBe("42501");
    expect((await stored("first@example.com"))[0]?.status).toBe("new");
  });
});

describe("the database refuses what the form would refuse, whoever inserts", () => {
  it.each<[string, Partial<LeadInsert>]>([
    ["an empty name", { full_name: "   " }],
    ["an oversized name", { full_name: "A".repeat(121) }],
    ["a malformed e-mail", { email: "not-an-email" }],
    ["an oversized e-mail", { email: `${"a".repeat(250)}@example.com` }],
    ["an unknown service", { service: "seo" as "crm" }],
    ["an unknown package", { web_package: "MegaSite" }],
    ["an unknown feature", { features: ["speed", "blockchain"] }],
    ["an unknown ROAS band", { roas: "10x" }],
    ["letters in a phone number", { phone: "call me maybe" }],
    ["an oversized message", { message: "x".repeat(5001) }],
    ["a team size of zero", { team_size: 0 }],
    ["a touch that is not an object", { first_touch: ["facebook"] as never }],
    ["an oversized touch", { latest_touch: { utm_content: "x".repeat(5000) } }],
  ])("%s", async (_, overrides) => {
    const { error, status } = await service()
      .from("leads")
      .insert(lead({ email: "refused@example.com", ...overrides }));
    expect(error?.code).toBe("23514");
    expect(status).toBe(400);
    expect(await stored("refused@example.com")).toEqual([]);
  });
});

describe("a signed-in user who is not an admin", () => {
  it("sees no leads, counts none and changes nothing", async () => {
    const client = as(memberToken);
    expect((await client.from("leads").select("email")).data).toEqual([]);
    expect((await client.from("leads").select("*", { count: "exact", head: true })).count).toBe(0);
    const updated = await client.from("leads").update({ status: "lost" }).eq("email", "first@example.com").select("id");
    expect(updated.data ?? []).toEqual([]);
    // Deleting is granted to signed-in users for admins' erasures; RLS matches no row for anyone else.
    const deleted = await client.from("leads").delete().eq("email", "first@example.com").select("id");
    expect(deleted.data ?? []).toEqual([]);
    expect(await stored("first@example.com")).toHaveLength(1);
    expect((await client.from("lead_events").select("*")).data).toEqual([]);
    const note = await client
      .from("lead_events")
      .insert({ lead_id: (await stored("first@example.com"))[0]!.id, kind: "note", note: "mine now" });
    expect(note.error?.code).toBe("42501");
    expect((await client.from("lead_weekly_counts").select("*")).data).toEqual([]);
    expect((await stored("first@example.com"))[0]?.status).toBe("new");
  });
});

describe("an admin", () => {
  it("reads leads with their source and campaign", async () => {
    const { data, error } = await as(adminToken)
      .from("leads")
      .select("email, source, campaign, status")
      .eq("email", "first@example.com")
      .single();
    expect(error).toBeNull();
    expect(data).toEqual({ email: "first@example.com", source: "facebook", campaign: "launch", status: "new" });
  });

  it("changes a lead's status, and the database keeps the change with its time and author", async () => {
    const [row] = await stored("first@example.com");
    const { data, error } = await as(adminToken)
      .from("leads")
      .update({ status: "contacted" })
      .eq("id", row!.id)
      .select("status")
      .single();
    expect(error).toBeNull();
    expect(data?.status).toBe("contacted");
    const history = await as(adminToken)
      .from("lead_events")
      .select("kind, from_status, to_status, author_id, created_at")
      .eq("lead_id", row!.id);
    expect(history.data).toEqual([
      {
        kind: "status",
        from_status: "new",
        to_status: "contacted",
        author_id: adminId,
        created_at: expect.any(String),
      },
    ]);
  });

  it("cannot set a status outside the pipeline", async () => {
    const { error } = await as(adminToken)
      .from("leads")
      .update({ status: "spam" as "new" })
      .eq("email", "first@example.com");
    expect(error?.code).toBe("23514");
  });

  it("adds notes as themselves only, and cannot forge a status change", async () => {
    const [row] = await stored("first@example.com");
    const client = as(adminToken);
    expect(
      (await client.from("lead_events").insert({ lead_id: row!.id, kind: "note", note: "Called, wants a quote." }))
        .error,
    ).toBeNull();
    const forged = await client
      .from("lead_events")
      .insert({ lead_id: row!.id, kind: "note", note: "Not me", author_id: crypto.randomUUID() });
    expect(forged.error?.code).toBe("42501");
    const fakeStatus = await client
      .from("lead_events")
      .insert({ lead_id: row!.id, kind: "status", to_status: "won" } as never);
    expect(fakeStatus.error?.code).toBe("42501");
  });

  it("cannot rewrite what the visitor sent (erasing a lead is lead-erasure.test.ts)", async () => {
    const client = as(adminToken);
    expect(
      (await client.from("leads").update({ full_name: "Someone Else" }).eq("email", "first@example.com")).error?.code,
    ).toBe("42501");
    expect((await stored("first@example.com"))[0]?.full_name).toBe("Amaka Okafor");
  });

  it("reads the weekly figures and the counts", async () => {
    const client = as(adminToken);
    const weekly = await client.from("lead_weekly_counts").select("source, leads");
    expect(weekly.data).toEqual(
      expect.arrayContaining([
        { source: "facebook", leads: 1 },
        { source: "direct", leads: 1 },
      ]),
    );
    const counts = await client.from("lead_counts").select("dimension, value, leads").eq("dimension", "status");
    expect(counts.data).toEqual(
      expect.arrayContaining([
        { dimension: "status", value: "contacted", leads: 1 },
        { dimension: "status", value: "new", leads: 1 },
      ]),
    );
  });
});

describe("where a lead came from", () => {
  it.each<[string, LeadInsert["first_touch"], LeadInsert["latest_touch"], string, string | null]>([
    [
      "the first touch's campaign",
      { utm_source: "Facebook", utm_campaign: "launch" },
      { utm_source: "google", utm_campaign: "brand" },
      "facebook",
      "launch",
    ],
    ["an ad click id without UTM parameters", { gclid: "abc" }, null, "google", null],
    [
      "the latest touch when the first was direct",
      { landing_page: "/" },
      { fbclid: "x", utm_campaign: "retarget" },
      "facebook",
      "retarget",
    ],
    ["the referring site", { referrer: "https://www.instagram.com/p/1" }, null, "instagram.com", null],
    ["nothing at all", null, null, "direct", null],
  ])("%s", async (_, first_touch, latest_touch, source, campaign) => {
    const email = `source-${Math.random().toString(36).slice(2)}@example.com`;
    expect((await service().from("leads").insert(lead({ email, first_touch, latest_touch }))).error).toBeNull();
    const { rows } = await supabase.db.query<{ source: string; campaign: string | null }>(
      `select source, campaign from public.leads where email = $1`,
      [email],
    );
    expect(rows).toEqual([{ source, campaign }]);
  });
});
