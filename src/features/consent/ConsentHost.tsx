import { startTransition, useState, type ComponentType } from "react";
import { runDetached } from "../../lib/detached";
import { onPrivacyChoicesRequest } from "../../lib/privacy-choices";
import { useTaskEffect } from "../../lib/use-task-effect";

/**
 * The only consent code every page loads. It renders nothing on the server and nothing in the
 * browser's first render, so prerendered pages hydrate unchanged and nothing shifts; after hydration
 * it loads the choice (its own chunk) when this browser has no choice yet, or when the footer's
 * 'Privacy choices' asks for it. A visitor who has chosen loads none of that code. On a first visit
 * the choice appears once its chunk has loaded; its rules are in the page's stylesheet already.
 */
const loadChoices = () => import("./ConsentChoices");

/**
 * Whether this browser holds a consent cookie in src/lib/consent.ts's format, without loading that
 * module here (it would bring all of it into every page's entry). The full check, for a malformed or
 * expired value, runs in the choice's chunk; ConsentHost.test.tsx holds the two to the same format.
 * The browser itself drops the cookie after its 12 months (Max-Age); a well-formed value dated in the
 * future (a tampered cookie) is not asked about again, and the server, which parses it in full,
 * treats it as no consent: nothing is sent, the safe side.
 */
export function hasConsentCookie(cookies: string): boolean {
  return /(?:^|;\s*)ad_consent=v1\.[01]\.[01]\.\d/.test(cookies);
}

/** What opened the choice: the first visit (no trigger) or a press of the footer's button. */
export interface ChoicesOpening {
  trigger: HTMLElement | null;
}

/**
 * The choice's component, once its chunk has loaded, and what opened it. Held as state and rendered
 * as it is, not through React.lazy: a lazy component suspends on its first render even when its chunk
 * has loaded, and the Suspense boundary's fallback, committed as the page hydrates, made React hold
 * back the next commit of a resolved boundary for 300 ms (its throttle of Suspense reveals) and the
 * page's own hydration behind it (docs/performance.md, "The consent choice held the page's hydration").
 */
interface Shown {
  Choices: ComponentType<{ opening: ChoicesOpening }>;
  opening: ChoicesOpening;
}

export function ConsentHost() {
  const [shown, setShown] = useState<Shown | null>(null);
  // In a task of its own after the commit (src/lib/use-task-effect.ts): reading document.cookie was the
  // largest part of hydration's effects.
  useTaskEffect(() => {
    let asked = false;
    let live = true;
    // The cookie is read after hydration: the prerendered page has none.
    if (!hasConsentCookie(document.cookie))
      runDetached(
        loadChoices().then(({ default: Choices }) => {
          // A transition: the choice appears in React's slices, as the page's other work does, not in
          // one render at the default priority, which React does not slice (docs/performance.md, "The
          // consent choice in a transition"). The footer's press below is not a transition: its
          // settings appear in one render as soon as the chunk is there.
          if (live && !asked) startTransition(() => setShown({ Choices, opening: { trigger: null } }));
        }),
        "Loading the consent choice",
      );
    const stop = onPrivacyChoicesRequest((trigger) => {
      asked = true;
      runDetached(
        loadChoices().then(({ default: Choices }) => {
          if (live) setShown({ Choices, opening: { trigger } });
        }),
        "Opening the privacy choices",
      );
    });
    return () => {
      live = false;
      stop();
    };
  }, []);
  return shown ? <shown.Choices opening={shown.opening} /> : null;
}
