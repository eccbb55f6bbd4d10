import type { Member } from "../member";
import { useId, useState } from "react";
import { Button } from "../../../components/ui/Button";
import { toast } from "../../../components/ui/toast-store";
import { roleCopy, TEAM_ROLES, teamPageCopy, type TeamRole } from "../../../content/team";
import { formatLongDate } from "../../../lib/format";
import { ConfirmDialog } from "../ConfirmDialog";
import type { TeamMember } from "../data/team";
import { errorMessage } from "../error-message";
import { useChangeRole, useHandOver } from "./queries";
import { RemoveMemberDialog } from "./RemoveMemberDialog";
import { nameOf } from "./team-format";

const copy = teamPageCopy.members;

/** Roles a member can be given here: ownership changes hands only by handing it over. */
/** The signed-in member, as far as the list needs: who they are and what their role may do. */
type Me = Pick<Member, "userId" | "can">;

const ASSIGNABLE = TEAM_ROLES.filter((role) => role !== "owner");

type Pending = { kind: "role"; member: TeamMember; role: TeamRole } | { kind: "owner"; member: TeamMember } | null;

/** One member: who, their role (a select when it may change), dates, and what the manager may do. */
function MemberRow({
  member,
  me,
  onChangeRole,
  onHandOver,
  onRemove,
}: {
  member: TeamMember;
  me: Me;
  onChangeRole: (role: TeamRole) => void;
  onHandOver: () => void;
  onRemove: () => void;
}) {
  const selectId = useId();
  const [role, setRole] = useState<TeamRole>(member.role);
  const isMe = member.userId === me.userId;
  const manages = me.can.manages_team;
  const mayChange = manages && !isMe && member.role !== "owner";
  const name = nameOf(member);
  return (
    <li className="flex flex-col gap-3 py-4 md:flex-row md:items-center md:gap-6">
      <div className="min-w-0 flex-1">
        <p className="font-semibold break-words text-ink">
          {name}
          {isMe ? <span className="ml-2 text-sm font-normal text-ink-muted">({copy.you})</span> : null}
        </p>
        {member.email && member.fullName ? <p className="text-sm break-all text-ink-muted">{member.email}</p> : null}
        <p className="mt-1 text-sm text-ink-muted">
          {copy.joined(formatLongDate(member.joinedAt))} ·{" "}
          {copy.lastSignIn(member.lastSignInAt ? formatLongDate(member.lastSignInAt) : null)}
        </p>
      </div>
      <div className="flex flex-wrap items-center gap-2">
        {mayChange ? (
          <>
            <label htmlFor={selectId} className="sr-only">
              {copy.roleLabel(name)}
            </label>
            <select
              id={selectId}
              value={role}
              onChange={(event) => setRole(event.target.value as TeamRole)}
              className="min-h-10 rounded-xl border border-slate-300 bg-white px-3 text-sm font-semibold text-ink focus-ring"
            >
              {ASSIGNABLE.map((option) => (
                <option key={option} value={option}>
                  {roleCopy[option].label}
                </option>
              ))}
            </select>
            <Button size="sm" variant="outline" disabled={role === member.role} onClick={() => onChangeRole(role)}>
              {copy.changeRole}
            </Button>
          </>
        ) : (
          <span className="rounded-full bg-brand-50 px-3 py-1 text-sm font-semibold text-brand-800">
            {roleCopy[member.role].label}
          </span>
        )}
        {me.can.hands_over_ownership && !isMe ? (
          <Button size="sm" variant="ghost" onClick={onHandOver}>
            {copy.handOver}
          </Button>
        ) : null}
        {mayChange ? (
          <Button size="sm" variant="danger" onClick={onRemove}>
            {copy.remove}
          </Button>
        ) : null}
      </div>
    </li>
  );
}

/** The members, with role changes and ownership's handover behind a confirmation, and removal. */
export function MemberList({ members, me }: { members: TeamMember[]; me: Me }) {
  const [pending, setPending] = useState<Pending>(null);
  const [removing, setRemoving] = useState<TeamMember | null>(null);
  const changeRole = useChangeRole();
  const handOver = useHandOver();
  const busy = changeRole.isPending || handOver.isPending;

  function confirm() {
    if (!pending) return;
    if (pending.kind === "role") {
      changeRole.mutate(
        { member: pending.member.userId, role: pending.role },
        {
          onSuccess: () => toast({ title: teamPageCopy.changeRole.done, variant: "success" }),
          onError: (error) =>
            toast({ title: teamPageCopy.changeRole.failed, description: errorMessage(error), variant: "error" }),
          onSettled: () => setPending(null),
        },
      );
    } else {
      handOver.mutate(pending.member.userId, {
        onSuccess: () => toast({ title: teamPageCopy.handOver.done, variant: "success" }),
        onError: (error) =>
          toast({ title: teamPageCopy.handOver.failed, description: errorMessage(error), variant: "error" }),
        onSettled: () => setPending(null),
      });
    }
  }

  const dialog =
    pending?.kind === "role"
      ? {
          title: teamPageCopy.changeRole.title(nameOf(pending.member), roleCopy[pending.role].label),
          description: teamPageCopy.changeRole.description(
            roleCopy[pending.role].label,
            roleCopy[pending.role].description,
          ),
          confirmLabel: teamPageCopy.changeRole.confirm,
          busyLabel: teamPageCopy.changeRole.busy,
        }
      : pending?.kind === "owner"
        ? {
            title: teamPageCopy.handOver.title(nameOf(pending.member)),
            description: teamPageCopy.handOver.description(nameOf(pending.member)),
            confirmLabel: teamPageCopy.handOver.confirm,
            busyLabel: teamPageCopy.handOver.busy,
          }
        : null;

  return (
    <>
      <ul className="divide-y divide-slate-100">
        {members.map((member) => (
          <MemberRow
            // A new key after a change resets the row's select to the saved role.
            key={`${member.userId}:${member.role}`}
            member={member}
            me={me}
            onChangeRole={(role) => setPending({ kind: "role", member, role })}
            onHandOver={() => setPending({ kind: "owner", member })}
            onRemove={() => setRemoving(member)}
          />
        ))}
      </ul>
      <ConfirmDialog
        open={dialog !== null}
        title={dialog?.title ?? ""}
        description={dialog?.description ?? ""}
        confirmLabel={dialog?.confirmLabel ?? ""}
        busyLabel={dialog?.busyLabel ?? ""}
        cancelLabel={teamPageCopy.cancel}
        busy={busy}
        onConfirm={confirm}
        onCancel={() => setPending(null)}
      />
      {removing ? <RemoveMemberDialog member={removing} members={members} onClose={() => setRemoving(null)} /> : null}
    </>
  );
}
