/**
 * The platforms' amounts as integers of the account currency's minor unit, never through a float:
 * Meta reports spend as a decimal string in major units ("5339.5"), Google Ads as micros of the
 * major unit (an int64 as a string: "5339500000"). How many digits a currency's minor unit has is
 * ISO 4217's exponent, which Intl knows (2 for NGN and USD, 0 for JPY, 3 for KWD).
 */
import { AdSpendError } from "./errors.js";

/** One campaign's figures for one day, as import_ad_spend takes them. */
export interface SpendRow {
  campaign_id: string;
  campaign_name: string;
  /** yyyy-mm-dd in the ad account's time zone. */
  day: string;
  amount_minor: number;
  impressions: number;
  clicks: number;
}

/** A platform's spend for a window: the account's currency, its minor digits and the rows. */
export interface SpendReport {
  currency: string;
  digits: number;
  rows: SpendRow[];
}

/** The digits of `currency`'s minor unit; a RangeError for a code that is no currency. */
export function currencyDigits(currency: string): number {
  if (!/^[A-Z]{3}$/.test(currency)) throw new RangeError(`Not a currency code: ${currency}`);
  return new Intl.NumberFormat("en", { style: "currency", currency }).resolvedOptions().maximumFractionDigits ?? 2;
}

/** A non-negative integer from a BigInt, refused beyond Number.MAX_SAFE_INTEGER. */
function safe(value: bigint, what: string): number {
  if (value > BigInt(Number.MAX_SAFE_INTEGER)) throw new RangeError(`${what} is too large`);
  return Number(value);
}

/** `units` divided by 10^`places`, rounded half up (the amounts are never negative). */
function divideRounded(units: bigint, places: number): bigint {
  if (places <= 0) return units * 10n ** BigInt(-places);
  const divisor = 10n ** BigInt(places);
  return (units + divisor / 2n) / divisor;
}

/** "5339.5" (major units) as minor units of a currency with `digits` digits: 533950 for two. */
export function majorToMinor(amount: string, digits: number): number {
  const match = /^(\d+)(?:\.(\d+))?$/.exec(amount.trim());
  if (!match) throw new RangeError(`Not an amount: ${amount}`);
  const fraction = match[2] ?? "";
  // All the digits as one integer of 10^-fraction.length units, then rounded to the minor unit.
  const units = BigInt(match[1]! + fraction);
  return safe(divideRounded(units, fraction.length - digits), `The amount ${amount}`);
}

/** Google's micros of the major unit ("5339500000") as minor units of a currency with `digits` digits. */
export function microsToMinor(micros: string | number, digits: number): number {
  const text = String(micros);
  if (!/^\d+$/.test(text)) throw new RangeError(`Not an amount of micros: ${text}`);
  return safe(divideRounded(BigInt(text), 6 - digits), `The amount ${text} micros`);
}

/** A count the platforms send as a string ("361324") or a number, or nothing for zero. */
export function countOf(value: unknown): number {
  if (value === undefined || value === null || value === "") return 0;
  const text = String(value);
  if (!/^\d+$/.test(text)) throw new RangeError(`Not a count: ${text}`);
  return safe(BigInt(text), `The count ${text}`);
}

/** A platform's row as read, before it is checked; `amountMinor` converts the spend (a RangeError if it cannot). */
export interface PlatformRow {
  campaignId: unknown;
  campaignName: unknown;
  day: unknown;
  amountMinor: () => number;
  impressions: unknown;
  clicks: unknown;
}

/**
 * A platform's row as import_ad_spend takes it: a campaign id of digits, a yyyy-mm-dd day and whole
 * figures, else an AdSpendError that quotes `answer`. `row` says whose row it was ("Meta sent an
 * insights row") and `day` what the platform calls its day ("a day", "a date").
 */
export function checkedSpendRow(read: PlatformRow, answer: unknown, row: string, day: string): SpendRow {
  const id = String(read.campaignId ?? "");
  const date = String(read.day ?? "");
  if (!/^\d+$/.test(id) || !/^\d{4}-\d\d-\d\d$/.test(date))
    throw new AdSpendError(`${row} without a campaign id or ${day}: ${JSON.stringify(answer).slice(0, 200)}`);
  try {
    return {
      campaign_id: id,
      campaign_name: String(read.campaignName ?? ""),
      day: date,
      amount_minor: read.amountMinor(),
      impressions: countOf(read.impressions),
      clicks: countOf(read.clicks),
    };
  } catch (caught) {
    throw new AdSpendError(`${row} it cannot have meant: ${(caught as Error).message}`);
  }
}
