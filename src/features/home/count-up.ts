import { useEffect, useRef, useState } from "react";
import { STAT_COUNT_DURATION_MS } from "../../content/home";

/** '+8,200', '98%': a stat value with English thousands separators and its prefix and suffix. */
export function formatStat(value: number, prefix = "", suffix = ""): string {
  return `${prefix}${Math.round(value).toLocaleString("en-US")}${suffix}`;
}

function prefersReducedMotion(): boolean {
  return typeof window.matchMedia === "function" && window.matchMedia("(prefers-reduced-motion: reduce)").matches;
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
    if (!element || prefersReducedMotion() || typeof IntersectionObserver === "undefined") return;

    let frame = 0;
    let start: number | null = null;
    const tick = (now: number) => {
      start ??= now;
      const progress = Math.min((now - start) / durationMs, 1);
      // Ease out: fast at first, settling on the final figure.
      setValue(target * (1 - Math.pow(1 - progress, 3)));
      if (progress < 1) frame = requestAnimationFrame(tick);
    };

    setValue(0);
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        frame = requestAnimationFrame(tick);
      },
      { threshold: 0.4 },
    );
    observer.observe(element);
    return () => {
      observer.disconnect();
      cancelAnimationFrame(frame);
    };
  }, [target, durationMs]);

  return { ref, value };
}
