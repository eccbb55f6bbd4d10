import { solveChallenge, type Challenge } from "./challenge";

/**
 * Solves /book's proof of work in a worker, so that none of its hashing runs on the page's main
 * thread. In slices there (challenge.ts) the search still took the page's turn every 5 ms for as long
 * as it ran, a second or more on a low-tier phone while the visitor reads the times and types, and
 * Lighthouse, which multiplies each task it observes on a fast machine by the phone's slowdown,
 * counted a slice that ran long (28 ms at full speed) as a long task of its own.
 *
 * Where there are no workers, or one cannot be made (a policy that refuses it) or fails to load, the
 * page solves it itself, in slices, as before: the booking never depends on the worker.
 */
export function solveOffMainThread(challenge: Challenge): Promise<string | null> {
  if (typeof Worker !== "function") return solveChallenge(challenge);
  let worker: Worker;
  try {
    worker = new Worker(new URL("./challenge.worker.ts", import.meta.url), { type: "module" });
  } catch {
    return solveChallenge(challenge);
  }
  return new Promise((resolve) => {
    worker.addEventListener("message", (event: MessageEvent<string | null>) => {
      worker.terminate();
      resolve(event.data);
    });
    worker.addEventListener("error", () => {
      worker.terminate();
      resolve(solveChallenge(challenge));
    });
    worker.postMessage(challenge);
  });
}
