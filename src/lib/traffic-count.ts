/**
 * The browser's side of the traffic count. The app frame calls `countPageView` from an effect
 * whenever the path changes, so the prerender and the server render never count, hydration counts
 * the landing page once, and every client-side navigation counts its page. The landing page's
 * query and referrer are read at the first view and kept in memory for the page's lifetime, so the
 * pages a visitor reads after a campaign link count for that campaign; nothing is ever stored.
 * Clicks on any link to the intake form (every 'Get Started' and package call to action) are
 * counted by one listener on the document, which sends a beacon and leaves the link to open its tab.
 *
 * What is sent is built by ./traffic.ts, loaded once the page is idle: only this glue is part of
 * the entry (the payload's code in the entry cost 0.55 KB gzipped before interaction).
 */
import { config } from "../config";
import { isAdminAreaPath } from "./auth-paths";
import type { Landing, TrafficKind } from "./traffic";
import { whenIdle } from "./when-idle";
import { runDetached } from "./detached";

let landing: Landing | undefined;
let lastPath: string | undefined;

function send(kind: TrafficKind, path: string) {
  const from = landing;
  const width = window.innerWidth;
  if (from) {
    runDetached(
      import("./traffic").then(({ sendTraffic }) => sendTraffic(kind, path, from, width)),
      "Counting the visit",
    );
  }
}

/** A click (or a middle click, which opens a tab) on a link to the intake form. */
function countIntake(event: MouseEvent) {
  if (event.type === "auxclick" && event.button !== 1) return;
  const link = event.target instanceof Element ? event.target.closest("a") : null;
  if (link?.href.startsWith(config.intakeFormUrl)) send("intake", window.location.pathname);
}

/** One page view for `path`, unless it is the path counted last (a re-run effect) or the admin's. */
export function countPageView(path: string): void {
  if (path === lastPath) return;
  lastPath = path;
  if (isAdminAreaPath(path)) return;
  if (!landing) {
    landing = { search: window.location.search, referrer: document.referrer, host: window.location.host };
    document.addEventListener("click", countIntake);
    document.addEventListener("auxclick", countIntake);
  }
  whenIdle(() => send("pageview", path));
}
