/**
 * /book's proof of work, the browser's side (the server's is src/server/calls/challenge.ts): find
 * the number n ≤ maxnumber whose SHA-256 of `salt + n` is the challenge, as ALTCHA's v1 defines it,
 * and send it back with the challenge as base64 of ALTCHA's JSON payload.
 *
 * Written here in a few lines rather than imported: altcha-lib's client code and widget would add
 * kilobytes to a page at the edge of its script budget, while crypto.subtle does the hashing
 * natively. The search starts when the form appears, so it is usually done before Book is pressed.
 *
 * It runs in slices of at most SLICE_MS, and gives the page back between them. Awaiting the hashes
 * alone does not: Chromium settles small digests without a task of its own, so the whole search was
 * one task, the page frozen while it ran (at 6x CPU, a low-tier phone, one task of 3.8 s on /book;
 * taps, scrolling and the times' first render all waited).
 */
export interface Challenge {
  algorithm: string;
  challenge: string;
  maxnumber: number;
  salt: string;
  signature: string;
}

/** Hashes asked for at once: about 3 ms on a low-tier phone. */
const BATCH = 32;
/**
 * How long one slice may keep the page: React's own slice. Well under a long task's 50 ms on the
 * phone itself, and under it in Lighthouse too, which slows the CPU by multiplying each task it
 * observed on a fast machine (at 6.7x a 10 ms slice counted as 67 ms: 965 ms of TBT on /book).
 */
const SLICE_MS = 5;

/**
 * The page's turn: a message to ourselves, queued behind whatever the page has waiting (React's
 * rendering, timers, input), without the 4 ms a timer is held to once nested. Not
 * `scheduler.yield()`: it resumes ahead of the page's other tasks, which would wait for the search.
 */
function yieldToPage(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}

/** The solution's payload, or null when none is found (a challenge that is not ALTCHA's) or aborted. */
export async function solveChallenge(challenge: Challenge, signal?: AbortSignal): Promise<string | null> {
  const encoder = new TextEncoder();
  const target = challenge.challenge.toLowerCase();
  const toHex = (buffer: ArrayBuffer) =>
    Array.from(new Uint8Array(buffer), (byte) => byte.toString(16).padStart(2, "0")).join("");
  let sliceStarted = performance.now();
  for (let start = 0; start <= challenge.maxnumber; start += BATCH) {
    if (performance.now() - sliceStarted >= SLICE_MS) {
      await yieldToPage();
      sliceStarted = performance.now();
    }
    if (signal?.aborted) return null;
    const numbers = Array.from({ length: Math.min(BATCH, challenge.maxnumber + 1 - start) }, (_, i) => start + i);
    const hashes = await Promise.all(
      numbers.map((n) => crypto.subtle.digest("SHA-256", encoder.encode(challenge.salt + n))),
    );
    const found = hashes.findIndex((hash) => toHex(hash) === target);
    if (found >= 0) {
      const { algorithm, salt, signature } = challenge;
      return btoa(JSON.stringify({ algorithm, challenge: target, number: numbers[found], salt, signature }));
    }
  }
  return null;
}
