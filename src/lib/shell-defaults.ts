/**
 * The shell's fallback title and description (index.html, `data-shell-default`) are for clients
 * that run no JavaScript. React hoists a page's own tags into <head> after them, where the first
 * title would win, so each default goes once the page's own tag of its kind is there: not before,
 * or the document has no title while a lazy page loads (axe saw the admin's editor without one).
 * Answers a function that stops watching.
 */
export function retireShellDefaults(head: HTMLHeadElement): () => void {
  const defaults = [...head.querySelectorAll<HTMLElement>("[data-shell-default]")];
  const ownOfItsKind = (fallback: HTMLElement) =>
    [
      ...head.querySelectorAll(
        fallback instanceof HTMLTitleElement ? "title" : `meta[name="${fallback.getAttribute("name")}"]`,
      ),
    ].some((element) => !element.hasAttribute("data-shell-default"));
  const sweep = () => {
    for (const fallback of defaults) if (fallback.isConnected && ownOfItsKind(fallback)) fallback.remove();
    return defaults.every((fallback) => !fallback.isConnected);
  };
  if (sweep()) return () => {};
  // A mutation observer's callback runs as a microtask right after React's commit adds the page's tags,
  // before the next frame.
  const observer = new MutationObserver(() => {
    if (sweep()) observer.disconnect();
  });
  observer.observe(head, { childList: true });
  return () => observer.disconnect();
}
