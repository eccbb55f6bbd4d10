import { act, render, screen } from "@testing-library/react";
import { renderToString } from "react-dom/server";
import { afterEach, describe, expect, it, vi } from "vitest";
import { LogoStrip } from "./LogoStrip";

type Callback = (entries: { isIntersecting: boolean }[]) => void;

/** An IntersectionObserver that reports what the test says the screen shows. */
function installObserver() {
  const callbacks: Callback[] = [];
  vi.stubGlobal(
    "IntersectionObserver",
    class {
      constructor(callback: Callback) {
        callbacks.push(callback);
      }
      observe() {}
      disconnect() {}
    },
  );
  return (isIntersecting: boolean) => act(() => callbacks.forEach((callback) => callback([{ isIntersecting }])));
}

const track = (root: ParentNode) => root.querySelector<HTMLElement>("[data-playing]")!;

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("a looping strip (the client logos)", () => {
  it("is paused in the server's markup, as a page without script keeps it", () => {
    const host = document.createElement("div");
    host.innerHTML = renderToString(<LogoStrip />);
    expect(track(host).dataset.playing).toBe("false");
    expect(track(host).classList).toContain("[animation-play-state:paused]");
  });

  it("moves from the first time it is on the screen, not before", () => {
    const show = installObserver();
    const { container } = render(<LogoStrip />);
    expect(screen.getByRole("heading", { level: 2 })).toBeInTheDocument();
    show(false);
    expect(track(container).dataset.playing).toBe("false");
    show(true);
    expect(track(container).dataset.playing).toBe("true");
    expect(track(container).classList).not.toContain("[animation-play-state:paused]");
    expect(track(container).classList).toContain("animate-[marquee_40s_linear_infinite]");
  });

  it("moves once hydrated where the browser cannot tell what is on the screen", () => {
    vi.stubGlobal("IntersectionObserver", undefined);
    const { container } = render(<LogoStrip />);
    expect(track(container).dataset.playing).toBe("true");
  });
});
