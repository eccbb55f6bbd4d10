import { describe, expect, it } from "vitest";
import { withThePagesLayoutFirst } from "../../scripts/first-layout-trace";
import type { TraceEvent } from "../../scripts/thread-time-trace";

const MAIN = { pid: 10, tid: 11 };
const OTHER = { pid: 10, tid: 12 };

const layoutOf = (objects: number, at: number, thread = MAIN): TraceEvent[] => [
  { name: "Layout", ph: "B", ...thread, ts: at, args: { beginData: { dirtyObjects: objects, totalObjects: objects } } },
  { name: "Layout", ph: "E", ...thread, ts: at + 200, args: { endData: { layoutRoots: [] } } },
];

/**
 * A navigation's first tasks: the empty document laid out, the first part the parser gave, the page,
 * a few objects again in the paint's task, the first paint, and a layout after it.
 */
const events: TraceEvent[] = [
  { name: "RunTask", ph: "X", ...MAIN, ts: 1_000, dur: 2_000 },
  ...layoutOf(1, 1_500),
  { name: "RunTask", ph: "X", ...MAIN, ts: 4_000, dur: 2_000 },
  { name: "ParseHTML", ph: "X", ...MAIN, ts: 4_100, dur: 1_000 },
  ...layoutOf(40, 5_200),
  { name: "RunTask", ph: "X", ...MAIN, ts: 8_000, dur: 12_000 },
  ...layoutOf(612, 9_000),
  { name: "RunTask", ph: "X", ...MAIN, ts: 21_000, dur: 5_000 },
  ...layoutOf(3, 21_100),
  { name: "Paint", ph: "X", ...MAIN, ts: 22_000, dur: 2_000 },
  { name: "firstContentfulPaint", ph: "R", ...MAIN, ts: 25_000 },
  { name: "RunTask", ph: "X", ...MAIN, ts: 30_000, dur: 5_000 },
  ...layoutOf(700, 30_100),
  // Another thread's layout before the paint is not the page's.
  ...layoutOf(2, 6_000, OTHER),
];

const layouts = (list: TraceEvent[]) => list.filter((event) => event.name === "Layout");

describe("a trace with the page's layout the first", () => {
  const kept = withThePagesLayoutFirst(events);

  it("keeps, of the main thread's layouts before the first paint, the one of the most objects", () => {
    expect(layouts(kept).map((event) => [event.ph, event.tid, event.ts])).toEqual([
      ["B", MAIN.tid, 9_000],
      ["E", MAIN.tid, 9_200],
      ["B", MAIN.tid, 30_100],
      ["E", MAIN.tid, 30_300],
      ["B", OTHER.tid, 6_000],
      ["E", OTHER.tid, 6_200],
    ]);
  });

  it("keeps every other event, in order, and changes nothing it was given", () => {
    expect(kept.filter((event) => event.name !== "Layout")).toEqual(events.filter((event) => event.name !== "Layout"));
    expect(kept).toHaveLength(events.length - 6);
    expect(layouts(events)).toHaveLength(12);
  });

  it("pairs a begin with its own end, whatever order the trace lists them in", () => {
    const [partBegin, partEnd] = layoutOf(40, 1_000);
    const [pageBegin, pageEnd] = layoutOf(600, 2_000);
    const paint: TraceEvent = { name: "firstContentfulPaint", ph: "R", ...MAIN, ts: 5_000 };
    expect(withThePagesLayoutFirst([pageEnd!, partEnd!, paint, pageBegin!, partBegin!])).toEqual([
      pageEnd,
      paint,
      pageBegin,
    ]);
  });

  it("reads complete layout events too, and keeps the first of a tie", () => {
    const complete: TraceEvent[] = [
      { name: "Layout", ph: "X", ...MAIN, ts: 0, dur: 200, args: { beginData: { dirtyObjects: 1 } } },
      { name: "Layout", ph: "X", ...MAIN, ts: 500, dur: 9_000, args: { beginData: { dirtyObjects: 700 } } },
      { name: "Layout", ph: "X", ...MAIN, ts: 10_000, dur: 100, args: { beginData: { dirtyObjects: 700 } } },
      { name: "Layout", ph: "X", ...MAIN, ts: 11_000, dur: 100 },
      { name: "firstContentfulPaint", ph: "R", ...MAIN, ts: 12_000 },
    ];
    expect(withThePagesLayoutFirst(complete).map((event) => event.ts)).toEqual([500, 12_000]);
  });

  it("answers a trace without a first paint as it is", () => {
    const unpainted = events.filter((event) => event.name !== "firstContentfulPaint");
    expect(withThePagesLayoutFirst(unpainted)).toEqual(unpainted);
  });
});
