/**
 * /book's proof of work, the browser's side (the server's is src/server/calls/challenge.ts): find
 * the number n ≤ maxnumber whose SHA-256 of `salt + n` is the challenge, as ALTCHA's v1 defines it,
 * and send it back with the challenge as base64 of ALTCHA's JSON payload.
 *
 * Written here in a few lines rather than imported: altcha-lib's client code and widget would add
 * kilobytes to a page at the edge of its script budget, while crypto.subtle does the hashing
 * natively. The hashes are asked for in batches; each batch awaits, so the page stays responsive
 * (no Web Worker needed), and the search starts when the form appears, usually done before Book is
 * pressed.
 */
export interface Challenge {
  algorithm: string;
  challenge: string;
  maxnumber: number;
  salt: string;
  signature: string;
}

const BATCH = 256;

/** The solution's payload, or null when none is found (a challenge that is not ALTCHA's) or aborted. */
export async function solveChallenge(challenge: Challenge, signal?: AbortSignal): Promise<string | null> {
  const encoder = new TextEncoder();
  const target = challenge.challenge.toLowerCase();
  const toHex = (buffer: ArrayBuffer) =>
    Array.from(new Uint8Array(buffer), (byte) => byte.toString(16).padStart(2, "0")).join("");
  for (let start = 0; start <= challenge.maxnumber; start += BATCH) {
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
