/**
 * A press on a plain button made before the app has started. The page is on screen from its HTML
 * and the app starts after the first paint (scripts/bootstrap-script.ts); on a slow phone that is a
 * second or more later, and a tap on a control that only script makes work (a services tab, the menu
 * button) went nowhere: React's listeners did not exist yet, so the visitor had to tap again
 * (`npm run bench`'s first taps: a services tab's press lost in 2 of 5 loads at the low-tier phone's
 * slowdown).
 *
 * From the page's inline script (scripts/bootstrap-script.ts), the last press on a `type="button"`
 * button is kept in `window.__earlyPress` (a link or a form's submit does what it does without script,
 * so those are left alone). When hydration starts, React's listeners take over. Once the first render
 * has committed, the kept press is made again on the same element, which hydration adopts, unless the
 * visitor has pressed anything since: in the next task, not in the commit's effects. React hydrates the
 * page's route in a pass of its own after the first commit (its Suspense boundary,
 * src/app/AppFrame.tsx), and a press on a part not hydrated yet makes React hydrate that part at once
 * to answer it, which it can do in a task of its own but not while it is still committing (made from
 * the commit's effect, the press reached a button React had not adopted yet, and was lost). A press
 * inside a part whose code has not arrived (components/ui/Island.tsx) is kept by that island until it
 * has hydrated, as any press made after the start is.
 *
 * Until 2026-12-02 the press waited for the main thread's next idle moment, within a second. A phone's
 * page is seldom idle while it loads, so it mostly waited the second out: at 9x CPU, the portfolio's
 * filter changed 0.7-1.2 s after the first commit, against 0.25-0.54 s now (docs/performance.md, "A
 * press before the app, made again in the next task").
 */
declare global {
  interface Window {
    /** What the page's inline script keeps until the app starts (scripts/bootstrap-script.ts). */
    __earlyPress?: { button: HTMLButtonElement | null; keep: (event: MouseEvent) => void };
  }
}

let kept: HTMLButtonElement | null = null;

/** A press after the start: the visitor has acted again, so the earlier one is not made for them. */
function forget() {
  kept = null;
}

/**
 * Takes over the press the page's script kept and stops keeping presses: called as hydration starts,
 * when React's listeners are attached.
 */
export function stopKeepingPresses(): void {
  const early = window.__earlyPress;
  if (early) {
    window.removeEventListener("click", early.keep, true);
    kept = early.button;
    delete window.__earlyPress;
  }
  if (kept) window.addEventListener("click", forget, true);
}

/** Makes the kept press again, once, if its button is still on the page and enabled. */
function replay(): void {
  window.removeEventListener("click", forget, true);
  const button = kept;
  kept = null;
  if (button?.isConnected && !button.disabled) button.click();
}

/** Called once the first render has committed: makes the kept press again, in the next task. */
export function replayEarlyPress(): void {
  stopKeepingPresses();
  if (kept) setTimeout(replay, 0);
}
