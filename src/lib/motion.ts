import type { FeatureBundle } from "framer-motion";
import { useSyncExternalStore } from "react";

/**
 * framer-motion's animation features are loaded after the first paint (LazyMotion in src/app), to
 * keep them out of the JavaScript a page needs before it is interactive. Until they arrive, `m`
 * components render without animating, and an AnimatePresence exit would never finish, so content
 * switches (hero tabs, service tabs) check `useMotionReady()` and switch instantly until then.
 */
let ready = false;
let pending: Promise<FeatureBundle> | null = null;
const listeners = new Set<() => void>();

export function loadMotionFeatures(): Promise<FeatureBundle> {
  pending ??= import("./motion-features").then((module) => {
    ready = true;
    listeners.forEach((listener) => listener());
    return module.default;
  });
  return pending;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useMotionReady(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => ready,
    () => false,
  );
}
