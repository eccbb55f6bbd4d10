import { cn } from "../../../lib/cn";
import type { CallStatus } from "../data/calls";
import { callStatusClasses, callStatusLabel } from "./call-format";

export function CallStatusBadge({ status, className }: { status: CallStatus; className?: string }) {
  return (
    <span
      className={cn("inline-block rounded-full px-2.5 py-0.5 text-xs font-bold", callStatusClasses[status], className)}
    >
      {callStatusLabel(status)}
    </span>
  );
}
