import "@testing-library/jest-dom/vitest";
import { cleanup, configure } from "@testing-library/react";
import { afterAll, afterEach, vi } from "vitest";

// `findBy…` and `waitFor` wait for what they await and return as soon as it is there; this is only
// when a test gives up. Testing Library's one second is shorter than a lazy chunk's first import on
// a busy machine, which would fail a correct test.
configure({ asyncUtilTimeout: 10_000 });

afterEach(() => {
  cleanup();
  window.sessionStorage.clear();
});

// jsdom lacks these browser APIs; the components use them only inside effects.
class NoopIntersectionObserver {
  readonly root = null;
  readonly rootMargin = "";
  readonly thresholds = [];
  constructor(private readonly callback: IntersectionObserverCallback) {}
  observe(target: Element) {
    // Report everything as visible at once so that in-view animations settle in tests.
    this.callback(
      [{ isIntersecting: true, target, intersectionRatio: 1 } as IntersectionObserverEntry],
      this as unknown as IntersectionObserver,
    );
  }
  unobserve() {}
  disconnect() {}
  takeRecords() {
    return [];
  }
}
if (!("IntersectionObserver" in window)) {
  Object.assign(window, { IntersectionObserver: NoopIntersectionObserver });
  Object.assign(globalThis, { IntersectionObserver: NoopIntersectionObserver });
}
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener() {},
      removeListener() {},
      addEventListener() {},
      removeEventListener() {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}
window.scrollTo = (() => {}) as typeof window.scrollTo;
Element.prototype.scrollIntoView = function scrollIntoView() {};

/*
 * Files without module mocks or stubs share one jsdom per worker (vitest.config.ts, "dom-shared"),
 * so after each file the document is put back as a fresh environment has it: no nodes in the body
 * and no marks on <html>, no storage, cookies or changed address, real timers, no spies, no stubbed
 * globals or variables, and the default timeouts (src/features/admin/testing.tsx raises them for the
 * files that talk to a server).
 * Listeners on window and document stay: libraries add theirs once per document (user-event's
 * tracking of values and selections), and taking them away would break the next file.
 */
afterAll(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
  vi.resetConfig();
  document.body.replaceChildren();
  for (const name of document.documentElement.getAttributeNames()) document.documentElement.removeAttribute(name);
  for (const cookie of document.cookie.split(";")) {
    const name = cookie.split("=")[0]?.trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  }
  window.localStorage.clear();
  window.sessionStorage.clear();
  window.history.replaceState(null, "", "/");
});
