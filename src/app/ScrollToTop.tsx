import { useEffect, useRef } from "react";
import { useLocation } from "react-router-dom";

/**
 * Scrolls to the top on every route change. A URL with a hash is left to the page that owns the
 * anchor (the services page scrolls to its tab itself). The page the visitor arrived on is left where
 * the browser put it: at the top, or where a reload or the back button restores it. Scrolling there
 * as hydration's effects run would also force a style and layout pass inside that task (measured on
 * /contact at 4x CPU: 15 ms of one 60 ms task).
 */
export function ScrollToTop() {
  const { pathname, hash } = useLocation();
  const last = useRef<string | null>(null);
  useEffect(() => {
    const at = `${pathname}${hash}`;
    const previous = last.current;
    last.current = at;
    // The page arrived on, or the same location again (StrictMode runs a mount's effects twice).
    if (previous === null || previous === at) return;
    if (hash) return;
    window.scrollTo({ top: 0, left: 0, behavior: "instant" });
  }, [pathname, hash]);
  return null;
}
