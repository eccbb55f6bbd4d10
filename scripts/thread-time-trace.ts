/**
 * A performance trace with each task's wall time replaced by its thread time, for Lighthouse to
 * simulate from (`npm run bench`, scripts/bench.ts).
 *
 * Lighthouse's simulation (Lantern) takes each main-thread task's duration from the trace's `dur`,
 * the wall time from its start to its end, leaves out the tasks under 10 ms and multiplies the rest
 * by the CPU slowdown. On a shared machine of two cores a task's wall time includes the time its
 * thread waited for a core while the browser's other processes and threads, or another program, had
 * it: a style task of 8 ms of work can read 25 ms, cross the 10 ms line and count 250 ms at 10x.
 * Chromium records each task's thread time too (`tdur`, the CPU the thread itself spent in it). Here
 * every top-level task is shrunk to its thread time, and the events inside it (its script, style,
 * layout and paint, its network and paint records) are moved with it in proportion, so that the
 * simulation sees the work of the page and not the machine's queue. No library does this: Lantern
 * reads `dur` and nothing else, and has no option for thread time.
 */
import { Graph } from "lighthouse/core/lib/lantern/lantern.js";

/** An event of a Chromium trace; times in µs. */
export interface TraceEvent {
  name: string;
  /** Its phase: "X" a complete event with a duration, "B"/"E" a begin and an end, "I" an instant. */
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  /** The wall clock's time over the event. */
  dur?: number;
  /** The thread's own time over the event, where the trace records it. */
  tdur?: number;
  [key: string]: unknown;
}

type LanternEvent = Parameters<typeof Graph.PageDependencyGraph.isScheduleableTask>[0];

/**
 * Whether Lantern takes the event for one of its thread's tasks: its PageDependencyGraph's own test,
 * which reads the event's name alone (its type also asks for `args`, which an instant event may lack).
 */
const isLanternTask = (event: TraceEvent) =>
  Graph.PageDependencyGraph.isScheduleableTask(event as unknown as LanternEvent);

interface Task {
  start: number;
  end: number;
  /** Thread time over wall time: at most 1. */
  scale: number;
}

const threadOf = (event: TraceEvent) => `${event.pid}:${event.tid}`;

/** Each thread's outermost top-level tasks that have a thread time, in order of start. */
function tasksByThread(events: readonly TraceEvent[]): Map<string, Task[]> {
  const byThread = new Map<string, TraceEvent[]>();
  for (const event of events) {
    if (event.ph !== "X" || !isLanternTask(event)) continue;
    if (!event.dur || event.tdur === undefined || event.tdur < 0) continue;
    const list = byThread.get(threadOf(event)) ?? [];
    list.push(event);
    byThread.set(threadOf(event), list);
  }
  const tasks = new Map<string, Task[]>();
  for (const [thread, list] of byThread) {
    list.sort((a, b) => a.ts - b.ts);
    const outermost: Task[] = [];
    for (const event of list) {
      const end = event.ts + event.dur!;
      const last = outermost.at(-1);
      // A task inside another (one Chromium names twice) is moved with the outer one.
      if (last && event.ts < last.end) continue;
      outermost.push({ start: event.ts, end, scale: Math.min(1, event.tdur! / event.dur!) });
    }
    tasks.set(thread, outermost);
  }
  return tasks;
}

/** The task of `tasks` (in order of start) that `ts` falls in, its end included. */
function taskAt(tasks: readonly Task[], ts: number): Task | undefined {
  let low = 0;
  let high = tasks.length - 1;
  let found: Task | undefined;
  while (low <= high) {
    const middle = (low + high) >> 1;
    if (tasks[middle]!.start <= ts) {
      found = tasks[middle];
      low = middle + 1;
    } else high = middle - 1;
  }
  return found && ts <= found.end ? found : undefined;
}

/**
 * The trace's events with every top-level task as long as its thread time, and what happened inside
 * it moved and shortened in the same proportion from the task's start. Tasks start when they started;
 * the time a task loses becomes idle time after it. Events outside any task are left as they are. The
 * events given are not changed.
 */
export function byThreadTime(events: readonly TraceEvent[]): TraceEvent[] {
  const tasks = tasksByThread(events);
  return events.map((event) => {
    const list = tasks.get(threadOf(event));
    const task = list && taskAt(list, event.ts);
    if (!task || task.scale === 1) return event;
    const at = (ts: number) => Math.round(task.start + (ts - task.start) * task.scale);
    const ts = at(event.ts);
    return event.dur === undefined ? { ...event, ts } : { ...event, ts, dur: at(event.ts + event.dur) - ts };
  });
}
