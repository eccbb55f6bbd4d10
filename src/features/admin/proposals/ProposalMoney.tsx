import { proposalsAdminCopy } from "../../../content/proposals-admin";
import { CURRENCIES, formatMoney } from "../../../lib/money";
import type { PerCurrency } from "../data/proposals";
import { AdminDataView } from "../DataStates";
import { useProposalMoney } from "./queries";

const copy = proposalsAdminCopy.summary;

/** One figure per currency, each on its own line: naira and dollars are never added together. */
function Amounts({ amounts }: { amounts: PerCurrency }) {
  const shown = CURRENCIES.filter((currency) => amounts[currency] !== 0);
  if (shown.length === 0) return <p className="mt-2 text-2xl font-extrabold text-ink">{copy.none}</p>;
  return (
    <ul className="mt-2 space-y-1">
      {shown.map((currency) => (
        <li key={currency} className="text-2xl font-extrabold tabular-nums text-ink">
          {formatMoney(amounts[currency], currency)}
          <span className="sr-only"> ({proposalsAdminCopy.currencies[currency]})</span>
        </li>
      ))}
    </ul>
  );
}

/** The top of the list: what accepted proposals still ask, and what came in this month. */
export function ProposalMoney() {
  const money = useProposalMoney();
  return (
    <section aria-labelledby="proposal-money-heading">
      <h2 id="proposal-money-heading" className="sr-only">
        {copy.heading}
      </h2>
      <AdminDataView query={money} loading={copy.loading} error={copy.error}>
        {(figures) => (
          <div className="grid gap-4 sm:grid-cols-2">
            {(
              [
                [copy.outstanding, copy.outstandingHint, figures.outstanding],
                [copy.collected, copy.collectedHint, figures.collected],
              ] as const
            ).map(([title, hint, amounts]) => (
              <div key={title} className="rounded-card border border-slate-100 bg-white p-5 shadow-soft">
                <h3 className="text-sm font-bold text-ink-muted">{title}</h3>
                <Amounts amounts={amounts} />
                <p className="mt-1 text-xs text-ink-soft">{hint}</p>
              </div>
            ))}
          </div>
        )}
      </AdminDataView>
    </section>
  );
}
