import { useEffect, useRef, useState } from "react";
import { onceInView } from "../../lib/in-view";

/**
 * Whether a looping strip (the client logos, the testimonials) may move: from the first time it is on
 * the screen after the page has hydrated. Until then it is rendered paused, as the server renders it
 * and as a page without script keeps it. A running animation of a track twice the list's width, off
 * the screen, made the first frame's commit on `/` take 17-28 ms at full speed in 5 of 8 loads (under
 * 2 ms with it paused), which a low-tier phone pays many times over; a strip nobody sees need not move.
 * Where the browser has no IntersectionObserver it moves once hydrated.
 */
export function usePlayInView<T extends Element>() {
  const ref = useRef<T>(null);
  const [playing, setPlaying] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const stop = onceInView(element, () => setPlaying(true));
    if (!stop) setPlaying(true);
    return stop ?? undefined;
  }, []);
  return [ref, playing] as const;
}
