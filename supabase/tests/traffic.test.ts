import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { CampaignFunnelLine, Database, PostTrafficLine, TrafficReport } from "../../src/lib/database";
import { LOCAL_DEFAULTS } from "../local/index.ts";
import { localSupabaseForSuite } from "../local/testing.ts";

/**
 * The traffic tables and reports against the local Supabase over HTTP, as the API serves them: only
 * the service role writes (through record_page_view), admins read, anon and other users neither
 * write nor read; the rollup keeps every figure when raw rows expire; the funnel and the posts'
 * report join the traffic to the leads.
 */
const MEMBER = { email: "traffic-member@example.com", password: "member-password" };

const supabase = localSupabaseForSuite();
/** The collect function's door: the service-role key. */
const { as, service } = supabase;
let adminToken: string;
let memberToken: string;

type View = Database["public"]["Functions"]["record_page_view"]["Args"];
const key = (n: number) => n.toString(16).padStart(64, "0");

async function record(...views: Partial<View>[]) {
  for (const view of views) {
    const { error } = await service()
      .rpc("record_page_view", { visitor: key(1), kind: "pageview", path: "/", device: "desktop", ...view })
      .throwOnError();
    expect(error).toBeNull();
  }
}

/** Moves every raw row `days` back (as if recorded then), past RLS. */
async function age(days: number) {
  await supabase.db.query(`update public.page_views set created_at = created_at - make_interval(days => $1)`, [days]);
}

const DAY = 86_400_000;
/** [start of the UTC day `daysBack` days ago, end of today) as ISO strings. */
function since(daysBack: number) {
  const today = Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), new Date().getUTCDate());
  return { from_time: new Date(today - daysBack * DAY).toISOString(), to_time: new Date(today + DAY).toISOString() };
}

async function report(token: string, daysBack: number): Promise<TrafficReport> {
  const { data, error } = await as(token).rpc("traffic_report", since(daysBack));
  expect(error).toBeNull();
  return data!;
}

beforeAll(async () => {
  await supabase.createUser(MEMBER);
  adminToken = (await supabase.signIn(LOCAL_DEFAULTS.adminEmail, LOCAL_DEFAULTS.adminPassword)).token;
  memberToken = (await supabase.signIn(MEMBER.email, MEMBER.password)).token;
});

beforeEach(async () => {
  await supabase.db.exec(`truncate public.page_views, public.page_view_daily; delete from public.leads;`);
});

describe("who may write and read", () => {
  it("anon can neither insert page views through REST nor call the server's functions", async () => {
    const insert = await as()
      .from("page_views")
      .insert({ visitor: "\\x" + key(9), kind: "pageview", path: "/", device: "desktop" });
    expect(insert.error?.code).toBe("42501");
    for (const fn of ["record_page_view", "traffic_salt", "rollup_traffic"] as const) {
      const args = fn === "record_page_view" ? { visitor: key(9), kind: "pageview", path: "/", device: "desktop" } : {};
      const { error } = await as().rpc(fn, args as never);
      expect(error, fn).not.toBeNull();
    }
    const { rows } = await supabase.db.query(`select 1 from public.page_views`);
    expect(rows).toEqual([]);
  });

  it("anon reads nothing: not the tables, not the reports", async () => {
    await record({});
    expect((await as().from("page_views").select("*")).error?.code).toBe("42501");
    expect((await as().from("page_view_daily").select("*")).error?.code).toBe("42501");
    for (const fn of ["traffic_report", "campaign_funnel", "post_traffic"] as const)
      expect((await as().rpc(fn, since(0))).error, fn).not.toBeNull();
  });

  it("a signed-in user who is not an admin reads nothing and writes nothing", async () => {
    await record({ utm_source: "facebook", utm_campaign: "x" });
    expect((await as(memberToken).from("page_views").select("*")).data).toEqual([]);
    expect((await as(memberToken).from("page_view_daily").select("*")).data).toEqual([]);
    expect((await report(memberToken, 0)).totals).toEqual({ visitors: 0, views: 0, intake: 0 });
    expect((await as(memberToken).rpc("campaign_funnel", since(0))).data).toEqual([]);
    expect(
      (await as(memberToken).rpc("record_page_view", { visitor: key(2), kind: "pageview", path: "/", device: "phone" }))
        .error,
    ).not.toBeNull();
    expect((await as(memberToken).rpc("rollup_traffic")).error).not.toBeNull();
  });

  it("an admin reads the report; the tables need the second factor once one is enrolled", async () => {
    await record({ visitor: key(1) }, { visitor: key(2), path: "/services", country: "NG", device: "phone" });
    const figures = await report(adminToken, 6);
    expect(figures.totals).toEqual({ visitors: 2, views: 2, intake: 0 });
    expect(figures.days).toHaveLength(7);
    expect(figures.countries).toEqual(
      expect.arrayContaining([
        { country: "NG", visitors: 1, views: 1 },
        { country: null, visitors: 1, views: 1 },
      ]),
    );
    const { rows } = await supabase.db.query<{ tablename: string }>(
      `select tablename from pg_policies where schemaname = 'public' and permissive = 'RESTRICTIVE'
          and qual like '%aal_satisfied%' and tablename in ('page_views', 'page_view_daily') order by 1`,
    );
    expect(rows.map((row) => row.tablename)).toEqual(["page_view_daily", "page_views"]);
  });
});

describe("the rollup", () => {
  it("keeps every figure when the raw rows expire, and runs again harmlessly", async () => {
    await record(
      { visitor: key(1), path: "/", utm_source: "facebook", utm_campaign: "spring" },
      { visitor: key(1), path: "/blog/seo-basics" },
      { visitor: key(2), path: "/", referrer_host: "google.com", device: "phone", country: "GB" },
      { visitor: key(2), path: "/", kind: "intake" },
      { visitor: key(3), path: "/services", viewport_width: 640 },
    );
    await age(100);
    await record({ visitor: key(4), path: "/" });
    const before = await report(adminToken, 100);
    const funnelBefore = (await as(adminToken).rpc("campaign_funnel", since(100))).data;
    expect(before.totals).toEqual({ visitors: 4, views: 5, intake: 1 });

    const first = await service().rpc("rollup_traffic");
    expect(first.error).toBeNull();
    expect(first.data![0]).toMatchObject({ deleted_rows: 5 });
    expect((await service().rpc("rollup_traffic")).data![0]).toEqual({ rolled_days: 0, deleted_rows: 0 });
    const { rows } = await supabase.db.query(`select 1 from public.page_views`);
    expect(rows).toHaveLength(1);

    expect(await report(adminToken, 100)).toEqual(before);
    expect((await as(adminToken).rpc("campaign_funnel", since(100))).data).toEqual(funnelBefore);
    // A range that starts after the rolled day shows only today's.
    expect((await report(adminToken, 10)).totals).toEqual({ visitors: 1, views: 1, intake: 0 });
  });

  it("keeps daily unique visitors right per page: one visitor on two pages is one visitor of each", async () => {
    await record(
      { visitor: key(1), path: "/" },
      { visitor: key(1), path: "/" },
      { visitor: key(1), path: "/services" },
    );
    await age(1);
    await service().rpc("rollup_traffic").throwOnError();
    const figures = await report(adminToken, 1);
    expect(figures.totals).toEqual({ visitors: 1, views: 3, intake: 0 });
    expect(figures.pages).toEqual([
      { path: "/", visitors: 1, views: 2 },
      { path: "/services", visitors: 1, views: 1 },
    ]);
  });
});

describe("traffic joined to leads", () => {
  it("the funnel puts a campaign's visitors and intake clicks beside its leads, qualified and won", async () => {
    await record(
      { visitor: key(1), utm_source: "Facebook", utm_campaign: "x" },
      { visitor: key(1), path: "/about" },
      { visitor: key(1), kind: "intake", utm_source: "Facebook", utm_campaign: "x" },
      { visitor: key(2), utm_source: "facebook", utm_campaign: "x" },
      { visitor: key(3), referrer_host: "google.com", has_click_id: true },
    );
    await supabase.db.query(
      `insert into public.leads (full_name, email, first_touch) values
         ('A', 'a@example.com', '{"utm_source": "facebook", "utm_campaign": "x", "landing_page": "/blog/seo-basics?utm_source=facebook"}'),
         ('B', 'b@example.com', '{"gclid": "abc", "landing_page": "/"}')`,
    );
    // A lead always starts new; the admin wins it later.
    await supabase.db.query(`update public.leads set status = 'won' where email = 'a@example.com'`);
    const { data, error } = await as(adminToken).rpc("campaign_funnel", since(0));
    expect(error).toBeNull();
    const lines = data as CampaignFunnelLine[];
    expect(lines.find((line) => line.source === "facebook")).toEqual({
      source: "facebook",
      medium: "(none)",
      campaign: "x",
      visitors: 2,
      intake_clicks: 1,
      leads: 1,
      qualified: 1,
      won: 1,
      // Winning it was the first response (first_response_at), a moment after it arrived.
      median_response_seconds: expect.any(Number),
      // No call booked (20261126220000_call_admin.sql counts them).
      calls_booked: 0,
    });
    // A click id from Google's host is Google, as the lead's gclid is.
    expect(lines.find((line) => line.source === "google")).toMatchObject({ visitors: 1, leads: 1, won: 0 });
    expect(lines.find((line) => line.source === "direct")).toMatchObject({ visitors: 1, leads: 0 });
  });

  it("each post's views and visitors, and the leads whose first touch landed on it", async () => {
    await record(
      { visitor: key(1), path: "/blog/seo-basics" },
      { visitor: key(1), path: "/blog/seo-basics" },
      { visitor: key(2), path: "/blog/seo-basics" },
      { visitor: key(2), path: "/blog/page/2" },
      { visitor: key(2), path: "/blog/search" },
      { visitor: key(3), path: "/blog/ads-that-pay" },
    );
    await supabase.db.query(
      `insert into public.leads (full_name, email, first_touch) values
         ('A', 'a@example.com', '{"landing_page": "/blog/seo-basics?utm_source=facebook"}'),
         ('B', 'b@example.com', '{"landing_page": "/blog/quiet-post"}'),
         ('C', 'c@example.com', '{"landing_page": "/services"}')`,
    );
    const { data } = await as(adminToken).rpc("post_traffic", since(0));
    expect(data as PostTrafficLine[]).toEqual([
      { path: "/blog/seo-basics", views: 3, visitors: 2, leads: 1 },
      { path: "/blog/ads-that-pay", views: 1, visitors: 1, leads: 0 },
      { path: "/blog/quiet-post", views: 0, visitors: 0, leads: 1 },
    ]);
  });
});
