import { AnimatePresence } from "framer-motion";
import type { ReactNode } from "react";
import { useMotionReady } from "../../lib/motion";

/**
 * Swaps keyed content with an exit animation before the next enters (AnimatePresence mode="wait"),
 * once the animation features have loaded; before that, it swaps at once (see lib/motion.ts).
 */
export function PresenceSwitch({ children }: { children: ReactNode }) {
  const ready = useMotionReady();
  if (!ready) return <>{children}</>;
  return (
    <AnimatePresence mode="wait" initial={false}>
      {children}
    </AnimatePresence>
  );
}
