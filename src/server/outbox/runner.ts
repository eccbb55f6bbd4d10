/**
 * The outbox runner: one loop for every kind of row the site sends to someone else (ad conversions,
 * lead messages). A kind says how its rows are claimed, sent and finished; the runner sends each
 * claimed row, turns a retry past the last attempt into a failure, schedules the next attempt with
 * backoff, records the outcome and counts it.
 *
 * Never twice: the database's claim holds each row for a while and only the claim's holder may
 * finish it, so two runs at once never send one row; a send whose answer was lost is repeated with
 * the same id, which the receiver drops (each kind says which id).
 */
import { plural } from "../../lib/plural.js";
import type { ServiceKey } from "../integrations/health.js";

const ATTEMPTS = { one: "attempt", other: "attempts" };

/** Attempts before a row is 'failed'. */
export const MAX_ATTEMPTS = 6;
/** The waits before attempt 2, 3, ...: a minute, five, half an hour, two hours, twelve. */
const RETRY_DELAYS_MS = [60_000, 5 * 60_000, 30 * 60_000, 2 * 3_600_000, 12 * 3_600_000];
/** Each call to a third party is bounded by this unless a run says otherwise. */
export const DEFAULT_SEND_TIMEOUT_MS = 8_000;

/** The wait after a row's `attempts`-th failed attempt. */
export function retryDelayMs(attempts: number): number {
  return RETRY_DELAYS_MS[Math.min(Math.max(attempts, 1), RETRY_DELAYS_MS.length) - 1]!;
}

/** What the runner needs of a claimed row. */
export interface OutboxRow {
  id: number;
  /** Attempts so far, this one included (the claim counts it). */
  attempts: number;
}

/** What the runner needs of a send's outcome; a kind's outcomes carry more (the response, ids). */
export type OutboxOutcome =
  { kind: "delivered" } | { kind: "retry" | "failed"; error: string } | { kind: "skipped"; reason: string };

/** A database call's answer, as PostgREST gives it. */
interface RpcResult<T> {
  data: T | null;
  error: { message: string } | null;
}

export interface OutboxKind<Row extends OutboxRow, Outcome extends OutboxOutcome> {
  /** Names the kind in the run's summary and in logs, e.g. `conversions`. */
  name: string;
  /** What its rows are, for the claim's error, e.g. `conversion events`. */
  rows: string;
  /** Claims up to `maxRows` due rows (one lead's only, when given). */
  claim(maxRows: number, onlyLead?: string): PromiseLike<RpcResult<unknown>>;
  send(row: Row): Promise<Outcome>;
  /** Records the outcome on the row; `retryAt` is set for a retry. Answers true when it was recorded. */
  finish(row: Row, outcome: Outcome, retryAt: Date | null): PromiseLike<RpcResult<boolean>>;
  /** The row in a log line of a failed send, e.g. `meta lead for lead <id>`. */
  describe(row: Row): string;
  /** The outside service a row's send talks to, for the services' health (../integrations/health.ts). */
  service?(row: Row): ServiceKey;
  /** Called once after the run, sent or not (closes a connection the sends opened). */
  close?(): void;
}

export interface OutboxRun {
  now: () => Date;
  maxRows: number;
  onlyLead?: string;
  /** Told each sent row's outcome and its kind's service (the run records them in integration_health). */
  onOutcome?(service: ServiceKey, outcome: OutboxOutcome): void;
}

/** What one run of one kind did. */
export interface OutboxSummary {
  claimed: number;
  delivered: number;
  retrying: number;
  failed: number;
  skipped: number;
}

const COUNTED = { delivered: "delivered", retry: "retrying", failed: "failed", skipped: "skipped" } as const;

const errorText = (caught: unknown) => (caught instanceof Error ? caught.message : String(caught));

/** Sends a kind's due rows and records each outcome. Throws only when the rows cannot be claimed. */
export async function runOutbox<Row extends OutboxRow, Outcome extends OutboxOutcome>(
  kind: OutboxKind<Row, Outcome>,
  run: OutboxRun,
): Promise<OutboxSummary> {
  const summary: OutboxSummary = { claimed: 0, delivered: 0, retrying: 0, failed: 0, skipped: 0 };
  try {
    const claim = await kind.claim(run.maxRows, run.onlyLead);
    if (claim.error) throw new Error(`Could not claim ${kind.rows}: ${claim.error.message}`);
    const rows = (claim.data ?? []) as Row[];
    summary.claimed = rows.length;
    for (const row of rows) {
      let outcome: Outcome | OutboxOutcome;
      try {
        outcome = await kind.send(row);
      } catch (caught) {
        outcome = { kind: "retry", error: `The send failed unexpectedly: ${errorText(caught)}` };
      }
      if (outcome.kind === "retry" && row.attempts >= MAX_ATTEMPTS)
        outcome = {
          ...outcome,
          kind: "failed",
          error: `${outcome.error} (after ${row.attempts} ${plural(row.attempts, ATTEMPTS)})`,
        };
      const retryAt = outcome.kind === "retry" ? new Date(run.now().getTime() + retryDelayMs(row.attempts)) : null;
      // The outcomes the runner makes itself carry only what every kind's outcome has.
      const finished = await kind.finish(row, outcome as Outcome, retryAt);
      if (finished.error || finished.data !== true)
        console.error(
          `${kind.name}: could not record the outcome of row ${row.id}:`,
          finished.error?.message ?? "the claim had expired",
        );
      if (kind.service && run.onOutcome) run.onOutcome(kind.service(row), outcome);
      summary[COUNTED[outcome.kind]] += 1;
      if (outcome.kind === "retry" || outcome.kind === "failed")
        console.error(`${kind.name}: ${kind.describe(row)}: ${outcome.error}`);
    }
  } finally {
    kind.close?.();
  }
  return summary;
}
