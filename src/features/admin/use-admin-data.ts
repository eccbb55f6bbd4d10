import { useCallback, useEffect, useState, type DependencyList } from "react";

/**
 * What an admin screen knows about its data. `loading` keeps what was loaded before (if anything)
 * while the screen loads again, so small things such as the new-leads badge do not blink on every
 * page change; `empty` is data the screen has nothing to show of (no rows, no such lead).
 */
export type AdminDataState<T> =
  | { status: "loading"; data?: T }
  | { status: "error"; error: unknown; data?: undefined }
  | { status: "empty" | "ready"; data: T };

export type AdminData<T> = AdminDataState<T> & {
  /** Loads again (the error state's Try again). */
  reload: () => void;
  /** Changes the loaded data in place, after the screen itself saved a change (a deleted row, a new note). */
  update: (change: (data: T) => T) => void;
};

type Loaded<T> = { status: "loading"; data?: T } | { status: "error"; error: unknown } | { status: "loaded"; data: T };

/**
 * The one way the admin screens load their data (the public pages use `useRouteData`, which also
 * reads the data the server rendered with; admin screens are never rendered on the server).
 * `load` runs again whenever `deps` change or `reload` is called; an answer that arrives after that
 * is dropped, so a slow first request can never overwrite a newer one.
 */
export function useAdminData<T>(load: () => Promise<T>, deps: DependencyList, isEmpty: (data: T) => boolean = () => false): AdminData<T> {
  const [loaded, setLoaded] = useState<Loaded<T>>({ status: "loading" });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let current = true;
    setLoaded((previous) => ({ status: "loading", data: previous.status === "error" ? undefined : previous.data }));
    load().then(
      (data) => current && setLoaded({ status: "loaded", data }),
      (error: unknown) => {
        console.error("Could not load the data of this admin page", error);
        if (current) setLoaded({ status: "error", error });
      },
    );
    return () => {
      current = false;
    };
    // `load` is a new function on every render; `deps` say what it depends on.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [...deps, attempt]);

  const reload = useCallback(() => setAttempt((value) => value + 1), []);
  const update = useCallback((change: (data: T) => T) => setLoaded((previous) => (previous.status === "loaded" ? { status: "loaded", data: change(previous.data) } : previous)), []);

  const state: AdminDataState<T> = loaded.status === "loaded" ? { status: isEmpty(loaded.data) ? "empty" : "ready", data: loaded.data } : loaded;
  return { ...state, reload, update };
}
