import { createHash } from "node:crypto";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { Challenge } from "./challenge";
import { solveOffMainThread } from "./solve-off-thread";

/** A challenge as src/server/calls/challenge.ts makes one, answered by `number`. */
function challengeFor(number: number): Challenge {
  const salt = "a1b2c3d4e5f6?expires=1767225600";
  return {
    algorithm: "SHA-256",
    challenge: createHash("sha256")
      .update(salt + number)
      .digest("hex"),
    maxnumber: 1000,
    salt,
    signature: "signature",
  };
}

const numberIn = (solution: string | null) => (JSON.parse(atob(solution!)) as { number: number }).number;

/** A stand-in for the browser's Worker: records what it is sent and answers as the test says. */
class FakeWorker extends EventTarget {
  static made: FakeWorker[] = [];
  static answer: "payload" | "error" = "payload";
  sent: unknown[] = [];
  terminated = false;
  constructor(
    readonly url: URL,
    readonly options: WorkerOptions,
  ) {
    super();
    FakeWorker.made.push(this);
  }
  postMessage(message: unknown) {
    this.sent.push(message);
    const event =
      FakeWorker.answer === "payload" ? new MessageEvent("message", { data: "from-the-worker" }) : new Event("error");
    queueMicrotask(() => this.dispatchEvent(event));
  }
  terminate() {
    this.terminated = true;
  }
}

beforeEach(() => {
  FakeWorker.made = [];
  FakeWorker.answer = "payload";
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
