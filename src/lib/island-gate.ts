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
 *
 * Why they hydrate only once that interaction has been answered (`firstInteractionAnswered`): the
 * touch that opens them is usually a tap on something on the first screen (a tab, the menu, a card),
 * and their hydration, begun at the touch, ran between the touch and the tap's click and held the
 * click's frame (the FAQ's accordion measures each answer as it hydrates). Hydration waits for the
 * finger or the key to come up and the frame after it to be painted. A tap on a link still navigates
 * at once after that frame.
 *
 * When their code is fetched (`islandCodeWanted`): at the interaction itself when it may navigate (a
 * key, a step in the history, a touch or a press on a link), so that the navigation does not also wait
 * for the download; after the answer otherwise. Requesting a chunk is work on the main thread (the
 * module's preload links, its import: 40 ms at a low-tier phone for the footer and the WhatsApp
 * button), and a tap on a tab or a card paid it between its touch and its frame.
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
  if (serverIslands.size) listen();
}

export function renderedOnServer(name: string): boolean {
  return serverIslands.has(name);
}

const INTERACTIONS = ["pointerdown", "touchstart", "keydown", "popstate"] as const;
/** What ends the gesture an interaction starts: the finger or the key coming up, or the click. */
const GESTURE_ENDS = ["pointerup", "pointercancel", "touchend", "touchcancel", "keyup", "click"] as const;

/** The longest the islands wait for the first gesture to end (a long press, a scroll's drag). */
const GESTURE_WAIT_MS = 500;

let answered: Promise<void> | null = null;
let codeWanted: Promise<void> | null = null;

/** Whether an interaction may be the start of a navigation, which needs every island hydrated. */
function mayNavigate(event: Event): boolean {
  if (event.type === "popstate" || event.type === "keydown") return true;
  return event.target instanceof Element && event.target.closest("a[href]") !== null;
}

/**
 * Listens for the first interaction, once: `answered` resolves once its gesture has ended and the
 * next frame has been painted (at once for a step in the history, a navigation that needs every
 * island), `codeWanted` at the interaction when it may navigate and with `answered` otherwise. The
 * gesture's end is listened for from the interaction's own event, so that an end in the same task is
 * not missed.
 */
function listen(): void {
  if (answered) return;
  let answer!: () => void;
  let wantCode!: () => void;
  answered = new Promise((resolve) => (answer = resolve));
  codeWanted = new Promise((resolve) => (wantCode = resolve));
  const start = (event: Event) => {
    for (const type of INTERACTIONS) window.removeEventListener(type, start, true);
    if (mayNavigate(event)) wantCode();
    else runDetached(answered!.then(wantCode), "Waiting for the first interaction's answer");
    if (event.type === "popstate") {
      answer();
      return;
    }
    const end = () => {
      for (const type of GESTURE_ENDS) window.removeEventListener(type, end, true);
      window.clearTimeout(timer);
      // A frame's callback runs before that frame is painted; a task queued from it, after.
      requestAnimationFrame(() => window.setTimeout(answer));
    };
    for (const type of GESTURE_ENDS) window.addEventListener(type, end, { capture: true, passive: true });
    const timer = window.setTimeout(end, GESTURE_WAIT_MS);
  };
  for (const type of INTERACTIONS) window.addEventListener(type, start, { capture: true, passive: true });
}

/**
 * Resolves once the visitor's first interaction has been answered: its gesture ended (or
 * GESTURE_WAIT_MS passed) and the frame after it painted (listened for from the first call).
 */
export function firstInteractionAnswered(): Promise<void> {
  listen();
  return answered!;
}

/**
 * Resolves when the islands' code should be fetched: at the first interaction if it may navigate,
 * otherwise once it has been answered (listened for from the first call).
 */
export function islandCodeWanted(): Promise<void> {
  listen();
  return codeWanted!;
}
