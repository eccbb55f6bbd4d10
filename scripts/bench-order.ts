/**
 * The order of a route's Lighthouse runs in `npm run bench` (scripts/bench.ts): the page as built and
 * its no-script copy alternate, in both orders (as built first on even runs, the copy first on odd
 * ones), so that a change in the machine's load, or a run's following another of the same page, falls
 * on both alike. Until 2026-12-04 the page as built always went first.
 */
export type BenchRun = "as built" | "no-script copy";

/** The runs of the `run`th pair (from 0), in the order they are made. */
export function pairOrder(run: number): readonly [BenchRun, BenchRun] {
  return run % 2 === 0 ? ["as built", "no-script copy"] : ["no-script copy", "as built"];
}
