import { useCallback, useEffect, useRef, useState } from "react";
import { Button } from "../../../components/ui/Button";
import { toast } from "../../../components/ui/toast-store";
import { conversionsCopy } from "../../../content/conversions";
import { cn } from "../../../lib/cn";
import { listConversionEvents, requestDispatch, retryConversionEvent } from "../data/conversions";
import type { ConversionEventRow, ConversionPlatform, LeadStatus } from "../../../lib/database.types";
import { formatLagosDateTime } from "../../../lib/lagos-time";
import { getSupabase } from "../../../lib/supabase";

const copy = conversionsCopy.lead;
const PLATFORMS: ConversionPlatform[] = ["meta", "google"];
const POLL_MS = 2_000;
const MAX_POLLS = 10;

type State = { status: "loading" } | { status: "error" } | { status: "ready"; events: ConversionEventRow[] };

const badge = {
  delivered: "bg-emerald-50 text-emerald-800",
  waiting: "bg-amber-50 text-amber-900",
  skipped: "bg-slate-100 text-slate-700",
  failed: "bg-red-50 text-red-800",
} as const;

function statusText(event: ConversionEventRow): string {
  if (event.status === "delivered") return copy.delivered(formatLagosDateTime(event.delivered_at ?? event.updated_at));
  if (event.status === "skipped") return `${copy.skipped}: ${copy.skipReasons[event.skip_reason ?? "not_configured"]}`;
  if (event.status === "failed") return copy.failed;
  return event.attempts > 0 && event.next_attempt_at ? copy.waitingRetry(formatLagosDateTime(event.next_attempt_at), event.attempts) : copy.waiting;
}

function EventItem({ event, onRetry, retrying }: { event: ConversionEventRow; onRetry: (event: ConversionEventRow) => void; retrying: boolean }) {
  return (
    <li className="min-w-0 rounded-xl border border-slate-100 p-3" data-testid={`conversion-${event.platform}-${event.event}`}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="font-semibold text-ink">{copy.events[event.event]}</span>
        <span className={cn("rounded-full px-2.5 py-0.5 text-xs font-semibold", badge[event.status])}>{statusText(event)}</span>
      </div>
      {event.value !== null && event.currency ? <p className="mt-1 text-sm text-ink-muted">{copy.value(Number(event.value), event.currency)}</p> : null}
      {event.last_error && event.status !== "delivered" ? <p className="mt-2 text-sm break-words text-red-800">{event.last_error}</p> : null}
      {event.response ? (
        <details className="mt-2 text-sm">
          <summary className="cursor-pointer font-semibold text-brand-700">{copy.answer}</summary>
          <pre tabIndex={0} className="mt-1 overflow-x-auto rounded-lg bg-slate-50 p-2 text-xs text-ink">{JSON.stringify(event.response, null, 2)}</pre>
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

/**
 * A lead's conversion events per platform: delivered (when, the platform's answer), waiting, skipped
 * and why, failed (the error, Retry now). When the admin moves the lead to qualified or won, the
 * database queues the second events and this asks the server to send them at once.
 */
export function LeadConversions({ leadId, status, updatedAt }: { leadId: string; status: LeadStatus; updatedAt: string }) {
  const [state, setState] = useState<State>({ status: "loading" });
  const [retrying, setRetrying] = useState<number | null>(null);
  // The lead's updated_at changes once a status change is saved (not when it is only shown).
  const savedAt = useRef(updatedAt);
  const polls = useRef(0);

  const load = useCallback(async () => {
    try {
      const client = await getSupabase();
      setState({ status: "ready", events: await listConversionEvents(client, leadId) });
    } catch (error) {
      console.error("Could not load the conversion events", error);
      setState({ status: "error" });
    }
  }, [leadId]);

  useEffect(() => {
    setState({ status: "loading" });
    void load();
  }, [load]);

  useEffect(() => {
    if (savedAt.current === updatedAt) return;
    savedAt.current = updatedAt;
    polls.current = 0;
    void (async () => {
      if (status === "qualified" || status === "won") await requestDispatch(await getSupabase(), leadId);
      await load();
    })();
  }, [updatedAt, status, leadId, load]);

  // Events of a lead just stored or just changed are being sent as the page opens: look again a few
  // times while any is waiting for its first attempt.
  const sending = state.status === "ready" && state.events.some((event) => event.status === "waiting" && event.attempts === 0);
  useEffect(() => {
    if (!sending || polls.current >= MAX_POLLS) return;
    const timer = setTimeout(() => {
      polls.current += 1;
      void load();
    }, POLL_MS);
    return () => clearTimeout(timer);
  }, [sending, state, load]);

  async function retry(event: ConversionEventRow) {
    setRetrying(event.id);
    polls.current = 0;
    try {
      const client = await getSupabase();
      if (await retryConversionEvent(client, event.id)) await requestDispatch(client, leadId);
      await load();
      toast({ title: copy.retried, description: `${copy.platforms[event.platform]} · ${copy.events[event.event]}`, variant: "success" });
    } catch (error) {
      toast({ title: copy.retryFailed, description: error instanceof Error ? error.message : String(error), variant: "error" });
    } finally {
      setRetrying(null);
    }
  }

  return (
    <section aria-labelledby="lead-conversions" className="rounded-card border border-slate-100 bg-white p-5 shadow-soft">
      <h2 id="lead-conversions" className="font-bold text-ink">
        {copy.heading}
      </h2>
      <p className="mt-1 text-sm text-ink-muted">{copy.intro}</p>
      {state.status === "loading" ? (
        <p role="status" className="mt-3 text-sm text-ink-muted">
          {copy.loading}
        </p>
      ) : state.status === "error" ? (
        <p role="alert" className="mt-3 text-sm text-red-700">
          {copy.error}
        </p>
      ) : state.events.length === 0 ? (
        <p className="mt-3 text-sm text-ink-muted">{copy.none}</p>
      ) : (
        <div className="mt-4 grid gap-5 md:grid-cols-2">
          {PLATFORMS.map((platform) => (
            <div key={platform} className="min-w-0">
              <h3 className="text-sm font-bold uppercase tracking-wide text-ink-muted">{copy.platforms[platform]}</h3>
              <ul className="mt-2 space-y-2">
                {state.events
                  .filter((event) => event.platform === platform)
                  .map((event) => (
                    <EventItem key={event.id} event={event} onRetry={retry} retrying={retrying === event.id} />
                  ))}
              </ul>
            </div>
          ))}
        </div>
      )}
    </section>
  );
}
