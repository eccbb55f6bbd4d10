import { proposalsAdminCopy } from "../../../content/proposals-admin";
import { formatLagosDateTime } from "../../../lib/lagos-time";
import { formatMoney, type Currency } from "../../../lib/money";
import { monthInWords } from "../../../lib/proposals/dates";
import type { ProposalRecord } from "../data/proposals";
import { ConfirmButton } from "../ConfirmButton";
import { LeadPanel } from "../leads/LeadPanel";
import { useStopRetainer } from "./queries";

const copy = proposalsAdminCopy.view;

/**
 * An accepted proposal's retainer: each month the schedule asked for (paid, due, or unpaid and the
 * team told), and "Stop the retainer" after a confirmation while it runs. The database decides who
 * may stop it (stop_retainer: the lead team).
 */
export function RetainerPanel({
  id,
  currency,
  startsOn,
  retainer,
}: {
  id: string;
  currency: Currency;
  startsOn: string;
  retainer: ProposalRecord["retainer"];
}) {
  const stop = useStopRetainer(id);
  return (
    <LeadPanel id="proposal-retainer-heading" title={copy.retainerMonths}>
      <p className="mt-2 text-sm text-ink-muted">{copy.retainerIntro}</p>
      {retainer.months.length === 0 ? (
        <p className="mt-3 text-sm text-ink">{copy.retainerNone(monthInWords(startsOn))}</p>
      ) : (
        <ul className="mt-3 divide-y divide-slate-100 text-sm">
          {retainer.months.map((month) => (
            <li key={month.month} className="flex flex-wrap justify-between gap-x-4 gap-y-1 py-2">
              <span className="text-ink">{monthInWords(month.month)}</span>
              <span className="tabular-nums text-ink">
                {formatMoney(month.amount, currency)} ·{" "}
                {month.paid ? copy.monthPaid : month.unpaidToldAt ? copy.monthUnpaid : copy.monthDue}
              </span>
            </li>
          ))}
        </ul>
      )}
      {retainer.stoppedAt ? (
        <p className="mt-3 text-sm font-medium text-ink">{copy.stopped(formatLagosDateTime(retainer.stoppedAt))}</p>
      ) : (
        <div className="mt-4">
          <ConfirmButton words={copy.stopRetainer} action={() => stop.mutateAsync()} />
        </div>
      )}
    </LeadPanel>
  );
}
