import { cn } from "../../../lib/cn";
import type { ProposalStatus } from "../data/proposals";
import { proposalStatusClasses, proposalStatusLabel } from "./proposal-format";

export function ProposalStatusBadge({ status, className }: { status: ProposalStatus; className?: string }) {
  return (
    <span
      className={cn(
        "inline-block rounded-full px-2.5 py-0.5 text-xs font-bold",
        proposalStatusClasses[status],
        className,
      )}
    >
      {proposalStatusLabel(status)}
    </span>
  );
}
