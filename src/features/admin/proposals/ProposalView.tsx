import { useState } from "react";
import { Button } from "../../../components/ui/Button";
import { proposalsAdminCopy } from "../../../content/proposals-admin";
import { formatLagosDateTime } from "../../../lib/lagos-time";
import { formatMoney } from "../../../lib/money";
import { dayInWords, monthInWords } from "../../../lib/proposals/dates";
import { renderMarkdown } from "../../../lib/markdown";
import type { ProposalRecord } from "../data/proposals";
import { errorMessage } from "../error-message";
import { LeadPanel } from "../leads/LeadPanel";
import { basisPointsToPercent, partsPaid } from "./plan";
import { PaymentRequests, Payments, ProposalHistory } from "./ProposalHistory";
import { useRequestBalance } from "./queries";
import { RetainerPanel } from "./RetainerPanel";
import { WithdrawButton } from "./WithdrawButton";

const copy = proposalsAdminCopy.view;

const editorCopy = proposalsAdminCopy.editor;

/** Asks the function to send the client the balance, and says what it answered. */
function RequestBalance({ id }: { id: string }) {
  const request = useRequestBalance(id);
  const [answer, setAnswer] = useState<{ ok: boolean; message: string } | null>(null);
  return (
    <div className="space-y-2">
      <Button
        variant="accent"
        disabled={request.isPending}
        onClick={() =>
          request.mutate(undefined, {
            onSuccess: (message) => setAnswer({ ok: true, message }),
            onError: (error) => setAnswer({ ok: false, message: `${copy.balanceFailed}: ${errorMessage(error)}` }),
          })
        }
      >
        {request.isPending ? copy.requesting : copy.requestBalance}
      </Button>
      {answer ? (
        <p
          role={answer.ok ? "status" : "alert"}
          className={answer.ok ? "text-sm font-medium text-emerald-800" : "text-sm font-medium text-red-800"}
        >
          {answer.message}
        </p>
      ) : null}
    </div>
  );
}

/**
 * A proposal that was sent, as it stands: read-only (the database refuses changes to anything but a
 * draft), with its terms, the plan and which parts are paid, its history, payment requests and
 * payments, and "Request the balance" once accepted with a completion part still unpaid.
 */
export function ProposalView({ record }: { record: ProposalRecord }) {
  const { proposal, lines, installments, total, paid } = record;
  const { currency } = proposal;
  const money = (amount: number) => formatMoney(amount, currency);
  const covered = partsPaid(
    installments.map((part) => part.amount_minor),
    paid,
  );
  const balanceDue =
    (proposal.status === "accepted" || proposal.status === "paid_in_part") &&
    installments.some((part, index) => part.due === "completion" && !covered[index]);
  const subtotal = total + proposal.discount_minor;

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-ink-muted">{copy.readOnly}</p>
        {proposal.status === "sent" || proposal.status === "viewed" ? <WithdrawButton id={proposal.id} /> : null}
      </div>
      <div className="grid gap-6 lg:grid-cols-2">
        <LeadPanel id="proposal-terms-heading" title={editorCopy.lines}>
          <ul className="mt-3 divide-y divide-slate-100 text-sm">
            {lines.map((line, index) => (
              <li key={index} className="flex flex-wrap justify-between gap-x-4 gap-y-1 py-2">
                <span className="min-w-0 text-ink break-words">
                  {line.description}
                  {line.quantity > 1 ? ` × ${line.quantity}` : ""}
                </span>
                <span className="tabular-nums text-ink">{money(line.quantity * line.unit_price_minor)}</span>
              </li>
            ))}
          </ul>
          <dl className="mt-2 space-y-1 border-t border-slate-200 pt-2 text-sm">
            {(
              [
                [editorCopy.subtotal, subtotal],
                [editorCopy.discount, -proposal.discount_minor],
                [editorCopy.total, total],
                [copy.paid, paid],
                [copy.left, Math.max(0, total - paid)],
              ] as const
            ).map(([label, amount]) => (
              <div key={label} className="flex justify-between gap-4">
                <dt className="text-ink-muted">{label}</dt>
                <dd className="font-semibold tabular-nums text-ink">{money(amount)}</dd>
              </div>
            ))}
          </dl>
          <p className="mt-3 text-sm text-ink-muted">
            {editorCopy.validUntilLabel}: {dayInWords(proposal.valid_until)}
          </p>
          {proposal.retainer_minor && proposal.retainer_starts_on ? (
            <p className="mt-1 text-sm text-ink">
              {editorCopy.retainer}:{" "}
              {copy.retainer(money(proposal.retainer_minor), monthInWords(proposal.retainer_starts_on))}
            </p>
          ) : null}
        </LeadPanel>

        <LeadPanel id="proposal-plan-view-heading" title={editorCopy.plan}>
          <ol className="mt-3 divide-y divide-slate-100 text-sm">
            {installments.map((part, index) => (
              <li key={part.position} className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 py-2">
                <span className="min-w-0 text-ink">
                  <span className="font-semibold">{part.label}</span>{" "}
                  <span className="text-ink-muted">
                    ({editorCopy.dues[part.due]}, {basisPointsToPercent(part.share_bp)}%)
                  </span>
                </span>
                <span className="tabular-nums text-ink">
                  {money(part.amount_minor)} · {covered[index] ? copy.planPaid : copy.planDue}
                </span>
              </li>
            ))}
          </ol>
          {balanceDue ? (
            <div className="mt-4">
              <RequestBalance id={proposal.id} />
            </div>
          ) : null}
        </LeadPanel>
      </div>

      {proposal.retainer_starts_on && ["accepted", "paid_in_part", "paid"].includes(proposal.status) ? (
        <RetainerPanel
          id={proposal.id}
          currency={currency}
          startsOn={proposal.retainer_starts_on}
          retainer={record.retainer}
        />
      ) : null}

      {proposal.scope.trim() ? (
        <LeadPanel id="proposal-scope-view-heading" title={editorCopy.scope}>
          <div className="post-body mt-3" dangerouslySetInnerHTML={{ __html: renderMarkdown(proposal.scope).html }} />
        </LeadPanel>
      ) : null}

      <ProposalHistory events={record.events} />
      <div className="grid gap-6 lg:grid-cols-2">
        <PaymentRequests requests={record.requests} />
        <Payments payments={record.payments} />
      </div>
      {proposal.sent_at ? (
        <p className="text-sm text-ink-muted">{copy.sentOn(formatLagosDateTime(proposal.sent_at))}</p>
      ) : null}
    </div>
  );
}
