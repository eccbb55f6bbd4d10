import { useState } from "react";
import { useLocation } from "react-router-dom";
import { Link } from "../../../components/ui/Link";
import { proposalsAdminCopy } from "../../../content/proposals-admin";
import { cn } from "../../../lib/cn";
import { AdminScreenHeader } from "../AdminPageHeader";
import { PROPOSAL_STATUSES, type ProposalStatus } from "../data/proposals";
import { AdminDataView, EmptyState } from "../DataStates";
import { proposalStatusLabel } from "./proposal-format";
import { ProposalList } from "./ProposalList";
import { ProposalMoney } from "./ProposalMoney";
import { useProposalList } from "./queries";

const copy = proposalsAdminCopy.list;

const filterClasses = (active: boolean) =>
  cn(
    "inline-flex min-h-10 items-center rounded-full px-4 text-sm font-semibold transition-colors focus-ring focus-visible:ring-offset-2",
    active ? "bg-brand-700 text-white" : "bg-white text-ink-muted shadow-soft hover:text-ink",
  );

/** The state in the address (`?state=sent`), or null for all of them. */
function stateOf(search: string): ProposalStatus | null {
  const value = new URLSearchParams(search).get("state");
  return PROPOSAL_STATUSES.find((status) => status === value) ?? null;
}

/**
 * /admin/proposals: what is outstanding and what came in this month, per currency, then the
 * proposals, by state (the filter is links, so each state has its address and the back button works).
 */
export function ProposalsPage() {
  // useLocation rather than useSearchParams, as the leads inbox does: the router's search-params code
  // would otherwise join every public page's entry script.
  const { search } = useLocation();
  const state = stateOf(search);
  const proposals = useProposalList(state);
  const [now] = useState(() => Date.now());

  return (
    <div className="mx-auto max-w-6xl space-y-6">
      <AdminScreenHeader path="/admin/proposals" copy={copy} />
      <ProposalMoney />
      <nav aria-label={copy.filterLabel}>
        <ul className="flex flex-wrap gap-2">
          {[null, ...PROPOSAL_STATUSES].map((status) => (
            <li key={status ?? "all"}>
              <Link
                to={status ? `/admin/proposals?state=${status}` : "/admin/proposals"}
                aria-current={status === state ? "page" : undefined}
                className={filterClasses(status === state)}
              >
                {status ? proposalStatusLabel(status) : copy.all}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <AdminDataView
        query={proposals}
        loading={copy.loading}
        error={copy.error}
        isEmpty={(list) => list.length === 0}
        empty={
          <EmptyState message={state ? copy.emptyFilter(proposalStatusLabel(state)) : copy.empty}>
            {state ? null : (
              <Link
                to="/admin/leads"
                className="mt-3 inline-block rounded font-semibold text-brand-700 hover:underline focus-ring"
              >
                {copy.leadsLink}
              </Link>
            )}
          </EmptyState>
        }
      >
        {(list) => <ProposalList proposals={list} now={now} />}
      </AdminDataView>
    </div>
  );
}
