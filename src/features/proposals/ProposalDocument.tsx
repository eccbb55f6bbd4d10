import type { ReactNode } from "react";
import { proposalCopy } from "../../content/proposals";
import { site } from "../../content/site";
import { formatMoney, WHOLE_IN_BASIS_POINTS } from "../../lib/money";
import type { ProposalView } from "../../lib/proposals/contract";
import { dayInWords, momentInWords } from "../../lib/proposals/dates";
import { cn } from "../../lib/cn";

const copy = proposalCopy.document;

/** 5000 basis points as "50%", 3333 as "33.33%". */
function percentOfBasisPoints(basisPoints: number): string {
  return `${Number(((basisPoints / WHOLE_IN_BASIS_POINTS) * 100).toFixed(2))}%`;
}

function statusInWords(proposal: ProposalView): string {
  return proposalCopy.status[proposal.status] ?? proposal.status;
}

const cell = "py-1 sm:px-3 sm:py-3";
const numeric = "sm:text-right tabular-nums";

/**
 * The proposal as a document: what the client reads, accepts and may print (the page's actions are
 * hidden in print). The price table is a real table from `sm` up; on a phone each line stacks, its
 * figures labelled.
 */
export function ProposalDocument({ proposal }: { proposal: ProposalView }) {
  const { terms } = proposal;
  const money = (amount: number) => formatMoney(amount, terms.currency);
  const deposit = terms.installments[0];
  return (
    <article aria-labelledby="proposal-title" className="text-ink">
      <header className="border-b border-slate-200 pb-6">
        <p className="text-sm font-semibold uppercase tracking-wider text-brand-700">
          {copy.from} {site.name}
        </p>
        <h2 id="proposal-title" className="mt-2 text-2xl font-extrabold tracking-tight sm:text-3xl">
          {terms.title}
        </h2>
        <dl className="mt-4 grid gap-x-8 gap-y-2 text-sm sm:grid-cols-3">
          <div>
            <dt className="text-ink-soft">{copy.numberLabel}</dt>
            <dd className="font-semibold">{terms.number}</dd>
          </div>
          <div>
            <dt className="text-ink-soft">{copy.statusLabel}</dt>
            <dd className="font-semibold">{statusInWords(proposal)}</dd>
          </div>
          <div>
            <dt className="text-ink-soft">{copy.validUntilLabel}</dt>
            <dd className="font-semibold">{copy.validUntil(dayInWords(terms.validUntil))}</dd>
          </div>
        </dl>
        {proposal.acceptedName && proposal.acceptedAt ? (
          <p className="mt-4 text-sm text-ink-muted">
            {proposalCopy.acceptedBy(proposal.acceptedName, momentInWords(proposal.acceptedAt))}
          </p>
        ) : null}
      </header>

      <section aria-labelledby="proposal-scope" className="mt-6">
        <h3 id="proposal-scope" className="text-lg font-bold">
          {copy.scopeHeading}
        </h3>
        <p className="mt-2 whitespace-pre-line break-words text-ink-muted">{terms.scope}</p>
      </section>

      <section aria-labelledby="proposal-lines" className="mt-8">
        <h3 id="proposal-lines" className="text-lg font-bold">
          {copy.linesHeading}
        </h3>
        <table className="mt-3 w-full border-collapse text-left">
          <thead className="sr-only sm:not-sr-only">
            <tr className="border-b border-slate-200 text-sm text-ink-soft">
              <th scope="col" className="sm:px-3 sm:py-2 font-semibold">
                {copy.columns.description}
              </th>
              <th scope="col" className={cn("sm:px-3 sm:py-2 font-semibold", numeric)}>
                {copy.columns.quantity}
              </th>
              <th scope="col" className={cn("sm:px-3 sm:py-2 font-semibold", numeric)}>
                {copy.columns.unitPrice}
              </th>
              <th scope="col" className={cn("sm:px-3 sm:py-2 font-semibold", numeric)}>
                {copy.columns.total}
              </th>
            </tr>
          </thead>
          <tbody>
            {terms.lines.map((line, index) => (
              <tr
                key={index}
                className="grid grid-cols-[auto_1fr] gap-x-4 border-b border-slate-100 py-3 sm:table-row sm:py-0"
              >
                <td className={cn(cell, "col-span-2 font-semibold break-words sm:font-normal")}>{line.description}</td>
                <MobileLabelled label={copy.columns.quantity}>{line.quantity}</MobileLabelled>
                <MobileLabelled label={copy.columns.unitPrice}>{money(line.unitPrice)}</MobileLabelled>
                <MobileLabelled label={copy.columns.total} strong>
                  {money(line.total)}
                </MobileLabelled>
              </tr>
            ))}
          </tbody>
        </table>
        <dl className="ml-auto mt-4 w-full max-w-sm space-y-2 text-sm sm:pr-3">
          <Sum label={copy.subtotal} value={money(terms.subtotal)} />
          {terms.discount > 0 ? <Sum label={copy.discount} value={`−${money(terms.discount)}`} /> : null}
          <Sum label={copy.total} value={money(terms.total)} strong />
        </dl>
      </section>

      <section aria-labelledby="proposal-plan" className="mt-8">
        <h3 id="proposal-plan" className="text-lg font-bold">
          {copy.planHeading}
        </h3>
        {deposit && deposit.due === "acceptance" ? (
          <p className="mt-2 text-ink-muted">{copy.depositShare(percentOfBasisPoints(deposit.shareBasisPoints))}</p>
        ) : null}
        <ol className="mt-3 divide-y divide-slate-100 rounded-2xl border border-slate-200">
          {terms.installments.map((part) => {
            const paid = proposal.installments.find((state) => state.position === part.position)?.paid ?? false;
            const next = proposal.nextInstallment === part.position;
            return (
              <li key={part.position} className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 p-4">
                <div>
                  <p className="font-semibold">{part.label}</p>
                  <p className="text-sm text-ink-soft">
                    {copy.due[part.due] ?? part.due} · {copy.share(percentOfBasisPoints(part.shareBasisPoints))}
                  </p>
                </div>
                <p className="flex items-baseline gap-3">
                  {paid ? (
                    <span className="rounded-full bg-emerald-50 px-2.5 py-0.5 text-xs font-semibold text-emerald-800">
                      {copy.paidMark}
                    </span>
                  ) : next ? (
                    <span className="rounded-full bg-accent-300 px-2.5 py-0.5 text-xs font-semibold text-ink">
                      {copy.nextMark}
                    </span>
                  ) : null}
                  <span className="font-semibold tabular-nums">{money(part.amount)}</span>
                </p>
              </li>
            );
          })}
        </ol>
        {proposal.paid > 0 ? (
          <dl className="ml-auto mt-4 w-full max-w-sm space-y-2 text-sm sm:pr-3">
            <Sum label={copy.paidSoFar} value={money(proposal.paid)} />
            <Sum label={copy.leftToPay} value={money(proposal.left)} strong />
          </dl>
        ) : null}
      </section>

      {terms.retainer ? (
        <section aria-labelledby="proposal-retainer" className="mt-8">
          <h3 id="proposal-retainer" className="text-lg font-bold">
            {copy.retainerHeading}
          </h3>
          <p className="mt-2 text-ink-muted">
            {copy.retainer(money(terms.retainer.amount), dayInWords(terms.retainer.startsOn))}
          </p>
        </section>
      ) : null}
    </article>
  );
}

/** A figure of a line: labelled on a phone, where the line stacks; under its column header from `sm`. */
function MobileLabelled({ label, strong, children }: { label: string; strong?: boolean; children: ReactNode }) {
  return (
    <>
      <td aria-hidden="true" className="py-1 text-sm text-ink-soft sm:hidden">
        {label}
      </td>
      <td className={cn(cell, "text-right", numeric, strong && "font-semibold")}>{children}</td>
    </>
  );
}

function Sum({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  return (
    <div className={cn("flex justify-between gap-4", strong && "border-t border-slate-200 pt-2 text-base font-bold")}>
      <dt>{label}</dt>
      <dd className="tabular-nums">{value}</dd>
    </div>
  );
}
