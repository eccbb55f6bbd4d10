import { useEffect, useRef, useState } from "react";
import { STAT_COUNT_DURATION_MS } from "../../content/home";
import { prefersReducedMotion } from "../../lib/animation";
import { onceInView } from "../../lib/in-view";

/**
 * '+8,200', '98%': a stat value, rounded, with English thousands separators and its prefix and suffix.
 * The separators are put in here rather than by `toLocaleString`: the stats hydrate as the home page
 * loads, and a page's first number or date formatter loads the browser's ICU data, one task of
 * 150-165 ms at the low-tier phone's slowdown (Chromium at 15x, measured 2026-12-01).
 */
export function formatStat(value: number, prefix = "", suffix = ""): string {
  const grouped = String(Math.round(value)).replace(/\B(?=(\d{3})+$)/g, ",");
  return `${prefix}${grouped}${suffix}`;
}

/**
 * Counts from 0 to `target` over `durationMs` once the element behind the returned ref scrolls into
 * view. The first render (server and hydration alike) returns `target`, so the prerendered HTML
 * carries the real figure and hydration matches; only after mount does the number drop to 0 and
 * count up. Under prefers-reduced-motion it stays at `target`.
 */
export function useCountUp<T extends Element>(target: number, durationMs: number = STAT_COUNT_DURATION_MS) {
  const ref = useRef<T>(null);
  const [value, setValue] = useState(target);

  useEffect(() => {
    const element = ref.current;
    if (!element || prefersReducedMotion()) return;

    let frame = 0;
    let start: number | null = null;
    const tick = (now: number) => {
      start ??= now;
      const progress = Math.min((now - start) / durationMs, 1);
      // Ease out: fast at first, settling on the final figure.
      setValue(target * (1 - Math.pow(1 - progress, 3)));
      if (progress < 1) frame = requestAnimationFrame(tick);
    };

    // Without IntersectionObserver the figure stays as it is.
    const stop = onceInView(element, () => (frame = requestAnimationFrame(tick)), { threshold: 0.4 });
    if (!stop) return;
    setValue(0);
    return () => {
      stop();
      cancelAnimationFrame(frame);
    };
  }, [target, durationMs]);

  return { ref, value };
}
