/**
 * leads.ts against the real local Supabase, signed in as the local admin through unmodified
 * supabase-js: the inbox's list, filters and search (with text that would break a PostgREST filter
 * if it were not quoted), pages, the export's batches, status changes with their history, notes,
 * and the figures.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { LocalSupabaseServer } from "../../../../supabase/local/index.ts";
import type { LeadInsert } from "../../../lib/database";
import type { AppSupabaseClient } from "../../../lib/supabase";
import { startLocalAdmin } from "../testing";
import {
  addLeadNote,
  countNewLeads,
  getLead,
  getLeadStats,
  LEADS_PER_PAGE,
  listLeadEvents,
  listLeads,
  listLeadsForExport,
  EXPORT_BATCH,
  noLeadFilters,
  updateLeadStatus,
  weekStart,
} from "./leads";

let server: LocalSupabaseServer;
let admin: AppSupabaseClient;
let adminId: string;

async function insert(rows: (LeadInsert & { created_at?: string })[]) {
  // Written past the API so that the test can date them: the API stamps every new lead with now().
  for (const row of rows) {
    await server.local.db.query(
      `insert into public.leads (full_name, email, company_name, service, first_touch) values ($1, $2, $3, $4, $5)`,
      [
        row.full_name,
        row.email,
        row.company_name ?? null,
        row.service ?? null,
        row.first_touch ? JSON.stringify(row.first_touch) : null,
      ],
    );
    if (row.created_at)
      await server.local.db.query(`update public.leads set created_at = $1 where email = $2`, [
        row.created_at,
        row.email,
      ]);
  }
}

beforeAll(async () => {
  ({
    server,
    client: admin,
    user: { id: adminId },
  } = await startLocalAdmin());
  await server.local.db.query(`alter table public.leads disable trigger leads_new_defaults`);
  const now = Date.now();
  await insert([
    ...Array.from({ length: LEADS_PER_PAGE + 5 }, (_, index) => ({
      full_name: `Bulk Lead ${index}`,
      email: `bulk-${index}@example.ng`,
      service: "web-design" as const,
      first_touch: { utm_source: "facebook", utm_campaign: "launch" },
      created_at: new Date(now - index * 3_600_000).toISOString(),
    })),
    {
      full_name: 'Zeta, (Brent) "Quote"',
      email: "zeta@example.ng",
      company_name: "Zeta Brent Education",
      service: "crm",
      first_touch: { gclid: "g" },
      created_at: new Date(now - 20 * 86_400_000).toISOString(),
    },
    { full_name: "Old Lead", email: "old@example.ng", created_at: new Date(now - 200 * 86_400_000).toISOString() },
  ]);
  await server.local.db.query(`alter table public.leads enable trigger leads_new_defaults`);
});

afterAll(async () => {
  await server?.close();
});

describe("the inbox list", () => {
  it("pages leads newest first with the total", async () => {
    const first = await listLeads(admin, noLeadFilters, 1);
    expect(first.total).toBe(LEADS_PER_PAGE + 7);
    expect(first.leads).toHaveLength(LEADS_PER_PAGE);
    expect(first.pageCount).toBe(2);
    expect(first.leads[0]!.full_name).toBe("Bulk Lead 0");
    const second = await listLeads(admin, noLeadFilters, 2);
    expect(second.leads.map((lead) => lead.full_name).slice(-2)).toEqual(['Zeta, (Brent) "Quote"', "Old Lead"]);
    expect((await listLeads(admin, noLeadFilters, 9)).leads).toEqual([]);
  });

  it("filters by status, service and source", async () => {
    expect((await listLeads(admin, { ...noLeadFilters, service: "crm" }, 1)).leads.map((lead) => lead.email)).toEqual([
      "zeta@example.ng",
    ]);
    expect((await listLeads(admin, { ...noLeadFilters, source: "google" }, 1)).total).toBe(1);
    expect(
      (await listLeads(admin, { ...noLeadFilters, service: "unspecified" }, 1)).leads.map((lead) => lead.email),
    ).toEqual(["old@example.ng"]);
    expect((await listLeads(admin, { ...noLeadFilters, status: "won" }, 1)).total).toBe(0);
  });

  it("searches name, e-mail and company, taking commas, brackets, quotes and wildcards as text", async () => {
    const find = async (q: string) =>
      (await listLeads(admin, { ...noLeadFilters, q }, 1)).leads.map((lead) => lead.email);
    expect(await find('zeta, (brent) "quote')).toEqual(["zeta@example.ng"]);
    expect(await find("BRENT EDUC")).toEqual(["zeta@example.ng"]);
    expect(await find("old@")).toEqual(["old@example.ng"]);
    expect(await find("*")).toHaveLength(LEADS_PER_PAGE);
    expect(await find("nobody")).toEqual([]);
  });
});

describe("a lead", () => {
  it("changes status with the change kept in its history, and takes notes", async () => {
    const [lead] = (await listLeads(admin, { ...noLeadFilters, q: "zeta" }, 1)).leads;
    const newBefore = await countNewLeads(admin);
    expect((await updateLeadStatus(admin, lead!.id, "qualified")).status).toBe("qualified");
    expect(await countNewLeads(admin)).toBe(newBefore - 1);
    await addLeadNote(admin, lead!.id, "  Wants a CRM demo on Friday.  ", adminId);
    const events = await listLeadEvents(admin, lead!.id);
    expect(events.map((event) => [event.kind, event.to_status, event.note])).toEqual([
      ["note", null, "Wants a CRM demo on Friday."],
      ["status", "qualified", null],
    ]);
    const full = await getLead(admin, lead!.id);
    expect(full).toMatchObject({ status: "qualified", source: "google", forward_pending: false });
    expect(full).not.toHaveProperty("forward_token");
  });

  it("is null when the id is unknown or not an id", async () => {
    expect(await getLead(admin, crypto.randomUUID())).toBeNull();
    expect(await getLead(admin, "not-a-uuid")).toBeNull();
  });
});

describe("the export and the figures", () => {
  it("exports every matching lead, across batches, without the webhook token", async () => {
    const all = await listLeadsForExport(admin, noLeadFilters);
    expect(all).toHaveLength(LEADS_PER_PAGE + 7);
    expect(all[0]).not.toHaveProperty("forward_token");
    expect(await listLeadsForExport(admin, { ...noLeadFilters, source: "facebook" })).toHaveLength(LEADS_PER_PAGE + 5);
  });

  it("exports past the 1000 rows a request answers (the hosted cap, which the local API keeps too)", async () => {
    const bulk = EXPORT_BATCH + 30;
    await server.local.db.query(
      `insert into public.leads (full_name, email, first_touch)
       select 'Export Lead ' || n, 'export-' || n || '@example.ng', '{"utm_source": "export-test"}'::jsonb from generate_series(1, $1::int) as n`,
      [bulk],
    );
    try {
      const direct = await admin.from("leads").select("id").eq("source", "export-test");
      expect(direct.data).toHaveLength(1000);
      const all = await listLeadsForExport(admin, { ...noLeadFilters, source: "export-test" });
      expect(all).toHaveLength(bulk);
      expect(new Set(all.map((lead) => lead.id)).size).toBe(bulk);
    } finally {
      await server.local.db.query(`delete from public.leads where source = 'export-test'`);
    }
  });

  it("counts leads per week by source for the last 12 weeks, and by status, service and source", async () => {
    const stats = await getLeadStats(admin);
    expect(stats.weeks).toHaveLength(12);
    expect(stats.weeks[11]).toBe(weekStart(new Date()));
    const facebook = stats.bySource.find((series) => series.source === "facebook")!;
    expect(facebook.counts.reduce((a, b) => a + b, 0)).toBe(LEADS_PER_PAGE + 5);
    expect(stats.bySource.find((series) => series.source === "google")!.counts.reduce((a, b) => a + b, 0)).toBe(1);
    // The lead from 200 days ago is counted by status and source, not in the weeks.
    expect(stats.bySource.find((series) => series.source === "direct")).toBeUndefined();
    expect(stats.byStatus).toMatchObject({ new: LEADS_PER_PAGE + 6, qualified: 1 });
    expect(stats.byService).toEqual(
      expect.arrayContaining([
        { value: "web-design", leads: LEADS_PER_PAGE + 5 },
        { value: "unspecified", leads: 1 },
      ]),
    );
    expect(stats.sources).toEqual(["direct", "facebook", "google"]);
  });

  it("agrees with Postgres on where a week starts", async () => {
    for (const iso of ["2026-11-22T23:30:00Z", "2026-11-23T00:00:00Z", "2026-01-01T12:00:00Z"]) {
      const { rows } = await server.local.db.query<{ week: string }>(
        `select to_char(date_trunc('week', $1::timestamptz at time zone 'UTC'), 'YYYY-MM-DD') as week`,
        [iso],
      );
      expect(weekStart(new Date(iso))).toBe(rows[0]!.week);
    }
  });
});
