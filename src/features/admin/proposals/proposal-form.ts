/**
 * The proposal editor's form: what the fields hold (text, as typed), how a new one starts and how a
 * saved draft fills it, and how it is read into rows, refusing what the database would refuse with
 * a message by the field (amounts through lib/money's parseAmount, the plan through plan.ts). A
 * refused form is left as it was typed: nothing here changes it.
 */
import { proposalsAdminCopy } from "../../../content/proposals-admin";
import { formatMoney, CURRENCY_INFO, parseAmount, subtotal, type Currency } from "../../../lib/money";
import type { ProposalRecord } from "../data/proposals";
import { basisPointsToPercent, evenShares, percentToBasisPoints, planAmounts, type InstallmentDue } from "./plan";
import type { ProposalSeed } from "./prefill";

const copy = proposalsAdminCopy.editor;
const errors = proposalsAdminCopy.errors;

/** Days a new proposal stays open. */
const VALID_DAYS = 14;
const MAX_LINES = 100;
const MAX_PARTS = 12;

export interface LineInput {
  key: string;
  kind: "package" | "extra";
  description: string;
  quantity: string;
  unitPrice: string;
}

export interface PartInput {
  key: string;
  label: string;
  due: InstallmentDue;
  percent: string;
}

export interface ProposalForm {
  title: string;
  currency: Currency;
  validUntil: string;
  lines: LineInput[];
  discount: string;
  scope: string;
  plan: PartInput[];
  retainer: boolean;
  retainerAmount: string;
  /** YYYY-MM: the retainer is billed from the 1st of this month. */
  retainerMonth: string;
}

/** What a valid form saves: the proposal's columns, its lines and its plan, amounts in minor units. */
export interface ProposalDraft {
  title: string;
  currency: Currency;
  valid_until: string;
  scope: string;
  discount_minor: number;
  retainer_minor: number | null;
  retainer_starts_on: string | null;
  lines: { kind: "package" | "extra"; description: string; quantity: number; unit_price_minor: number }[];
  installments: { label: string; due: InstallmentDue; share_bp: number; amount_minor: number }[];
}

/** Field → what is wrong with it; field names are the inputs' ids (`line-2-price`, `part-0-share`). */
export type FormErrors = Record<string, string>;

/** The id of the input an error's key names, which a refused save moves the focus to. */
export const fieldId = (key: string) => `proposal-${key}`;

let nextKey = 0;
/** A key for a new row of the form, so React keeps each row's fields with it when one is removed. */
export const newKey = () => `row-${++nextKey}`;

/** An amount as the admin types it, in major units without the symbol: 150000 kobo → "1,500". */
function majorText(minorUnits: number, currency: Currency): string {
  return formatMoney(minorUnits, currency).replace(CURRENCY_INFO[currency].symbol, "");
}

/** "2026-12-15": `days` after the Lagos day `today`. */
export function addDays(today: string, days: number): string {
  const date = new Date(`${today}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** "2027-01": the month after the Lagos day `today`. */
function nextMonth(today: string): string {
  const [year, month] = today.split("-").map(Number) as [number, number];
  return month === 12 ? `${year + 1}-01` : `${year}-${String(month + 1).padStart(2, "0")}`;
}

/** Half on acceptance, half at completion. */
function defaultPlan(): PartInput[] {
  const [deposit, balance] = evenShares(2) as [number, number];
  return [
    { key: newKey(), label: copy.defaultLabels.deposit, due: "acceptance", percent: basisPointsToPercent(deposit) },
    { key: newKey(), label: copy.defaultLabels.balance, due: "completion", percent: basisPointsToPercent(balance) },
  ];
}

/** A new proposal for a lead: its title, currency and package line from the seed, the default plan. */
export function newForm(seed: ProposalSeed, clientName: string, today: string): ProposalForm {
  const title = seed.serviceName
    ? copy.prefillTitle(seed.serviceName, seed.pack?.name ?? null)
    : copy.untitled(clientName);
  return {
    title,
    currency: seed.currency,
    validUntil: addDays(today, VALID_DAYS),
    lines: [
      {
        key: newKey(),
        kind: "package",
        description: seed.pack?.name ?? "",
        quantity: "1",
        unitPrice: seed.pack?.unitPrice == null ? "" : majorText(seed.pack.unitPrice, seed.currency),
      },
    ],
    discount: "",
    scope: "",
    plan: defaultPlan(),
    retainer: false,
    retainerAmount: "",
    retainerMonth: nextMonth(today),
  };
}

/** A saved draft, back in the fields as the admin would type it. */
export function formFromRecord(record: ProposalRecord, today: string): ProposalForm {
  const { proposal, lines, installments } = record;
  const currency = proposal.currency;
  return {
    title: proposal.title,
    currency,
    validUntil: proposal.valid_until,
    lines: lines.map((line) => ({
      key: newKey(),
      kind: line.kind,
      description: line.description,
      quantity: String(line.quantity),
      unitPrice: majorText(line.unit_price_minor, currency),
    })),
    discount: proposal.discount_minor ? majorText(proposal.discount_minor, currency) : "",
    scope: proposal.scope,
    plan: installments.length
      ? installments.map((part) => ({
          key: newKey(),
          label: part.label,
          due: part.due,
          percent: basisPointsToPercent(part.share_bp),
        }))
      : defaultPlan(),
    retainer: proposal.retainer_minor !== null,
    retainerAmount: proposal.retainer_minor ? majorText(proposal.retainer_minor, currency) : "",
    retainerMonth: proposal.retainer_starts_on?.slice(0, 7) ?? nextMonth(today),
  };
}

/** The minor units of a typed amount, or its refusal's message. */
function amountOf(text: string, currency: Currency): { ok: true; value: number } | { ok: false; message: string } {
  const parsed = parseAmount(text, currency);
  return parsed.ok ? { ok: true, value: parsed.minorUnits } : { ok: false, message: errors.amount[parsed.reason] };
}

/** Whole numbers 1 to 100,000, as the database takes a quantity. */
function quantityOf(text: string): number | null {
  const trimmed = text.trim();
  if (!/^\d{1,6}$/.test(trimmed)) return null;
  const value = Number(trimmed);
  return value >= 1 && value <= 100_000 ? value : null;
}

/** The totals of the lines that read as amounts (the others count as nothing until they do). */
export function liveTotals(form: ProposalForm): { subtotal: number; discount: number; total: number } {
  const lines = form.lines.flatMap((line) => {
    const price = parseAmount(line.unitPrice, form.currency);
    const quantity = quantityOf(line.quantity);
    return price.ok && quantity ? [{ description: line.description, quantity, unitPrice: price.minorUnits }] : [];
  });
  const sum = subtotal(lines);
  const discount = form.discount.trim() ? parseAmount(form.discount, form.currency) : null;
  const off = discount?.ok ? Math.min(discount.minorUnits, sum) : 0;
  return { subtotal: sum, discount: off, total: sum - off };
}

/** The plan's shares as typed, in basis points (null where a share does not read). */
export function sharesOf(plan: readonly PartInput[]): (number | null)[] {
  return plan.map((part) => {
    const points = percentToBasisPoints(part.percent);
    return points && points > 0 ? points : null;
  });
}

/** Each part's amount of `total`, when the shares read and make 100%; else null. */
export function liveAmounts(plan: readonly PartInput[], total: number): number[] | null {
  const shares = sharesOf(plan);
  if (shares.some((share) => share === null)) return null;
  try {
    return planAmounts(total, shares as number[]);
  } catch {
    return null;
  }
}

/** The form read into what is saved, or the message of every field that would be refused. */
export function readForm(form: ProposalForm): { ok: true; draft: ProposalDraft } | { ok: false; errors: FormErrors } {
  const found: FormErrors = {};
  const title = form.title.trim();
  if (title.length < 1 || title.length > 160) found.title = errors.title;
  if (!/^\d{4}-\d{2}-\d{2}$/.test(form.validUntil)) found.validUntil = errors.validUntil;
  if (form.scope.length > 20_000) found.scope = errors.scope;

  if (form.lines.length === 0) found.lines = errors.noLines;
  if (form.lines.length > MAX_LINES) found.lines = errors.tooManyLines;
  const lines: ProposalDraft["lines"] = [];
  form.lines.forEach((line, index) => {
    const description = line.description.trim();
    if (description.length < 1 || description.length > 300) found[`line-${index}-description`] = errors.description;
    const quantity = quantityOf(line.quantity);
    if (quantity === null) found[`line-${index}-quantity`] = errors.quantity;
    const price = amountOf(line.unitPrice, form.currency);
    if (!price.ok) found[`line-${index}-price`] = price.message;
    if (quantity !== null && price.ok) {
      lines.push({ kind: line.kind, description, quantity, unit_price_minor: price.value });
    }
  });

  let discount = 0;
  if (form.discount.trim()) {
    const parsed = amountOf(form.discount, form.currency);
    if (!parsed.ok) found.discount = parsed.message;
    else discount = parsed.value;
  }
  const sum =
    lines.length === form.lines.length
      ? subtotal(lines.map((line) => ({ ...line, unitPrice: line.unit_price_minor })))
      : null;
  if (sum !== null && discount > sum) found.discount = errors.discount;

  if (form.plan.length === 0) found.plan = errors.noParts;
  if (form.plan.length > MAX_PARTS) found.plan = errors.tooManyParts;
  const shares = sharesOf(form.plan);
  form.plan.forEach((part, index) => {
    const label = part.label.trim();
    if (label.length < 1 || label.length > 80) found[`part-${index}-label`] = errors.label;
    if (shares[index] === null) found[`part-${index}-share`] = errors.share;
  });
  if (form.plan[0] && form.plan[0].due !== "acceptance") found["part-0-due"] = errors.firstDue;
  let amounts: number[] | null = null;
  if (shares.every((share) => share !== null) && form.plan.length > 0) {
    const points = (shares as number[]).reduce((a, b) => a + b, 0);
    if (points !== 10_000) found.plan = errors.sharesSum(basisPointsToPercent(points));
    else if (sum !== null && !found.discount) {
      amounts = planAmounts(sum - discount, shares as number[]);
      amounts.forEach((amount, index) => {
        if (amount < 1) found[`part-${index}-share`] = errors.partAmount;
      });
    }
  }

  let retainer: number | null = null;
  let retainerStart: string | null = null;
  if (form.retainer) {
    const parsed = amountOf(form.retainerAmount, form.currency);
    if (!parsed.ok) found.retainerAmount = parsed.message;
    else if (parsed.value < 1) found.retainerAmount = errors.amount.empty;
    else retainer = parsed.value;
    if (!/^\d{4}-(0[1-9]|1[0-2])$/.test(form.retainerMonth)) found.retainerMonth = errors.retainerStart;
    else retainerStart = `${form.retainerMonth}-01`;
  }

  if (Object.keys(found).length > 0 || amounts === null) return { ok: false, errors: found };
  return {
    ok: true,
    draft: {
      title,
      currency: form.currency,
      valid_until: form.validUntil,
      scope: form.scope,
      discount_minor: discount,
      retainer_minor: retainer,
      retainer_starts_on: retainerStart,
      lines,
      installments: form.plan.map((part, index) => ({
        label: part.label.trim(),
        due: part.due,
        share_bp: shares[index]!,
        amount_minor: amounts[index]!,
      })),
    },
  };
}
