import { createContext, lazy, Suspense, useContext, useEffect, useRef, useState, type ComponentType } from "react";
import { onceInView } from "../../lib/in-view";
import { firstInteractionAnswered, islandCodeWanted, renderedOnServer } from "../../lib/island-gate";
import { runDetached } from "../../lib/detached";

/**
 * How near the screen an island's top must come for its code to be requested. A phone's first touch
 * (the start of a scroll) requests every island anyway (src/lib/island-gate.ts); this is for a wheel
 * or a scroll bar, on connections where a few kilobytes take no time.
 */
const NEAR_SCREEN = "200px 0px";

/** `visible`: when it comes near the screen, or at the first interaction; `interaction`: at the first interaction. */
export type IslandTrigger = "visible" | "interaction";

/** What an island's content tells the island: that it has hydrated. */
interface IslandHandle {
  hydrated(): void;
}

const IslandContext = createContext<IslandHandle | null>(null);

function HydratedMark() {
  const island = useContext(IslandContext);
  useEffect(() => island?.hydrated(), [island]);
  return null;
}

/**
 * A part of the page below the first screen, or one that works as plain HTML (a link), whose server
 * markup stays as it is, without script, until it is needed (src/lib/island-gate.ts): its chunk is
 * not requested while the page loads, so a phone downloads, parses and runs only what the first
 * screen needs, and hydration does not grow into a long task. React's selective hydration leaves the
 * Suspense boundary dehydrated meanwhile: the markup is shown and links and plain HTML forms work
 * (what is typed is kept: src/lib/use-typed-before-hydration.ts). Rendered on the client after a
 * navigation, or on the server, it loads at once.
 *
 * The wrapper is `display: contents`, so it adds no box: the island's own elements lay out as if they
 * were the parent's children, and the first of them is the one watched for nearness.
 */
export function lazyIsland<P extends object>(
  load: () => Promise<ComponentType<P>>,
  trigger: IslandTrigger,
  name: string,
): ComponentType<P> {
  let open = () => {};
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  let code: Promise<ComponentType<P>> | null = null;
  const fetchCode = () => (code ??= load());
  const Content = lazy(async () => {
    if (typeof window !== "undefined" && renderedOnServer(name)) {
      // The code is fetched at the first interaction, or once it has been answered when it cannot
      // navigate; the island hydrates once it has been answered (src/lib/island-gate.ts says why).
      // Near the screen, or pressed, it opens at once.
      const fetchedThenAnswered = islandCodeWanted().then(() => {
        // Its failure is reported by the await below, once the island opens.
        fetchCode().catch(() => {});
        return firstInteractionAnswered();
      });
      runDetached(fetchedThenAnswered.then(open), "Waiting for the first interaction");
      await opened;
    }
    const Component = await fetchCode();
    return {
      default: (props: P) => (
        <>
          <Component {...props} />
          <HydratedMark />
        </>
      ),
    };
  });

  function Island(props: P) {
    const wrapper = useRef<HTMLDivElement>(null);
    // One object for the island's life: a new context value would be an update to the dehydrated
    // boundary, which React would have to hydrate first.
    const [handle] = useState(() => {
      let pressed: HTMLButtonElement | null = null;
      return {
        press(button: HTMLButtonElement) {
          pressed = button;
        },
        /** Marks the wrapper `data-hydrated` (tests wait for it) and replays a press made before. */
        hydrated() {
          wrapper.current?.setAttribute("data-hydrated", "true");
          const button = pressed;
          pressed = null;
          if (button?.isConnected) button.click();
        },
      };
    });

    useEffect(() => {
      if (trigger !== "visible") return;
      const first = wrapper.current?.firstElementChild;
      const stop = first ? onceInView(first, open, { rootMargin: NEAR_SCREEN }) : null;
      if (!stop) open();
      return stop ?? undefined;
    }, []);

    // A press of a plain button (one with no action of its own without script, unlike a link or a
    // form's submit) before the island has hydrated would be lost: React cannot run the handler of a
    // dehydrated boundary. It is kept and replayed once the island has hydrated. Listened for on the
    // window, in the capture phase, which comes before React's listener on the root.
    useEffect(() => {
      const element = wrapper.current;
      if (!element) return;
      const onClick = (event: MouseEvent) => {
        if (element.hasAttribute("data-hydrated")) return;
        const button = event.target instanceof Element ? event.target.closest("button") : null;
        if (!button || !element.contains(button) || button.type !== "button") return;
        handle.press(button);
        open();
      };
      window.addEventListener("click", onClick, true);
      return () => window.removeEventListener("click", onClick, true);
    }, [handle]);

    return (
      <div ref={wrapper} className="contents" data-island={name}>
        <IslandContext.Provider value={handle}>
          <Suspense fallback={null}>
            <Content {...props} />
          </Suspense>
        </IslandContext.Provider>
      </div>
    );
  }
  Island.displayName = `Island(${name})`;
  return Island;
}
