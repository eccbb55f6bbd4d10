import { createHash } from "node:crypto";
import type { Challenge } from "./challenge";

/** A challenge as src/server/calls/challenge.ts makes one, answered by `number` (the signature is not checked here). */
export function challengeFor(number: number, maxnumber = 50_000): Challenge {
  const salt = "a1b2c3d4e5f6?expires=1767225600";
  return {
    algorithm: "SHA-256",
    challenge: createHash("sha256")
      .update(salt + number)
      .digest("hex"),
    maxnumber,
    salt,
    signature: "signature",
  };
}

/**
 * A stand-in for the browser's Worker: records what it is sent and what made it, and answers each
 * message with `FakeWorker.answer`: a message carrying `FakeWorker.data`, an error, or nothing.
 */
export class FakeWorker extends EventTarget {
  static made: FakeWorker[] = [];
  static answer: "message" | "error" | "never" = "message";
  static data: unknown = null;
  sent: unknown[] = [];
  terminated = false;
  constructor(
    readonly url: URL,
    readonly options: WorkerOptions,
  ) {
    super();
    FakeWorker.made.push(this);
  }
  /** Forgets the workers made and answers with a message carrying `data` again. */
  static reset(data: unknown) {
    FakeWorker.made = [];
    FakeWorker.answer = "message";
    FakeWorker.data = data;
  }
  postMessage(message: unknown) {
    this.sent.push(message);
    if (FakeWorker.answer === "message")
      queueMicrotask(() => this.dispatchEvent(new MessageEvent("message", { data: FakeWorker.data })));
    if (FakeWorker.answer === "error") queueMicrotask(() => this.dispatchEvent(new Event("error")));
  }
  terminate() {
    this.terminated = true;
  }
}
