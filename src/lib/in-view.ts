/**
 * Calls `onEnter` once, the first time `element` intersects the screen (with `options`' margin or
 * threshold), and stops watching. Returns what stops watching sooner, or null where the browser has
 * no IntersectionObserver (jsdom, very old browsers): the caller decides what happens then.
 */
export function onceInView(
  element: Element,
  onEnter: () => void,
  options?: IntersectionObserverInit,
): (() => void) | null {
  if (typeof IntersectionObserver === "undefined") return null;
  const observer = new IntersectionObserver((entries) => {
    if (!entries.some((entry) => entry.isIntersecting)) return;
    observer.disconnect();
    onEnter();
  }, options);
  observer.observe(element);
  return () => observer.disconnect();
}
