import { LazyMotion, MotionConfig } from "framer-motion";
import type { ReactNode } from "react";
import { loadMotionFeatures } from "../../lib/motion";

/**
 * framer-motion for the pages that still animate with it (services, portfolio),
 * inside those pages only: the home page, the blog and a post animate with the browser's own API
 * (src/lib/animation.ts), so none of them loads framer-motion before it is interactive. `m` components
 * need this above them; the animation features load after the first paint, and motion respects the
 * visitor's reduced-motion setting.
 */
export function MotionScope({ children }: { children: ReactNode }) {
  return (
    <MotionConfig reducedMotion="user">
      <LazyMotion features={loadMotionFeatures} strict>
        {children}
      </LazyMotion>
    </MotionConfig>
  );
}
