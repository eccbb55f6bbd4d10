import { CheckCircle2, Clock, RefreshCw } from "lucide-react";
import type { Ref } from "react";
import { Button } from "../../components/ui/Button";
import { proposalCopy } from "../../content/proposals";
import { cn } from "../../lib/cn";
import { formatMoney } from "../../lib/money";
import type { ProposalView } from "../../lib/proposals/contract";
import { amountDueNow } from "./PayButton";

/** What the last action came to, said above the proposal under a heading that takes the focus. */
export type Result =
  | { kind: "accepted"; already: boolean }
  | { kind: "changed" }
  | { kind: "receipt"; flagged: boolean; message: string }
  | { kind: "pending"; reference: string; message?: string };

interface ResultPanelProps {
  ref: Ref<HTMLHeadingElement>;
  result: Result;
  proposal: ProposalView;
  checking: boolean;
  onCheck: (reference: string) => void;
}

export function ResultPanel({ ref, result, proposal, checking, onCheck }: ResultPanelProps) {
  const money = (amount: number) => formatMoney(amount, proposal.terms.currency);
  const tone =
    result.kind === "changed" || result.kind === "pending" || (result.kind === "receipt" && result.flagged)
      ? "border-amber-200 bg-amber-50"
      : "border-emerald-200 bg-emerald-50";
  const Icon = result.kind === "pending" || result.kind === "changed" ? Clock : CheckCircle2;
  const heading =
    result.kind === "accepted"
      ? result.already
        ? proposalCopy.accepted.already
        : proposalCopy.accepted.heading
      : result.kind === "changed"
        ? proposalCopy.accept.changedHeading
        : result.kind === "pending"
          ? proposalCopy.receipt.pendingHeading
          : result.flagged
            ? proposalCopy.receipt.flaggedHeading
            : proposalCopy.receipt.heading;
  const next = proposal.nextInstallment;
  const nextPart = proposal.terms.installments.find((part) => part.position === next);
  return (
    <section aria-labelledby="result-heading" className={cn("rounded-card border p-5 sm:p-6 print:hidden", tone)}>
      <h2
        id="result-heading"
        ref={ref}
        tabIndex={-1}
        className="flex items-center gap-2 text-xl font-extrabold text-ink outline-none"
      >
        <Icon aria-hidden="true" className="h-6 w-6 shrink-0" />
        {heading}
      </h2>
      {result.kind === "accepted" ? (
        <p className="mt-2 text-ink">{proposalCopy.accepted.body}</p>
      ) : result.kind === "changed" ? (
        <p className="mt-2 text-ink">{proposalCopy.accept.changed}</p>
      ) : result.kind === "pending" ? (
        <>
          <p className="mt-2 text-ink">{proposalCopy.receipt.pendingBody}</p>
          {result.message ? <p className="mt-2 text-sm text-ink-muted">{result.message}</p> : null}
          <Button
            variant="outline"
            size="sm"
            className="mt-4"
            disabled={checking}
            onClick={() => onCheck(result.reference)}
          >
            <RefreshCw aria-hidden="true" className="h-4 w-4" />
            {checking ? proposalCopy.receipt.checking : proposalCopy.receipt.check}
          </Button>
        </>
      ) : (
        <>
          {result.flagged ? <p className="mt-2 text-ink">{result.message}</p> : null}
          <dl className="mt-3 grid gap-x-8 gap-y-1 sm:grid-cols-2">
            <div className="flex justify-between gap-4 sm:block">
              <dt className="text-sm text-ink-muted">{proposalCopy.document.paidSoFar}</dt>
              <dd className="font-bold tabular-nums">{money(proposal.paid)}</dd>
            </div>
            <div className="flex justify-between gap-4 sm:block">
              <dt className="text-sm text-ink-muted">{proposalCopy.document.leftToPay}</dt>
              <dd className="font-bold tabular-nums">{money(proposal.left)}</dd>
            </div>
          </dl>
          <p className="mt-3 font-semibold text-ink">
            {next !== null && nextPart
              ? proposalCopy.receipt.next(nextPart.label, money(amountDueNow(proposal, next)))
              : proposal.left === 0
                ? proposalCopy.receipt.fullyPaid
                : null}
          </p>
        </>
      )}
    </section>
  );
}
