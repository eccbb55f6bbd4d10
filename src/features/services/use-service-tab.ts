import { useCallback, useEffect, useRef, useState, type RefObject } from "react";
import { useLocation, useNavigate } from "react-router-dom";
import { findService, servicesPage, type ServiceId } from "../../content/services";

export type ServiceTabId = "all" | ServiceId;

function scrollBehavior(): ScrollBehavior {
  return window.matchMedia("(prefers-reduced-motion: reduce)").matches ? "auto" : "smooth";
}

/**
 * The services tab, driven by the URL hash so that links like /services#paid-ads are shareable.
 * The first render is always 'all' (that is what the page prerenders); the hash is applied in an
 * effect, then after a short delay the page scrolls to the services area. When the hash changes to
 * one that matches no service (a step back from /services#paid-ads), the page scrolls to the top.
 * The page arrived on without one is left where the browser put it, as ScrollToTop leaves it (a
 * navigation here from another page is scrolled to the top there): scrolling as hydration's effects
 * ran took a visitor who had scrolled on a slow phone back to the top, and a tap they made as it
 * happened landed on whatever had moved under their finger. Choosing a tab replaces the hash
 * instead of adding history. `chosenByVisitor` is true from the visitor's first choice of a tab on
 * the page: the content animates from then on, not for the hash the page arrived with.
 */
export function useServiceTab(areaRef: RefObject<HTMLElement | null>) {
  const { hash, pathname } = useLocation();
  const navigate = useNavigate();
  const [active, setActive] = useState<ServiceTabId>("all");
  const [chosenByVisitor, setChosenByVisitor] = useState(false);
  const chosenInPage = useRef(false);
  const lastHash = useRef<string | null>(null);

  useEffect(() => {
    const service = findService(decodeURIComponent(hash.replace(/^#/, "")));
    const fromClick = chosenInPage.current;
    chosenInPage.current = false;
    const previous = lastHash.current;
    lastHash.current = hash;
    // eslint-disable-next-line react-hooks/set-state-in-effect -- the hash is known after hydration only: the prerendered page has none
    setActive(service ? service.id : "all");
    if (!service && !fromClick) {
      // Not on arrival, nor for the same hash again (StrictMode runs a mount's effects twice).
      if (previous !== null && previous !== hash) window.scrollTo({ top: 0, left: 0, behavior: "auto" });
      return;
    }
    const timer = window.setTimeout(() => {
      areaRef.current?.scrollIntoView({ behavior: scrollBehavior(), block: "start" });
    }, servicesPage.hashScrollDelayMs);
    return () => window.clearTimeout(timer);
  }, [hash, areaRef]);

  const select = useCallback(
    (id: ServiceTabId) => {
      chosenInPage.current = true;
      setChosenByVisitor(true);
      setActive(id);
      navigate(id === "all" ? pathname : `${pathname}#${id}`, { replace: true, preventScrollReset: true });
    },
    [navigate, pathname],
  );

  return { active, select, chosenByVisitor };
}
