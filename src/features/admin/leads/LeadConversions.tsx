import { conversionsCopy } from "../../../content/conversions";
import type { ConversionPlatform } from "../../../lib/database";
import { ConversionEventItem } from "./ConversionEventItem";
import { LeadOutboxPanel } from "./LeadOutboxPanel";
import { useConversionEvents } from "./queries";

const copy = conversionsCopy.lead;
const PLATFORMS: ConversionPlatform[] = ["meta", "google"];

/**
 * A lead's conversion events per platform: delivered (when, the platform's answer), waiting, skipped
 * and why, failed (the error, Retry now). When the admin moves the lead to qualified or won, the
 * database queues the second events and the status change asks the server to send them at once
 * (useLeadStatusMutation); the events are read again with every other query of the lead.
 */
export function LeadConversions({ leadId }: { leadId: string }) {
  const { query, retry, retrying } = useConversionEvents(leadId);

  return (
    <LeadOutboxPanel id="lead-conversions" copy={copy} query={query}>
      {(events) => (
        <div className="mt-4 grid gap-5 md:grid-cols-2">
          {PLATFORMS.map((platform) => (
            <div key={platform} className="min-w-0">
              <h3 className="text-sm font-bold uppercase tracking-wide text-ink-muted">{copy.platforms[platform]}</h3>
              <ul className="mt-2 space-y-2">
                {events
                  .filter((event) => event.platform === platform)
                  .map((event) => (
                    <ConversionEventItem
                      key={event.id}
                      event={event}
                      onRetry={retry}
                      retrying={retrying === event.id}
                    />
                  ))}
              </ul>
            </div>
          ))}
        </div>
      )}
    </LeadOutboxPanel>
  );
}
