import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { MAX_ATTEMPTS, retryDelayMs, runOutbox, type OutboxKind, type OutboxOutcome, type OutboxRow } from "./runner";

/**
 * The runner with a stand-in kind: rows kept in memory, each row's send answering what the test
 * says, and every finish recorded, so what the runner hands the database can be read back.
 */
interface Row extends OutboxRow {
  answer: OutboxOutcome | Error;
}

interface Finished {
  id: number;
  outcome: OutboxOutcome;
  retryAt: string | null;
}

const START = new Date("2026-11-26T09:00:00.000Z");

function standIn(rows: Row[], options: { claimError?: string; recorded?: boolean } = {}) {
  const finished: Finished[] = [];
  const claims: { maxRows: number; onlyLead?: string }[] = [];
  let closed = 0;
  const kind: OutboxKind<Row, OutboxOutcome> = {
    name: "stand-in",
    rows: "stand-in rows",
    claim: async (maxRows, onlyLead) => {
      claims.push({ maxRows, ...(onlyLead ? { onlyLead } : {}) });
      return options.claimError
        ? { data: null, error: { message: options.claimError } }
        : { data: rows.slice(0, maxRows), error: null };
    },
    send: async (row) => {
      if (row.answer instanceof Error) throw row.answer;
      return row.answer;
    },
    finish: async (row, outcome, retryAt) => {
      finished.push({ id: row.id, outcome, retryAt: retryAt?.toISOString() ?? null });
      return { data: options.recorded ?? true, error: null };
    },
    describe: (row) => `row ${row.id}`,
    close: () => void (closed += 1),
  };
  return { kind, finished, claims, closed: () => closed };
}

const run = { now: () => START, maxRows: 20 };

beforeEach(() => {
  vi.spyOn(console, "error").mockImplementation(() => {});
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe("the outbox runner", () => {
  it("claims, sends each row, records each outcome and counts it", async () => {
    const outbox = standIn([
      { id: 1, attempts: 1, answer: { kind: "delivered" } },
      { id: 2, attempts: 1, answer: { kind: "skipped", reason: "not_configured" } },
      { id: 3, attempts: 1, answer: { kind: "retry", error: "timed out" } },
      { id: 4, attempts: 1, answer: { kind: "failed", error: "refused" } },
      { id: 5, attempts: 2, answer: { kind: "delivered" } },
    ]);
    const summary = await runOutbox(outbox.kind, { ...run, onlyLead: "lead-1" });
    expect(summary).toEqual({ claimed: 5, delivered: 2, retrying: 1, failed: 1, skipped: 1 });
    expect(outbox.claims).toEqual([{ maxRows: 20, onlyLead: "lead-1" }]);
    expect(outbox.finished).toEqual([
      { id: 1, outcome: { kind: "delivered" }, retryAt: null },
      { id: 2, outcome: { kind: "skipped", reason: "not_configured" }, retryAt: null },
      { id: 3, outcome: { kind: "retry", error: "timed out" }, retryAt: "2026-11-26T09:01:00.000Z" },
      { id: 4, outcome: { kind: "failed", error: "refused" }, retryAt: null },
      { id: 5, outcome: { kind: "delivered" }, retryAt: null },
    ]);
    expect(console.error).toHaveBeenCalledWith("stand-in: row 3: timed out");
    expect(console.error).toHaveBeenCalledWith("stand-in: row 4: refused");
    expect(outbox.closed()).toBe(1);
  });

  it("waits longer after each failed attempt, up to the longest wait", async () => {
    const attempts = [1, 2, 3, 4, 5];
    const outbox = standIn(attempts.map((n) => ({ id: n, attempts: n, answer: { kind: "retry", error: "down" } })));
    await runOutbox(outbox.kind, run);
    expect(outbox.finished.map((row) => row.retryAt)).toEqual([
      "2026-11-26T09:01:00.000Z",
      "2026-11-26T09:05:00.000Z",
      "2026-11-26T09:30:00.000Z",
      "2026-11-26T11:00:00.000Z",
      "2026-11-26T21:00:00.000Z",
    ]);
    expect(retryDelayMs(MAX_ATTEMPTS + 3)).toBe(retryDelayMs(MAX_ATTEMPTS - 1));
  });

  it("fails a row that would retry past the last attempt, saying after how many", async () => {
    const outbox = standIn([
      { id: 1, attempts: MAX_ATTEMPTS - 1, answer: { kind: "retry", error: "down" } },
      { id: 2, attempts: MAX_ATTEMPTS, answer: { kind: "retry", error: "down" } },
    ]);
    expect(await runOutbox(outbox.kind, run)).toMatchObject({ retrying: 1, failed: 1 });
    expect(outbox.finished[1]).toEqual({
      id: 2,
      outcome: { kind: "failed", error: `down (after ${MAX_ATTEMPTS} attempts)` },
      retryAt: null,
    });
  });

  it("turns a send that throws into a retry, and goes on with the next row", async () => {
    const outbox = standIn([
      { id: 1, attempts: 1, answer: new Error("socket hang up") },
      { id: 2, attempts: 1, answer: { kind: "delivered" } },
    ]);
    expect(await runOutbox(outbox.kind, run)).toMatchObject({ claimed: 2, retrying: 1, delivered: 1 });
    expect(outbox.finished[0]!.outcome).toEqual({
      kind: "retry",
      error: "The send failed unexpectedly: socket hang up",
    });
  });

  it("logs an outcome the database did not record (the claim had expired), and still counts the send", async () => {
    const outbox = standIn([{ id: 7, attempts: 1, answer: { kind: "delivered" } }], { recorded: false });
    expect(await runOutbox(outbox.kind, run)).toMatchObject({ delivered: 1 });
    expect(console.error).toHaveBeenCalledWith(
      "stand-in: could not record the outcome of row 7:",
      "the claim had expired",
    );
  });

  it("tells the run each sent row's outcome with the row's service, as the database will keep it", async () => {
    const outbox = standIn([
      { id: 1, attempts: 1, answer: { kind: "delivered" } },
      { id: 2, attempts: 1, answer: { kind: "skipped", reason: "not_configured" } },
      { id: 3, attempts: MAX_ATTEMPTS, answer: { kind: "retry", error: "down" } },
      { id: 4, attempts: 1, answer: new Error("socket hang up") },
    ]);
    outbox.kind.service = (row) => (row.id % 2 ? "smtp" : "whatsapp");
    const told: { service: string; outcome: OutboxOutcome }[] = [];
    await runOutbox(outbox.kind, { ...run, onOutcome: (service, outcome) => told.push({ service, outcome }) });
    expect(told).toEqual([
      { service: "smtp", outcome: { kind: "delivered" } },
      { service: "whatsapp", outcome: { kind: "skipped", reason: "not_configured" } },
      { service: "smtp", outcome: { kind: "failed", error: `down (after ${MAX_ATTEMPTS} attempts)` } },
      { service: "whatsapp", outcome: { kind: "retry", error: "The send failed unexpectedly: socket hang up" } },
    ]);
  });

  it("throws when the rows cannot be claimed, and still closes the kind", async () => {
    const outbox = standIn([], { claimError: "permission denied" });
    await expect(runOutbox(outbox.kind, run)).rejects.toThrow("Could not claim stand-in rows: permission denied");
    expect(outbox.finished).toEqual([]);
    expect(outbox.closed()).toBe(1);
  });
});
