import { createContext, useCallback, useContext, useEffect, useState, type ReactNode } from "react";
import { useLocation } from "react-router-dom";

/**
 * Data a page rendered on the server was rendered with. The server puts it in the HTML as a
 * `<script type="application/json">` block (never executed: the CSP allows no inline script), the
 * browser entry reads it back, and the page hydrates with exactly the rows the server used: no
 * second request, no loading state. Later navigations fetch in the browser as usual.
 */
export interface RouteDataSeed {
  /** Which data this is (the page's data key, for example `post:<slug>`). */
  key: string;
  data: unknown;
}

const RouteDataContext = createContext<RouteDataSeed | null>(null);

export function RouteDataProvider({ seed, children }: { seed: RouteDataSeed | null; children: ReactNode }) {
  return <RouteDataContext.Provider value={seed}>{children}</RouteDataContext.Provider>;
}

/** The id of the JSON block that carries the seed. */
const ROUTE_DATA_ELEMENT_ID = "route-data";

/** The JSON block for `seed`: `<` is escaped so that no value can close the element. */
export function routeDataScript(seed: RouteDataSeed): string {
  const json = JSON.stringify(seed)
    .replace(/</g, "\\u003c")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
  return `<script type="application/json" id="${ROUTE_DATA_ELEMENT_ID}">${json}</script>`;
}

/** Reads the seed the server left in the page, if any (browser entry). */
export function readRouteDataSeed(doc: {
  getElementById(id: string): { textContent: string | null } | null;
}): RouteDataSeed | null {
  const element = doc.getElementById(ROUTE_DATA_ELEMENT_ID);
  if (!element?.textContent) return null;
  try {
    const parsed = JSON.parse(element.textContent) as RouteDataSeed;
    return typeof parsed?.key === "string" ? parsed : null;
  } catch {
    return null;
  }
}

/**
 * The server's data at `key` on the page the visitor landed on (the history entry React Router marks
 * "default"; also when they come back to it), else undefined.
 */
export function useRouteSeed(key: string): unknown {
  const seed = useContext(RouteDataContext);
  const location = useLocation();
  return seed && location.key === "default" && seed.key === key ? seed.data : undefined;
}

export type RouteDataState<T> =
  { status: "loading" } | { status: "error"; error: unknown } | { status: "ready"; data: T; fromServer: boolean };

/**
 * The data of the page at `key`: the server's seed on the page the visitor landed on (the
 * history entry React Router marks "default"; also when they come back to it), else loaded in the
 * browser with `load`. `retry` loads again after an error.
 */
export function useRouteData<T>(key: string, load: () => Promise<T>): { state: RouteDataState<T>; retry: () => void } {
  const seeded = useRouteSeed(key) as T | undefined;
  const [loaded, setLoaded] = useState<{ key: string; attempt: number; state: RouteDataState<T> } | null>(null);
  const [attempt, setAttempt] = useState(0);

  // A retry (after the server could not load the data) always goes to the network.
  const fromSeed = seeded !== undefined && attempt === 0;
  const needsLoad = !fromSeed && (loaded?.key !== key || loaded.attempt !== attempt);
  useEffect(() => {
    if (!needsLoad) return;
    let active = true;
    load().then(
      (data) => active && setLoaded({ key, attempt, state: { status: "ready", data, fromServer: false } }),
      (error: unknown) => {
        console.error(`Could not load the data of ${key}`, error);
        if (active) setLoaded({ key, attempt, state: { status: "error", error } });
      },
    );
    return () => {
      active = false;
    };
    // `load` is a new function on every render; the key says which data it loads.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, attempt, needsLoad]);

  const retry = useCallback(() => setAttempt((value) => value + 1), []);
  if (fromSeed) return { state: { status: "ready", data: seeded as T, fromServer: true }, retry };
  if (loaded && loaded.key === key && loaded.attempt === attempt) return { state: loaded.state, retry };
  return { state: { status: "loading" }, retry };
}
