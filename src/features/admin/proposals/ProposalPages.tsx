import { useState } from "react";
import { useLocation, useParams } from "react-router-dom";
import { Link } from "../../../components/ui/Link";
import { proposalsAdminCopy } from "../../../content/proposals-admin";
import { momentInWords } from "../../../lib/proposals/dates";
import { AdminBackLink, AdminPageHeader, AdminSeo } from "../AdminPageHeader";
import { lagosDay } from "../calls/call-time";
import { AdminRecordView, EmptyState } from "../DataStates";
import { useLeadRecord } from "../leads/queries";
import { seedFromLead } from "./prefill";
import { formFromRecord, newForm } from "./proposal-form";
import { proposalNumber } from "./proposal-format";
import { ProposalEditor } from "./ProposalEditor";
import { ProposalStatusBadge } from "./ProposalStatusBadge";
import { ProposalView } from "./ProposalView";
import { useProposal } from "./queries";
import { SentLink } from "./SentLink";

const copy = proposalsAdminCopy.editor;

/** "Ada Obi (Obi Foods)", or the name alone. */
const clientName = (lead: { full_name: string; company_name: string | null }) =>
  lead.company_name ? `${lead.full_name} (${lead.company_name})` : lead.full_name;

/**
 * /admin/proposals/new?lead=<id>: a new proposal for a lead, started from their answers (the
 * service and package, its price and currency: prefill.ts), valid for 14 days, half on acceptance
 * and half at completion. Nothing is stored until it is saved.
 */
export function NewProposalPage() {
  const leadId = new URLSearchParams(useLocation().search).get("lead") ?? "";
  const record = useLeadRecord(leadId);
  const [today] = useState(() => lagosDay(new Date()));
  const path = "/admin/proposals/new";

  return (
    <div className="mx-auto max-w-4xl space-y-6">
      <AdminSeo title={copy.newSeoTitle} path={path} />
      <AdminBackLink to={leadId ? `/admin/leads/${leadId}` : "/admin/proposals"}>
        {leadId ? copy.backToLead : copy.back}
      </AdminBackLink>
      {leadId ? (
        <AdminRecordView query={record} loading={copy.leadLoading} error={copy.error} notFound={copy.leadNotFound}>
          {({ lead }) => (
            <>
              <AdminPageHeader title={copy.newHeading} intro={copy.forLead(clientName(lead))} />
              <ProposalEditor
                proposalId={null}
                leadId={leadId}
                number={null}
                initial={newForm(seedFromLead(lead), clientName(lead), today)}
              />
            </>
          )}
        </AdminRecordView>
      ) : (
        <>
          <AdminPageHeader title={copy.newHeading} />
          <EmptyState message={copy.noLead} />
        </>
      )}
    </div>
  );
}

/**
 * /admin/proposals/:id: a draft in the editor, anything sent read-only with its history and money.
 * Just after a send, the client's link the function answered is shown on top (it arrives in the
 * navigation's state: it is never stored, only its hash is).
 */
export function ProposalPage() {
  const { id = "" } = useParams();
  const location = useLocation();
  const sentLink = (location.state as { sentLink?: unknown } | null)?.sentLink;
  const record = useProposal(id);
  const [today] = useState(() => lagosDay(new Date()));
  const path = `/admin/proposals/${id}`;

  return (
    <div className="mx-auto max-w-4xl space-y-6">
      <AdminSeo
        title={
          record.data ? `${proposalNumber(record.data.proposal.number)} | ${copy.editSeoTitle}` : copy.editSeoTitle
        }
        path={path}
      />
      <AdminBackLink to="/admin/proposals">{copy.back}</AdminBackLink>
      <AdminRecordView query={record} loading={copy.loading} error={copy.error} notFound={copy.notFound}>
        {(found) => {
          const { proposal, lead } = found;
          const acceptance =
            proposal.accepted_name && proposal.accepted_at
              ? proposalsAdminCopy.view.acceptedBy(proposal.accepted_name, momentInWords(proposal.accepted_at))
              : null;
          return (
            <>
              <AdminPageHeader
                title={
                  <>
                    <span className="block text-base font-semibold text-ink-muted">
                      {proposalNumber(proposal.number)}
                    </span>
                    {proposal.title}
                  </>
                }
                intro={
                  <span className="flex flex-wrap items-center gap-2">
                    <ProposalStatusBadge status={proposal.status} />
                    {lead ? (
                      <Link
                        to={`/admin/leads/${lead.id}`}
                        className="rounded font-semibold text-brand-700 hover:underline focus-ring"
                      >
                        {clientName(lead)}
                      </Link>
                    ) : null}
                    {acceptance ? <span>· {acceptance}</span> : null}
                  </span>
                }
              />
              {typeof sentLink === "string" ? <SentLink link={sentLink} /> : null}
              {proposal.status === "draft" ? (
                <ProposalEditor
                  key={proposal.id}
                  proposalId={proposal.id}
                  leadId={proposal.lead_id}
                  number={proposal.number}
                  initial={formFromRecord(found, today)}
                />
              ) : (
                <ProposalView record={found} />
              )}
            </>
          );
        }}
      </AdminRecordView>
    </div>
  );
}
