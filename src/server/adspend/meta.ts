/**
 * Meta's spend per campaign and day: the Marketing API's Ads Insights edge of the ad account,
 * `GET {META_GRAPH_URL}/act_{id}/insights` with `level=campaign`, `time_increment=1` (one row per
 * day), `time_range={"since","until"}` and the fields campaign_id, campaign_name, spend (a decimal
 * string in the account currency's major unit), impressions and clicks (counts as strings),
 * date_start. Pages follow `paging.next` until there is none. The account's currency is read from the
 * ad account itself (`GET act_{id}?fields=currency`), so an account with no spend in the window still
 * says what it is. Errors are `{ error: { message, type, code, error_subcode, fbtrace_id } }`; code
 * 190 is an access token Meta no longer accepts (expired, revoked, or a password change).
 */
import type { MetaError } from "../conversions/meta.js";
import { describeFetchError } from "../conversions/types.js";
import { checkedSpendRow, currencyDigits, majorToMinor, type SpendReport, type SpendRow } from "./amounts.js";
import { AdSpendError, type ReadContext, type SpendWindow } from "./errors.js";
import type { MetaSpendSettings } from "./settings.js";

/** The insights' fields the import reads. */
const META_INSIGHTS_FIELDS = ["campaign_id", "campaign_name", "spend", "impressions", "clicks", "date_start"];
/** Rows per page: Meta's pages are cursors, so a smaller page only means more requests. */
const PAGE_SIZE = 500;
/** A bound on the pages of one import: 7 days of campaigns fit in far fewer. */
const MAX_PAGES = 100;

interface InsightsPage extends MetaError {
  data?: Record<string, unknown>[];
  paging?: { next?: string };
}

async function getJson<T extends MetaError>(url: string, context: ReadContext): Promise<T> {
  let response: Response;
  try {
    response = await context.fetch(url, { signal: AbortSignal.timeout(context.timeoutMs) });
  } catch (caught) {
    throw new AdSpendError(describeFetchError(caught, "Meta's Marketing API", context.timeoutMs));
  }
  const body = (await response.json().catch(() => null)) as T | null;
  if (!response.ok || !body || body.error) {
    const error = body?.error;
    const detail = error
      ? `${error.message ?? "no message"} (code ${error.code ?? "?"}${error.error_subcode ? `, subcode ${error.error_subcode}` : ""})`
      : `status ${response.status}`;
    throw new AdSpendError(
      `Meta refused the insights request: ${detail}`,
      error?.code === 190 || response.status === 401,
    );
  }
  return body;
}

function rowOf(item: Record<string, unknown>, digits: number): SpendRow {
  return checkedSpendRow(
    {
      campaignId: item.campaign_id,
      campaignName: item.campaign_name,
      day: item.date_start,
      amountMinor: () => majorToMinor(String(item.spend ?? "0"), digits),
      impressions: item.impressions,
      clicks: item.clicks,
    },
    item,
    "Meta sent an insights row",
    "a day",
  );
}

export async function readMetaSpend(
  settings: MetaSpendSettings,
  window: SpendWindow,
  context: ReadContext,
): Promise<SpendReport> {
  const account = `${settings.graphUrl}/act_${encodeURIComponent(settings.adAccountId)}`;
  const token = encodeURIComponent(settings.accessToken);
  const { currency } = await getJson<MetaError & { currency?: string }>(
    `${account}?fields=currency&access_token=${token}`,
    context,
  );
  if (!currency || !/^[A-Z]{3}$/.test(currency)) throw new AdSpendError("Meta did not say the ad account's currency.");
  const digits = currencyDigits(currency);

  const query = new URLSearchParams({
    level: "campaign",
    time_increment: "1",
    time_range: JSON.stringify({ since: window.since, until: window.until }),
    fields: META_INSIGHTS_FIELDS.join(","),
    limit: String(PAGE_SIZE),
    access_token: settings.accessToken,
  });
  const rows: SpendRow[] = [];
  let next: string | undefined = `${account}/insights?${query}`;
  for (let page = 0; next; page += 1) {
    if (page === MAX_PAGES) throw new AdSpendError(`Meta's insights ran past ${MAX_PAGES} pages.`);
    const body: InsightsPage = await getJson<InsightsPage>(next, context);
    for (const item of body.data ?? []) rows.push(rowOf(item, digits));
    next = body.paging?.next;
  }
  return { currency, digits, rows };
}
