import { constants, runInThisContext } from "node:vm";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { BOOTSTRAP_SCRIPT } from "../scripts/bootstrap-script";

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

declare global {
  var bootstrapStarts: Record<string, number> | undefined;
  var bootstrapOrder: string[] | undefined;
}

/** A module that records its evaluation by name, as a data: URL import() loads. */
function evaluated(name: string): string {
  return `data:text/javascript,${encodeURIComponent(`(globalThis.bootstrapOrder ??= []).push(${JSON.stringify(name)}); // ${Math.random()}`)}`;
}

/** Turns of the event loop without running any timer: what settles an import() of a data: URL. */
async function turns() {
  for (let turn = 0; turn < 10; turn += 1) await new Promise((resolve) => setImmediate(resolve));
}

let page = 0;

/**
 * A page as the build writes it: `body` (its #root), then the inline script, run as the parser runs
 * it. Its entry is a module that counts its own evaluations, so the count is how often the app ran.
 */
function load(body: string, preloads: string[] = []) {
  page += 1;
  const id = `page-${page}`;
  document.body.innerHTML = body;
  const script = document.createElement("script");
  const count = `globalThis.bootstrapStarts["${id}"] = (globalThis.bootstrapStarts["${id}"] ?? 0) + 1;`;
  script.dataset.entry = `data:text/javascript,${encodeURIComponent(count)}`;
  if (preloads.length) script.dataset.preload = preloads.join(" ");
  document.body.append(script);
  // As a page runs it, in the page's global scope; its import() is Node's own, which loads data: URLs.
  runInThisContext(BOOTSTRAP_SCRIPT, { importModuleDynamically: constants.USE_MAIN_CONTEXT_DEFAULT_LOADER });
  return { entry: script.dataset.entry, starts: () => globalThis.bootstrapStarts?.[id] ?? 0 };
}

/** Lets the timers due now run and the entry's import settle (a real import: a few turns of the loop). */
async function settle() {
  // A millisecond a step: the fake clock runs a zero-delay timer set during its own tick a millisecond on.
  for (let step = 0; step < 4; step += 1) {
    await vi.advanceTimersByTimeAsync(1);
    await turns();
  }
}

beforeEach(() => {
  globalThis.bootstrapStarts = {};
  vi.useFakeTimers({ toFake: ["setTimeout", "requestAnimationFrame"] });
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  delete globalThis.bootstrapStarts;
  delete globalThis.bootstrapOrder;
  document.head.querySelectorAll('link[rel="modulepreload"]').forEach((link) => link.remove());
});

describe("the page's inline script", () => {
  it("starts a rendered page's app once the first contentful paint is reported, and runs it once", async () => {
    const paint = installPaintTiming();
    const page = load('<div id="root"><main><h1>Page</h1></main></div>');
    await vi.advanceTimersByTimeAsync(100);
    await settle();
    expect(page.starts(), "nothing before the paint").toBe(0);

    paint("first-paint");
    await settle();
    expect(page.starts(), "a paint without content is not the one").toBe(0);

    paint("first-contentful-paint");
    await settle();
    expect(page.starts()).toBe(1);

    // The fallback timer runs out later; the app is not started again.
    await vi.advanceTimersByTimeAsync(5000);
    await settle();
    expect(page.starts()).toBe(1);
  });

  it("preloads the entry and its imports only when it starts the app, each in a task of its own", async () => {
    const paint = installPaintTiming();
    const chunks = [evaluated("framework"), evaluated("app")];
    const page = load('<div id="root"><main><h1>Page</h1></main></div>', chunks);
    const preloads = () =>
      [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')].map((link) =>
        link.getAttribute("href"),
      );
    await settle();
    expect(preloads(), "nothing is fetched before the paint").toEqual([]);
    paint("first-contentful-paint");
    // One timer's turn at a time (the fake clock runs a zero-delay timer set in its own tick a
    // millisecond on): the start, then one preload a turn, and no entry until the last is added.
    await vi.advanceTimersByTimeAsync(0);
    const added = [preloads().length];
    for (let step = 0; step < 3; step += 1) {
      await vi.advanceTimersByTimeAsync(1);
      added.push(preloads().length);
    }
    expect(added).toEqual([1, 2, 3, 3]);
    await settle();
    expect(preloads()).toEqual([...chunks, page.entry]);
    expect(page.starts()).toBe(1);
  });

  it("evaluates the entry's imports one task each, in order, and the entry last", async () => {
    // Real timers: what is asserted is the order of the event loop's own tasks.
    vi.useRealTimers();
    const paint = installPaintTiming();
    // The first chunk queues a task as it is evaluated: it runs before the next chunk only if that one
    // is evaluated in a task of its own, not in the first one's microtasks.
    const queuesTask = `setTimeout(() => globalThis.bootstrapOrder.push("a task"), 0);`;
    const page = load('<div id="root"><main><h1>Page</h1></main></div>', [
      `${evaluated("runtime")}${encodeURIComponent(`\n${queuesTask}`)}`,
      evaluated("framework"),
    ]);
    paint("first-contentful-paint");
    await vi.waitFor(() => expect(page.starts()).toBe(1));
    expect(globalThis.bootstrapOrder).toEqual(["runtime", "a task", "framework"]);
  });

  it("does not run the entry when one of its imports fails to load, and says so", async () => {
    const paint = installPaintTiming();
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    const page = load('<div id="root"><main><h1>Page</h1></main></div>', [
      `data:text/javascript,${encodeURIComponent("throw new Error('offline')")}`,
    ]);
    paint("first-contentful-paint");
    await settle();
    await settle();
    expect(page.starts()).toBe(0);
    expect(error).toHaveBeenCalledWith(
      "The page's script did not load:",
      expect.objectContaining({ message: "offline" }),
    );
    error.mockRestore();
  });

  it("starts a page that never reports its paint (a tab kept in the background) after 3 s", async () => {
    installPaintTiming();
    const page = load('<div id="root"><main><h1>Page</h1></main></div>');
    await vi.advanceTimersByTimeAsync(2900);
    await settle();
    expect(page.starts()).toBe(0);
    await vi.advanceTimersByTimeAsync(200);
    await settle();
    expect(page.starts()).toBe(1);
  });

  it("starts the admin's empty shell after a frame: it has nothing to paint before the app", async () => {
    installPaintTiming();
    const page = load('<div id="root"></div>');
    await vi.advanceTimersByTimeAsync(50);
    await settle();
    expect(page.starts()).toBe(1);
  });

  it("starts after a frame in a browser without paint timing", async () => {
    vi.stubGlobal("PerformanceObserver", undefined);
    const page = load('<div id="root"><main><h1>Page</h1></main></div>');
    await vi.advanceTimersByTimeAsync(50);
    await settle();
    expect(page.starts()).toBe(1);
  });
});
