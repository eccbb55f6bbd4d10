/**
 * A worker that solves /book's proof of work (src/lib/calls/challenge.ts) and answers with the
 * payload, or null: the search's 25,000 hashes on average, off the page's main thread
 * (src/lib/calls/solve-off-thread.ts).
 */
import { solveChallenge, type Challenge } from "./challenge";

addEventListener("message", (event: MessageEvent<Challenge>) => {
  void solveChallenge(event.data).then(
    (payload) => postMessage(payload),
    () => postMessage(null),
  );
});
