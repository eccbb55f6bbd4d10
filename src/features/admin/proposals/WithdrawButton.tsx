import { useState } from "react";
import { Button } from "../../../components/ui/Button";
import { toast } from "../../../components/ui/toast-store";
import { proposalsAdminCopy } from "../../../content/proposals-admin";
import { ConfirmDialog } from "../ConfirmDialog";
import { errorMessage } from "../error-message";
import { useWithdrawProposal } from "./queries";

const copy = proposalsAdminCopy.view;

/**
 * Withdraws a proposal sent and not yet answered, after a confirmation: its link then says it is no
 * longer available (withdraw_proposal; the database refuses any other state and any other role).
 */
export function WithdrawButton({ id }: { id: string }) {
  const [open, setOpen] = useState(false);
  const withdraw = useWithdrawProposal(id);
  return (
    <>
      <Button variant="outline" size="sm" disabled={withdraw.isPending} onClick={() => setOpen(true)}>
        {withdraw.isPending ? copy.withdrawing : copy.withdraw}
      </Button>
      <ConfirmDialog
        open={open}
        title={copy.withdrawTitle}
        description={copy.withdrawBody}
        confirmLabel={copy.withdrawConfirm}
        busyLabel={copy.withdrawing}
        cancelLabel={proposalsAdminCopy.editor.cancel}
        busy={withdraw.isPending}
        onConfirm={() =>
          withdraw.mutate(undefined, {
            onSettled: () => setOpen(false),
            onSuccess: () => toast({ title: copy.withdrawn, variant: "success" }),
            onError: (error) =>
              toast({ title: copy.withdrawFailed, description: errorMessage(error), variant: "error" }),
          })
        }
        onCancel={() => setOpen(false)}
      />
    </>
  );
}
