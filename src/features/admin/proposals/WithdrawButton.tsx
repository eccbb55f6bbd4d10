import { proposalsAdminCopy } from "../../../content/proposals-admin";
import { ConfirmButton } from "../ConfirmButton";
import { useWithdrawProposal } from "./queries";

/**
 * Withdraws a proposal sent and not yet answered, after a confirmation: its link then says it is no
 * longer available (withdraw_proposal; the database refuses any other state and any other role).
 */
export function WithdrawButton({ id }: { id: string }) {
  const withdraw = useWithdrawProposal(id);
  return <ConfirmButton words={proposalsAdminCopy.view.withdraw} action={() => withdraw.mutateAsync()} />;
}
