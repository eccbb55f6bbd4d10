import { proposalsAdminCopy } from "../../../content/proposals-admin";
import { ConfirmButton } from "../ConfirmButton";
import { useWithdrawProposal } from "./queries";

const copy = proposalsAdminCopy.view;

/**
 * Withdraws a proposal sent and not yet answered, after a confirmation: its link then says it is no
 * longer available (withdraw_proposal; the database refuses any other state and any other role).
 */
export function WithdrawButton({ id }: { id: string }) {
  const withdraw = useWithdrawProposal(id);
  return (
    <ConfirmButton
      label={copy.withdraw}
      busyLabel={copy.withdrawing}
      dialog={{ title: copy.withdrawTitle, description: copy.withdrawBody, confirmLabel: copy.withdrawConfirm }}
      cancelLabel={proposalsAdminCopy.editor.cancel}
      done={copy.withdrawn}
      failed={copy.withdrawFailed}
      action={() => withdraw.mutateAsync()}
    />
  );
}
