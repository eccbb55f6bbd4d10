import type { ReactNode } from "react";
import { proposalsAdminCopy } from "../../../content/proposals-admin";
import { CURRENCIES, formatMoney } from "../../../lib/money";
import type { PerCurrency } from "../data/proposals";
import { AdminDataView, PendingFigure } from "../DataStates";
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

/** The two cards, each with its title and hint, and `amounts` of each card's figures. */
function MoneyCards({ amounts }: { amounts: (card: "outstanding" | "collected") => ReactNode }) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      {(
        [
          ["outstanding", copy.outstanding, copy.outstandingHint],
          ["collected", copy.collected, copy.collectedHint],
        ] as const
      ).map(([card, title, hint]) => (
        <div key={card} className="rounded-card border border-slate-100 bg-white p-5 shadow-soft">
          <h3 className="text-sm font-bold text-ink-muted">{title}</h3>
          {amounts(card)}
          <p className="mt-1 text-xs text-ink-soft">{hint}</p>
        </div>
      ))}
    </div>
  );
}

/** A figure not in yet: one line of the figures' text, so the cards keep their size (one currency). */
const pending = (
  <p className="mt-2 text-2xl font-extrabold">
    <PendingFigure className="h-6 w-32" />
  </p>
);

/** The top of the list: what accepted proposals still ask, and what came in this month. */
export function ProposalMoney() {
  const money = useProposalMoney();
  return (
    <section aria-labelledby="proposal-money-heading">
      <h2 id="proposal-money-heading" className="sr-only">
        {copy.heading}
      </h2>
      <AdminDataView
        query={money}
        loading={copy.loading}
        placeholder={<MoneyCards amounts={() => pending} />}
        error={copy.error}
      >
        {(figures) => <MoneyCards amounts={(card) => <Amounts amounts={figures[card]} />} />}
      </AdminDataView>
    </section>
  );
}
