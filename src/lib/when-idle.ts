/**
 * Runs a task once the browser is idle, or after a while anyway: work that must never compete with
 * the first screen (the arrival's record, Speed Insights, the traffic beacon). A browser without
 * requestIdleCallback (Safari) runs it after two seconds, unless the document is gone by then (a
 * test's jsdom torn down after its file: the task would read a `window` that no longer exists).
 */
export function whenIdle(task: () => void, timeout = 4000): void {
  if ("requestIdleCallback" in window) window.requestIdleCallback(task, { timeout });
  else
    setTimeout(() => {
      if (typeof window !== "undefined") task();
    }, 2000);
}
