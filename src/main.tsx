import "./index.css";
import { startTransition } from "react";
import { createRoot, hydrateRoot } from "./lib/react-dom-client";
import { BrowserRouter } from "react-router-dom";
import { App } from "./app/App";
import { config } from "./config";
import { preloadRoute } from "./app/routes";
import { Root } from "./app/Root";
import { readRouteDataSeed } from "./lib/route-data";
import { isAdminAreaPath } from "./lib/auth-paths";
import { whenIdle } from "./lib/when-idle";
import { recordServerIslands } from "./lib/island-gate";
import { runDetached } from "./lib/detached";
import { stopKeepingPresses } from "./lib/early-press";
import { APP_START_MARK } from "./lib/app-start";
import { retireShellDefaults } from "./lib/shell-defaults";
import { nextTask } from "./lib/next-task";

// The moment the app's own code first runs (src/lib/app-start.ts).
if (typeof performance.mark === "function") performance.mark(APP_START_MARK);

const container = document.getElementById("root");
if (!container) throw new Error("The page has no #root element.");

// The shell's fallback title and description go as the page's own come (src/lib/shell-defaults.ts).
retireShellDefaults(document.head);

// Where the visitor came from (campaign links, referrer), read now, before any navigation changes the
// address, and kept in this browser once the page is idle (src/lib/attribution.ts): never on the
// critical path, never on the admin's pages.
const arrival = {
  url: `${window.location.pathname}${window.location.search}`,
  referrer: document.referrer,
  origin: window.location.origin,
};
if (!isAdminAreaPath(window.location.pathname)) {
  const record = () =>
    runDetached(
      import("./lib/attribution").then(({ recordArrival }) => recordArrival({ ...arrival, now: new Date() })),
      "Recording the arrival",
    );
  whenIdle(record);
}

// Pages rendered on the server at request time (the blog) leave the rows they were rendered with.
const seed = readRouteDataSeed(document);

const app = (
  <Root seed={seed}>
    <BrowserRouter>
      <App />
    </BrowserRouter>
  </Root>
);

// Load the current page's chunk first, so that hydration of prerendered HTML never suspends.
// The first render runs as a transition, which React splits into short slices (yielding about every
// 5 ms) instead of one long task, so a tap or scroll during hydration is not held up. The
// prerendered page is already on screen, so nothing waits for it to finish.
// A task's turn between each step, so that none shares a task with the next: this module's evaluation;
// the page's route found and its chunk requested (the router's path matching, run for the first time:
// a fifth of this module's task at the low-tier phone); the chunk evaluated, in the task its import
// resolves in; the server's islands noted; then hydrateRoot (its 150-odd root listeners, the first
// slice scheduled).
const started = nextTask()
  .then(() => preloadRoute(window.location.pathname))
  .finally(nextTask)
  .finally(() => {
    // The parts below the first screen that the server rendered wait to be needed (components/ui/Island.tsx).
    if (container.hasChildNodes()) recordServerIslands(container);
  })
  .finally(nextTask)
  .finally(() => {
    startTransition(() => {
      if (container.hasChildNodes()) {
        // From here React's listeners answer presses; one made before is made again once the first
        // render has committed (src/lib/early-press.ts, src/app/Root.tsx).
        stopKeepingPresses();
        hydrateRoot(container, app);
      } else {
        createRoot(container).render(app);
      }
    });
    // Field data, once the page is idle after hydration: Vercel's script from this origin (see config).
    if (config.speedInsights)
      whenIdle(() =>
        runDetached(
          import("@vercel/speed-insights").then(({ injectSpeedInsights }) =>
            injectSpeedInsights({ framework: "react" }),
          ),
          "Starting Speed Insights",
        ),
      );
  });
runDetached(started, "Starting the page");
