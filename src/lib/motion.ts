import type { AnimatePresence, FeatureBundle } from "framer-motion";
import { useSyncExternalStore } from "react";

/**
 * framer-motion's animation features are loaded after the first paint (LazyMotion in src/app), to
 * keep them out of the JavaScript a page needs before it is interactive. Until they arrive, `m`
 * components render without animating, and an AnimatePresence exit would never finish, so content
 * switches (hero tabs, service tabs) use `useAnimatePresence()`, which is null until then, and
 * switch instantly meanwhile. AnimatePresence itself comes in the same lazy chunk.
 */
type Presence = typeof AnimatePresence;

let presence: Presence | null = null;
let pending: Promise<FeatureBundle> | null = null;
const listeners = new Set<() => void>();

export function loadMotionFeatures(): Promise<FeatureBundle> {
  pending ??= import("./motion-features").then((module) => {
    presence = module.AnimatePresence;
    listeners.forEach((listener) => listener());
    return module.default;
  });
  return pending;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** AnimatePresence once the animation features have loaded; null before (and on the server). */
export function useAnimatePresence(): Presence | null {
  return useSyncExternalStore(
    subscribe,
    () => presence,
    () => null,
  );
}
