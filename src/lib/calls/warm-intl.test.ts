import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { FakeWorker } from "./testing";
import type { IntlWarmup } from "./warm-intl";

const WARMUP: IntlWarmup = { locale: "en-GB", timeZone: "Africa/Lagos" };

/** The module afresh: it keeps one warm-up per page. */
async function freshWarmIntl() {
  vi.resetModules();
  return (await import("./warm-intl")).warmIntl;
}

beforeEach(() => {
  FakeWorker.reset("warm");
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe("warmIntl", () => {
  it("settles at once where the browser has no workers", async () => {
    vi.stubGlobal("Worker", undefined);
    const warmIntl = await freshWarmIntl();
    await expect(warmIntl(WARMUP)).resolves.toBeUndefined();
  });

  it("sends the locale and zone to one module worker, settles when it answers and ends it", async () => {
    vi.stubGlobal("Worker", FakeWorker);
    const warmIntl = await freshWarmIntl();
    const first = warmIntl(WARMUP);
    const second = warmIntl(WARMUP);
    await Promise.all([first, second]);
    expect(FakeWorker.made).toHaveLength(1);
    const [worker] = FakeWorker.made;
    expect(worker!.url.pathname).toMatch(/intl-warmup\.worker\.ts$/);
    expect(worker!.options).toEqual({ type: "module" });
    expect(worker!.sent).toEqual([WARMUP]);
    expect(worker!.terminated).toBe(true);
  });

  it("settles when the worker fails to load", async () => {
    FakeWorker.answer = "error";
    vi.stubGlobal("Worker", FakeWorker);
    const warmIntl = await freshWarmIntl();
    await warmIntl(WARMUP);
    expect(FakeWorker.made[0]!.terminated).toBe(true);
  });

  it("settles when the worker cannot be made (a policy that refuses it)", async () => {
    vi.stubGlobal(
      "Worker",
      class {
        constructor() {
          throw new DOMException("Refused by the page's policy", "SecurityError");
        }
      },
    );
    const warmIntl = await freshWarmIntl();
    await expect(warmIntl(WARMUP)).resolves.toBeUndefined();
  });

  it("waits at most three seconds for a worker that never answers", async () => {
    vi.useFakeTimers();
    FakeWorker.answer = "never";
    vi.stubGlobal("Worker", FakeWorker);
    const warmIntl = await freshWarmIntl();
    let settled = false;
    const warming = warmIntl(WARMUP).then(() => {
      settled = true;
    });
    await vi.advanceTimersByTimeAsync(2999);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await warming;
    expect(settled).toBe(true);
    expect(FakeWorker.made[0]!.terminated).toBe(true);
  });
});
