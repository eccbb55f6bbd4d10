import { conversionsCopy } from "../../../content/conversions";
import type { ConversionPlatform } from "../../../lib/database";
import { ConversionEventItem } from "./ConversionEventItem";
import { useConversionEvents, useRetryConversion } from "./queries";

const copy = conversionsCopy.lead;
const PLATFORMS: ConversionPlatform[] = ["meta", "google"];

/**
 * A lead's conversion events per platform: delivered (when, the platform's answer), waiting, skipped
 * and why, failed (the error, Retry now). When the admin moves the lead to qualified or won, the
 * database queues the second events and the status change asks the server to send them at once
 * (useLeadStatusMutation); the events are read again with every other query of the lead.
 */
export function LeadConversions({ leadId }: { leadId: string }) {
  const { query, restartPolling } = useConversionEvents(leadId);
  const retry = useRetryConversion(leadId, restartPolling);
  const retrying = retry.isPending ? retry.variables.id : null;

  return (
    <section
      aria-labelledby="lead-conversions"
      className="rounded-card border border-slate-100 bg-white p-5 shadow-soft"
    >
      <h2 id="lead-conversions" className="font-bold text-ink">
        {copy.heading}
      </h2>
      <p className="mt-1 text-sm text-ink-muted">{copy.intro}</p>
      {query.isError ? (
        <p role="alert" className="mt-3 text-sm text-red-700">
          {copy.error}
        </p>
      ) : query.data === undefined ? (
        <p role="status" className="mt-3 text-sm text-ink-muted">
          {copy.loading}
        </p>
      ) : query.data.length === 0 ? (
        <p className="mt-3 text-sm text-ink-muted">{copy.none}</p>
      ) : (
        <div className="mt-4 grid gap-5 md:grid-cols-2">
          {PLATFORMS.map((platform) => (
            <div key={platform} className="min-w-0">
              <h3 className="text-sm font-bold uppercase tracking-wide text-ink-muted">{copy.platforms[platform]}</h3>
              <ul className="mt-2 space-y-2">
                {query.data
                  .filter((event) => event.platform === platform)
                  .map((event) => (
                    <ConversionEventItem
                      key={event.id}
                      event={event}
                      onRetry={(chosen) => retry.mutate(chosen)}
                      retrying={retrying === event.id}
                    />
                  ))}
              </ul>
            </div>
          ))}
        </div>
      )}
    </section>
  );
}
