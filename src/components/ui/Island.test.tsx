import { act, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ReactElement } from "react";
import { hydrateRoot, type Root } from "react-dom/client";
import { renderToReadableStream } from "react-dom/server";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

type IslandModule = typeof import("./Island");
type GateModule = typeof import("../../lib/island-gate");

/** A fresh copy of the island and its gate per test: which islands the server rendered is module state. */
async function freshModules(): Promise<[IslandModule, GateModule]> {
  vi.resetModules();
  return Promise.all([import("./Island"), import("../../lib/island-gate")]);
}

function Panel({ label, onPress }: { label: string; onPress?: () => void }) {
  return (
    <section>
      <button type="button" onClick={onPress}>
        {label}
      </button>
    </section>
  );
}

/** The server's markup, with every Suspense boundary resolved, as the prerender and the blog function produce it. */
async function serverHtml(element: ReactElement): Promise<string> {
  const stream = await renderToReadableStream(element);
  await stream.allReady;
  return new Response(stream).text();
}

let container: HTMLDivElement;
let root: Root | null = null;

beforeEach(() => {
  container = document.createElement("div");
  document.body.append(container);
});

afterEach(() => {
  if (root) act(() => root!.unmount());
  root = null;
  container.remove();
  vi.unstubAllGlobals();
});

/** Server markup of the island, then hydration with a second instance whose code is `load`. */
async function hydrateIsland(
  { lazyIsland }: IslandModule,
  { recordServerIslands }: GateModule,
  trigger: "visible" | "interaction",
  load: () => Promise<typeof Panel>,
  onPress?: () => void,
) {
  // The server's copy of the module (its own context objects, as in a real server process).
  const [{ lazyIsland: serverIsland }] = await freshModules();
  const OnServer = serverIsland(async () => Panel, trigger, "panel");
  container.innerHTML = await serverHtml(<OnServer label="Subscribe" />);
  const InBrowser = lazyIsland(load, trigger, "panel");
  recordServerIslands(container);
  root = await act(async () => hydrateRoot(container, <InBrowser label="Subscribe" onPress={onPress} />));
  return container.querySelector<HTMLElement>('[data-island="panel"]')!;
}

describe("lazyIsland", () => {
  it("keeps the server's markup without its code until the visitor first interacts, then hydrates it", async () => {
    const [island, gate] = await freshModules();
    const load = vi.fn(async () => Panel);
    const onPress = vi.fn();
    const wrapper = await hydrateIsland(island, gate, "interaction", load, onPress);

    // Nothing but an interaction loads it: with React's pending work flushed, no load has started.
    await act(async () => {});
    expect(load).not.toHaveBeenCalled();
    expect(screen.getByRole("button", { name: "Subscribe" })).toBeInTheDocument();
    expect(wrapper).not.toHaveAttribute("data-hydrated");

    await act(async () => {
      window.dispatchEvent(new Event("pointerdown"));
      window.dispatchEvent(new Event("pointerup"));
    });
    await waitFor(() => expect(wrapper).toHaveAttribute("data-hydrated", "true"));
    expect(load).toHaveBeenCalledTimes(1);
    // The same button, now with its handler.
    await userEvent.click(screen.getByRole("button", { name: "Subscribe" }));
    expect(onPress).toHaveBeenCalledTimes(1);
  });

  it("fetches its code and hydrates only once the first touch has ended and the frame after it is painted", async () => {
    const frames: FrameRequestCallback[] = [];
    const requestFrame = vi.spyOn(window, "requestAnimationFrame").mockImplementation((callback) => {
      frames.push(callback);
      return frames.length;
    });
    try {
      const [island, gate] = await freshModules();
      const load = vi.fn(async () => Panel);
      const wrapper = await hydrateIsland(island, gate, "interaction", load);

      // A touch on no link: the tap's own work comes first, then the islands' requests.
      await act(async () => window.dispatchEvent(new Event("pointerdown")));
      await act(async () => new Promise((resolve) => setTimeout(resolve, 50)));
      expect(load).not.toHaveBeenCalled();
      expect(wrapper).not.toHaveAttribute("data-hydrated");
      expect(frames).toHaveLength(0);

      await act(async () => window.dispatchEvent(new Event("pointerup")));
      // Not before the frame that answers the tap.
      await act(async () => new Promise((resolve) => setTimeout(resolve, 50)));
      expect(load).not.toHaveBeenCalled();
      expect(wrapper).not.toHaveAttribute("data-hydrated");
      expect(frames).toHaveLength(1);

      await act(async () => frames.shift()!(performance.now()));
      await waitFor(() => expect(wrapper).toHaveAttribute("data-hydrated", "true"));
      expect(load).toHaveBeenCalledTimes(1);
    } finally {
      requestFrame.mockRestore();
    }
  });

  it("fetches its code at a touch on a link, which may navigate, and still hydrates after the tap's frame", async () => {
    const frames: FrameRequestCallback[] = [];
    const requestFrame = vi.spyOn(window, "requestAnimationFrame").mockImplementation((callback) => {
      frames.push(callback);
      return frames.length;
    });
    const link = document.createElement("a");
    link.href = "/services";
    link.append(document.createElement("span"));
    document.body.append(link);
    try {
      const [island, gate] = await freshModules();
      const load = vi.fn(async () => Panel);
      const wrapper = await hydrateIsland(island, gate, "interaction", load);

      await act(async () => link.firstElementChild!.dispatchEvent(new Event("pointerdown", { bubbles: true })));
      expect(load).toHaveBeenCalledTimes(1);
      await act(async () => window.dispatchEvent(new Event("pointerup")));
      await act(async () => new Promise((resolve) => setTimeout(resolve, 50)));
      expect(wrapper).not.toHaveAttribute("data-hydrated");

      await act(async () => frames.shift()!(performance.now()));
      await waitFor(() => expect(wrapper).toHaveAttribute("data-hydrated", "true"));
      expect(load).toHaveBeenCalledTimes(1);
    } finally {
      requestFrame.mockRestore();
      link.remove();
    }
  });

  it("fetches its code at the first key press, which may follow a link, before the key comes up", async () => {
    const [island, gate] = await freshModules();
    const load = vi.fn(async () => Panel);
    const wrapper = await hydrateIsland(island, gate, "interaction", load);
    await act(async () => window.dispatchEvent(new KeyboardEvent("keydown", { key: "Enter" })));
    expect(load).toHaveBeenCalledTimes(1);
    expect(wrapper).not.toHaveAttribute("data-hydrated");
    await act(async () => window.dispatchEvent(new KeyboardEvent("keyup", { key: "Enter" })));
    await waitFor(() => expect(wrapper).toHaveAttribute("data-hydrated", "true"));
  });

  it("hydrates at once on a step back in the history, which is a navigation", async () => {
    const [island, gate] = await freshModules();
    const load = vi.fn(async () => Panel);
    const wrapper = await hydrateIsland(island, gate, "interaction", load);
    await act(async () => window.dispatchEvent(new PopStateEvent("popstate")));
    await waitFor(() => expect(wrapper).toHaveAttribute("data-hydrated", "true"));
  });

  it("replays a press of a plain button made before the island hydrated", async () => {
    const [island, gate] = await freshModules();
    // The island's code is on its way while the visitor presses.
    let arrive!: () => void;
    const arrived = new Promise<void>((resolve) => (arrive = resolve));
    const load = vi.fn(() => arrived.then(() => Panel));
    const onPress = vi.fn();
    const wrapper = await hydrateIsland(island, gate, "visible", load, onPress);

    // A click with no pointer event before it (a keyboard's Enter, or a test's click).
    await act(async () => screen.getByRole("button", { name: "Subscribe" }).click());
    expect(load).toHaveBeenCalledTimes(1);
    expect(onPress).not.toHaveBeenCalled();
    await act(async () => arrive());
    await waitFor(() => expect(wrapper).toHaveAttribute("data-hydrated", "true"));
    expect(load).toHaveBeenCalledTimes(1);
    expect(onPress).toHaveBeenCalledTimes(1);
  });

  it("loads a `visible` island when it comes near the screen", async () => {
    const observed: { element: Element; notify: (entries: Partial<IntersectionObserverEntry>[]) => void }[] = [];
    vi.stubGlobal(
      "IntersectionObserver",
      class {
        constructor(private readonly callback: (entries: Partial<IntersectionObserverEntry>[]) => void) {}
        observe(element: Element) {
          observed.push({ element, notify: this.callback });
        }
        disconnect() {}
      },
    );
    const [island, gate] = await freshModules();
    const load = vi.fn(async () => Panel);
    const wrapper = await hydrateIsland(island, gate, "visible", load);

    expect(observed.map(({ element }) => element.tagName)).toEqual(["SECTION"]);
    await act(async () => observed[0]!.notify([{ isIntersecting: false }]));
    expect(load).not.toHaveBeenCalled();
    await act(async () => observed[0]!.notify([{ isIntersecting: true }]));
    await waitFor(() => expect(wrapper).toHaveAttribute("data-hydrated", "true"));
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("loads at once when the browser renders it (a page reached by a client-side navigation)", async () => {
    const [{ lazyIsland }] = await freshModules();
    const load = vi.fn(async () => Panel);
    const Island = lazyIsland(load, "interaction", "panel");
    const view = render(<Island label="Subscribe" />);
    expect(await screen.findByRole("button", { name: "Subscribe" })).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
    // The wrapper adds no box of its own.
    expect(view.container.querySelector('[data-island="panel"]')).toHaveClass("contents");
  });
});
