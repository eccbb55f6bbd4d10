/**
 * The footer's 'Privacy choices' button asks for the consent settings; the consent host (mounted by
 * the public layout) listens. A tiny channel in lib, because components/ must not import a feature.
 */
type Listener = (trigger: HTMLElement | null) => void;

const listeners = new Set<Listener>();

/** Opens the privacy choices; `trigger` gets the focus back when they close. */
export function openPrivacyChoices(trigger: HTMLElement | null): void {
  listeners.forEach((listener) => listener(trigger));
}

export function onPrivacyChoicesRequest(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
