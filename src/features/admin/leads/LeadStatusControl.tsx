import { useId } from "react";
import { Field } from "../../../components/ui/Field";
import { leadsCopy } from "../../../content/leads";
import { cn } from "../../../lib/cn";
import type { LeadStatus } from "../../../lib/database";
import { LEAD_STATUSES } from "../data/leads";
import { statusBadgeClasses, statusLabel } from "./lead-format";
import { useLeadStatusMutation } from "./queries";

/**
 * The lead's status, changed in place: the new one shows at once, and goes back (with the server's
 * reason in a toast) if it cannot be saved. Disabled until the change and the history are saved.
 */
export function LeadStatusControl({ leadId, status }: { leadId: string; status: LeadStatus }) {
  const id = useId();
  const change = useLeadStatusMutation(leadId);
  return (
    <Field id={id} label={leadsCopy.detail.statusLabel}>
      {(control) => (
        <select
          {...control}
          // Coloured like the status's badge, so not the field's usual white control.
          className={cn(
            "mt-1 rounded-xl border border-slate-300 px-3 py-2.5 font-semibold focus-ring",
            statusBadgeClasses[status],
          )}
          value={status}
          disabled={change.isPending}
          onChange={(event) => change.mutate(event.target.value as LeadStatus)}
        >
          {LEAD_STATUSES.map((option) => (
            <option key={option} value={option}>
              {statusLabel(option)}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}
