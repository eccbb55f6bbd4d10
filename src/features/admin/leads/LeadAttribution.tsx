import { leadsCopy } from "../../../content/leads";
import { cn } from "../../../lib/cn";
import type { Touch } from "../../../lib/database";
import { formatLagosDateTime } from "../../../lib/lagos-time";
import type { Lead } from "../data/leads";
import { statusBadgeClasses } from "./lead-format";
import { LeadPanel } from "./LeadPanel";

const copy = leadsCopy.detail;

function TouchList({ title, touch }: { title: string; touch: Touch | null }) {
  const entries = touch ? (Object.keys(leadsCopy.touchLabels) as (keyof Touch)[]).filter((key) => touch[key]) : [];
  return (
    <div>
      <h3 className="text-sm font-bold uppercase tracking-wide text-ink-muted">{title}</h3>
      {entries.length === 0 ? (
        <p className="mt-2 text-sm text-ink-muted">{copy.noTouch}</p>
      ) : (
        <dl className="mt-2 space-y-2 text-sm">
          {entries.map((key) => (
            <div key={key}>
              <dt className="text-ink-muted">{leadsCopy.touchLabels[key]}</dt>
              {/* Shown as text, never as a link: these values come from the visitor's browser. */}
              <dd className="font-medium text-ink break-all">
                {key === "at" ? formatLagosDateTime(touch![key]!) : touch![key]}
              </dd>
            </div>
          ))}
        </dl>
      )}
    </div>
  );
}

/** Where the visitor came from (first and latest touch) and whether the lead reached the webhook. */
export function LeadAttribution({ lead }: { lead: Lead }) {
  return (
    <LeadPanel
      id="lead-attribution"
      title={copy.attribution}
      className="space-y-5"
      subtitle={
        <p className="mt-1 text-sm">
          <span className={cn("inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold", statusBadgeClasses.new)}>
            {lead.source}
          </span>
          {lead.campaign ? <span className="ml-2 text-ink-muted">{lead.campaign}</span> : null}
        </p>
      }
    >
      <TouchList title={copy.firstTouch} touch={lead.first_touch} />
      <TouchList title={copy.latestTouch} touch={lead.latest_touch} />
      <div>
        <h3 className="text-sm font-bold uppercase tracking-wide text-ink-muted">{copy.webhook}</h3>
        <p className="mt-2 text-sm text-ink">
          {lead.forwarded_at
            ? copy.forwarded(formatLagosDateTime(lead.forwarded_at))
            : lead.forward_error
              ? copy.notForwarded(lead.forward_error)
              : lead.forward_pending
                ? copy.forwarding
                : copy.notConfigured}
        </p>
      </div>
    </LeadPanel>
  );
}
