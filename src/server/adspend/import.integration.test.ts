import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { LOCAL_DEFAULTS } from "../../../supabase/local/index";
import type { FixtureRow } from "../../../supabase/local/ad-spend-standin";
import { googleAdsStandinSettings, metaStandinSettings } from "../../../supabase/local/conversion-standins";
import { localSupabaseForSuite } from "../../../supabase/local/testing";
import { adPlatformsForSuite } from "../../../tests/support/platform-standins";
import { runDispatch } from "../outbox/run";
import { readSettings } from "../settings";
import { createServiceClient } from "../supabase";
import { importAdSpend, type AdSpendImport } from "./import";

/**
 * The spend import end to end: the Meta and Google Ads stand-ins (real HTTP servers on 127.0.0.1
 * that check the token, the account and the query) answer from their fixtures, the import writes
 * each platform's last 7 days through import_ad_spend into the local Supabase (the real migrations),
 * twice, with a restated day, an outage and a refused token.
 */
const supabase = localSupabaseForSuite();
const platforms = adPlatformsForSuite();
const { meta, google } = platforms;
let env: Record<string, string>;

/** A Friday in Lagos: the window is 14 to 20 November. */
const NOW = new Date("2026-11-20T10:00:00Z");
const DAYS = ["14", "15", "16", "17", "18", "19", "20"].map((day) => `2026-11-${day}`);

/** `campaigns` Meta campaigns, each spending ₦1,000.50 more than the last on every day of the window. */
function metaRows(campaigns: number): FixtureRow[] {
  return Array.from({ length: campaigns }, (_, n) =>
    DAYS.map((day) => ({
      campaign_id: String(120_210_000 + n),
      campaign_name: `Campaign ${n}`,
      day,
      amount_minor: 100_050 * (n + 1),
      impressions: 1000 + n,
      clicks: n,
    })),
  ).flat();
}

const GOOGLE_ROWS: FixtureRow[] = [
  {
    campaign_id: "21874000001",
    campaign_name: "web-design-search",
    day: "2026-11-19",
    amount_minor: 2345,
    impressions: 400,
    clicks: 12,
  },
  {
    campaign_id: "21874000001",
    campaign_name: "web-design-search",
    day: "2026-11-20",
    amount_minor: 1999,
    impressions: 0,
    clicks: 0,
  },
  // Before the window: never read.
  {
    campaign_id: "21874000001",
    campaign_name: "web-design-search",
    day: "2026-11-13",
    amount_minor: 5000,
    impressions: 9,
    clicks: 1,
  },
];

const db = () => createServiceClient(supabase.url, LOCAL_DEFAULTS.serviceRoleKey);
const run = (): Promise<AdSpendImport> =>
  importAdSpend({ db: db(), settings: readSettings(env).adSpend, fetch, now: NOW, timeoutMs: 5_000 });

/** As if the last attempt (and success) were long ago, so the next run imports again. */
const makeDue = () =>
  supabase.db.exec(
    `update public.ad_spend_imports set last_attempt_at = now() - interval '2 hours', last_success_at = last_success_at - interval '2 days'`,
  );

const kept = async (platform: string) =>
  (
    await supabase.db.query<{
      campaign_id: string;
      day: string;
      amount_minor: string;
      impressions: string;
      clicks: string;
      imported_at: string;
    }>(
      `select campaign_id, day::text, amount_minor::text, impressions::text, clicks::text, imported_at::text
         from public.ad_spend where platform = $1 order by campaign_id, day`,
      [platform],
    )
  ).rows;

const state = async (platform: string) =>
  (
    await supabase.db.query<{ last_error: string | null; spend_through: string | null; currency: string | null }>(
      `select last_error, spend_through::text, currency from public.ad_spend_imports where platform = $1`,
      [platform],
    )
  ).rows[0];

beforeAll(() => {
  env = platforms.env;
});

beforeEach(async () => {
  await supabase.db.exec(`truncate public.ad_spend, public.ad_spend_imports`);
  // 90 campaigns over 7 days: 630 rows, two pages of Meta's insights.
  meta.spend = { currency: "NGN", rows: metaRows(90), fail: null };
  google.spend = { currency: "USD", rows: GOOGLE_ROWS.map((row) => ({ ...row })), fail: null };
  vi.spyOn(console, "error").mockImplementation(() => {});
});

afterEach(() => vi.restoreAllMocks());

describe("the daily import", () => {
  it("writes each platform's last 7 days in the account currency's minor unit, every page of them", async () => {
    expect(await run()).toEqual({
      meta: { imported: 630, changed: 630, through: "2026-11-20" },
      google: { imported: 2, changed: 2, through: "2026-11-20" },
    });
    const metaRowsKept = await kept("meta");
    expect(metaRowsKept).toHaveLength(630);
    expect(metaRowsKept.find((row) => row.campaign_id === "120210089" && row.day === "2026-11-17")).toMatchObject({
      amount_minor: String(100_050 * 90),
      impressions: "1089",
      clicks: "89",
    });
    expect(
      (await kept("google")).map(({ day, amount_minor, impressions, clicks }) => [
        day,
        amount_minor,
        impressions,
        clicks,
      ]),
    ).toEqual([
      ["2026-11-19", "2345", "400", "12"],
      ["2026-11-20", "1999", "0", "0"],
    ]);
    expect(await state("google")).toEqual({ last_error: null, spend_through: "2026-11-20", currency: "USD" });
  });

  it("imports once a day: a second run is not due, and a forced one changes nothing", async () => {
    await run();
    const before = { meta: await kept("meta"), google: await kept("google") };
    expect(await run()).toEqual({ meta: { skipped: "not_due" }, google: { skipped: "not_due" } });
    await makeDue();
    expect(await run()).toEqual({
      meta: { imported: 630, changed: 0, through: "2026-11-20" },
      google: { imported: 2, changed: 0, through: "2026-11-20" },
    });
    expect({ meta: await kept("meta"), google: await kept("google") }).toEqual(before);
  });

  it("replaces a day the platform restates", async () => {
    await run();
    google.spend.rows[0] = { ...google.spend.rows[0]!, amount_minor: 2000, clicks: 10 };
    meta.spend.rows = meta.spend.rows.filter((row) => !(row.campaign_id === "120210000" && row.day === "2026-11-16"));
    await makeDue();
    const outcome = await run();
    expect(outcome.google).toMatchObject({ changed: 1 });
    expect(outcome.meta).toMatchObject({ changed: 1 });
    expect((await kept("google"))[0]).toMatchObject({ day: "2026-11-19", amount_minor: "2000", clicks: "10" });
    expect((await kept("meta")).some((row) => row.campaign_id === "120210000" && row.day === "2026-11-16")).toBe(false);
  });

  it("keeps the last good figures through an outage and a refused token, records why, and retries on a later run", async () => {
    await run();
    const good = { meta: await kept("meta"), google: await kept("google") };
    meta.spend.fail = 500;
    google.spend.fail = 401;
    meta.spend.rows[0]!.amount_minor = 1;
    await makeDue();
    const failed = await run();
    expect(failed.meta).toEqual({ error: expect.stringContaining("An unknown error occurred") });
    expect(failed.google).toEqual({ error: expect.stringContaining("UNAUTHENTICATED") });
    expect({ meta: await kept("meta"), google: await kept("google") }).toEqual(good);
    expect((await state("meta"))?.last_error).toMatch(/Meta refused the insights request/);
    expect(await state("google")).toMatchObject({
      spend_through: "2026-11-20",
      last_error: expect.stringMatching(/Google Ads refused/),
    });

    // Within the hour nothing is tried; after it, the next run imports and clears the error.
    expect(await run()).toEqual({ meta: { skipped: "not_due" }, google: { skipped: "not_due" } });
    meta.spend.fail = null;
    google.spend.fail = null;
    await supabase.db.exec(`update public.ad_spend_imports set last_attempt_at = now() - interval '61 minutes'`);
    expect(await run()).toMatchObject({ meta: { changed: 1 }, google: { changed: 0 } });
    expect(await state("meta")).toMatchObject({ last_error: null });
  });

  it("says a wrong token or account as the platform does, and writes nothing", async () => {
    env = { ...env, META_CAPI_TOKEN: "not-the-token", GOOGLE_ADS_CUSTOMER_ID: "9999999999" };
    try {
      const outcome = await run();
      expect(outcome.meta).toEqual({ error: expect.stringMatching(/Invalid OAuth access token.*code 190/) });
      expect(outcome.google).toEqual({ error: expect.stringMatching(/USER_PERMISSION_DENIED/) });
      expect(await kept("meta")).toEqual([]);
    } finally {
      env = {
        ...env,
        ...metaStandinSettings(new URL(env.META_GRAPH_URL!).origin, meta),
        ...googleAdsStandinSettings(new URL(env.META_GRAPH_URL!).origin, google),
      };
    }
  });

  it("skips a platform that is not configured", async () => {
    env = { ...metaStandinSettings(new URL(env.META_GRAPH_URL!).origin, meta) };
    try {
      expect((await run()).google).toEqual({ skipped: "not_configured" });
    } finally {
      env = { ...env, ...googleAdsStandinSettings(new URL(env.META_GRAPH_URL!).origin, google) };
    }
  });

  it("runs as a step of the scheduled outbox run", async () => {
    const summary = await runDispatch(new Request(`${supabase.url}/api/cron-outbox`), {
      settings: () => readSettings(env),
      localServiceRoleKey: () => LOCAL_DEFAULTS.serviceRoleKey,
      now: () => NOW,
    });
    expect(summary).toMatchObject({ adSpend: { meta: { imported: 630 }, google: { imported: 2 } } });
  });
});
