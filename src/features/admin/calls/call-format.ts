import { callsAdminCopy } from "../../../content/calls-admin";
import type { CallListItem, CallStatus } from "../data/calls";

export const callStatusClasses: Record<CallStatus, string> = {
  booked: "bg-brand-100 text-brand-900",
  completed: "bg-emerald-100 text-emerald-900",
  no_show: "bg-amber-100 text-amber-900",
  cancelled: "bg-slate-200 text-slate-800",
  expired: "bg-slate-200 text-slate-800",
};

export function callStatusLabel(status: CallStatus): string {
  return callsAdminCopy.statuses[status];
}

/** Whom the call is for: the lead's name, or a word saying the lead is gone. */
export function callName(call: Pick<CallListItem, "lead">): string {
  return call.lead?.full_name ?? callsAdminCopy.list.unknownLead;
}
