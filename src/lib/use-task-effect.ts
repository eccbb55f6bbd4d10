import { useEffect, type DependencyList, type EffectCallback } from "react";

/**
 * `useEffect`, with the effect run in a task of its own (a timer's) rather than in React's flush of
 * the commit's effects. React runs every passive effect of a commit in one task, and the first commit
 * of a page is hydration's: the shell's effects (the consent cookie read, the bar's first scroll
 * read, the hydration mark) ran there with the page's own, one task of 44-120 ms at the low-tier
 * phone's 10x, over the long-task line on every route (docs/performance.md, "The shell's effects in
 * tasks of their own"). For effects whose work may come a task later: what they set up is not
 * needed in the same frame as the commit.
 *
 * The cleanup runs as `useEffect`'s does, and clears an effect that has not run yet.
 */
export function useTaskEffect(effect: EffectCallback, deps: DependencyList): void {
  useEffect(() => {
    let cleanup: ReturnType<EffectCallback>;
    const timer = setTimeout(() => {
      cleanup = effect();
    }, 0);
    return () => {
      clearTimeout(timer);
      if (typeof cleanup === "function") cleanup();
    };
    // The caller's dependencies, which react-hooks/exhaustive-deps checks at the call (eslint.config.js).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, deps);
}
