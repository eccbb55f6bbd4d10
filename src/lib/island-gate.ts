/**
 * When the parts of a page that hydrate late (src/components/ui/Island.tsx) may fetch their code.
 *
 * An island the server rendered into the page waits: until it comes near the screen, or until the
 * visitor first interacts with the page (a touch, a click, a key, a step back or forward in the
 * history). One the client renders (on a page reached by a client-side navigation) loads at once, as
 * does the server render itself. React hydrates a Suspense boundary's content in a pass of its own
 * after the page's first commit, so "the page is hydrating" cannot decide this: the markup does.
 *
 * Why the first interaction opens every island: React must hydrate a dehydrated boundary before it
 * can apply an update that reaches it, and a navigation changes the router's context above all of
 * them, so a navigation waits for them. Every navigation starts with an interaction (or a history
 * step), which is when their code is requested: a phone's first touch is also the start of a scroll.
 */
import { runDetached } from "./detached";

const serverIslands = new Set<string>();

/**
 * Notes which islands the server rendered into the page (their wrappers' `data-island` names), before
 * hydration starts: those wait to be needed; any other is being rendered by the client and loads at once.
 */
export function recordServerIslands(root: ParentNode): void {
  root.querySelectorAll<HTMLElement>("[data-island]").forEach((element) => {
    if (element.dataset.island) serverIslands.add(element.dataset.island);
  });
  // Listen from now: a tap while the page is still hydrating counts.
  if (serverIslands.size) runDetached(firstInteraction(), "Waiting for the first interaction");
}

export function renderedOnServer(name: string): boolean {
  return serverIslands.has(name);
}

const INTERACTIONS = ["pointerdown", "touchstart", "keydown", "popstate"] as const;
let interacted: Promise<void> | null = null;

/** Resolves at the visitor's first interaction with the page (listened for from the first call). */
export function firstInteraction(): Promise<void> {
  interacted ??= new Promise((resolve) => {
    const done = () => {
      for (const type of INTERACTIONS) window.removeEventListener(type, done, true);
      resolve();
    };
    for (const type of INTERACTIONS) window.addEventListener(type, done, { capture: true, passive: true });
  });
  return interacted;
}
