import { describe, expect, it } from "vitest";
import { byThreadTime, type TraceEvent } from "../../scripts/thread-time-trace";

const MAIN = { pid: 10, tid: 11 };
const OTHER = { pid: 10, tid: 12 };

/** A task of 30 ms on the clock that had the thread for 10 ms, and what ran inside it. */
const events: TraceEvent[] = [
  { name: "RunTask", ph: "X", ...MAIN, ts: 1_000, dur: 30_000, tdur: 10_000 },
  { name: "ThreadControllerImpl::RunTask", ph: "X", ...MAIN, ts: 1_000, dur: 30_000, tdur: 10_000 },
  { name: "FunctionCall", ph: "X", ...MAIN, ts: 7_000, dur: 15_000, tdur: 5_000 },
  { name: "ResourceSendRequest", ph: "I", ...MAIN, ts: 22_000 },
  { name: "Layout", ph: "B", ...MAIN, ts: 25_000 },
  { name: "Layout", ph: "E", ...MAIN, ts: 31_000 },
  // The same moments on another thread, which had its core.
  { name: "RunTask", ph: "X", ...OTHER, ts: 1_000, dur: 30_000, tdur: 30_000 },
  { name: "FunctionCall", ph: "X", ...OTHER, ts: 7_000, dur: 15_000 },
  // Between tasks, and a later task that waited for nothing.
  { name: "firstContentfulPaint", ph: "R", ...MAIN, ts: 35_000 },
  { name: "RunTask", ph: "X", ...MAIN, ts: 40_000, dur: 12_000, tdur: 12_000 },
  { name: "EvaluateScript", ph: "X", ...MAIN, ts: 41_000, dur: 9_000 },
];

const byName = (list: TraceEvent[], name: string, thread = MAIN) =>
  list.filter((event) => event.name === name && event.tid === thread.tid);

describe("a trace retimed by thread time", () => {
  const retimed = byThreadTime(events);

  it("shortens a task that waited for a core to the time its thread ran", () => {
    expect(byName(retimed, "RunTask")[0]).toMatchObject({ ts: 1_000, dur: 10_000, tdur: 10_000 });
    // Chromium's second name for the same task moves with it.
    expect(byName(retimed, "ThreadControllerImpl::RunTask")[0]).toMatchObject({ ts: 1_000, dur: 10_000 });
  });

  it("moves what ran inside the task in proportion, from the task's start", () => {
    expect(byName(retimed, "FunctionCall")[0]).toMatchObject({ ts: 3_000, dur: 5_000 });
    expect(byName(retimed, "ResourceSendRequest")[0]).toMatchObject({ ts: 8_000 });
    const [begin, end] = byName(retimed, "Layout");
    expect(begin).toMatchObject({ ph: "B", ts: 9_000 });
    // The end at the task's end stays inside it.
    expect(end).toMatchObject({ ph: "E", ts: 11_000 });
  });

  it("leaves alone a task that had its core, another thread's events and events between tasks", () => {
    expect(byName(retimed, "RunTask")[1]).toMatchObject({ ts: 40_000, dur: 12_000 });
    expect(byName(retimed, "EvaluateScript")[0]).toMatchObject({ ts: 41_000, dur: 9_000 });
    expect(byName(retimed, "RunTask", OTHER)[0]).toMatchObject({ ts: 1_000, dur: 30_000 });
    expect(byName(retimed, "FunctionCall", OTHER)[0]).toMatchObject({ ts: 7_000, dur: 15_000 });
    expect(byName(retimed, "firstContentfulPaint")[0]).toMatchObject({ ts: 35_000 });
  });

  it("keeps every event, in the same order, and changes nothing it was given", () => {
    expect(retimed.map((event) => event.name)).toEqual(events.map((event) => event.name));
    expect(events[2]).toMatchObject({ ts: 7_000, dur: 15_000 });
  });

  it("leaves a task without a thread time as recorded", () => {
    const untimed: TraceEvent[] = [
      { name: "RunTask", ph: "X", ...MAIN, ts: 0, dur: 20_000 },
      { name: "FunctionCall", ph: "X", ...MAIN, ts: 5_000, dur: 10_000 },
    ];
    expect(byThreadTime(untimed)).toEqual(untimed);
  });
});
