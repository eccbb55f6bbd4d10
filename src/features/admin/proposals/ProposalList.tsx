import { Link } from "../../../components/ui/Link";
import { proposalsAdminCopy } from "../../../content/proposals-admin";
import { formatMoney } from "../../../lib/money";
import type { ProposalListItem } from "../data/proposals";
import { ageOf } from "../leads/lead-format";
import { formatLagosDateTime } from "../../../lib/lagos-time";
import { proposalNumber } from "./proposal-format";
import { ProposalStatusBadge } from "./ProposalStatusBadge";

const copy = proposalsAdminCopy.list;
const { columns } = copy;
const GRID = "lg:grid-cols-[0.7fr_1.3fr_1.6fr_1fr_1fr_0.9fr_0.9fr]";

/**
 * The proposals, a row each (a table's columns on wide screens, a card on a phone), each linking to
 * its page; the column names are read out before each value where they are not shown.
 */
export function ProposalList({ proposals, now }: { proposals: ProposalListItem[]; now: number }) {
  return (
    <div className="overflow-hidden rounded-card border border-slate-100 bg-white shadow-soft">
      <div
        aria-hidden="true"
        className={`hidden gap-4 border-b border-slate-100 bg-slate-50 px-5 py-3 text-xs font-bold uppercase tracking-wide text-ink-muted lg:grid ${GRID}`}
      >
        {Object.values(columns).map((column) => (
          <span key={column}>{column}</span>
        ))}
      </div>
      <ul className="divide-y divide-slate-100">
        {proposals.map((proposal) => (
          <li
            key={proposal.id}
            className={`relative grid gap-1 px-4 py-4 hover:bg-brand-50/40 sm:px-5 lg:items-center lg:gap-4 ${GRID}`}
          >
            <p className="text-sm font-semibold tabular-nums text-ink-muted">
              <span className="sr-only">{columns.number}: </span>
              {proposalNumber(proposal.number)}
            </p>
            <p className="text-sm text-ink break-words">
              <span className="sr-only">{columns.client}: </span>
              {proposal.client}
            </p>
            <div className="min-w-0">
              <Link
                to={`/admin/proposals/${proposal.id}`}
                className="font-bold text-ink break-words after:absolute after:inset-0 hover:text-brand-700 focus-ring focus-visible:ring-inset after:focus-visible:ring-2 after:focus-visible:ring-inset after:focus-visible:ring-brand-500"
              >
                {proposal.title}
              </Link>
            </div>
            <p className="text-sm tabular-nums text-ink">
              <span className="text-ink-muted lg:sr-only">{columns.total}: </span>
              {formatMoney(proposal.total, proposal.currency)}
            </p>
            <p className="text-sm tabular-nums text-ink">
              <span className="text-ink-muted lg:sr-only">{columns.paid}: </span>
              {formatMoney(proposal.paid, proposal.currency)}
            </p>
            <p className="text-sm">
              <span className="sr-only">{columns.status}: </span>
              <ProposalStatusBadge status={proposal.status} />
            </p>
            <p className="text-sm text-ink-muted">
              <span className="sr-only">{columns.updated}: </span>
              <time dateTime={proposal.updatedAt} title={formatLagosDateTime(proposal.updatedAt)}>
                {ageOf(proposal.updatedAt, now)}
              </time>
            </p>
          </li>
        ))}
      </ul>
    </div>
  );
}
