import { Printer } from "lucide-react";
import { useCallback, useEffect, useRef, useState } from "react";
import { Button } from "../../components/ui/Button";
import { LinkEnded, LoadFailed } from "../../components/ui/LinkStates";
import { proposalCopy } from "../../content/proposals";
import type { ProposalView, VerifyAnswer, ViewAnswer } from "../../lib/proposals/contract";
import { runDetached } from "../../lib/detached";
import { AcceptForm } from "./AcceptForm";
import { DeclineBox } from "./DeclineBox";
import { PayButton } from "./PayButton";
import { ProposalDocument } from "./ProposalDocument";
import { ProposalSkeleton } from "./ProposalSkeleton";
import { loadProposal, verifyPayment, type Outcome, type Refusal } from "./proposals-api";
import { ResultPanel, type Result } from "./ResultPanel";

type View =
  | { kind: "loading" }
  | { kind: "invalid" }
  | { kind: "gone"; reason: string }
  | { kind: "failed"; message: string }
  | { kind: "declined" }
  | { kind: "open"; proposal: ProposalView; result?: Result };

const OPEN_TO_ANSWER = new Set(["sent", "viewed"]);

/** The state a refusal leaves the page in, or null when it is the action's own to show. */
function leftBy(refusal: Refusal): View | null {
  if (refusal.status === 404 && refusal.reason !== "reference") return { kind: "invalid" };
  if (refusal.status === 410) return { kind: "gone", reason: refusal.reason ?? "gone" };
  return null;
}

const receiptOf = (answer: VerifyAnswer, reference: string): Result =>
  answer.outcome === "not-paid"
    ? { kind: "pending", reference }
    : { kind: "receipt", flagged: answer.outcome === "flagged", message: answer.message };

/**
 * The client's proposal (its own chunk): loads it with the link's token, or verifies a payment just
 * made when Paystack sent the client back with its reference, then shows the document and what can
 * be done next (accept or decline, pay the next installment). After each action the focus moves to
 * the heading that says its result.
 */
export default function ProposalClient({ token, paid }: { token: string | null; paid: string | null }) {
  const [view, setView] = useState<View>(token ? { kind: "loading" } : { kind: "invalid" });
  const [attempt, setAttempt] = useState(0);
  const [checking, setChecking] = useState(false);
  const [moved, setMoved] = useState(0);
  const resultHeading = useRef<HTMLHeadingElement>(null);
  const settle = useCallback((next: View) => {
    setView(next);
    setMoved((count) => count + 1);
  }, []);

  const showProposal = useCallback(
    (outcome: Outcome<ViewAnswer>, result?: Result) => {
      if (outcome.ok) settle({ kind: "open", proposal: outcome.value.proposal, ...(result ? { result } : {}) });
      else settle(leftBy(outcome) ?? { kind: "failed", message: outcome.message });
    },
    [settle],
  );

  const showVerified = useCallback(
    async (outcome: Outcome<VerifyAnswer>, reference: string) => {
      if (outcome.ok)
        return settle({ kind: "open", proposal: outcome.value.proposal, result: receiptOf(outcome.value, reference) });
      const left = leftBy(outcome);
      if (left) return settle(left);
      // Not confirmed yet (Paystack or the network): the proposal as it stands, and a retry.
      if (token) showProposal(await loadProposal(token), { kind: "pending", reference, message: outcome.message });
    },
    [token, settle, showProposal],
  );

  const load = (result?: Result) =>
    token ? loadProposal(token).then((outcome) => showProposal(outcome, result)) : Promise.resolve();
  const check = (reference: string) =>
    token ? verifyPayment(token, reference).then((outcome) => showVerified(outcome, reference)) : Promise.resolve();

  useEffect(() => {
    if (!token) return;
    runDetached(
      paid
        ? verifyPayment(token, paid).then((outcome) => showVerified(outcome, paid))
        : loadProposal(token).then((outcome) => showProposal(outcome)),
      paid ? "Verifying the payment" : "Loading the proposal",
    );
  }, [token, paid, attempt, showProposal, showVerified]);

  useEffect(() => {
    // Not on the first load of a plain link: the page opens at its top. After an action, its result.
    if (moved > (paid ? 0 : 1)) resultHeading.current?.focus();
  }, [moved, paid]);

  const onRefused = (refusal: Refusal) => {
    const left = leftBy(refusal);
    if (left) settle(left);
    return left !== null;
  };

  if (view.kind === "loading") return <ProposalSkeleton />;
  if (view.kind === "failed")
    return <LoadFailed message={view.message} retry={proposalCopy.retry} onRetry={() => setAttempt((n) => n + 1)} />;
  if (view.kind !== "open") {
    const words =
      view.kind === "invalid"
        ? proposalCopy.invalid
        : view.kind === "declined"
          ? proposalCopy.declined
          : view.reason === "expired" || view.reason === "withdrawn" || view.reason === "declined"
            ? proposalCopy.gone[view.reason]
            : proposalCopy.gone.other;
    return <LinkEnded ref={resultHeading} {...words} to="/contact" action={proposalCopy.contact} />;
  }

  const { proposal, result } = view;
  const next = proposal.nextInstallment;
  return (
    <div className="space-y-8">
      {result ? (
        <ResultPanel
          ref={resultHeading}
          result={result}
          proposal={proposal}
          checking={checking}
          onCheck={(reference) => {
            setChecking(true);
            runDetached(
              check(reference).finally(() => setChecking(false)),
              "Verifying the payment",
            );
          }}
        />
      ) : null}
      <ProposalDocument proposal={proposal} />
      <div className="space-y-6 print:hidden">
        {OPEN_TO_ANSWER.has(proposal.status) ? (
          <AcceptForm
            token={token ?? ""}
            proposal={proposal}
            onAccepted={(answer) =>
              settle({
                kind: "open",
                proposal: answer.proposal,
                result: { kind: "accepted", already: answer.outcome === "already" },
              })
            }
            onChanged={() => load({ kind: "changed" })}
            onRefused={onRefused}
          />
        ) : null}
        {next !== null && result?.kind !== "pending" ? (
          <PayButton token={token ?? ""} proposal={proposal} position={next} onRefused={onRefused} />
        ) : null}
        {next === null && proposal.retainerDue && result?.kind !== "pending" ? (
          <PayButton token={token ?? ""} proposal={proposal} position="retainer" onRefused={onRefused} />
        ) : null}
        <div className="flex flex-wrap items-center gap-3">
          {OPEN_TO_ANSWER.has(proposal.status) ? (
            <DeclineBox token={token ?? ""} onDeclined={() => settle({ kind: "declined" })} onRefused={onRefused} />
          ) : null}
          <Button variant="outline" size="sm" onClick={() => window.print()}>
            <Printer aria-hidden="true" className="h-4 w-4" />
            {proposalCopy.document.print}
          </Button>
        </div>
      </div>
    </div>
  );
}
