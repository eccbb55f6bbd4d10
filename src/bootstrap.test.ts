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
  return { starts: () => globalThis.bootstrapStarts?.[id] ?? 0 };
}

/** Lets the timers due now run and the entry's import settle (a real import: a few turns of the loop). */
async function settle() {
  await vi.advanceTimersByTimeAsync(0);
  for (let turn = 0; turn < 10; turn += 1) await new Promise((resolve) => setImmediate(resolve));
}

beforeEach(() => {
  globalThis.bootstrapStarts = {};
  vi.useFakeTimers({ toFake: ["setTimeout", "requestAnimationFrame"] });
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  delete globalThis.bootstrapStarts;
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

  it("preloads the entry's imports only when it starts the app, all at once", async () => {
    const paint = installPaintTiming();
    const page = load('<div id="root"><main><h1>Page</h1></main></div>', [
      "/assets/framework-a.js",
      "/assets/app-b.js",
    ]);
    const preloads = () =>
      [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')].map((link) =>
        link.getAttribute("href"),
      );
    await settle();
    expect(preloads(), "nothing is fetched before the paint").toEqual([]);
    paint("first-contentful-paint");
    await settle();
    expect(preloads()).toEqual(["/assets/framework-a.js", "/assets/app-b.js"]);
    expect(page.starts()).toBe(1);
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
