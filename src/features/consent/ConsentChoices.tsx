import { startTransition, useEffect, useState } from "react";
import { useLocation } from "react-router-dom";
import type { Consent } from "../../lib/consent";
import { readStoredConsent } from "../../lib/consent-cookies";
import ConsentBanner from "./ConsentBanner";
import type { ChoicesOpening } from "./ConsentHost";

interface ShownChoice {
  view: "choice" | "settings";
  current: Consent | null;
  trigger: HTMLElement | null;
  /** Opened from the footer: focus moves into it and returns to `trigger` when it closes. */
  openedByVisitor: boolean;
  key: number;
}

let shownCount = 0;

/**
 * Loaded by ConsentHost when needed: decides what to show for each opening (the short choice on a
 * first visit, the settings from the footer) and where the focus goes when it closes.
 */
export default function ConsentChoices({ opening }: { opening: ChoicesOpening }) {
  const { pathname } = useLocation();
  const [shown, setShown] = useState<ShownChoice | null>(null);

  useEffect(() => {
    const current = readStoredConsent();
    if (opening.trigger) {
      // eslint-disable-next-line react-hooks/set-state-in-effect -- the stored choice is read after hydration, once per opening
      setShown({ view: "settings", current, trigger: opening.trigger, openedByVisitor: true, key: ++shownCount });
    } else if (!current) {
      // Nobody pressed anything: drawn in React's slices (a transition), where an update from an
      // effect would be one render React does not slice (docs/performance.md, "The consent choice
      // in a transition"). The footer's press above is answered at once.
      const first: ShownChoice = { view: "choice", current, trigger: null, openedByVisitor: false, key: ++shownCount };
      startTransition(() => setShown(first));
    }
  }, [opening]);

  // Not asked on the sign-in page, a tool for the site's staff (the admin area never shows it).
  if (!shown || (pathname === "/login" && !shown.openedByVisitor)) return null;

  function close(focusWasInside: boolean) {
    // Focus goes back where the visitor was, or to the page's content when the choice had it: never
    // left on an element that is about to disappear.
    if (shown?.trigger?.isConnected) shown.trigger.focus();
    else if (focusWasInside) document.getElementById("main")?.focus({ preventScroll: true });
    setShown(null);
  }

  return (
    <ConsentBanner
      key={shown.key}
      initialView={shown.view}
      current={shown.current}
      openedByVisitor={shown.openedByVisitor}
      onClose={close}
    />
  );
}
