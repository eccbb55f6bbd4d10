import { CheckCircle2, UserX, XCircle } from "lucide-react";
import { Button } from "../../../components/ui/Button";
import { callsAdminCopy } from "../../../content/calls-admin";
import type { CallListItem } from "../data/calls";
import { callName } from "./call-format";

const copy = callsAdminCopy.list;

/**
 * What can be done to a booked call: once it has started, mark it completed or a no-show; until it
 * is over, cancel it (with a note, in the page's dialog). Nothing for a call already marked or cancelled.
 */
export function CallActions({
  call,
  now,
  busy,
  onMark,
  onCancel,
  compact = false,
}: {
  call: CallListItem;
  /** In the week view's narrow columns: full-width buttons without icons. */
  compact?: boolean;
  now: Date;
  busy: boolean;
  onMark: (call: CallListItem, status: "completed" | "no_show") => void;
  onCancel: (call: CallListItem) => void;
}) {
  if (call.status !== "booked") return null;
  const started = new Date(call.starts_at) <= now;
  const over = new Date(call.ends_at) <= now;
  const size = compact ? "w-full" : undefined;
  const icon = compact ? "hidden" : "h-4 w-4";
  // The short word is shown and read, followed by what makes it clear to a screen reader.
  const label = (full: string, [shown, added]: readonly [string, string]) =>
    compact ? (
      <>
        {shown}
        {added ? <span className="sr-only">{added}</span> : null}
      </>
    ) : (
      full
    );
  return (
    <div role="group" aria-label={copy.actionsFor(callName(call))} className="flex flex-wrap gap-2">
      {started ? (
        <>
          <Button
            size="sm"
            variant="outline"
            className={size}
            disabled={busy}
            onClick={() => onMark(call, "completed")}
          >
            <CheckCircle2 aria-hidden="true" className={icon} />
            {label(copy.markCompleted, copy.short.completed)}
          </Button>
          <Button size="sm" variant="outline" className={size} disabled={busy} onClick={() => onMark(call, "no_show")}>
            <UserX aria-hidden="true" className={icon} />
            {label(copy.markNoShow, copy.short.noShow)}
          </Button>
        </>
      ) : null}
      {over ? null : (
        <Button size="sm" variant="outline" className={size} disabled={busy} onClick={() => onCancel(call)}>
          <XCircle aria-hidden="true" className={icon} />
          {label(copy.cancel, copy.short.cancel)}
        </Button>
      )}
    </div>
  );
}
