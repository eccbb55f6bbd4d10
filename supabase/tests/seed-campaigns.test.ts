import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { importAdSpend } from "../../src/server/adspend/import";
import { readSettings } from "../../src/server/settings";
import { createServiceClient } from "../../src/server/supabase";
import { adPlatformsForSuite } from "../../tests/support/platform-standins";
import { LOCAL_DEFAULTS, startLocalSupabaseServer, type LocalSupabaseServer } from "../local/index";
import { mintToken } from "../local/testing";
import { PostgrestClient } from "@supabase/postgrest-js";
import type { Database } from "../../src/lib/database";

/**
 * What `npm run dev` shows with nothing configured: a new persisted local database gets the sample
 * ad campaigns (supabase/seed-campaigns.sql), the first scheduled run imports their spend from the
 * stand-ins' default fixtures, and the Campaigns page's report has each campaign's spend, cost per
 * lead, cost per client and return on ad spend. The suites' in-memory databases get none of it.
 */
let dataDir: string;
let server: LocalSupabaseServer;
const platforms = adPlatformsForSuite();

beforeAll(async () => {
  vi.spyOn(console, "log").mockImplementation(() => {});
  dataDir = await mkdtemp(join(tmpdir(), "seed-campaigns-"));
  server = await startLocalSupabaseServer({ dataDir, bcryptCost: 4, env: {} });
}, 180_000);

afterAll(async () => {
  vi.restoreAllMocks();
  await server?.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe("the sample ad campaigns", () => {
  it("show spend, cost per lead, cost per client and return on ad spend once the first run has imported their spend", async () => {
    const imported = await importAdSpend({
      db: createServiceClient(server.url, LOCAL_DEFAULTS.serviceRoleKey),
      settings: readSettings(platforms.env).adSpend,
      fetch,
      now: new Date(),
      timeoutMs: 5_000,
    });
    // A week of each campaign (six days when it runs in Lagos's first hour, before the fixture's UTC day turns).
    for (const platform of ["meta", "google"] as const)
      expect(imported[platform]).toMatchObject({ imported: expect.toSatisfy((rows: number) => rows >= 6) });

    const { rows } = await server.local.db.query<{ id: string }>(
      `select user_id as id from public.admins where role = 'owner' limit 1`,
    );
    const owner = new PostgrestClient<Database>(`${server.url}/rest/v1`, {
      headers: { apikey: LOCAL_DEFAULTS.anonKey, Authorization: `Bearer ${mintToken(rows[0]!.id, "aal2")}` },
    });
    const now = Date.now();
    const { data, error } = await owner.rpc("ad_campaign_report", {
      from_time: new Date(now - 30 * 86_400_000).toISOString(),
      to_time: new Date(now + 60_000).toISOString(),
    });
    expect(error).toBeNull();
    const clinics = data!.find((line) => line.campaign_id === "120211000000001")!;
    expect(clinics).toMatchObject({
      platform: "meta",
      campaign_name: "clinic-leads",
      leads: 6,
      clients_won: 2,
      revenue_minor: 40_000_000,
    });
    expect(clinics.spend_minor).toBeGreaterThan(0);
    expect(clinics.cost_per_lead_minor).toBe(Math.round(clinics.spend_minor / 6));
    expect(clinics.cost_per_client_minor).toBe(Math.round(clinics.spend_minor / 2));
    expect(Number(clinics.roas)).toBeCloseTo(40_000_000 / clinics.spend_minor, 3);
    expect(clinics.visitors).toBeGreaterThan(0);

    const search = data!.find((line) => line.campaign_id === "21874000001")!;
    expect(search).toMatchObject({
      platform: "google",
      spend_currency: "USD",
      leads: 3,
      clients_won: 1,
      missing_rates: [],
    });
    // Dollars at this month's (or last month's) seeded rate, in kobo.
    expect(search.spend_minor).toBeGreaterThanOrEqual(Math.floor(search.spend_account_minor * 1530));
    expect(search.rates).not.toEqual([]);
  });
});
