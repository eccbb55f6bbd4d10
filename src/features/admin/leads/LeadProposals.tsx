import { Plus } from "lucide-react";
import { Link } from "../../../components/ui/Link";
import { proposalsAdminCopy } from "../../../content/proposals-admin";
import { formatMoney } from "../../../lib/money";
import { AdminDataView } from "../DataStates";
import { proposalNumber } from "../proposals/proposal-format";
import { ProposalStatusBadge } from "../proposals/ProposalStatusBadge";
import { useLeadProposals } from "../proposals/queries";
import { LeadPanel } from "./LeadPanel";

const copy = proposalsAdminCopy.lead;

/** The lead's proposals, most recently changed first: state, total and what was paid, and "New proposal". */
export function LeadProposals({ leadId }: { leadId: string }) {
  const proposals = useLeadProposals(leadId);
  return (
    <LeadPanel id="lead-proposals-heading" title={copy.heading}>
      <AdminDataView query={proposals} loading={copy.loading} error={copy.error} className="mt-3">
        {(list) =>
          list.length === 0 ? (
            <p className="mt-3 text-sm text-ink-muted">{copy.none}</p>
          ) : (
            <ul className="mt-3 divide-y divide-slate-100">
              {list.map((proposal) => (
                <li key={proposal.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 py-2">
                  <Link
                    to={`/admin/proposals/${proposal.id}`}
                    className="min-w-0 rounded font-semibold text-brand-700 break-words hover:underline focus-ring"
                  >
                    {proposalNumber(proposal.number)} · {proposal.title}
                  </Link>
                  <ProposalStatusBadge status={proposal.status} />
                  <span className="text-sm tabular-nums text-ink-muted sm:ml-auto">
                    {copy.paidOf(
                      formatMoney(proposal.paid, proposal.currency),
                      formatMoney(proposal.total, proposal.currency),
                    )}
                  </span>
                </li>
              ))}
            </ul>
          )
        }
      </AdminDataView>
      <Link
        to={`/admin/proposals/new?lead=${leadId}`}
        className="mt-4 inline-flex min-h-10 items-center gap-2 rounded-full border-2 border-brand-700 px-4 text-sm font-semibold text-brand-700 hover:bg-brand-50 focus-ring"
      >
        <Plus aria-hidden="true" className="h-4 w-4" />
        {copy.create}
      </Link>
    </LeadPanel>
  );
}
