import { Button } from "../../../components/ui/Button";
import { toast } from "../../../components/ui/toast-store";
import { roleCopy, teamPageCopy } from "../../../content/team";
import { formatLongDate } from "../../../lib/format";
import { useConfirmation } from "../confirmation";
import { ConfirmDialog } from "../ConfirmDialog";
import type { TeamInvite } from "../data/team";
import { errorMessage } from "../error-message";
import { useResendInvite, useWithdrawInvite } from "./queries";

const copy = teamPageCopy.invites;

/** The open invitations: address, role, when sent and until when the link works; Resend and Withdraw. */
export function InviteList({ invites, now }: { invites: TeamInvite[]; now: Date }) {
  const resend = useResendInvite();
  const withdraw = useWithdrawInvite();
  const withdrawing = useConfirmation(
    (invite: TeamInvite) =>
      withdraw.mutateAsync(invite.id).then(
        () => toast({ title: copy.withdrawn, variant: "success" }),
        (error: unknown) => toast({ title: copy.failed, description: errorMessage(error), variant: "error" }),
      ),
    "Withdrawing an invitation",
  );

  function send(invite: TeamInvite) {
    resend.mutate(invite.id, {
      onSuccess: (message) => toast({ title: message, variant: "success" }),
      onError: (error) => toast({ title: copy.failed, description: errorMessage(error), variant: "error" }),
    });
  }

  return (
    <>
      <ul className="divide-y divide-slate-100">
        {invites.map((invite) => {
          const expired = Date.parse(invite.expiresAt) <= now.getTime();
          const sending = resend.isPending && resend.variables === invite.id;
          return (
            <li key={invite.id} className="flex flex-col gap-3 py-4 md:flex-row md:items-center md:gap-6">
              <div className="min-w-0 flex-1">
                <p className="font-semibold break-all text-ink">{invite.email}</p>
                <p className="mt-1 text-sm text-ink-muted">
                  {roleCopy[invite.role].label} · {copy.sent(formatLongDate(invite.createdAt))} ·{" "}
                  <span className={expired ? "font-semibold text-red-700" : undefined}>
                    {expired
                      ? copy.expired(formatLongDate(invite.expiresAt))
                      : copy.expires(formatLongDate(invite.expiresAt))}
                  </span>
                </p>
              </div>
              <div className="flex flex-wrap gap-2">
                <Button size="sm" variant="outline" disabled={resend.isPending} onClick={() => send(invite)}>
                  {sending ? copy.resending : copy.resend}
                </Button>
                <Button size="sm" variant="ghost" onClick={() => withdrawing.ask(invite)}>
                  {copy.withdraw}
                </Button>
              </div>
            </li>
          );
        })}
      </ul>
      <ConfirmDialog
        {...withdrawing.dialog}
        title={withdrawing.subject ? copy.withdrawTitle(withdrawing.subject.email) : ""}
        description={copy.withdrawDescription}
        confirmLabel={copy.withdraw}
        busyLabel={copy.withdrawBusy}
        cancelLabel={teamPageCopy.cancel}
      />
    </>
  );
}
