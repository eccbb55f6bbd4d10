import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { solveOffMainThread } from "./solve-off-thread";
import { challengeFor, FakeWorker } from "./testing";

const numberIn = (solution: string | null) => (JSON.parse(atob(solution!)) as { number: number }).number;

beforeEach(() => {
  FakeWorker.reset("from-the-worker");
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("solving the booking challenge off the main thread", () => {
  it("sends the challenge to a module worker, answers with what it finds and ends it", async () => {
    vi.stubGlobal("Worker", FakeWorker);
    const challenge = challengeFor(321);
    await expect(solveOffMainThread(challenge)).resolves.toBe("from-the-worker");
    const [worker] = FakeWorker.made;
    expect(worker!.url.pathname).toMatch(/challenge\.worker\.ts$/);
    expect(worker!.options).toEqual({ type: "module" });
    expect(worker!.sent).toEqual([challenge]);
    expect(worker!.terminated).toBe(true);
  });

  it("solves it in the page when the worker fails to load", async () => {
    FakeWorker.answer = "error";
    vi.stubGlobal("Worker", FakeWorker);
    expect(numberIn(await solveOffMainThread(challengeFor(321)))).toBe(321);
    expect(FakeWorker.made[0]!.terminated).toBe(true);
  });

  it("solves it in the page when no worker can be made (a policy that refuses it)", async () => {
    vi.stubGlobal(
      "Worker",
      class {
        constructor() {
          throw new DOMException("Refused by the page's policy", "SecurityError");
        }
      },
    );
    expect(numberIn(await solveOffMainThread(challengeFor(654)))).toBe(654);
  });

  it("solves it in the page where the browser has no workers", async () => {
    vi.stubGlobal("Worker", undefined);
    expect(numberIn(await solveOffMainThread(challengeFor(987)))).toBe(987);
  });
});
