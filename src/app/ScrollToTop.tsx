import { useEffect, useRef } from "react";
import { useLocation } from "react-router-dom";

/**
 * Scrolls to the top when the route moves to another page. A URL with a hash is left to the page that
 * owns the anchor (the services page scrolls to its tab itself), and so is a change of the hash alone
 * on the same page: /thank-you takes a booking token out of its address (a replace of the hash), and
 * the router commits that in a transition, which can land after the visitor has scrolled down to the
 * times; scrolling then moved the page from under their press (calls.spec caught it). The page the
 * visitor arrived on is left where the browser put it: at the top, or where a reload or the back
 * button restores it. Scrolling there as hydration's effects run would also force a style and layout
 * pass inside that task (measured on /contact at 4x CPU: 15 ms of one 60 ms task).
 */
export function ScrollToTop() {
  const { pathname, hash } = useLocation();
  const last = useRef<string | null>(null);
  useEffect(() => {
    const previous = last.current;
    last.current = pathname;
    // The page arrived on, or the same page again (StrictMode runs a mount's effects twice; a hash).
    if (previous === null || previous === pathname) return;
    if (hash) return;
    window.scrollTo({ top: 0, left: 0, behavior: "instant" });
  }, [pathname, hash]);
  return null;
}
