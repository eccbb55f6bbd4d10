import { describe, expect, it } from "vitest";
import { harnessTasks, longestOf, onPhone, taskTime, type TraceEvent } from "../../scripts/long-tasks";

const MAIN = { pid: 10, tid: 11 };
const OTHER = { pid: 10, tid: 12 };

const task = (ts: number, dur: number, tdur?: number, thread = MAIN): TraceEvent => ({
  name: "RunTask",
  ph: "X",
  ...thread,
  ts,
  dur,
  ...(tdur === undefined ? {} : { tdur }),
});

describe("a task's length", () => {
  it("is the thread's own time where the trace has it, the wall clock's where not", () => {
    expect(taskTime(task(0, 60_000, 25_000))).toBe(25_000);
    expect(taskTime(task(0, 60_000))).toBe(60_000);
  });

  it("is read as the phone's: shorter where the page ran slower than the phone, longer where faster", () => {
    // 40 ms in a page that measured an index of 198 is 30 ms on the phone of 264.
    expect(onPhone(40, 198, 264)).toBeCloseTo(30, 5);
    expect(onPhone(40, 264, 264)).toBe(40);
    expect(onPhone(40, 330, 264)).toBeCloseTo(50, 5);
  });
});

describe("the longest task and what ran inside it", () => {
  // By the wall clock the first is longest; by the thread's time the second.
  const waited = task(0, 80_000, 20_000);
  const worked = task(100_000, 45_000, 44_000);
  const events: TraceEvent[] = [
    waited,
    worked,
    {
      name: "FunctionCall",
      ph: "X",
      ...MAIN,
      ts: 101_000,
      dur: 30_000,
      args: { data: { url: "https://example.test/assets/react-dom-abc.js" } },
    },
    { name: "UpdateLayoutTree", ph: "X", ...MAIN, ts: 132_000, dur: 1_500 },
    { name: "UpdateLayoutTree", ph: "X", ...MAIN, ts: 134_000, dur: 1_000 },
    { name: "Layout", ph: "X", ...MAIN, ts: 136_000, dur: 4_000 },
    // Another thread's work at the same moment is not the task's.
    { name: "Layout", ph: "X", ...OTHER, ts: 101_000, dur: 9_000 },
    // After the task.
    { name: "Paint", ph: "X", ...MAIN, ts: 150_000, dur: 9_000 },
  ];

  const longest = longestOf([waited, worked], events);

  it("is the longest by the thread's time, in milliseconds, with its wall clock", () => {
    expect(longest.ms).toBe(44);
    expect(longest.inside).toMatch(/^\(45\.0 ms on the wall clock\) /);
  });

  it("names what ran inside it over 2 ms, with the script's file", () => {
    expect(longest.inside).toContain("FunctionCall 30.0 ms react-dom-abc.js");
    expect(longest.inside).toContain("Layout 4.0 ms");
    expect(longest.inside).not.toContain("Layout 9.0 ms");
    expect(longest.inside).not.toContain("Paint");
  });

  it("sums what ran inside it by name, the largest first", () => {
    const summed = longest.inside.split(" | summed: ")[1];
    expect(summed).toBe("FunctionCall 30.0 ms in 1, Layout 4.0 ms in 1, UpdateLayoutTree 2.5 ms in 2");
  });
});

describe("the test's own tasks", () => {
  const evaluated = task(0, 40_000, 40_000);
  const polled = task(50_000, 50_000, 50_000);
  const pageScript = task(110_000, 30_000, 30_000);
  const otherMessage = task(150_000, 20_000, 20_000);
  const elsewhere = task(200_000, 20_000, 20_000);
  const events: TraceEvent[] = [
    evaluated,
    polled,
    pageScript,
    otherMessage,
    elsewhere,
    // Playwright's script: evaluated with no URL.
    { name: "EvaluateScript", ph: "X", ...MAIN, ts: 1_000, dur: 30_000, args: { data: {} } },
    // A poll: a message of the DevTools session.
    {
      name: "Receive mojo message",
      ph: "X",
      ...MAIN,
      ts: 50_100,
      dur: 100,
      args: { chrome_mojo_event_info: { mojo_interface_tag: "blink.mojom.DevToolsSessionHost" } },
    },
    // The page's own script carries its URL.
    {
      name: "EvaluateScript",
      ph: "X",
      ...MAIN,
      ts: 111_000,
      dur: 20_000,
      args: { data: { url: "https://example.test/assets/index.js" } },
    },
    // A message of another interface is the page's work (a network answer, an input).
    {
      name: "Receive mojo message",
      ph: "X",
      ...MAIN,
      ts: 150_100,
      dur: 100,
      args: { chrome_mojo_event_info: { mojo_interface_tag: "network.mojom.URLLoaderClient" } },
    },
    // The test's evaluation on another thread at the time of `elsewhere` is not `elsewhere`'s.
    { name: "EvaluateScript", ph: "X", ...OTHER, ts: 201_000, dur: 5_000, args: { data: {} } },
  ];
  const harness = harnessTasks(events);

  it("are a task that evaluated a script with no URL and one that handled a DevTools session message", () => {
    expect(harness(evaluated)).toBe(true);
    expect(harness(polled)).toBe(true);
  });

  it("are not the page's script, its other messages, or a task another thread's evaluation overlaps", () => {
    expect(harness(pageScript)).toBe(false);
    expect(harness(otherMessage)).toBe(false);
    expect(harness(elsewhere)).toBe(false);
  });
});
