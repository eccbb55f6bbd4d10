/**
 * Small animations on the browser's own Web Animations API (`element.animate`), for the first screen
 * of public pages: the hero's content switch and the fade-ups as sections scroll into view.
 * framer-motion's smallest setup (LazyMotion, MotionConfig and `m`, then its animation features) is
 * about 20 KB of gzipped script loaded before the page is interactive; the platform does the same
 * fades and slides for nothing. Written here because what is needed is a few lines over a standard
 * API: no library adds anything to it at this size.
 *
 * Reduced motion is honoured (like framer-motion's `reducedMotion="user"`): under
 * `prefers-reduced-motion: reduce`, movement (transform) is dropped and only the fade remains.
 */
import { runDetached } from "./detached";

/** One keyframe: opacity and a CSS transform. */
export interface Frame {
  opacity?: number;
  transform?: string;
}

export interface Timing {
  durationMs: number;
  delayMs?: number;
  /** A CSS easing function. */
  easing: string;
}

export function prefersReducedMotion(): boolean {
  return (
    typeof window !== "undefined" &&
    typeof window.matchMedia === "function" &&
    window.matchMedia("(prefers-reduced-motion: reduce)").matches
  );
}

/** Whether `element` can be animated here (jsdom and very old browsers cannot): if not, changes are instant. */
export function canAnimate(element: Element | null | undefined): element is Element {
  return Boolean(element) && typeof (element as Element).animate === "function";
}

/** The natural state every animation here ends in (opacity 1, no transform). */
export const SETTLED: Frame = { opacity: 1, transform: "none" };

/**
 * Animates `element` to `to`, from `from` or (null) from wherever it is now, without movement under
 * reduced motion. The end state is held until the animation is cancelled.
 */
export function animateFrames(
  element: Element,
  from: Frame | null,
  to: Frame,
  { durationMs, delayMs = 0, easing }: Timing,
): Animation {
  const still = prefersReducedMotion();
  const frame = ({ opacity, transform }: Frame): Keyframe => ({
    ...(opacity === undefined ? {} : { opacity }),
    ...(still || transform === undefined ? {} : { transform }),
  });
  return element.animate(from ? [frame(from), frame(to)] : [frame(to)], {
    duration: durationMs,
    delay: delayMs,
    easing,
    fill: "both",
  });
}

/** Resolves when every animation has finished or been cancelled. */
export function settled(animations: readonly Animation[]): Promise<void> {
  return Promise.all(animations.map((animation) => animation.finished.catch(() => undefined))).then(() => undefined);
}

/**
 * Plays `from` → settled once on `element` and then lets its own style take over again; returns what
 * cancels it (for an effect's cleanup).
 */
export function animateOnce(element: Element, from: Frame, timing: Timing): () => void {
  const running = animateFrames(element, from, SETTLED, timing);
  runDetached(
    settled([running]).then(() => running.cancel()),
    "Ending an animation",
  );
  return () => running.cancel();
}
