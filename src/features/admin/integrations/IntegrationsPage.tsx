import { AlertTriangle } from "lucide-react";
import type { ReactNode } from "react";
import { integrationsCopy as copy } from "../../../content/integrations";
import { cn } from "../../../lib/cn";
import { AdminScreenHeader } from "../AdminPageHeader";
import { lagosMoment } from "../calls/call-time";
import type { IntegrationStatus } from "../data/integrations";
import { AdminDataView, EmptyState } from "../DataStates";
import { useIntegrations } from "./queries";

const INTEGRATIONS_PATH = "/admin/integrations";

type State = keyof typeof copy.status;

/** What the badge says: a refused credential first, then not configured, failing, working. */
function stateOf(row: IntegrationStatus): State {
  if (row.needsReconnect) return "needsReconnect";
  if (row.configuredSeenAt && !row.configured) return "notConfigured";
  if (row.lastFailureAt && (!row.lastSuccessAt || row.lastFailureAt > row.lastSuccessAt)) return "failing";
  if (row.lastSuccessAt) return "working";
  return "unknown";
}

const STATE_CLASSES: Record<State, string> = {
  needsReconnect: "bg-red-100 text-red-800",
  failing: "bg-amber-100 text-amber-900",
  working: "bg-emerald-100 text-emerald-800",
  notConfigured: "bg-slate-100 text-slate-700",
  unknown: "bg-slate-100 text-slate-700",
};

const moment = (iso: string | null) => (iso ? lagosMoment(new Date(iso)) : copy.never);

function Fact({ label, wide = false, children }: { label: string; wide?: boolean; children: ReactNode }) {
  return (
    <div className={cn("min-w-0", wide && "col-span-2")}>
      <dt className="text-xs font-semibold uppercase tracking-wide text-ink-muted">{label}</dt>
      <dd className="mt-0.5 break-words text-sm text-ink">{children}</dd>
    </div>
  );
}

function ServiceCard({ row }: { row: IntegrationStatus }) {
  const service = copy.services[row.service];
  const state = stateOf(row);
  const id = `integration-${row.service}`;
  const hint =
    row.service === "google_calendar" || row.service === "google_ads"
      ? copy.reconnectHint[row.service]
      : copy.reconnectHint.other;
  return (
    <li
      aria-labelledby={id}
      className="flex flex-col gap-4 rounded-card border border-slate-100 bg-white p-5 shadow-soft sm:p-6"
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h2 id={id} className="text-lg font-bold text-ink">
            {service.name}
          </h2>
          <p className="text-sm text-ink-muted">{service.does}</p>
        </div>
        <span className={cn("inline-block rounded-full px-2.5 py-0.5 text-xs font-bold", STATE_CLASSES[state])}>
          {copy.status[state]}
        </span>
      </div>
      {row.needsReconnect ? (
        <div role="note" className="flex gap-2 rounded-xl border border-red-200 bg-red-50 p-3 text-sm text-red-800">
          <AlertTriangle aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0" />
          <div className="min-w-0 space-y-1">
            <p>{hint}</p>
            {row.reconnectNotifiedAt ? <p>{copy.ownerNotified(moment(row.reconnectNotifiedAt))}</p> : null}
          </div>
        </div>
      ) : null}
      <dl className="grid grid-cols-2 gap-3">
        <Fact label={copy.settingsLabel}>
          {row.configuredSeenAt ? (row.configured ? copy.configured : copy.notConfigured) : copy.configuredUnknown}
        </Fact>
        <Fact label={copy.outboxLabel}>{copy.outbox(row.waiting, row.failed)}</Fact>
        <Fact label={copy.lastSuccess}>{moment(row.lastSuccessAt)}</Fact>
        <Fact label={copy.lastFailure} wide={Boolean(row.lastFailureAt && row.lastFailureMessage)}>
          {moment(row.lastFailureAt)}
          {row.lastFailureAt && row.lastFailureMessage ? (
            <span className="mt-1 block text-ink-muted">{row.lastFailureMessage}</span>
          ) : null}
        </Fact>
      </dl>
      {row.recentFailures.length > 0 ? (
        <div>
          <h3 className="text-xs font-semibold uppercase tracking-wide text-ink-muted">{copy.recentFailures}</h3>
          <ul className="mt-1 space-y-1 text-sm">
            {row.recentFailures.map((failure, index) => (
              <li key={`${failure.at}-${index}`} className="break-words">
                <span className="text-ink-muted">{moment(failure.at)}: </span>
                {failure.error}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </li>
  );
}

/**
 * /admin/integrations (Owner and Administrators; the database refuses anyone else): every outside
 * service the site talks to, whether the server is configured for it, its last success and
 * failure, a credential refused as invalid ("needs reconnecting"), and its outbox rows waiting or
 * failed with the latest errors.
 */
export function IntegrationsPage() {
  const integrations = useIntegrations();
  return (
    <div className="mx-auto max-w-6xl space-y-6">
      <AdminScreenHeader path={INTEGRATIONS_PATH} copy={copy} />
      <AdminDataView
        query={integrations}
        loading={copy.loading}
        error={copy.loadError}
        isEmpty={(rows) => rows.length === 0}
        empty={<EmptyState message={copy.empty} />}
      >
        {(rows) => (
          <ul aria-label={copy.heading} className="grid grid-cols-1 items-start gap-4 lg:grid-cols-2">
            {rows.map((row) => (
              <ServiceCard key={row.service} row={row} />
            ))}
          </ul>
        )}
      </AdminDataView>
    </div>
  );
}
