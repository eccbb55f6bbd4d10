import { StrictMode, type ReactNode } from "react";
import { replayEarlyPress } from "../lib/early-press";
import { RouteDataProvider, type RouteDataSeed } from "../lib/route-data";
import { useTaskEffect } from "../lib/use-task-effect";

/**
 * Marks <html data-hydrated> once the first render has committed: end-to-end tests wait for it. The
 * `hydrated` performance mark is the same moment for Lighthouse (scripts/bench.ts counts the script
 * requested before it). Then a press made before the app started is made again, in the next task.
 * In a task of its own after the commit's effects (src/lib/use-task-effect.ts), so that the mark
 * also says those have run.
 */
function HydrationMarker() {
  useTaskEffect(() => {
    document.documentElement.dataset.hydrated = "true";
    if (typeof performance.mark === "function") performance.mark("hydrated");
    // A press on a plain button made before the app started (src/lib/early-press.ts).
    replayEarlyPress();
  }, []);
  return null;
}

/**
 * The top of the tree, the same for the server render (src/app/render.tsx) and the browser
 * (main.tsx), which pass their own router. The shapes must match exactly: React derives `useId`
 * values from positions in the tree, so one extra element on one side gives every id a different
 * value after hydration (and labels, descriptions and SVG references stop matching).
 */
export function Root({ seed, children }: { seed: RouteDataSeed | null; children: ReactNode }) {
  return (
    <StrictMode>
      <RouteDataProvider seed={seed}>
        {children}
        <HydrationMarker />
      </RouteDataProvider>
    </StrictMode>
  );
}
