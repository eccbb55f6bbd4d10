import { useEffect, useRef, useState } from "react";
import { searchSocialValues, type PostInput } from "../data/posts";
import type { EditorValues } from "./editor-values";

/** A pause this long in the typing sends the autosave; steady typing sends one at least this often. */
export const AUTOSAVE_QUIET_MS = 3_000;
export const AUTOSAVE_MAX_WAIT_MS = 10_000;

export type AutosaveState = { kind: "idle" } | { kind: "saving" } | { kind: "saved"; at: string } | { kind: "offline" };

// The search and social fields go too (absent in a draft kept before they existed: blank).
const fieldsOf = ({ title, content, excerpt, category, imageUrl, imageAlt, ...rest }: EditorValues): PostInput => ({
  title,
  content,
  excerpt,
  category,
  imageUrl,
  imageAlt,
  ...searchSocialValues(rest),
});

/**
 * Sends the editor's text to the server as the member's autosave revision a few seconds after the
 * typing pauses (and at least every ten seconds while it goes on), so a closed tab loses at most a
 * few seconds; the local draft (local-draft.ts) still keeps every keystroke in this browser.
 * Nothing is sent while the text is what the server already has, or is the last text sent, or has
 * no title or body (a save would refuse it too). `send` is absent when autosave does not apply (a
 * post not created yet); the page only shows the editor to a role that may change the post.
 */
export function useServerAutosave(
  send: ((values: PostInput) => Promise<string>) | undefined,
  values: EditorValues,
  saved: EditorValues,
): AutosaveState {
  const [state, setState] = useState<AutosaveState>({ kind: "idle" });
  const text = JSON.stringify(fieldsOf(values));
  const [savedText] = useState(() => JSON.stringify(fieldsOf(saved)));
  const last = useRef(savedText);
  const firstUnsent = useRef<number | null>(null);

  useEffect(() => {
    if (!send || text === last.current) {
      firstUnsent.current = null;
      return;
    }
    const fields = JSON.parse(text) as PostInput;
    if (!fields.title.trim() || !fields.content.trim()) return;
    const now = Date.now();
    firstUnsent.current ??= now;
    const wait = Math.min(AUTOSAVE_QUIET_MS, Math.max(0, firstUnsent.current + AUTOSAVE_MAX_WAIT_MS - now));
    const timer = window.setTimeout(() => {
      firstUnsent.current = null;
      setState({ kind: "saving" });
      send(fields).then(
        (at) => {
          last.current = text;
          setState({ kind: "saved", at });
        },
        // The local draft still holds the text; the next pause in the typing tries again.
        () => setState({ kind: "offline" }),
      );
    }, wait);
    return () => window.clearTimeout(timer);
  }, [send, text]);

  return state;
}
