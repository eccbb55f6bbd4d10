import { CreditCard } from "lucide-react";
import { useState } from "react";
import { Button } from "../../components/ui/Button";
import { proposalCopy } from "../../content/proposals";
import { amountLeftToPay, formatMoney } from "../../lib/money";
import { monthInWords } from "../../lib/proposals/dates";
import type { ProposalView } from "../../lib/proposals/contract";
import { runDetached } from "../../lib/detached";
import { checkout } from "./checkout";
import { payInstallment, type Refusal } from "./proposals-api";

const copy = proposalCopy.pay;

/** What paying installment `position` asks now: it and any part before it, less what was paid. */
export function amountDueNow(proposal: ProposalView, position: number): number {
  const through = proposal.terms.installments
    .filter((part) => part.position <= position)
    .reduce((sum, part) => sum + part.amount, 0);
  return amountLeftToPay(through, [proposal.paid]);
}

/** The label of the next payment's button: the deposit, the installment by its name, or the retainer's month. */
function payLabel(proposal: ProposalView, position: number | "retainer"): string {
  if (position === "retainer") {
    const due = proposal.retainerDue;
    return copy.retainer(due ? monthInWords(due.month) : "", formatMoney(due?.amount ?? 0, proposal.terms.currency));
  }
  const amount = formatMoney(amountDueNow(proposal, position), proposal.terms.currency);
  if (position === 0) return copy.deposit(amount);
  const part = proposal.terms.installments.find((one) => one.position === position);
  return copy.installment(part?.label ?? "", amount);
}

/**
 * Pays the next installment, or the retainer's month due (`position` "retainer"): the function opens Paystack's checkout (the amount is the plan's, never
 * the page's) and the browser goes there; Paystack sends the client back to `#paid=<reference>`.
 */
export function PayButton({
  token,
  proposal,
  position,
  onRefused,
}: {
  token: string;
  proposal: ProposalView;
  position: number | "retainer";
  onRefused: (refusal: Refusal) => boolean;
}) {
  const [opening, setOpening] = useState(false);
  const [error, setError] = useState("");

  async function pay() {
    setOpening(true);
    setError("");
    const outcome = await payInstallment(token, position);
    if (outcome.ok) {
      checkout.open(outcome.value.authorizationUrl);
      return;
    }
    setOpening(false);
    if (!onRefused(outcome)) setError(outcome.message);
  }

  return (
    <div>
      <Button
        variant="primary"
        size="lg"
        disabled={opening}
        aria-describedby={error ? "pay-error pay-note" : "pay-note"}
        onClick={() => runDetached(pay(), "Opening the payment")}
      >
        <CreditCard aria-hidden="true" className="h-5 w-5" />
        {opening ? copy.opening : payLabel(proposal, position)}
      </Button>
      <p id="pay-note" className="mt-3 text-sm text-ink-soft">
        {copy.secure}
      </p>
      {error ? (
        <p id="pay-error" role="alert" className="mt-3 font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
