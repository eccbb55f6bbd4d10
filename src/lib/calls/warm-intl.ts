/**
 * Loads the browser's date-formatting data on another thread before the call picker formats its
 * times. A page's first `Intl.DateTimeFormat` loads ICU's locale and calendar data in one task: 150-165
 * ms of the main thread at the low-tier phone's slowdown (Chromium at 15x, 2026-12-01), on /book and
 * /thank-you just as the free times arrive. The data is kept for the browser's whole process, so a
 * worker that makes the same kinds of formatter first leaves the page's own to find it loaded: the
 * page's first formatter then took 3-5 ms at 15x. The worker runs while the times load.
 *
 * Settles when the worker has answered, or at once where there are no workers (a test's DOM), or
 * when one fails or takes longer than WARMUP_TIMEOUT_MS: the page then makes its formatters itself,
 * as it did before, and nothing waits longer than that.
 */
export interface IntlWarmup {
  /** The locale of the day names (content/calls.ts's `callTimeCopy.locale`). */
  locale: string;
  /** A zone the times are shown in (the agency's). */
  timeZone: string;
}

const WARMUP_TIMEOUT_MS = 3000;

let warming: Promise<void> | null = null;

export function warmIntl(warmup: IntlWarmup): Promise<void> {
  warming ??= new Promise<void>((resolve) => {
    if (typeof Worker !== "function") {
      resolve();
      return;
    }
    let worker: Worker;
    try {
      worker = new Worker(new URL("./intl-warmup.worker.ts", import.meta.url), { type: "module" });
    } catch {
      resolve();
      return;
    }
    const finish = () => {
      clearTimeout(timer);
      worker.terminate();
      resolve();
    };
    const timer = setTimeout(finish, WARMUP_TIMEOUT_MS);
    worker.addEventListener("message", finish);
    worker.addEventListener("error", finish);
    worker.postMessage(warmup);
  });
  return warming;
}
