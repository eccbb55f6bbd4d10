import { useCallback, useEffect, useRef, useState } from "react";

/**
 * The editor's unsaved work, kept in this browser (localStorage) as it is typed, so a reload, a
 * crash or a closed tab loses nothing: the editor offers it back on return. One entry per post
 * ("new" for a post not created yet); cleared once the post is saved.
 */
export interface LocalDraft<T> {
  values: T;
  savedAt: string;
}

const PREFIX = "ascend:post-editor:";
const WRITE_DELAY_MS = 300;

/** The entry of one post ("new" for a post not created yet). */
export function localDraftKey(postId: string | null): string {
  return `${PREFIX}${postId ?? "new"}`;
}

function readLocalDraft<T>(key: string): LocalDraft<T> | null {
  try {
    const raw = window.localStorage.getItem(key);
    if (!raw) return null;
    const parsed = JSON.parse(raw) as LocalDraft<T>;
    return parsed && typeof parsed === "object" && parsed.values ? parsed : null;
  } catch {
    return null;
  }
}

function clearLocalDraft(key: string): void {
  try {
    window.localStorage.removeItem(key);
  } catch {
    // Storage may be unavailable (private mode); nothing was kept then.
  }
}

function writeLocalDraft<T>(key: string, values: T): void {
  try {
    window.localStorage.setItem(
      key,
      JSON.stringify({ values, savedAt: new Date().toISOString() } satisfies LocalDraft<T>),
    );
  } catch {
    // Quota or private mode: the form still holds the text; only the crash protection is lost.
  }
}

/**
 * Keeps `values` in localStorage under `key` while they differ from `saved` (what the server has),
 * and reports an earlier unsaved entry found on mount, for the editor to offer back.
 */
export function useLocalDraft<T>(key: string, values: T, saved: T) {
  const [found, setFound] = useState<LocalDraft<T> | null>(null);
  const checked = useRef(false);
  const dirty = JSON.stringify(values) !== JSON.stringify(saved);

  useEffect(() => {
    if (checked.current) return;
    checked.current = true;
    const existing = readLocalDraft<T>(key);
    // eslint-disable-next-line react-hooks/set-state-in-effect -- this browser's storage is read once the editor is on screen
    if (existing && JSON.stringify(existing.values) !== JSON.stringify(saved)) setFound(existing);
  }, [key, saved]);

  useEffect(() => {
    // Until the admin has answered the offer, the stored entry is theirs to restore: keep it.
    if (found || !dirty) return;
    const timer = window.setTimeout(() => writeLocalDraft(key, values), WRITE_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [key, values, dirty, found]);

  const dismiss = useCallback(() => {
    setFound(null);
    clearLocalDraft(key);
  }, [key]);
  const accept = useCallback(() => setFound(null), []);
  const clear = useCallback(() => clearLocalDraft(key), [key]);

  return { found, dirty, accept, dismiss, clear };
}
