import { useEffect, useLayoutEffect, useRef, useState, type RefObject } from "react";
import { animateFrames, canAnimate, settled, SETTLED, type Frame, type Timing } from "./animation";
import { runDetached } from "./detached";

/** One element whose content is swapped: it fades out to `exitTo`, then the new content fades in from `enterFrom`. */
export interface SwapPart {
  ref: RefObject<Element | null>;
  enterFrom: Frame;
  exitTo: Frame;
}

/**
 * The value to show while `value` changes with an exit-then-enter animation (like framer-motion's
 * AnimatePresence mode="wait"): the returned value stays the old one while every part animates
 * out, then becomes the newest `value`, whose content animates in. A change during the exit is taken
 * up when it ends; a change during the enter starts the exit from where the enter got to. Where the
 * browser cannot animate (jsdom), or while `animate` is false (a change the visitor did not make),
 * the value is swapped at once. The first value is never animated, so the prerendered picture is
 * the final one.
 */
export function useSwapTransition<T>(value: T, parts: readonly SwapPart[], timing: Timing, animate = true): T {
  const [shown, setShown] = useState(value);
  const latest = useRef(value);
  const shownRef = useRef(shown);
  const exits = useRef<Animation[] | null>(null);
  const enters = useRef<Animation[]>([]);
  const entering = useRef(false);
  const partsRef = useRef(parts);
  const timingRef = useRef(timing);
  const animateRef = useRef(animate);

  useEffect(() => {
    partsRef.current = parts;
    timingRef.current = timing;
    animateRef.current = animate;
  });

  const enter = () => {
    enters.current = partsRef.current.flatMap(({ ref, enterFrom }) =>
      canAnimate(ref.current) ? [animateFrames(ref.current, enterFrom, SETTLED, timingRef.current)] : [],
    );
    exits.current?.forEach((animation) => animation.cancel());
    exits.current = null;
    const running = enters.current;
    // The end state is the element's own: drop the held animation so it does not pin opacity/transform.
    runDetached(
      settled(running).then(() => running.forEach((animation) => animation.cancel())),
      "Ending a transition",
    );
  };

  useEffect(() => {
    latest.current = value;
    if (exits.current || Object.is(value, shownRef.current)) return;
    const elements = partsRef.current.map(({ ref }) => ref.current);
    if (!animateRef.current || !elements.every(canAnimate)) {
      shownRef.current = value;
      setShown(value);
      return;
    }
    const running = partsRef.current.map(({ ref, exitTo }) =>
      animateFrames(ref.current!, null, exitTo, timingRef.current),
    );
    enters.current.forEach((animation) => animation.cancel());
    exits.current = running;
    const exited = settled(running).then(() => {
      if (exits.current !== running) return;
      if (Object.is(latest.current, shownRef.current)) {
        enter();
        return;
      }
      entering.current = true;
      shownRef.current = latest.current;
      setShown(latest.current);
    });
    runDetached(exited, "Ending a transition");
  }, [value]);

  // Before the browser paints the new content, start it at its enter frame.
  useLayoutEffect(() => {
    if (!entering.current) return;
    entering.current = false;
    enter();
  }, [shown]);

  useEffect(() => () => [...(exits.current ?? []), ...enters.current].forEach((animation) => animation.cancel()), []);

  return shown;
}
