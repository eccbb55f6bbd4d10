import { useLocation, useParams } from "react-router-dom";
import { leadsCopy } from "../../../content/leads";
import { AdminRecordView } from "../DataStates";
import { DeleteLeadButton } from "./DeleteLeadButton";
import { receivedAt } from "./lead-format";
import { LeadAnswers } from "./LeadAnswers";
import { LeadAssigneeControl } from "./LeadAssigneeControl";
import { LeadAttribution } from "./LeadAttribution";
import { LeadCalls } from "./LeadCalls";
import { LeadContact } from "./LeadContact";
import { LeadConversions } from "./LeadConversions";
import { LeadMessages } from "./LeadMessages";
import { LeadNotes } from "./LeadNotes";
import { LeadProposals } from "./LeadProposals";
import { LeadStatusControl } from "./LeadStatusControl";
import { useLeadRecord } from "./queries";
import { responseText } from "./response-time";
import { AdminBackLink, AdminSeo } from "../AdminPageHeader";

const copy = leadsCopy.detail;

/**
 * /admin/leads/:id: everything the visitor sent, where they came from, how soon it was answered, the
 * status, the messages and ad conversions it caused, notes and history.
 */
export function LeadDetailPage() {
  const { id = "" } = useParams();
  const params = new URLSearchParams(useLocation().search);
  const record = useLeadRecord(id);
  const back = `/admin/leads${params.get("from") ? `?${new URLSearchParams(params.get("from")!)}` : ""}`;

  const backLink = <AdminBackLink to={back}>{copy.back}</AdminBackLink>;

  if (record.isError || !record.data) {
    return (
      <div className="mx-auto max-w-5xl space-y-4">
        <AdminSeo title={copy.seoTitle} path={`/admin/leads/${id}`} />
        {backLink}
        <AdminRecordView query={record} loading={copy.loading} error={copy.error} notFound={copy.notFound}>
          {() => null}
        </AdminRecordView>
      </div>
    );
  }

  const { lead, events } = record.data;
  return (
    <div className="mx-auto max-w-5xl space-y-6">
      <AdminSeo title={`${lead.full_name} | ${copy.seoTitle}`} path={`/admin/leads/${id}`} />
      {backLink}
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="min-w-0">
          <h1 className="text-3xl font-extrabold tracking-tight text-ink break-words sm:text-4xl">{lead.full_name}</h1>
          <p className="mt-1 text-ink-muted">
            {lead.company_name ? `${lead.company_name} · ` : ""}
            {copy.received} <time dateTime={lead.created_at}>{receivedAt(lead)}</time>
            {" · "}
            <span className={lead.first_response_at ? "font-semibold text-ink" : undefined}>{responseText(lead)}</span>
          </p>
        </div>
        <div className="flex flex-wrap items-start gap-4">
          <LeadStatusControl leadId={id} status={lead.status} />
          <LeadAssigneeControl leadId={id} assignee={lead.assigned_to} />
        </div>
      </div>

      <LeadContact lead={lead} />
      <div className="grid gap-6 lg:grid-cols-2">
        <LeadAnswers lead={lead} />
        <LeadAttribution lead={lead} />
      </div>
      <LeadCalls leadId={id} />
      <LeadProposals leadId={id} />
      <LeadMessages leadId={id} />
      <LeadConversions leadId={id} />
      <LeadNotes leadId={id} events={events} />
      <div className="flex justify-end">
        <DeleteLeadButton lead={lead} />
      </div>
    </div>
  );
}
