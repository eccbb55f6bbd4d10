import { createHash } from "node:crypto";
import { describe, expect, it, vi } from "vitest";
import { solveChallenge } from "./challenge";
import { challengeFor } from "./testing";

function payload(solution: string | null) {
  return solution === null ? null : (JSON.parse(atob(solution)) as Record<string, unknown>);
}

/**
 * Chromium settles a small digest's promise without a task of its own, so awaiting the hashes gives
 * the page nothing: this stand-in hashes the same bytes and settles the same way.
 */
function digestsWithoutTasks() {
  return vi.spyOn(crypto.subtle, "digest").mockImplementation((_algorithm, data) => {
    const bytes = data instanceof ArrayBuffer ? new Uint8Array(data) : new Uint8Array((data as Uint8Array).buffer);
    const hash = createHash("sha256").update(bytes).digest();
    return Promise.resolve(hash.buffer.slice(hash.byteOffset, hash.byteOffset + hash.byteLength));
  });
}

describe("the booking challenge's solver", () => {
  it("finds the number, and sends it with the challenge as ALTCHA's payload", async () => {
    const challenge = challengeFor(1234, 5000);
    expect(payload(await solveChallenge(challenge))).toEqual({
      algorithm: "SHA-256",
      challenge: challenge.challenge,
      number: 1234,
      salt: challenge.salt,
      signature: "signature",
    });
  });

  it("gives up on a challenge no number up to maxnumber answers, and when aborted", async () => {
    expect(await solveChallenge({ ...challengeFor(1), challenge: "0".repeat(64), maxnumber: 300 })).toBeNull();
    const aborted = new AbortController();
    aborted.abort();
    expect(await solveChallenge(challengeFor(10), aborted.signal)).toBeNull();
  });

  it("gives the page its turn while it searches, even when the hashes settle without a task", async () => {
    digestsWithoutTasks();
    const challenge = challengeFor(40_000);
    // What the page has waiting meanwhile: a timer, and a message (React schedules its work so).
    const seen: string[] = [];
    setTimeout(() => seen.push("timer"), 0);
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      seen.push("message");
      channel.port1.close();
    };
    channel.port2.postMessage(null);
    const solution = await solveChallenge(challenge);
    seen.push("solved");
    expect(payload(solution)?.number).toBe(40_000);
    expect(seen.indexOf("timer")).toBeGreaterThanOrEqual(0);
    expect(seen.indexOf("timer")).toBeLessThan(seen.indexOf("solved"));
    expect(seen.indexOf("message")).toBeLessThan(seen.indexOf("solved"));
  });
});
