import { useEffect, useLayoutEffect, useRef, useState, type CSSProperties } from "react";
import { animateOnce, canAnimate, type Frame, type Timing } from "./animation";
import { onceInView } from "./in-view";

/**
 * Content that fades in once when it scrolls into view (what framer-motion's `whileInView` with
 * `viewport={{ once: true }}` did). It is rendered in its hidden frame, as an inline style, in the
 * server markup too, so it does not flash before hydration; index.html's <noscript> style shows it
 * as it is to visitors without JavaScript. `amount` is the share of the element that must be visible.
 * Use it below the fold only: nothing on the first screen may start hidden.
 */
export function useRevealOnView<T extends Element>(hidden: Frame, timing: Timing, amount = 0.3) {
  const ref = useRef<T>(null);
  const [revealed, setRevealed] = useState(false);
  const animate = useRef(false);

  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const stop = onceInView(
      element,
      () => {
        animate.current = canAnimate(element);
        setRevealed(true);
      },
      { threshold: amount },
    );
    if (!stop) setRevealed(true);
    return stop ?? undefined;
  }, [amount]);

  // The inline hidden style is gone from this commit on: start from the hidden frame before the paint.
  useLayoutEffect(() => {
    const element = ref.current;
    if (!revealed || !animate.current || !canAnimate(element)) return;
    return animateOnce(element, hidden, timing);
    // Runs once, when revealed; the frames and timing are those of that render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [revealed]);

  const style: CSSProperties | undefined = revealed
    ? undefined
    : { opacity: hidden.opacity, transform: hidden.transform };
  return { ref, style };
}
