import { proposalsAdminCopy } from "../../../content/proposals-admin";
import type { ProposalStatus } from "../data/proposals";

/** Each state's badge: the open ones in the brand's colours, money in green, the ends in grey or red. */
export const proposalStatusClasses: Record<ProposalStatus, string> = {
  draft: "bg-slate-100 text-slate-800",
  sent: "bg-brand-100 text-brand-900",
  viewed: "bg-sky-100 text-sky-900",
  accepted: "bg-amber-100 text-amber-900",
  paid_in_part: "bg-emerald-50 text-emerald-900",
  paid: "bg-emerald-100 text-emerald-900",
  declined: "bg-red-100 text-red-900",
  expired: "bg-slate-200 text-slate-800",
  withdrawn: "bg-slate-200 text-slate-800",
};

export function proposalStatusLabel(status: ProposalStatus): string {
  return proposalsAdminCopy.statuses[status];
}

/** "P-0001". */
export const proposalNumber = proposalsAdminCopy.number;
