import { Button } from "../../../components/ui/Button";
import { conversionsCopy } from "../../../content/conversions";
import { cn } from "../../../lib/cn";
import type { ConversionEventRow } from "../../../lib/database";
import { formatLagosDateTime } from "../../../lib/lagos-time";
import { OUTBOX_BADGE } from "./outbox-badge";

const copy = conversionsCopy.lead;

function statusText(event: ConversionEventRow): string {
  if (event.status === "delivered") return copy.delivered(formatLagosDateTime(event.delivered_at ?? event.updated_at));
  if (event.status === "skipped") return `${copy.skipped}: ${copy.skipReasons[event.skip_reason ?? "not_configured"]}`;
  if (event.status === "failed") return copy.failed;
  return event.attempts > 0 && event.next_attempt_at
    ? copy.waitingRetry(formatLagosDateTime(event.next_attempt_at), event.attempts)
    : copy.waiting;
}

/** One conversion event: what it is, where it stands, the platform's answer, and Retry now once it failed. */
export function ConversionEventItem({
  event,
  onRetry,
  retrying,
}: {
  event: ConversionEventRow;
  onRetry: (event: ConversionEventRow) => void;
  retrying: boolean;
}) {
  return (
    <li
      className="min-w-0 rounded-xl border border-slate-100 p-3"
      data-testid={`conversion-${event.platform}-${event.event}`}
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="font-semibold text-ink">{copy.events[event.event]}</span>
        <span className={cn("rounded-full px-2.5 py-0.5 text-xs font-semibold", OUTBOX_BADGE[event.status])}>
          {statusText(event)}
        </span>
      </div>
      {event.value !== null && event.currency ? (
        <p className="mt-1 text-sm text-ink-muted">{copy.value(Number(event.value), event.currency)}</p>
      ) : null}
      {event.last_error && event.status !== "delivered" ? (
        <p className="mt-2 text-sm break-words text-red-800">{event.last_error}</p>
      ) : null}
      {event.response ? (
        <details className="mt-2 text-sm">
          <summary className="cursor-pointer font-semibold text-brand-700">{copy.answer}</summary>
          <pre tabIndex={0} className="mt-1 overflow-x-auto rounded-lg bg-slate-50 p-2 text-xs text-ink">
            {JSON.stringify(event.response, null, 2)}
          </pre>
        </details>
      ) : null}
      {event.status === "failed" ? (
        <Button size="sm" variant="outline" className="mt-2" disabled={retrying} onClick={() => onRetry(event)}>
          {retrying ? copy.retrying : copy.retry}
        </Button>
      ) : null}
    </li>
  );
}
