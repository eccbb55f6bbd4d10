import type { ReactNode } from "react";
import { useAnimatePresence } from "../../lib/motion";

/**
 * Swaps keyed content with an exit animation before the next enters (AnimatePresence mode="wait"),
 * once the animation features have loaded; before that, it swaps at once (see lib/motion.ts).
 */
export function PresenceSwitch({ children }: { children: ReactNode }) {
  const Presence = useAnimatePresence();
  if (!Presence) return <>{children}</>;
  return (
    // eslint-disable-next-line react-hooks/static-components -- Presence is framer-motion's AnimatePresence, one component loaded once (lib/motion.ts), not made here
    <Presence mode="wait" initial={false}>
      {children}
    </Presence>
  );
}
