/**
 * Google Ads' spend per campaign and day: `GoogleAdsService.SearchStream` over REST,
 * `POST {GOOGLE_ADS_API_URL}/customers/{id}/googleAds:searchStream` with `{ query }` in the Google
 * Ads Query Language, the same developer token, login-customer-id and OAuth client (a refresh token,
 * exchanged for an access token that is cached) as the conversion uploads (../conversions/google-ads.ts).
 * The answer is a JSON array of batches, each `{ results: GoogleAdsRow[], fieldMask, requestId }`; a
 * row is camelCase (`campaign.id`, `segments.date`, `metrics.costMicros`), int64 values are strings,
 * and a metric of zero may be left out. Cost is in micros of the account currency's major unit; the
 * currency is the customer's (`customer.currency_code`), asked first so an account without spend in
 * the window still says it. An error is `{ error: { code, message, status, details } }` (on its own,
 * or as an element of the array when the stream fails part way).
 */
import { accessToken, errorsOf, postToGoogleAds, TokenError, type GoogleStatus } from "../conversions/google-ads.js";
import { describeFetchError } from "../conversions/types.js";
import { checkedSpendRow, currencyDigits, microsToMinor, type SpendReport, type SpendRow } from "./amounts.js";
import { AdSpendError, type ReadContext, type SpendWindow } from "./errors.js";
import type { GoogleSpendSettings } from "./settings.js";

/** The customer's currency. */
const CURRENCY_QUERY = "SELECT customer.currency_code FROM customer";

/** Each campaign's cost, impressions and clicks per day of the window. */
function spendQuery({ since, until }: SpendWindow): string {
  return (
    "SELECT campaign.id, campaign.name, segments.date, metrics.cost_micros, metrics.impressions, metrics.clicks " +
    `FROM campaign WHERE segments.date BETWEEN '${since}' AND '${until}'`
  );
}

type Batch = { results?: Record<string, Record<string, unknown>>[]; error?: GoogleStatus };

function describe(status: GoogleStatus | undefined, httpStatus: number): string {
  const errors = errorsOf(status);
  const codes = errors.flatMap((error) =>
    Object.entries(error.errorCode ?? {}).map(([kind, code]) => `${kind}.${code}`),
  );
  const message =
    errors
      .map((error) => error.message)
      .filter(Boolean)
      .join("; ") ||
    status?.message ||
    `status ${httpStatus}`;
  return `${message}${status?.status ? ` (${status.status})` : ""}${codes.length ? ` [${codes.join("; ")}]` : ""}`;
}

async function searchStream(
  settings: GoogleSpendSettings,
  query: string,
  token: string,
  context: ReadContext,
): Promise<Record<string, Record<string, unknown>>[]> {
  let response: Response;
  try {
    response = await postToGoogleAds(settings, "/googleAds:searchStream", { query }, token, context);
  } catch (caught) {
    throw new AdSpendError(describeFetchError(caught, "The Google Ads API", context.timeoutMs));
  }
  const body = (await response.json().catch(() => null)) as Batch[] | Batch | null;
  const batches = Array.isArray(body) ? body : body ? [body] : [];
  const failed = batches.find((batch) => batch.error)?.error;
  if (!response.ok || failed || !Array.isArray(body)) {
    throw new AdSpendError(
      `Google Ads refused the report: ${describe(failed, response.status)}`,
      response.status === 401 || failed?.status === "UNAUTHENTICATED",
    );
  }
  return batches.flatMap((batch) => batch.results ?? []);
}

function rowOf(result: Record<string, Record<string, unknown>>, digits: number): SpendRow {
  return checkedSpendRow(
    {
      campaignId: result.campaign?.id,
      campaignName: result.campaign?.name,
      day: result.segments?.date,
      amountMinor: () => microsToMinor(String(result.metrics?.costMicros ?? "0"), digits),
      impressions: result.metrics?.impressions,
      clicks: result.metrics?.clicks,
    },
    result,
    "Google Ads sent a row",
    "a date",
  );
}

export async function readGoogleSpend(
  settings: GoogleSpendSettings,
  window: SpendWindow,
  context: ReadContext,
): Promise<SpendReport> {
  let token: string;
  try {
    token = await accessToken(settings, context);
  } catch (caught) {
    if (caught instanceof TokenError) throw new AdSpendError(caught.message, caught.reconnect);
    throw caught;
  }
  const [customer] = await searchStream(settings, CURRENCY_QUERY, token, context);
  const currency = String(customer?.customer?.currencyCode ?? "");
  if (!/^[A-Z]{3}$/.test(currency)) throw new AdSpendError("Google Ads did not say the account's currency.");
  const digits = currencyDigits(currency);
  const results = await searchStream(settings, spendQuery(window), token, context);
  return { currency, digits, rows: results.map((result) => rowOf(result, digits)) };
}
