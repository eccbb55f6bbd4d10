import { useId, useState } from "react";
import { toast } from "../../../components/ui/toast-store";
import { roleCopy, teamPageCopy } from "../../../content/team";
import { ConfirmDialog } from "../ConfirmDialog";
import { WRITING_ROLES, type TeamMember } from "../data/team";
import { errorMessage } from "../error-message";
import { usePostCount, useRemoveMember } from "./queries";
import { nameOf } from "./team-format";

const copy = teamPageCopy.remove;

/**
 * Removing a member: names them, counts their posts, and asks which member who writes posts
 * receives them. The database refuses a removal whose posts would have no heir; this only asks first.
 */
export function RemoveMemberDialog({
  member,
  members,
  onClose,
}: {
  member: TeamMember;
  members: TeamMember[];
  onClose: () => void;
}) {
  const selectId = useId();
  const posts = usePostCount(member.userId);
  const remove = useRemoveMember();
  const heirs = members.filter((other) => other.userId !== member.userId && WRITING_ROLES.includes(other.role));
  const [heir, setHeir] = useState(heirs[0]?.userId ?? "");
  const [problem, setProblem] = useState("");
  const count = posts.data ?? 0;
  const needsHeir = count > 0;

  function confirm() {
    setProblem("");
    if (posts.isPending || posts.isError) return;
    if (needsHeir && !heir) {
      setProblem(copy.noHeir);
      return;
    }
    remove.mutate(
      { member: member.userId, heir: needsHeir ? heir : null },
      {
        onSuccess: (message) => {
          toast({ title: message, variant: "success" });
          onClose();
        },
        onError: (error) => setProblem(`${copy.failed}: ${errorMessage(error)}`),
      },
    );
  }

  return (
    <ConfirmDialog
      open
      title={copy.title(nameOf(member))}
      description={copy.description(nameOf(member))}
      confirmLabel={copy.confirm}
      busyLabel={copy.busy}
      cancelLabel={teamPageCopy.cancel}
      busy={remove.isPending}
      onConfirm={confirm}
      onCancel={onClose}
    >
      <div className="space-y-3 text-sm">
        {posts.isPending ? <p role="status">{copy.counting}</p> : null}
        {posts.isError ? <p role="alert">{copy.countFailed}</p> : null}
        {posts.data === 0 ? <p>{copy.noPosts}</p> : null}
        {needsHeir ? (
          <>
            <p className="font-semibold text-ink">{copy.postsMove(count)}</p>
            {heirs.length ? (
              <div>
                <label htmlFor={selectId} className="block font-semibold text-ink">
                  {copy.heirLabel}
                </label>
                <select
                  id={selectId}
                  value={heir}
                  onChange={(event) => setHeir(event.target.value)}
                  aria-describedby={`${selectId}-hint`}
                  className="mt-1 block min-h-10 w-full rounded-xl border border-slate-300 bg-white px-3 text-ink focus-ring"
                >
                  {heirs.map((other) => (
                    <option key={other.userId} value={other.userId}>
                      {`${nameOf(other)} (${roleCopy[other.role].label})`}
                    </option>
                  ))}
                </select>
                <p id={`${selectId}-hint`} className="mt-1 text-ink-muted">
                  {copy.heirHint}
                </p>
              </div>
            ) : (
              <p>{copy.noHeir}</p>
            )}
          </>
        ) : null}
        {problem ? (
          <p role="alert" className="font-medium text-red-700">
            {problem}
          </p>
        ) : null}
      </div>
    </ConfirmDialog>
  );
}
