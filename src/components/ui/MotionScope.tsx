import { LazyMotion, MotionConfig, type FeatureBundle } from "framer-motion";
import { startTransition, useEffect, useState, type ReactNode } from "react";
import { runDetached } from "../../lib/detached";
import { firstInteraction } from "../../lib/island-gate";
import { loadMotionFeatures, whenMotionFeaturesLoad } from "../../lib/motion";

/** What LazyMotion holds until the features are handed to it: a load it waits on that never ends. */
const handedOverLater = () => new Promise<FeatureBundle>(() => {});

/**
 * framer-motion for the pages that still animate with it (services, portfolio),
 * inside those pages only: the home page, the blog and a post animate with the browser's own API
 * (src/lib/animation.ts), so none of them loads framer-motion before it is interactive. `m` components
 * need this above them; the animation features load after the first paint, and motion respects the
 * visitor's reduced-motion setting.
 *
 * The features are loaded here rather than by LazyMotion: LazyMotion sets its state when its own load
 * settles, outside any transition, so every `m` component of the page rendered again in one task
 * (on /portfolio, with a card per case study). Handed over inside a transition instead, that render
 * is cut into React's short slices. A page rendered after they have loaded gets them the same way,
 * just after its first render, as it did from LazyMotion: a tab chosen by the address's hash as the
 * page mounts switches at once rather than waiting for the first tab's exit animation.
 *
 * Nothing on these pages animates until the visitor changes what they show (a tab, a filter), so the
 * features (15.7 KB gzipped) are requested at the visitor's first interaction with the site
 * (src/lib/island-gate.ts), not as the page hydrates: the page's load neither downloads nor evaluates
 * them (60-65 ms in one task on Chrome's low-tier phone). A switch made before they arrive is
 * instant, as it always was while they loaded. A page reached by a client-side navigation comes after
 * an interaction, so there they load at once.
 */
export function MotionScope({ children }: { children: ReactNode }) {
  const [features, setFeatures] = useState<FeatureBundle | null>(null);

  useEffect(() => {
    if (features) return;
    runDetached(firstInteraction().then(loadMotionFeatures), "Loading the animation features");
    return whenMotionFeaturesLoad((bundle) => startTransition(() => setFeatures(bundle)));
  }, [features]);

  return (
    <MotionConfig reducedMotion="user">
      <LazyMotion features={features ?? handedOverLater} strict>
        {children}
      </LazyMotion>
    </MotionConfig>
  );
}
