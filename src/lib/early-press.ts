/**
 * A press on a plain button made before the app has started. The page is on screen from its HTML
 * and the app starts after the first paint (src/boot.ts); on a slow phone that is a second or more
 * later, and a tap on a control that only script makes work (a services tab, the menu button) went
 * nowhere: React's listeners did not exist yet, so the visitor had to tap again (`npm run bench`'s
 * first taps: a services tab's press lost in 2 of 5 loads at the low-tier phone's slowdown).
 *
 * From the boot, the last press on a `type="button"` button is kept (a link or a form's submit does
 * what it does without script, so those are left alone). When hydration starts, React's listeners
 * take over. Once its first render has committed and the main thread is next idle (React hydrates
 * the page's route and other Suspense boundaries in passes after that first commit, and a press on a
 * part not hydrated yet reaches no handler), the kept press is made again on the same element, which
 * hydration adopted, unless the visitor has pressed anything since. A press inside a part that
 * hydrates later still (components/ui/Island.tsx) is then kept by that island until it has hydrated,
 * as any press made after the start is.
 */
let kept: HTMLButtonElement | null = null;

function keep(event: MouseEvent) {
  const button = event.target instanceof Element ? event.target.closest("button") : null;
  if (button && button.type === "button") kept = button;
}

/** A press after the start: the visitor has acted again, so the earlier one is not made for them. */
function forget() {
  kept = null;
}

/** Keeps the last press on a plain button from now (the boot calls it before the app loads). */
export function keepEarlyPresses(): void {
  // In the capture phase, on the window: before any listener on the page could stop it.
  window.removeEventListener("click", forget, true);
  window.addEventListener("click", keep, true);
}

/** Stops keeping presses: called as hydration starts, when React's listeners are attached. */
export function stopKeepingPresses(): void {
  window.removeEventListener("click", keep, true);
  if (kept) window.addEventListener("click", forget, true);
}

/** Makes the kept press again, once, if its button is still on the page and enabled. */
function replay(): void {
  window.removeEventListener("click", forget, true);
  const button = kept;
  kept = null;
  if (button?.isConnected && !button.disabled) button.click();
}

/**
 * Called once the first render has committed: makes the kept press again when the main thread is
 * next idle (within a second at the latest), or, in a browser without idle callbacks (Safari), a
 * tenth of a second later, when React's passes after the first commit have had their frames.
 */
export function replayEarlyPress(): void {
  stopKeepingPresses();
  if (!kept) return;
  if ("requestIdleCallback" in window) window.requestIdleCallback(replay, { timeout: 1000 });
  else setTimeout(replay, 100);
}
