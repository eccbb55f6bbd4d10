/**
 * The contract of /api/proposals as the client's page speaks it, written once: what each request
 * sends and each answer holds. The page (src/features/proposals) imports it type-only, so it costs
 * the page no bytes; the function (src/server/proposals/terms.ts) writes its answers with these
 * types. When each status is answered: the doc comments of src/server/proposals/handler.ts,
 * client.ts and payment.ts.
 */

import type { Currency } from "../money";

/** What the client accepts: amounts in the currency's minor unit (kobo, cents). */
export interface ProposalTerms {
  /** P-0001. */
  number: string;
  title: string;
  currency: Currency;
  /** Markdown, as the team wrote it; the page shows it as text. */
  scope: string;
  /** YYYY-MM-DD, a day in Lagos. */
  validUntil: string;
  lines: { kind: string; description: string; quantity: number; unitPrice: number; total: number }[];
  subtotal: number;
  discount: number;
  total: number;
  /** `due`: acceptance, completion or milestone. */
  installments: { position: number; label: string; due: string; shareBasisPoints: number; amount: number }[];
  retainer: { amount: number; startsOn: string } | null;
}

/** The client's view of a proposal: the `proposal` of the answers to view, accept and verify. */
export interface ProposalView {
  terms: ProposalTerms;
  /** The SHA-256 (hex) of the terms as shown, sent back with the acceptance. */
  termsSha256: string;
  /** draft, sent, viewed, accepted, declined, expired, withdrawn, paid_in_part, paid. */
  status: string;
  sentAt: string | null;
  acceptedAt: string | null;
  acceptedName: string | null;
  /** Counted payments less refunds, and what is left of the total. */
  paid: number;
  left: number;
  installments: { position: number; paid: boolean }[];
  /** The installment to pay next, once accepted; null before acceptance or once all are paid. */
  nextInstallment: number | null;
  /** The oldest month of the retainer asked for and not paid (month YYYY-MM), or null. */
  retainerDue: { month: string; amount: number } | null;
}

/** The request bodies of the client's actions (POST, JSON); the token is the link's. */
export type ProposalsRequest =
  | { action: "view"; token: string }
  | { action: "accept"; token: string; name: string; termsSha256: string }
  | { action: "decline"; token: string; reason?: string }
  | { action: "pay"; token: string; installment: "deposit" | number | "retainer" }
  | { action: "verify"; token: string; reference: string };

/** 200 to view. */
export interface ViewAnswer {
  proposal: ProposalView;
}

/** 200 to accept. */
export interface AcceptAnswer {
  outcome: "accepted" | "already";
  message: string;
  proposal: ProposalView;
}

/** 200 to decline. */
export interface DeclineAnswer {
  outcome: "declined";
  message: string;
}

/** 200 to pay: where Paystack's checkout is, and what it asks. */
export interface PayAnswer {
  authorizationUrl: string;
  reference: string;
  amount: number;
  currency: Currency;
}

/** 200 to verify. */
export interface VerifyAnswer {
  outcome: "recorded" | "already" | "flagged" | "not-paid";
  message: string;
  proposal: ProposalView;
}

/**
 * Every refusal. `reason`: 404 `unknown` (a link unknown or replaced) or `reference`; 410
 * `withdrawn`, `expired`, `declined` or `gone`; 409 `changed`, `answered`, `not-accepted`, `paid`,
 * `installment-paid`, `earlier-first` or `opening` (a checkout for that installment is being opened:
 * the message says to try again in a few seconds). `field`: the request's field refused (name, reason,
 * installment).
 */
export interface ProposalRefusalBody {
  message: string;
  reason?: string;
  field?: string;
}
