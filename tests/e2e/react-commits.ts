import type { Page } from "@playwright/test";

/** What `recordReactCommits` saw, read back by `reactCommits`. */
export interface ReactCommits {
  /** When (ms since navigation) a commit held a Suspense boundary showing its fallback. */
  fallbacks: number[];
  /**
   * How many server-rendered Suspense boundaries inside the page's `<main>` any commit held still
   * dehydrated (each counted once): the route's own, and any the page puts inside it.
   */
  dehydratedInMain: number;
}

/**
 * Reads every commit React makes, through the hook React DevTools is given (installed before the
 * page's scripts; React's production build calls it too), and walks its tree for Suspense boundaries:
 * one whose state is suspended shows its fallback; one whose state holds `dehydrated` is still the
 * server's markup, to be hydrated in a pass of its own at React's lowest priority.
 */
export async function recordReactCommits(page: Page): Promise<void> {
  await page.addInitScript(() => {
    type Fiber = {
      tag: number;
      memoizedState: { dehydrated?: Node | null } | null;
      child: Fiber | null;
      sibling: Fiber | null;
    };
    const SUSPENSE = 13;
    const fallbacks: number[] = [];
    const dehydrated = new Set<Node>();
    const walk = (fiber: Fiber | null) => {
      for (let node = fiber; node; node = node.sibling) {
        const state = node.tag === SUSPENSE ? node.memoizedState : null;
        if (state && !state.dehydrated) fallbacks.push(Math.round(performance.now()));
        else if (state?.dehydrated && document.querySelector("main")?.contains(state.dehydrated))
          dehydrated.add(state.dehydrated);
        walk(node.child);
      }
    };
    Object.assign(window, {
      __reactCommits: () => ({ fallbacks, dehydratedInMain: dehydrated.size }),
      __REACT_DEVTOOLS_GLOBAL_HOOK__: {
        supportsFiber: true,
        inject: () => 1,
        onCommitFiberRoot: (_renderer: number, root: { current: Fiber }) => walk(root.current),
        onPostCommitFiberRoot: () => {},
        onCommitFiberUnmount: () => {},
        setStrictMode: () => {},
      },
    });
  });
}

export const reactCommits = (page: Page): Promise<ReactCommits> =>
  page.evaluate(() => (window as unknown as { __reactCommits: () => ReactCommits }).__reactCommits());
