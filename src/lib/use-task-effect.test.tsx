import { act, render } from "@testing-library/react";
import { useEffect } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { useTaskEffect } from "./use-task-effect";

afterEach(() => {
  vi.useRealTimers();
});

function Probe({ log, id }: { log: string[]; id: string }) {
  useEffect(() => {
    log.push(`effect ${id}`);
  }, [log, id]);
  useTaskEffect(() => {
    log.push(`task ${id}`);
    return () => {
      log.push(`cleanup ${id}`);
    };
  }, [log, id]);
  return null;
}

describe("useTaskEffect", () => {
  it("runs the effect in a task after the commit's effects, not among them", () => {
    vi.useFakeTimers();
    const log: string[] = [];
    render(<Probe log={log} id="a" />);
    expect(log).toEqual(["effect a"]);
    act(() => {
      vi.runOnlyPendingTimers();
    });
    expect(log).toEqual(["effect a", "task a"]);
  });

  it("runs the cleanup on unmount, and on a change of its dependencies before the next run", () => {
    vi.useFakeTimers();
    const log: string[] = [];
    const { rerender, unmount } = render(<Probe log={log} id="a" />);
    act(() => {
      vi.runOnlyPendingTimers();
    });
    rerender(<Probe log={log} id="b" />);
    act(() => {
      vi.runOnlyPendingTimers();
    });
    unmount();
    expect(log).toEqual(["effect a", "task a", "cleanup a", "effect b", "task b", "cleanup b"]);
  });

  it("never runs an effect whose component is gone before its task came", () => {
    vi.useFakeTimers();
    const log: string[] = [];
    const { unmount } = render(<Probe log={log} id="a" />);
    unmount();
    act(() => {
      vi.runAllTimers();
    });
    expect(log).toEqual(["effect a"]);
  });
});
