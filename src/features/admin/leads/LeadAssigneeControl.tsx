import { useId } from "react";
import { SelectField } from "../../../components/ui/Field";
import { assignmentCopy } from "../../../content/assignment";
import { LEAD_ROLES } from "../data/team";
import { useTeamNames } from "../people/queries";
import { useLeadAssigneeMutation } from "./queries";

const copy = assignmentCopy;
const NOBODY = "";

/**
 * Who follows the lead up: a member who may work leads (Owner, Administrators, Sales) or nobody,
 * changed in place like the status. Someone no longer on the team stays shown as the current choice
 * until the lead is given to someone else.
 */
export function LeadAssigneeControl({ leadId, assignee }: { leadId: string; assignee: string | null }) {
  const id = useId();
  const team = useTeamNames();
  const change = useLeadAssigneeMutation(leadId);
  const members = (team.query.data ?? []).filter((member) => LEAD_ROLES.includes(member.role));
  const listed = assignee === null || members.some((member) => member.userId === assignee);
  return (
    <SelectField
      id={id}
      label={copy.assigneeLabel}
      className="min-w-48"
      error={team.query.isError ? copy.teamFailed : undefined}
      value={assignee ?? NOBODY}
      disabled={change.isPending || !team.query.data}
      onValueChange={(value) => change.mutate(value === NOBODY ? null : value)}
    >
      <option value={NOBODY}>{copy.nobody}</option>
      {!listed ? <option value={assignee}>{team.name(assignee) ?? "…"}</option> : null}
      {members.map((member) => (
        <option key={member.userId} value={member.userId}>
          {team.name(member.userId)}
        </option>
      ))}
    </SelectField>
  );
}
