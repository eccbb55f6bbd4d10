import type { AnimatePresence, FeatureBundle } from "framer-motion";
import { startTransition, useEffect, useState } from "react";

/**
 * framer-motion's animation features are loaded after the first paint (LazyMotion in src/app), to
 * keep them out of the JavaScript a page needs before it is interactive. Until they arrive, `m`
 * components render without animating, and an AnimatePresence exit would never finish, so content
 * switches (hero tabs, service tabs) use `useAnimatePresence()`, which is null until then, and
 * switch instantly meanwhile. AnimatePresence itself comes in the same lazy chunk.
 *
 * What the features' arrival changes is rendered as a transition, which React renders in slices of
 * about 5 ms. Read through useSyncExternalStore before, it was rendered at once, in one task: a
 * content switch that gains AnimatePresence mounts its content again, and on /services that task
 * took 91-116 ms on Chrome's low-tier phone (tests/e2e/hydration-cost.spec.ts).
 */
type Presence = typeof AnimatePresence;

let presence: Presence | null = null;
let features: FeatureBundle | null = null;
let pending: Promise<FeatureBundle> | null = null;
const listeners = new Set<() => void>();

export function loadMotionFeatures(): Promise<FeatureBundle> {
  pending ??= import("./motion-features").then((module) => {
    presence = module.AnimatePresence;
    features = module.default;
    listeners.forEach((listener) => listener());
    return module.default;
  });
  return pending;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/**
 * Calls `onLoaded` with the animation features once they have loaded, or at once if they have;
 * returns the function that stops listening.
 */
export function whenMotionFeaturesLoad(onLoaded: (bundle: FeatureBundle) => void): () => void {
  if (features) {
    onLoaded(features);
    return () => {};
  }
  const listener = () => {
    if (features) onLoaded(features);
  };
  return subscribe(listener);
}

/**
 * AnimatePresence once the animation features have loaded; null before (and on the server, and in
 * hydration: the features load after it).
 */
export function useAnimatePresence(): Presence | null {
  const [current, setCurrent] = useState<Presence | null>(() => presence);
  useEffect(
    () =>
      whenMotionFeaturesLoad(() => {
        // A component is a function: the updater form keeps React from calling it.
        startTransition(() => setCurrent(() => presence));
      }),
    [],
  );
  return current;
}
