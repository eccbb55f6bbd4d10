import { Button } from "../../../components/ui/Button";
import { leadsCopy } from "../../../content/leads";
import { cn } from "../../../lib/cn";
import type { LeadMessageRow } from "../../../lib/database";
import { formatLagosDateTime } from "../../../lib/lagos-time";
import { OUTBOX_BADGE } from "./outbox-badge";

const copy = leadsCopy.messages;

function statusText(message: LeadMessageRow): string {
  if (message.status === "delivered") return copy.sent(formatLagosDateTime(message.delivered_at ?? message.updated_at));
  if (message.status === "skipped")
    return `${copy.skipped}: ${copy.skipReasons[message.skip_reason ?? "not_configured"]}`;
  if (message.status === "failed") return copy.failed;
  return message.attempts > 0 && message.next_attempt_at
    ? copy.waitingRetry(formatLagosDateTime(message.next_attempt_at), message.attempts)
    : copy.waiting;
}

/** What the admin's Retry now can put back in the queue (retry_lead_message accepts the same). */
function retryable(message: LeadMessageRow): boolean {
  return message.status === "failed" || (message.status === "skipped" && message.skip_reason === "not_configured");
}

/**
 * One message: what it is, to whom, where it stands (in words, not only the badge's colour), the
 * provider's error while it is failing, what to configure when it was not sent for want of settings,
 * and Retry now when it failed or was not configured.
 */
export function LeadMessageItem({
  message,
  onRetry,
  retrying,
}: {
  message: LeadMessageRow;
  onRetry: (message: LeadMessageRow) => void;
  retrying: boolean;
}) {
  const kind = copy.kinds[message.kind];
  return (
    <li className="min-w-0 rounded-xl border border-slate-100 p-3" data-testid={`message-${message.kind}`}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="font-semibold text-ink">{kind}</span>
        <span className={cn("rounded-full px-2.5 py-0.5 text-xs font-semibold", OUTBOX_BADGE[message.status])}>
          {statusText(message)}
        </span>
      </div>
      <p className="mt-1 text-sm break-words text-ink-muted">
        {copy.channels[message.channel]}
        {message.recipient ? ` ${copy.to(message.recipient)}` : null}
      </p>
      {message.status === "skipped" && message.skip_reason === "not_configured" ? (
        <p className="mt-1 text-sm text-ink-muted">{copy.setting(copy.settings[message.kind])}</p>
      ) : null}
      {message.last_error && (message.status === "failed" || message.status === "waiting") ? (
        <p className="mt-2 text-sm break-words text-red-800">
          <span className="font-semibold">{copy.providerError}</span> {message.last_error}
        </p>
      ) : null}
      {retryable(message) ? (
        <Button
          size="sm"
          variant="outline"
          className="mt-2"
          aria-label={retrying ? undefined : copy.retryLabel(kind)}
          disabled={retrying}
          onClick={() => onRetry(message)}
        >
          {retrying ? copy.retrying : copy.retry}
        </Button>
      ) : null}
    </li>
  );
}
