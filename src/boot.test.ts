import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

/** Counts the app's starts: the boot module imports the entry, which here only counts. */
const started = { count: 0 };
vi.mock("./index.css", () => ({}));

type PaintCallback = (entries: { getEntriesByName: (name: string) => unknown[] }) => void;

/** A PerformanceObserver that reports paint entries when the test says the browser painted. */
function installPaintTiming() {
  const observers: PaintCallback[] = [];
  class FakeObserver {
    static supportedEntryTypes = ["paint", "largest-contentful-paint"];
    constructor(private readonly callback: PaintCallback) {}
    observe() {
      observers.push(this.callback);
    }
    disconnect() {
      observers.splice(observers.indexOf(this.callback), 1);
    }
  }
  vi.stubGlobal("PerformanceObserver", FakeObserver);
  return (name: string) => {
    for (const callback of [...observers])
      callback({ getEntriesByName: (wanted) => (wanted === name ? [{ name }] : []) });
  };
}

/** Runs src/boot.ts afresh, as a page load does, and lets the entry's import settle. */
async function boot() {
  vi.resetModules();
  vi.doMock("./main", () => {
    started.count += 1;
    return {};
  });
  await import("./boot");
}

const settle = async () => {
  for (let turn = 0; turn < 5; turn += 1) await vi.advanceTimersByTimeAsync(0);
};

beforeEach(() => {
  started.count = 0;
  vi.useFakeTimers({ toFake: ["setTimeout", "requestAnimationFrame"] });
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  document.body.innerHTML = "";
});

describe("the boot module", () => {
  it("starts a rendered page's app once the first contentful paint is reported, and runs it once", async () => {
    document.body.innerHTML = '<div id="root"><main><h1>Page</h1></main></div>';
    const paint = installPaintTiming();
    await boot();
    await vi.advanceTimersByTimeAsync(100);
    await settle();
    expect(started.count, "nothing before the paint").toBe(0);

    paint("first-paint");
    await settle();
    expect(started.count, "a paint without content is not the one").toBe(0);

    paint("first-contentful-paint");
    await settle();
    expect(started.count).toBe(1);

    // The fallback timer runs out later; the app is not run again.
    await vi.advanceTimersByTimeAsync(5000);
    await settle();
    expect(started.count).toBe(1);
  });

  it("starts a page that never reports its paint (a tab kept in the background) after 3 s", async () => {
    document.body.innerHTML = '<div id="root"><main><h1>Page</h1></main></div>';
    installPaintTiming();
    await boot();
    await vi.advanceTimersByTimeAsync(2900);
    await settle();
    expect(started.count).toBe(0);
    await vi.advanceTimersByTimeAsync(200);
    await settle();
    expect(started.count).toBe(1);
  });

  it("starts the admin's empty shell after a frame: it has nothing to paint before the app", async () => {
    document.body.innerHTML = '<div id="root"></div>';
    installPaintTiming();
    await boot();
    await vi.advanceTimersByTimeAsync(50);
    await settle();
    expect(started.count).toBe(1);
  });

  it("starts after a frame in a browser without paint timing", async () => {
    document.body.innerHTML = '<div id="root"><main><h1>Page</h1></main></div>';
    vi.stubGlobal("PerformanceObserver", undefined);
    await boot();
    await vi.advanceTimersByTimeAsync(50);
    await settle();
    expect(started.count).toBe(1);
  });
});
