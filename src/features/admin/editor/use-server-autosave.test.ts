import { act, renderHook } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { PostInput } from "../data/posts";
import type { EditorValues } from "./editor-values";
import { AUTOSAVE_MAX_WAIT_MS, AUTOSAVE_QUIET_MS, useServerAutosave } from "./use-server-autosave";

const saved: EditorValues = {
  title: "Title",
  content: "Body",
  excerpt: "",
  category: "",
  imageUrl: "",
  imageAlt: "",
  scheduleAt: "",
};

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

function setup(send = vi.fn(async (_values: PostInput) => "2026-11-27T10:00:00Z")) {
  const hook = renderHook(({ values }) => useServerAutosave(send, values, saved), {
    initialProps: { values: saved },
  });
  return { send, hook };
}

describe("useServerAutosave", () => {
  it("sends nothing while the text is what the server has", async () => {
    const { send } = setup();
    await act(async () => vi.advanceTimersByTimeAsync(AUTOSAVE_MAX_WAIT_MS * 2));
    expect(send).not.toHaveBeenCalled();
  });

  it("sends the text after a pause in the typing, once, and says when", async () => {
    const { send, hook } = setup();
    hook.rerender({ values: { ...saved, content: "Body typed" } });
    await act(async () => vi.advanceTimersByTimeAsync(AUTOSAVE_QUIET_MS - 100));
    expect(send).not.toHaveBeenCalled();
    await act(async () => vi.advanceTimersByTimeAsync(200));
    expect(send).toHaveBeenCalledTimes(1);
    expect(send.mock.calls[0]![0]).toMatchObject({ title: "Title", content: "Body typed" });
    expect(hook.result.current).toEqual({ kind: "saved", at: "2026-11-27T10:00:00Z" });
    hook.rerender({ values: { ...saved, content: "Body typed" } });
    await act(async () => vi.advanceTimersByTimeAsync(AUTOSAVE_MAX_WAIT_MS));
    expect(send).toHaveBeenCalledTimes(1);
  });

  it("sends at least every ten seconds while the typing goes on", async () => {
    const { send, hook } = setup();
    for (let tick = 1; tick <= 12; tick += 1) {
      hook.rerender({ values: { ...saved, content: `Body ${tick}` } });
      await act(async () => vi.advanceTimersByTimeAsync(1_000));
    }
    expect(send).toHaveBeenCalledTimes(1);
  });

  it("says the text is kept on this device when the server cannot be reached", async () => {
    const { hook } = setup(vi.fn(async () => Promise.reject(new TypeError("Failed to fetch"))));
    hook.rerender({ values: { ...saved, title: "Offline" } });
    await act(async () => vi.advanceTimersByTimeAsync(AUTOSAVE_QUIET_MS));
    expect(hook.result.current).toEqual({ kind: "offline" });
  });
});
