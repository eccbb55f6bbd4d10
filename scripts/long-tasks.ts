/**
 * Reading the long-task check's traces (tests/e2e/hydration-cost.spec.ts): which tasks are the test's
 * own, how long a task is, what ran inside the longest, and how long it would take on the phone. Kept
 * apart from the spec so that each reading has a test of its own (tests/unit/long-tasks.test.ts).
 */
import type { TraceEvent as ChromiumTraceEvent } from "./thread-time-trace";

export interface TraceEvent extends ChromiumTraceEvent {
  args?: {
    data?: { url?: string; frame?: string };
    /** On a task's `ThreadControllerImpl::RunTask` (the `toplevel` category): what posted it. */
    src_func?: string;
    /** On a task's "Receive mojo message" (the `toplevel` category): the interface the message came by. */
    chrome_mojo_event_info?: { mojo_interface_tag?: string };
  };
}

/**
 * A task's length on the emulated phone (µs): the main thread's own time over it, not the wall
 * clock's. Chromium slows the CPU by holding the thread busy, which its thread time counts (a loop of
 * 38 ms of thread time at full speed read 142 at 4x, against 145 on the wall clock). What the wall
 * clock adds is the time the machine ran something else instead of the renderer: the other
 * workers' browsers and the servers on 2 shared cores. `/book` failed here on a task of 63.7 ms on
 * the wall clock that was 29.7 ms of the thread's time, with nothing inside it over 2 ms; its
 * longest task by thread time in 12 loads was 35 ms. Read at 2.9-3.1x on 2026-12-02.
 */
export const taskTime = (task: TraceEvent) => task.tdur ?? task.dur!;

/**
 * The longest of `tasks` (by the thread's time), and what it did, for a message: its calls and passes
 * over 2 ms, then the time of every event inside it summed by name (nested ones counted in each), for
 * a task of many short pieces: a case study once failed on a task of 66.7 ms with nothing inside
 * over 2 ms.
 */
export function longestOf(tasks: TraceEvent[], events: TraceEvent[]): { ms: number; inside: string } {
  const longest = tasks.reduce((found, task) => (taskTime(task) > taskTime(found) ? task : found));
  const within = events.filter(
    (event) =>
      event !== longest &&
      event.tid === longest.tid &&
      event.ts >= longest.ts &&
      event.ts < longest.ts + longest.dur! &&
      typeof event.dur === "number",
  );
  const long = within
    .filter((event) => event.dur! > 2000)
    .map(
      (event) =>
        `${event.name} ${(event.dur! / 1000).toFixed(1)} ms ${event.args?.data?.url?.split("/").pop() ?? event.args?.src_func ?? ""}`,
    );
  const byName = new Map<string, { us: number; count: number }>();
  for (const event of within) {
    const sum = byName.get(event.name) ?? { us: 0, count: 0 };
    byName.set(event.name, { us: sum.us + event.dur!, count: sum.count + 1 });
  }
  const summed = [...byName]
    .sort(([, a], [, b]) => b.us - a.us)
    .slice(0, 6)
    .map(([name, sum]) => `${name} ${(sum.us / 1000).toFixed(1)} ms in ${sum.count}`);
  const wall = longest.tdur === undefined ? "" : `(${(longest.dur! / 1000).toFixed(1)} ms on the wall clock) `;
  return { ms: taskTime(longest) / 1000, inside: `${wall}${long.join("; ")} | summed: ${summed.join(", ")}` };
}

/**
 * A task's length on the phone: `ms` measured in a page that ran as a phone of index `ranAs`, on the
 * phone of index `phoneIndex`. Shorter where the machine ran the page slower than the phone (a lower
 * index), longer where it ran faster.
 */
export const onPhone = (ms: number, ranAs: number, phoneIndex: number) => (ms * ranAs) / phoneIndex;

/**
 * Which of a trace's tasks are the test's own, not the page's: a task that evaluated a script with no
 * URL (Playwright evaluates what it needs, the script behind a locator and the waits, through the
 * DevTools protocol; the page's own scripts, inline ones too, carry a URL, and its CSP allows no eval,
 * which would not), or that handled a message of the DevTools session (`toplevel`'s "Receive mojo
 * message" by the `blink.mojom.DevToolsSession` interfaces: each of the waits' polls).
 */
export function harnessTasks(events: readonly TraceEvent[]): (task: TraceEvent) => boolean {
  const evaluations = events.filter(
    (event) =>
      (event.name === "EvaluateScript" && event.ph === "X" && !event.args?.data?.url) ||
      (event.name === "Receive mojo message" &&
        !!event.args?.chrome_mojo_event_info?.mojo_interface_tag?.startsWith("blink.mojom.DevToolsSession")),
  );
  return (task) =>
    evaluations.some((event) => event.tid === task.tid && event.ts >= task.ts && event.ts < task.ts + task.dur!);
}
