import type { ReactNode } from "react";
import { AdminDataView, type AdminQuery } from "../DataStates";
import { LeadPanel } from "./LeadPanel";

/** What an outbox panel says: its heading, the line under it, and its loading, error and empty states. */
interface OutboxCopy {
  heading: string;
  intro: string;
  loading: string;
  error: string;
  none: string;
}

/** One of the lead page's outbox lists (ad conversions, messages) in its panel, with the shared data states. */
export function LeadOutboxPanel<Row>({
  id,
  copy,
  query,
  children,
}: {
  id: string;
  copy: OutboxCopy;
  query: AdminQuery<Row[]>;
  children: (rows: Row[]) => ReactNode;
}) {
  return (
    <LeadPanel id={id} title={copy.heading} subtitle={<p className="mt-1 text-sm text-ink-muted">{copy.intro}</p>}>
      <AdminDataView
        query={query}
        loading={copy.loading}
        error={copy.error}
        isEmpty={(rows) => rows.length === 0}
        empty={<p className="mt-3 text-sm text-ink-muted">{copy.none}</p>}
        className="mt-3"
      >
        {children}
      </AdminDataView>
    </LeadPanel>
  );
}
