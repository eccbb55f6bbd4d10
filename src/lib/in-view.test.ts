import { afterEach, describe, expect, it, vi } from "vitest";
import { onceInView } from "./in-view";

type Notify = (entries: Partial<IntersectionObserverEntry>[]) => void;

/** A stand-in IntersectionObserver (jsdom has none) that records what it watches and lets the test notify it. */
function stubObserver() {
  const watched: { element: Element; options?: IntersectionObserverInit; notify: Notify; disconnected: boolean }[] = [];
  vi.stubGlobal(
    "IntersectionObserver",
    class {
      private record?: (typeof watched)[number];
      constructor(
        private readonly callback: Notify,
        private readonly options?: IntersectionObserverInit,
      ) {}
      observe(element: Element) {
        this.record = { element, options: this.options, notify: this.callback, disconnected: false };
        watched.push(this.record);
      }
      disconnect() {
        if (this.record) this.record.disconnected = true;
      }
    },
  );
  return watched;
}

afterEach(() => vi.unstubAllGlobals());

describe("onceInView", () => {
  it("calls back once, at the first intersection, then stops watching", () => {
    const watched = stubObserver();
    const element = document.createElement("div");
    const onEnter = vi.fn();
    expect(onceInView(element, onEnter, { rootMargin: "200px 0px" })).toBeTypeOf("function");
    expect(watched[0]).toMatchObject({ element, options: { rootMargin: "200px 0px" } });

    watched[0]!.notify([{ isIntersecting: false }]);
    expect(onEnter).not.toHaveBeenCalled();
    watched[0]!.notify([{ isIntersecting: true }]);
    expect(onEnter).toHaveBeenCalledTimes(1);
    expect(watched[0]!.disconnected).toBe(true);
  });

  it("returns what stops watching sooner", () => {
    const watched = stubObserver();
    const stop = onceInView(document.createElement("div"), vi.fn());
    stop!();
    expect(watched[0]!.disconnected).toBe(true);
  });

  it("returns null where the browser has no IntersectionObserver, and calls nothing", () => {
    vi.stubGlobal("IntersectionObserver", undefined);
    const onEnter = vi.fn();
    expect(onceInView(document.createElement("div"), onEnter)).toBeNull();
    expect(onEnter).not.toHaveBeenCalled();
  });
});
