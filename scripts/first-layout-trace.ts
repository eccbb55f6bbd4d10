/**
 * A performance trace in which the page's own layout is the first, for Lighthouse to simulate the
 * first paint from (`npm run bench`, scripts/bench.ts).
 *
 * Lantern builds the graph of the first contentful paint (and of the largest) from the network
 * requests that block it and three of the main thread's tasks: the first that parsed HTML, the first
 * that painted, and the first that ran a layout, "almost always necessary for first paint". Which
 * layout comes first is a race. Just after a navigation commits Chromium sometimes lays out the new
 * document before the parser has given it anything (one object, the view, at the 980 px a phone uses
 * before it reads the page's viewport: 0.2 ms), or lays out what the parser has so far while the rest
 * streams in (a task of about 2 ms). When one of those comes first, Lantern takes it for the page's
 * layout and leaves the page's real one (7-14 ms of the thread's time, 60-130 ms at the low-tier
 * phone's slowdown) out of the paint. Measured on `/blog` (2026-12-05, 9.5x, 8 runs): the simulated
 * FCP was 941-950 ms in the runs where such a layout came first and 1,001-1,021 ms in the others, on
 * the page and on its no-script copy alike, so a median of five of each read a ratio of 0.93 to 1.08
 * by which of the two each page happened to draw.
 *
 * Here, of the layouts the main thread ran before the first contentful paint, only the one that laid
 * out the most objects is kept: the page's, which every first paint waited for. No library does this:
 * Lantern has no option for which layout it takes.
 */
import type { TraceEvent } from "./thread-time-trace";

const FIRST_PAINT = "firstContentfulPaint";

interface Layout {
  begin: TraceEvent;
  /** The end of a begin, when the layout was traced as two events. */
  end?: TraceEvent;
}

const objectsOf = (event: TraceEvent) => {
  const data = (event.args as { beginData?: { dirtyObjects?: unknown } } | undefined)?.beginData;
  return typeof data?.dirtyObjects === "number" ? data.dirtyObjects : 0;
};

/** `thread`'s layouts, a complete event or a begin paired with its end, in order of their start. */
function layoutsOn(events: readonly TraceEvent[], pid: number, tid: number): Layout[] {
  const own = events.filter(
    (event) => event.name === "Layout" && event.pid === pid && event.tid === tid && "XBE".includes(event.ph),
  );
  // A begin before an end at the same moment: a layout of no time ends after it began.
  const ordered = [...own].sort((a, b) => a.ts - b.ts || (a.ph === "E" ? 1 : 0) - (b.ph === "E" ? 1 : 0));
  const layouts: Layout[] = [];
  const open: Layout[] = [];
  for (const event of ordered) {
    if (event.ph === "X") layouts.push({ begin: event });
    else if (event.ph === "B") {
      const layout = { begin: event };
      layouts.push(layout);
      open.push(layout);
    } else {
      const layout = open.pop();
      if (layout) layout.end = event;
    }
  }
  return layouts;
}

/**
 * The trace's events without the main thread's layouts before the first contentful paint but the one
 * of the most objects (the first of them on a tie); the thread is the one that recorded the paint.
 * Every other event is kept as it is, in its order; a trace without a first paint is answered as it
 * is. The events given are not changed.
 */
export function withThePagesLayoutFirst(events: readonly TraceEvent[]): TraceEvent[] {
  const paint = events
    .filter((event) => event.name === FIRST_PAINT)
    .reduce<TraceEvent | undefined>((first, event) => (!first || event.ts < first.ts ? event : first), undefined);
  if (!paint) return [...events];
  const before = layoutsOn(events, paint.pid, paint.tid).filter((layout) => layout.begin.ts < paint.ts);
  const kept = before.reduce<Layout | undefined>(
    (most, layout) => (!most || objectsOf(layout.begin) > objectsOf(most.begin) ? layout : most),
    undefined,
  );
  const dropped = new Set<TraceEvent>();
  for (const layout of before) {
    if (layout === kept) continue;
    dropped.add(layout.begin);
    if (layout.end) dropped.add(layout.end);
  }
  return events.filter((event) => !dropped.has(event));
}
