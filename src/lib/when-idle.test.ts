import { afterEach, describe, expect, it, vi } from "vitest";
import { whenIdle } from "./when-idle";

describe("whenIdle without requestIdleCallback (jsdom, Safari)", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it("runs the task after two seconds", () => {
    vi.useFakeTimers();
    const task = vi.fn();
    whenIdle(task);
    vi.advanceTimersByTime(1999);
    expect(task).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(task).toHaveBeenCalledTimes(1);
  });

  it("does not run it once the window is gone", () => {
    vi.useFakeTimers();
    const task = vi.fn();
    whenIdle(task);
    vi.stubGlobal("window", undefined);
    vi.advanceTimersByTime(2000);
    expect(task).not.toHaveBeenCalled();
  });
});
