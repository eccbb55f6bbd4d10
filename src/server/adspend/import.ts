/**
 * The daily import of ad spend, one step of the scheduled outbox run (../outbox/run.ts): for each
 * configured platform whose import is due (public.claim_ad_spend_import: not yet imported today, and
 * no attempt in the last hour), read the last IMPORT_DAYS days of spend per campaign and day and
 * write them with public.import_ad_spend, one call and so one transaction per platform: the window
 * is replaced whole (a restated day replaces the old figure, the same figures change nothing). A
 * platform that cannot be read (an outage, a refused token, an answer that makes no sense) writes
 * nothing: its last good figures stay, the failure is recorded (public.record_ad_spend_failure) for
 * the report's "spend as of <date>", and the import is tried again on a later run. Never throws.
 *
 * The window ends today in Lagos and starts IMPORT_DAYS - 1 days before: the platforms restate recent
 * days (late conversions, invalid clicks refunded), and today's figure is completed by tomorrow's run.
 * The platforms report days in the ad account's time zone; an account set to Lagos matches the site's.
 */
import type { PostgrestClient } from "@supabase/postgrest-js";
import type { Database } from "../../lib/database.js";
import type { Json } from "../../lib/database.types.js";
import { toLagosInput } from "../../lib/lagos-time.js";
import type { SpendReport } from "./amounts.js";
import { AdSpendError, type ReadContext, type SpendWindow } from "./errors.js";
import { readGoogleSpend } from "./google-ads.js";
import { readMetaSpend } from "./meta.js";
import type { AdSpendSettings } from "./settings.js";

/** The days each import reads, today included. */
const IMPORT_DAYS = 7;
/** How long a failed import waits before the next run tries it again. */
const RETRY_MINUTES = 60;

type Platform = "meta" | "google";

/** One platform's outcome: what it wrote, why it did not run, or why it failed. */
type PlatformImport =
  | { imported: number; changed: number; through: string }
  | { skipped: "not_configured" | "not_due" }
  | { error: string };

export type AdSpendImport = Record<Platform, PlatformImport>;

export interface AdSpendImportContext {
  db: PostgrestClient<Database>;
  settings: AdSpendSettings;
  fetch: typeof fetch;
  now: Date;
  timeoutMs: number;
}

/** The window that ends on `now`'s day in Lagos. */
export function importWindow(now: Date, days = IMPORT_DAYS): SpendWindow {
  const until = toLagosInput(now).slice(0, 10);
  const start = new Date(`${until}T00:00:00Z`);
  start.setUTCDate(start.getUTCDate() - (days - 1));
  return { since: start.toISOString().slice(0, 10), until };
}

const errorText = (caught: unknown) => (caught instanceof Error ? caught.message : String(caught));

/** Where a platform's spend comes from: the ad account, and how to read it. */
interface SpendSource {
  account: string;
  read: (window: SpendWindow, context: ReadContext) => Promise<SpendReport>;
}

async function importPlatform(
  platform: Platform,
  source: SpendSource | null,
  { db, fetch, now, timeoutMs }: AdSpendImportContext,
): Promise<PlatformImport> {
  if (!source) return { skipped: "not_configured" };
  try {
    const claimed = await db.rpc("claim_ad_spend_import", { for_platform: platform, retry_minutes: RETRY_MINUTES });
    if (claimed.error) throw new Error(claimed.error.message);
    if (!claimed.data) return { skipped: "not_due" };
  } catch (caught) {
    console.error(`ad spend: ${platform}: could not claim the import:`, errorText(caught));
    return { error: errorText(caught) };
  }

  const window = importWindow(now);
  try {
    const report = await source.read(window, { fetch, now, timeoutMs });
    const { data, error } = await db.rpc("import_ad_spend", {
      for_platform: platform,
      for_account: source.account,
      account_currency: report.currency,
      currency_digits: report.digits,
      first_day: window.since,
      last_day: window.until,
      spend: report.rows as unknown as Json,
    });
    if (error) throw new AdSpendError(`The database refused the import: ${error.message}`);
    return { imported: report.rows.length, changed: data ?? 0, through: window.until };
  } catch (caught) {
    const message = errorText(caught);
    console.error(`ad spend: ${platform}: the import failed; the last good figures stay:`, message);
    const recorded = await db
      .rpc("record_ad_spend_failure", { for_platform: platform, error: message })
      .then(({ error }) => error?.message ?? null, errorText);
    if (recorded) console.error(`ad spend: ${platform}: the failure could not be recorded:`, recorded);
    return { error: message };
  }
}

/** Both platforms' imports, side by side. Never throws. */
export async function importAdSpend(context: AdSpendImportContext): Promise<AdSpendImport> {
  const { meta, google } = context.settings;
  const [metaImport, googleImport] = await Promise.all([
    importPlatform(
      "meta",
      meta && { account: meta.adAccountId, read: (window, read) => readMetaSpend(meta, window, read) },
      context,
    ),
    importPlatform(
      "google",
      google && { account: google.customerId, read: (window, read) => readGoogleSpend(google, window, read) },
      context,
    ),
  ]);
  return { meta: metaImport, google: googleImport };
}
