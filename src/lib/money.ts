/**
 * The arithmetic of a proposal, shared by the admin's editor, the client's proposal page and the
 * server functions: every amount is an integer of the currency's minor unit (kobo, cents), never a
 * float, and every function throws a RangeError for an amount that is not a safe integer. Products
 * of an amount and a percentage go through BigInt, so no step ever leaves the integers.
 *
 * lib imports no content: parseAmount answers with a reason's code, and the form maps the code to
 * its copy.
 */

/** The currencies a proposal may be priced in. */
export const CURRENCIES = ["NGN", "USD"] as const;

export type Currency = (typeof CURRENCIES)[number];

/** What is needed to read and write an amount of a currency. */
export interface CurrencyInfo {
  /** Written before the amount: exactly "₦" or "$", whatever the browser's own currency data says. */
  symbol: string;
  /** The minor units in one major unit: 100 kobo in a naira, 100 cents in a dollar. */
  minorUnitsPerMajor: number;
  /** The digits after the point in a major amount (two, for 100 minor units). */
  fractionDigits: number;
  /** The locale whose digit grouping the amounts are written with. */
  locale: string;
}

/** Each currency's symbol, minor unit and grouping locale. */
export const CURRENCY_INFO: Readonly<Record<Currency, Readonly<CurrencyInfo>>> = {
  NGN: { symbol: "₦", minorUnitsPerMajor: 100, fractionDigits: 2, locale: "en-NG" },
  USD: { symbol: "$", minorUnitsPerMajor: 100, fractionDigits: 2, locale: "en-US" },
};

/** True for "NGN" and "USD", as a value read from a row or a request must be before it is trusted. */
export function isCurrency(value: unknown): value is Currency {
  return CURRENCIES.some((currency) => currency === value);
}

/** 100% in basis points (hundredths of a percent): 50% is 5000, 33.33% is 3333. */
export const WHOLE_IN_BASIS_POINTS = 10_000;

/** Throws a RangeError unless `value` is a safe integer of at least `min`; `name` is said in the message. */
function assertInteger(value: number, name: string, min: number): void {
  if (!Number.isSafeInteger(value)) {
    throw new RangeError(`${name} must be a safe integer of minor units, got ${String(value)}`);
  }
  if (value < min) throw new RangeError(`${name} must be at least ${min}, got ${value}`);
}

/** A BigInt result back to a number, refused when it is beyond Number.MAX_SAFE_INTEGER. */
function toSafeNumber(value: bigint, name: string): number {
  if (value > BigInt(Number.MAX_SAFE_INTEGER)) {
    throw new RangeError(`${name} is beyond Number.MAX_SAFE_INTEGER minor units`);
  }
  return Number(value);
}

// ---- Parsing and formatting -------------------------------------------------------------------

/** Why a typed amount was refused: the form says it in its own words. */
export type AmountRefusal = "empty" | "negative" | "too-many-decimals" | "not-a-number" | "too-large";

export type ParsedAmount = { ok: true; minorUnits: number } | { ok: false; reason: AmountRefusal };

/**
 * Digits grouped in threes by commas or spaces (any Unicode space, as a pasted "1 500" may carry a
 * no-break space), or not grouped at all, then an optional point and decimals.
 */
const AMOUNT_PATTERN = /^(\d{1,3}(?:[,\s]\d{3})+|\d+)(?:\.(\d+))?$/;

/** The letters typed for each symbol, before the amount, after an optional minus. */
const TYPED_SYMBOLS: Record<Currency, RegExp> = {
  NGN: /^([-\u2212]?)(?:NGN|N)(?=\s*[-\u2212]?\d)/i,
  USD: /^([-\u2212]?)(?:USD|US\$)(?=\s*[-\u2212]?\d)/i,
};

/**
 * What an admin typed as an amount, in minor units: "150000", "150,000", "150,000.50", "₦150,000",
 * "N150,000" and " 1 500 " are read; the currency's symbol is optional; anything else is refused with
 * its reason. A comma must group thousands, so "150,50" is refused rather than read as 15,050.
 */
export function parseAmount(text: string, currency: Currency): ParsedAmount {
  const { symbol, minorUnitsPerMajor, fractionDigits } = CURRENCY_INFO[currency];
  let rest = text.trim();
  if (rest === "") return { ok: false, reason: "empty" };
  // What people type for the symbol on a keyboard without it: "N150,000" or "NGN 150,000" for ₦,
  // "USD 1,200" or "US$1,200" for $. Read as the symbol, whatever the case.
  rest = rest.replace(TYPED_SYMBOLS[currency], `$1${symbol}`);
  // A minus before or after the symbol ("-₦5", "₦-5"), as a hyphen or as the minus sign U+2212.
  const negative = /^[-\u2212]/.test(rest) || rest.startsWith(`${symbol}-`) || rest.startsWith(`${symbol}\u2212`);
  rest = rest.replace(/^[-\u2212]/, "");
  if (rest.startsWith(symbol)) rest = rest.slice(symbol.length);
  rest = rest.replace(/^[-\u2212]/, "").trim();
  const match = AMOUNT_PATTERN.exec(rest);
  if (!match) return { ok: false, reason: rest === "" ? "empty" : "not-a-number" };
  const whole = match[1]!.replace(/[,\s]/g, "");
  const fraction = match[2] ?? "";
  if (fraction.length > fractionDigits) return { ok: false, reason: "too-many-decimals" };
  if (negative) return { ok: false, reason: "negative" };
  const minor = BigInt(whole) * BigInt(minorUnitsPerMajor) + BigInt(fraction.padEnd(fractionDigits, "0"));
  if (minor > BigInt(Number.MAX_SAFE_INTEGER)) return { ok: false, reason: "too-large" };
  return { ok: true, minorUnits: Number(minor) };
}

const groupingFormats = new Map<string, Intl.NumberFormat>();

/** The locale's grouping of whole numbers ("12,500,000"), one formatter per locale. */
function groupDigits(whole: number, locale: string): string {
  let format = groupingFormats.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(locale, { maximumFractionDigits: 0, useGrouping: true });
    groupingFormats.set(locale, format);
  }
  return format.format(whole);
}

/**
 * An amount for display: "₦150,000", "₦150,000.50", "$1,200.05"; whole amounts without decimals, any
 * other with all of them; a negative one with a leading "-". Intl groups the digits, and the symbol is
 * written here rather than by Intl's currency style, whose symbol depends on the browser's ICU data
 * and locale ("NGN 150,000.00" for en-US, for example).
 */
export function formatMoney(minorUnits: number, currency: Currency): string {
  assertInteger(minorUnits, "amount", Number.MIN_SAFE_INTEGER);
  const { symbol, minorUnitsPerMajor, fractionDigits, locale } = CURRENCY_INFO[currency];
  const size = Math.abs(minorUnits);
  const fraction = size % minorUnitsPerMajor;
  const whole = groupDigits((size - fraction) / minorUnitsPerMajor, locale);
  // en-NG and en-US both write a point before the decimals.
  const decimals = fraction === 0 ? "" : `.${String(fraction).padStart(fractionDigits, "0")}`;
  return `${minorUnits < 0 ? "-" : ""}${symbol}${whole}${decimals}`;
}

// ---- A proposal's lines, discount and total ---------------------------------------------------

/** One line of a proposal: `quantity` (a whole number, at least 1) of `unitPrice` minor units. */
export interface ProposalLine {
  description: string;
  quantity: number;
  unitPrice: number;
}

/** A fixed amount off in minor units, or a percentage of the subtotal in basis points. */
export type Discount = { kind: "amount"; minorUnits: number } | { kind: "percent"; basisPoints: number };

/** What a proposal adds up to, in minor units: `total` is `subtotal` less `discount`. */
export interface ProposalTotals {
  subtotal: number;
  discount: number;
  total: number;
}

/**
 * `basisPoints` of `minorUnits` (an amount of at least 0), rounded half up to the minor unit: 10% of
 * 15 kobo is 2 kobo, 10% of 14 kobo is 1.
 */
export function percentOf(minorUnits: number, basisPoints: number): number {
  assertInteger(minorUnits, "amount", 0);
  assertInteger(basisPoints, "basis points", 0);
  const whole = BigInt(WHOLE_IN_BASIS_POINTS);
  return toSafeNumber((BigInt(minorUnits) * BigInt(basisPoints) + whole / 2n) / whole, "percentage");
}

/** A line's quantity times its unit price. */
export function lineTotal(line: ProposalLine): number {
  assertInteger(line.quantity, "quantity", 1);
  assertInteger(line.unitPrice, "unit price", 0);
  return toSafeNumber(BigInt(line.quantity) * BigInt(line.unitPrice), `line total of "${line.description}"`);
}

/** The sum of the lines' totals (0 for no lines). */
export function subtotal(lines: readonly ProposalLine[]): number {
  return toSafeNumber(
    lines.reduce((sum, line) => sum + BigInt(lineTotal(line)), 0n),
    "subtotal",
  );
}

/**
 * The discount off `subtotalMinorUnits`, in minor units: a fixed amount as it is, a percentage
 * rounded half up (percentOf). Refused when it is more than the subtotal (a fixed amount above it, a
 * percentage above 100%).
 */
export function discountAmount(subtotalMinorUnits: number, discount: Discount | null): number {
  assertInteger(subtotalMinorUnits, "subtotal", 0);
  if (!discount) return 0;
  if (discount.kind === "percent") {
    assertInteger(discount.basisPoints, "discount's basis points", 0);
    if (discount.basisPoints > WHOLE_IN_BASIS_POINTS) {
      throw new RangeError(`A discount of ${discount.basisPoints} basis points is more than 100%`);
    }
    return percentOf(subtotalMinorUnits, discount.basisPoints);
  }
  assertInteger(discount.minorUnits, "discount", 0);
  if (discount.minorUnits > subtotalMinorUnits) {
    throw new RangeError(`A discount of ${discount.minorUnits} is more than the subtotal, ${subtotalMinorUnits}`);
  }
  return discount.minorUnits;
}

/** The subtotal of the lines, the discount off it, and the total left to charge. */
export function proposalTotals(lines: readonly ProposalLine[], discount: Discount | null): ProposalTotals {
  const sum = subtotal(lines);
  const off = discountAmount(sum, discount);
  return { subtotal: sum, discount: off, total: sum - off };
}

// ---- The payment plan -------------------------------------------------------------------------

/**
 * `total` split into installments by `basisPoints` (each at least 1, together exactly 10000: 50/50 is
 * [5000, 5000]), as integers that add up exactly to `total`: each share is rounded down, and the
 * minor units left over go one each to the shares with the largest remainders (the largest-remainder
 * method), the earlier installment first when remainders are equal.
 */
export function splitByBasisPoints(total: number, basisPoints: readonly number[]): number[] {
  assertInteger(total, "total", 0);
  if (basisPoints.length === 0) throw new RangeError("A payment plan needs at least one installment");
  basisPoints.forEach((share, index) => assertInteger(share, `installment ${index + 1}'s basis points`, 1));
  const sum = basisPoints.reduce((a, b) => a + b, 0);
  if (sum !== WHOLE_IN_BASIS_POINTS) {
    throw new RangeError(`A payment plan's basis points must add up to ${WHOLE_IN_BASIS_POINTS}, got ${sum}`);
  }
  const whole = BigInt(WHOLE_IN_BASIS_POINTS);
  const exact = basisPoints.map((share) => BigInt(total) * BigInt(share));
  const parts = exact.map((product) => Number(product / whole));
  let leftover = total - parts.reduce((a, b) => a + b, 0);
  const byRemainder = exact
    .map((product, index) => ({ index, remainder: product % whole }))
    .sort((a, b) => (a.remainder === b.remainder ? a.index - b.index : a.remainder > b.remainder ? -1 : 1));
  for (const { index } of byRemainder) {
    if (leftover === 0) break;
    parts[index]! += 1;
    leftover -= 1;
  }
  return parts;
}

/** What is left of `total` after `payments` (each at least 0), never below zero when more was paid. */
export function amountLeftToPay(total: number, payments: readonly number[]): number {
  assertInteger(total, "total", 0);
  payments.forEach((payment, index) => assertInteger(payment, `payment ${index + 1}`, 0));
  const paid = payments.reduce((sum, payment) => sum + BigInt(payment), 0n);
  const left = BigInt(total) - paid;
  return left > 0n ? Number(left) : 0;
}
