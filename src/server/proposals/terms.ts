/**
 * What the client is shown of a proposal, and nothing else: its terms (number, title, scope, lines,
 * totals, payment plan, valid-until date, retainer) and where it stands (status, what is paid and
 * left, which installment is next). No lead, no note, no member, no address: the client's page
 * reads only this.
 *
 * The terms are what the client accepts: `termsSha256` is the SHA-256 (hex) of their JSON, written
 * in one fixed order. The view gives it; the page sends it back with the acceptance; the server
 * computes it again from what it would show now and refuses an acceptance of anything else (409),
 * and the database keeps it beside the acceptance.
 */
import { createHash } from "node:crypto";
import { amountLeftToPay, isCurrency, lineTotal, proposalTotals } from "../../lib/money.js";
import type { ProposalTerms, ProposalView } from "../../lib/proposals/contract.js";

export type { ProposalTerms, ProposalView };

/** The proposal's columns the view reads (proposal_by_token's row). */
export interface ProposalRow {
  id: string;
  number: number;
  lead_id: string;
  title: string;
  currency: string;
  scope: string;
  discount_minor: number;
  valid_until: string;
  retainer_minor: number | null;
  retainer_starts_on: string | null;
  status: string;
  sent_at: string | null;
  accepted_at: string | null;
  accepted_name: string | null;
}

export interface LineRow {
  position: number;
  kind: string;
  description: string;
  quantity: number;
  unit_price_minor: number;
}

export interface InstallmentRow {
  position: number;
  label: string;
  due: string;
  share_bp: number;
  amount_minor: number;
}

const proposalNumber = (number: number) => `P-${String(number).padStart(4, "0")}`;

/** The terms, in their fixed order. Throws when the row is not a proposal the database lets be sent. */
export function proposalTerms(row: ProposalRow, lines: LineRow[], installments: InstallmentRow[]): ProposalTerms {
  if (!isCurrency(row.currency)) throw new RangeError(`A proposal's currency is ${row.currency}`);
  const ordered = [...lines].sort((a, b) => a.position - b.position);
  const totals = proposalTotals(
    ordered.map((line) => ({
      description: line.description,
      quantity: line.quantity,
      unitPrice: line.unit_price_minor,
    })),
    { kind: "amount", minorUnits: row.discount_minor },
  );
  return {
    number: proposalNumber(row.number),
    title: row.title,
    currency: row.currency,
    scope: row.scope,
    validUntil: row.valid_until,
    lines: ordered.map((line) => ({
      kind: line.kind,
      description: line.description,
      quantity: line.quantity,
      unitPrice: line.unit_price_minor,
      total: lineTotal({ description: line.description, quantity: line.quantity, unitPrice: line.unit_price_minor }),
    })),
    subtotal: totals.subtotal,
    discount: totals.discount,
    total: totals.total,
    installments: [...installments]
      .sort((a, b) => a.position - b.position)
      .map((part) => ({
        position: part.position,
        label: part.label,
        due: part.due,
        shareBasisPoints: part.share_bp,
        amount: part.amount_minor,
      })),
    retainer:
      row.retainer_minor !== null && row.retainer_starts_on !== null
        ? { amount: row.retainer_minor, startsOn: row.retainer_starts_on }
        : null,
  };
}

/** The SHA-256 (hex) of the terms' JSON. */
export function termsSha256(terms: ProposalTerms): string {
  return createHash("sha256").update(JSON.stringify(terms)).digest("hex");
}

const PAYABLE = new Set(["accepted", "paid_in_part"]);

/**
 * The installments paid so far, in order: installment i is paid once what was paid covers it and
 * every one before it. The first not paid is the next to pay (on an accepted proposal).
 */
export function installmentStates(terms: ProposalTerms, paid: number): ProposalView["installments"] {
  let through = 0;
  return terms.installments.map((part) => {
    through += part.amount;
    return { position: part.position, paid: paid >= through };
  });
}

/** What installment `position` still asks: itself and any unpaid part before it, less what was paid. */
export function amountDueThrough(terms: ProposalTerms, position: number, paid: number): number {
  const through = terms.installments
    .filter((part) => part.position <= position)
    .reduce((sum, part) => sum + part.amount, 0);
  return amountLeftToPay(through, [paid]);
}

/** The view; `retainerDue` the oldest month of the retainer asked for and unpaid, if any. */
export function proposalView(
  row: ProposalRow,
  terms: ProposalTerms,
  paid: number,
  retainerDue: ProposalView["retainerDue"] = null,
): ProposalView {
  const installments = installmentStates(terms, paid);
  const next = installments.find((part) => !part.paid);
  return {
    terms,
    termsSha256: termsSha256(terms),
    status: row.status,
    sentAt: row.sent_at,
    acceptedAt: row.accepted_at,
    acceptedName: row.accepted_name,
    paid,
    left: amountLeftToPay(terms.total, [paid]),
    installments,
    nextInstallment: PAYABLE.has(row.status) && next ? next.position : null,
    retainerDue,
  };
}
