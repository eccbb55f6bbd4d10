import { useState } from "react";
import { Link } from "../../../components/ui/Link";
import { assignmentCopy } from "../../../content/assignment";
import { leadsCopy } from "../../../content/leads";
import { cn } from "../../../lib/cn";
import type { LeadPage } from "../data/leads";
import { ageOf, packageOf, receivedAt, serviceLabel, statusBadgeClasses, statusLabel } from "./lead-format";

const copy = leadsCopy.list;

/**
 * One page of the inbox: a row per lead (a table's columns on wide screens), each linking to its page.
 * `name` names the assignee (null while the team loads).
 */
export function LeadList({
  page,
  query,
  name,
}: {
  page: LeadPage;
  query: string;
  name: (userId: string | null) => string | null;
}) {
  const [now] = useState(() => Date.now());
  return (
    <div className="overflow-hidden rounded-card border border-slate-100 bg-white shadow-soft">
      <div
        aria-hidden="true"
        className="hidden grid-cols-[1.4fr_1.1fr_1.2fr_1.1fr_1fr_0.8fr_0.8fr] gap-4 border-b border-slate-100 bg-slate-50 px-5 py-3 text-xs font-bold uppercase tracking-wide text-ink-muted lg:grid"
      >
        <span>{copy.columns.name}</span>
        <span>{copy.columns.company}</span>
        <span>{copy.columns.service}</span>
        <span>{copy.columns.source}</span>
        <span>{assignmentCopy.assignedColumn}</span>
        <span>{copy.columns.status}</span>
        <span>{copy.columns.age}</span>
      </div>
      <ul className="divide-y divide-slate-100">
        {page.leads.map((lead) => {
          const pkg = packageOf(lead);
          return (
            <li
              key={lead.id}
              className="relative grid gap-1 px-4 py-4 hover:bg-brand-50/40 sm:px-5 lg:grid-cols-[1.4fr_1.1fr_1.2fr_1.1fr_1fr_0.8fr_0.8fr] lg:items-center lg:gap-4"
            >
              <div className="min-w-0">
                <Link
                  to={`/admin/leads/${lead.id}${query ? `?from=${encodeURIComponent(query)}` : ""}`}
                  className="font-bold text-ink break-words after:absolute after:inset-0 hover:text-brand-700 focus-ring focus-visible:ring-inset after:focus-visible:ring-2 after:focus-visible:ring-inset after:focus-visible:ring-brand-500"
                >
                  {lead.full_name}
                </Link>
                <p className="truncate text-sm text-ink-muted">{lead.email}</p>
              </div>
              <p className="text-sm text-ink break-words">
                <span className="sr-only">{copy.columns.company}: </span>
                {lead.company_name || <span className="text-ink-soft">—</span>}
              </p>
              <p className="text-sm text-ink">
                <span className="sr-only">{copy.columns.service}: </span>
                {serviceLabel(lead.service)}
                {pkg ? <span className="text-ink-muted"> · {pkg}</span> : null}
              </p>
              <p className="text-sm text-ink break-words">
                <span className="sr-only">{copy.columns.source}: </span>
                <span className="font-semibold">{lead.source}</span>
                {lead.campaign ? <span className="text-ink-muted"> / {lead.campaign}</span> : null}
              </p>
              <p className="text-sm break-words">
                <span className="text-ink-muted lg:sr-only">{assignmentCopy.assignedColumn}: </span>
                {lead.assigned_to ? (
                  <span className="font-semibold text-ink">{name(lead.assigned_to) ?? "…"}</span>
                ) : (
                  <span className="text-ink-soft">{assignmentCopy.nobody}</span>
                )}
              </p>
              <p className="flex flex-wrap items-center gap-2 text-sm lg:block">
                <span className="sr-only">{copy.columns.status}: </span>
                <span
                  className={cn(
                    "inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold",
                    statusBadgeClasses[lead.status],
                  )}
                >
                  {statusLabel(lead.status)}
                </span>
              </p>
              <p className="text-sm text-ink-muted">
                <span className="sr-only">{copy.columns.age}: </span>
                <time dateTime={lead.created_at} title={receivedAt(lead)}>
                  {ageOf(lead.created_at, now)}
                </time>
              </p>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
