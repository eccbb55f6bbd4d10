import { proposalsAdminCopy } from "../../../content/proposals-admin";
import { formatLagosDateTime } from "../../../lib/lagos-time";
import { formatMoney, isCurrency } from "../../../lib/money";
import type { PaymentItem, PaymentRequestItem, ProposalEventItem } from "../data/proposals";
import { LeadPanel } from "../leads/LeadPanel";
import { useTeamNames } from "../people/queries";

const copy = proposalsAdminCopy.view;

/** An amount in a currency the row names; the raw figure if the row names another (a flagged payment may). */
const moneyText = (amount: number, currency: string) =>
  isCurrency(currency) ? formatMoney(amount, currency) : `${amount} ${currency}`;

const when = (iso: string) => <time dateTime={iso}>{formatLagosDateTime(iso)}</time>;

/** What happened to the proposal, newest first, each with who or what did it. */
export function ProposalHistory({ events }: { events: ProposalEventItem[] }) {
  const team = useTeamNames();
  const who = (event: ProposalEventItem) =>
    event.actor === "member"
      ? copy.by.member(team.name(event.actorId) ?? proposalsAdminCopy.unknownMember)
      : copy.by[event.actor];
  return (
    <LeadPanel id="proposal-history-heading" title={copy.history}>
      {events.length === 0 ? (
        <p className="mt-3 text-sm text-ink-muted">{copy.historyEmpty}</p>
      ) : (
        <ol className="mt-3 divide-y divide-slate-100">
          {events.map((event) => {
            const reason = typeof event.detail?.reason === "string" ? event.detail.reason : null;
            return (
              <li key={event.id} className="py-2 text-sm">
                <p className="font-semibold text-ink">
                  {copy.eventBy(copy.events[event.kind] ?? event.kind, who(event))}
                </p>
                {reason ? <p className="text-ink break-words">{reason}</p> : null}
                <p className="text-ink-muted">{when(event.createdAt)}</p>
              </li>
            );
          })}
        </ol>
      )}
    </LeadPanel>
  );
}

/** The payment links opened at Paystack, newest first. */
export function PaymentRequests({ requests }: { requests: PaymentRequestItem[] }) {
  return (
    <LeadPanel id="proposal-requests-heading" title={copy.requests}>
      {requests.length === 0 ? (
        <p className="mt-3 text-sm text-ink-muted">{copy.requestsEmpty}</p>
      ) : (
        <ul className="mt-3 divide-y divide-slate-100">
          {requests.map((request) => (
            <li key={request.reference} className="flex flex-wrap items-baseline gap-x-3 gap-y-1 py-2 text-sm">
              <span className="font-semibold text-ink">{copy.purposes[request.purpose] ?? request.purpose}</span>
              <span className="tabular-nums text-ink">{moneyText(request.amount, request.currency)}</span>
              <span className="text-ink-muted">{when(request.createdAt)}</span>
              <span className="w-full font-mono text-xs text-ink-muted break-all">
                {copy.reference}: {request.reference}
              </span>
            </li>
          ))}
        </ul>
      )}
    </LeadPanel>
  );
}

/** The payments Paystack reported, newest first; a flagged one says why it was not counted. */
export function Payments({ payments }: { payments: PaymentItem[] }) {
  return (
    <LeadPanel id="proposal-payments-heading" title={copy.payments}>
      {payments.length === 0 ? (
        <p className="mt-3 text-sm text-ink-muted">{copy.paymentsEmpty}</p>
      ) : (
        <ul className="mt-3 divide-y divide-slate-100">
          {payments.map((payment) => (
            <li key={payment.id} className="py-2 text-sm">
              <p className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
                <span className="font-semibold tabular-nums text-ink">
                  {moneyText(payment.amount, payment.currency)}
                </span>
                <span
                  className={
                    payment.status === "flagged"
                      ? "rounded-full bg-red-100 px-2.5 py-0.5 text-xs font-bold text-red-900"
                      : "rounded-full bg-emerald-100 px-2.5 py-0.5 text-xs font-bold text-emerald-900"
                  }
                >
                  {payment.status === "flagged" ? copy.flagged : copy.counted}
                </span>
                <span className="text-ink-muted">{when(payment.paidAt)}</span>
              </p>
              {payment.flagReason ? (
                <p className="mt-1 font-medium text-red-800 break-words">{copy.flaggedReason(payment.flagReason)}</p>
              ) : null}
              {payment.refunded > 0 ? (
                <p className="mt-1 text-ink-muted">{copy.refunded(moneyText(payment.refunded, payment.currency))}</p>
              ) : null}
              <p className="font-mono text-xs text-ink-muted break-all">
                {copy.reference}: {payment.reference}
              </p>
            </li>
          ))}
        </ul>
      )}
    </LeadPanel>
  );
}
