import { randomBytes } from "node:crypto";
import type { SpendRow } from "../../src/server/adspend/amounts.ts";
import { reply } from "./platform-standin.ts";

/**
 * The ad platforms' spend reports, as the Meta and Google Ads stand-ins answer them
 * (meta-standin.ts, google-ads-standin.ts), for development and tests only:
 * - Meta: `GET <path>/<version>/act_<id>?fields=currency` and `GET <path>/<version>/act_<id>/insights`
 *   with level=campaign, time_increment=1, a time_range, known fields and a limit; pages of `limit`
 *   rows with `paging.cursors` and `paging.next` (this stand-in's own URL), spend as a decimal string
 *   in major units and counts as strings, as the Marketing API answers;
 * - Google Ads: `POST <path>/<version>/customers/<id>/googleAds:searchStream` with a GAQL query, either
 *   the customer's currency or campaigns by segments.date (only the fields the import may ask, a
 *   BETWEEN on segments.date); an array of one batch `{ results, fieldMask, requestId }`, int64 values
 *   as strings, costMicros in micros, as the REST API answers.
 * The figures come from a fixture a test (or `POST <path>/spend`) sets: the account's currency and
 * rows of campaign, day and spend in minor units. `fail` makes every spend read answer 500 or 401,
 * `restate` replaces a day's figures. By default the fixture is the seeded campaigns' last 30 days
 * (supabase/seed.sql has their visitors, leads and payments), so `npm run dev` imports spend for them
 * on its first scheduled run.
 */

/** One campaign's spend on one day, in minor units of the fixture's currency: a row as the import reads it. */
export type FixtureRow = SpendRow;

export interface SpendFixture {
  currency: string;
  rows: FixtureRow[];
  /** Every spend read answers this status (the platform's own error shape) until set back to null. */
  fail: 500 | 401 | null;
}

/** The campaigns supabase/seed.sql's leads and visits came from, per platform. */
export const SEEDED_CAMPAIGNS = {
  meta: { id: "120211000000001", name: "clinic-leads", currency: "NGN", dailyMinor: 1_850_000 },
  google: { id: "21874000001", name: "web-design-search", currency: "USD", dailyMinor: 2_400 },
} as const;

/** `days` days of a seeded campaign up to `now`'s day, its spend varying a little from day to day. */
export function seededFixture(platform: keyof typeof SEEDED_CAMPAIGNS, now: Date, days = 30): SpendFixture {
  const campaign = SEEDED_CAMPAIGNS[platform];
  const rows = Array.from({ length: days }, (_, back) => {
    const day = new Date(now.getTime() - back * 86_400_000).toISOString().slice(0, 10);
    const wobble = 80 + ((back * 37) % 41);
    return {
      campaign_id: campaign.id,
      campaign_name: campaign.name,
      day,
      amount_minor: Math.round((campaign.dailyMinor * wobble) / 100),
      impressions: 900 + back * 13,
      clicks: 30 + ((back * 7) % 19),
    };
  });
  return { currency: campaign.currency, rows, fail: null };
}

/** A restated day: its figures replace the fixture's (or are added when it had none). */
function restate(fixture: SpendFixture, row: FixtureRow): void {
  const index = fixture.rows.findIndex((kept) => kept.campaign_id === row.campaign_id && kept.day === row.day);
  if (index >= 0) fixture.rows[index] = row;
  else fixture.rows.push(row);
}

/**
 * `POST <path>/spend`: `{ currency?, rows?, fail?, restate? }` sets the fixture (development and
 * browser tests, which cannot reach the object).
 */
export async function setFixture(fixture: SpendFixture, request: Request): Promise<Response> {
  const body = (await request.json().catch(() => ({}))) as Partial<SpendFixture> & { restate?: FixtureRow };
  if (typeof body.currency === "string" && /^[A-Z]{3}$/.test(body.currency)) fixture.currency = body.currency;
  if (Array.isArray(body.rows)) fixture.rows = body.rows;
  if (body.fail === null || body.fail === 500 || body.fail === 401) fixture.fail = body.fail;
  if (body.restate) restate(fixture, body.restate);
  return reply(200, { currency: fixture.currency, rows: fixture.rows.length, fail: fixture.fail });
}

const DAY = /^\d{4}-\d\d-\d\d$/;

/** A minor amount as the major-unit decimal string Meta sends ("5339.5" style, without trailing zeros). */
function majorText(minor: number, digits: number): string {
  if (digits === 0) return String(minor);
  const size = 10 ** digits;
  const fraction = String(minor % size)
    .padStart(digits, "0")
    .replace(/0+$/, "");
  return `${Math.floor(minor / size)}${fraction ? `.${fraction}` : ""}`;
}

function currencyDigits(currency: string): number {
  return new Intl.NumberFormat("en", { style: "currency", currency }).resolvedOptions().maximumFractionDigits ?? 2;
}

// ---- Meta ---------------------------------------------------------------------------------------

/** The insights fields this stand-in knows (a subset of Meta's); any other is refused as Meta refuses it. */
const META_FIELDS = new Set([
  "account_id",
  "account_currency",
  "campaign_id",
  "campaign_name",
  "spend",
  "impressions",
  "clicks",
  "date_start",
  "date_stop",
]);

function metaError(status: number, message: string, code: number, extra: Record<string, unknown> = {}): Response {
  return reply(status, {
    error: { message, type: "OAuthException", code, ...extra, fbtrace_id: randomBytes(8).toString("base64url") },
  });
}

const metaInvalid = (message: string) => metaError(400, message, 100, { is_transient: false });

/**
 * Meta's answer to a spend read at `rest` (below the stand-in's path), or null when `rest` is not one.
 * `account` and `token` are what the stand-in was configured with.
 */
export function answerMetaSpend(
  fixture: SpendFixture,
  request: Request,
  rest: string,
  credentials: { adAccountId: string; accessToken: string },
): Response | null {
  const match = /^\/(v\d+\.\d+)\/(act_[^/]+)(\/insights)?$/.exec(rest);
  if (!match || request.method !== "GET") return null;
  const url = new URL(request.url);
  const query = url.searchParams;
  const token = query.get("access_token");
  if (!token) return metaError(400, "An access token is required to request this resource.", 104);
  if (fixture.fail === 401)
    return metaError(401, "Error validating access token: The session has been invalidated by the user.", 190, {
      error_subcode: 460,
    });
  if (token !== credentials.accessToken)
    return metaError(400, "Invalid OAuth access token - Cannot parse access token", 190);
  if (match[2] !== `act_${credentials.adAccountId}`)
    return metaError(
      400,
      `Unsupported get request. Object with ID '${match[2]}' does not exist, cannot be loaded due to missing permissions, or does not support this operation.`,
      100,
      { error_subcode: 33 },
    );
  if (fixture.fail === 500)
    return metaError(500, "An unknown error occurred", 1, { is_transient: true, error_subcode: 99 });
  if (!match[3]) {
    const fields = (query.get("fields") ?? "id").split(",");
    if (fields.some((field) => !["id", "currency", "name", "timezone_name"].includes(field)))
      return metaInvalid(`(#100) Tried accessing nonexisting field on node type (AdAccount)`);
    return reply(200, { currency: fixture.currency, id: match[2] });
  }
  return metaInsights(fixture, url, match[2]!);
}

function metaInsights(fixture: SpendFixture, url: URL, account: string): Response {
  const query = url.searchParams;
  if (query.get("level") !== "campaign") return metaInvalid("This stand-in answers level=campaign only.");
  if (query.get("time_increment") !== "1") return metaInvalid("This stand-in answers time_increment=1 only.");
  let range: { since?: unknown; until?: unknown };
  try {
    range = JSON.parse(query.get("time_range") ?? "null") ?? {};
  } catch {
    return metaInvalid("(#100) time_range must be a JSON object with since and until.");
  }
  if (
    typeof range.since !== "string" ||
    typeof range.until !== "string" ||
    !DAY.test(range.since) ||
    !DAY.test(range.until) ||
    range.since > range.until
  )
    return metaInvalid('(#100) time_range must be {"since":"YYYY-MM-DD","until":"YYYY-MM-DD"}, since not after until.');
  const fields = (query.get("fields") ?? "").split(",").filter(Boolean);
  const unknown = fields.find((field) => !META_FIELDS.has(field));
  if (unknown) return metaInvalid(`(#100) ${unknown} is not valid for fields param.`);
  for (const needed of ["campaign_id", "spend", "date_start"])
    if (!fields.includes(needed)) return metaInvalid(`The import needs ${needed} in fields.`);
  const limit = Math.min(Math.max(Number(query.get("limit") ?? 25) || 25, 1), 5000);
  const offset = query.get("after") ? Number(Buffer.from(query.get("after")!, "base64url").toString()) : 0;

  const digits = currencyDigits(fixture.currency);
  const rows = fixture.rows
    .filter((row) => row.day >= range.since! && row.day <= range.until!)
    .sort((a, b) => a.day.localeCompare(b.day) || a.campaign_id.localeCompare(b.campaign_id));
  const page = rows.slice(offset, offset + limit).map((row) => {
    const all: Record<string, string> = {
      account_id: account.slice(4),
      account_currency: fixture.currency,
      campaign_id: row.campaign_id,
      campaign_name: row.campaign_name,
      spend: majorText(row.amount_minor, digits),
      impressions: String(row.impressions),
      clicks: String(row.clicks),
      date_start: row.day,
      date_stop: row.day,
    };
    return Object.fromEntries(fields.concat("date_start", "date_stop").map((field) => [field, all[field]]));
  });
  const cursor = (at: number) => Buffer.from(String(at)).toString("base64url");
  const paging: Record<string, unknown> = { cursors: { before: cursor(offset), after: cursor(offset + page.length) } };
  if (offset + limit < rows.length) {
    const next = new URL(url);
    next.searchParams.set("after", cursor(offset + limit));
    paging.next = next.toString();
  }
  return reply(200, { data: page, paging });
}

// ---- Google Ads ---------------------------------------------------------------------------------

const GOOGLE_SPEND_FIELDS = new Set([
  "campaign.id",
  "campaign.name",
  "segments.date",
  "metrics.cost_micros",
  "metrics.impressions",
  "metrics.clicks",
]);

function googleError(
  status: number,
  grpcStatus: string,
  message: string,
  version: string,
  errors: { errorCode: Record<string, string>; message: string }[] = [],
) {
  const details = errors.length
    ? [
        {
          "@type": `type.googleapis.com/google.ads.googleads.${version}.errors.GoogleAdsFailure`,
          errors,
          requestId: randomBytes(8).toString("hex"),
        },
      ]
    : [];
  return reply(status, [{ error: { code: status, message, status: grpcStatus, details } }]);
}

/** The camelCase path of a GAQL field in a GoogleAdsRow's JSON: metrics.cost_micros is metrics.costMicros. */
const camel = (field: string) => field.replace(/_([a-z])/g, (_, letter: string) => letter.toUpperCase());

/**
 * Google Ads' answer to a searchStream whose caller (token, developer token, customer) the stand-in
 * has already checked: the customer's currency, or campaigns by day from the fixture.
 */
export async function answerGoogleSpend(
  fixture: SpendFixture,
  request: Request,
  customerId: string,
  version: string,
): Promise<Response> {
  if (fixture.fail === 401)
    return googleError(401, "UNAUTHENTICATED", "Request had invalid authentication credentials.", version);
  if (fixture.fail === 500) return googleError(500, "INTERNAL", "Internal error encountered.", version);
  const body = (await request.json().catch(() => null)) as { query?: unknown } | null;
  const gaql = typeof body?.query === "string" ? body.query.trim().replace(/\s+/g, " ") : "";
  const invalid = (code: string, message: string) =>
    googleError(400, "INVALID_ARGUMENT", "Request contains an invalid argument.", version, [
      { errorCode: { queryError: code }, message },
    ]);
  const requestId = randomBytes(8).toString("hex");
  if (/^SELECT customer\.currency_code FROM customer$/i.test(gaql))
    return reply(200, [
      {
        results: [{ customer: { resourceName: `customers/${customerId}`, currencyCode: fixture.currency } }],
        fieldMask: "customer.currencyCode",
        requestId,
      },
    ]);
  const match =
    /^SELECT (.+) FROM campaign WHERE segments\.date BETWEEN '(\d{4}-\d\d-\d\d)' AND '(\d{4}-\d\d-\d\d)'$/i.exec(gaql);
  if (!match)
    return invalid(
      "UNEXPECTED_INPUT",
      "This stand-in answers the currency query and campaigns by segments.date BETWEEN two dates.",
    );
  const fields = match[1]!.split(",").map((field) => field.trim());
  const unknown = fields.find((field) => !GOOGLE_SPEND_FIELDS.has(field));
  if (unknown) return invalid("UNRECOGNIZED_FIELD", `Unrecognized field in the query: '${unknown}'.`);
  if (!fields.includes("segments.date") || !fields.includes("campaign.id"))
    return invalid("EXPECTED_SELECT", "The import selects campaign.id and segments.date.");
  const [since, until] = [match[2]!, match[3]!];
  const rows = fixture.rows
    .filter((row) => row.day >= since && row.day <= until)
    .sort((a, b) => a.day.localeCompare(b.day) || a.campaign_id.localeCompare(b.campaign_id));
  const digits = currencyDigits(fixture.currency);
  const results = rows.map((row) => {
    const value: Record<string, string> = {
      "campaign.id": row.campaign_id,
      "campaign.name": row.campaign_name,
      "segments.date": row.day,
      "metrics.cost_micros": String(BigInt(row.amount_minor) * 10n ** BigInt(6 - digits)),
      "metrics.impressions": String(row.impressions),
      "metrics.clicks": String(row.clicks),
    };
    const result: Record<string, Record<string, string>> = {
      campaign: { resourceName: `customers/${customerId}/campaigns/${row.campaign_id}` },
    };
    for (const field of fields) {
      const [resource, name] = field.split(".") as [string, string];
      // Proto3 JSON leaves a zero metric out, as Google's does.
      if (resource === "metrics" && value[field] === "0") continue;
      (result[resource] ??= {})[camel(name)] = value[field]!;
    }
    return result;
  });
  return reply(
    200,
    results.length
      ? [{ results, fieldMask: fields.map(camel).join(","), requestId }]
      : [{ fieldMask: fields.map(camel).join(","), requestId }],
  );
}
