import { render, screen } from "@testing-library/react";
import { LazyMotion, m } from "framer-motion";
import { describe, expect, it } from "vitest";
import { PresenceSwitch } from "./PresenceSwitch";

function Panel({ id }: { id: string }) {
  // Features that never arrive: what a visitor on a slow connection has right after hydration.
  return (
    <LazyMotion features={() => new Promise(() => {})} strict>
      <PresenceSwitch>
        <m.p key={id} initial={{ opacity: 0 }} animate={{ opacity: 1 }} exit={{ opacity: 0 }}>
          Panel {id}
        </m.p>
      </PresenceSwitch>
    </LazyMotion>
  );
}

describe("PresenceSwitch", () => {
  it("switches content at once while the animation features have not loaded", () => {
    const { rerender } = render(<Panel id="design" />);
    expect(screen.getByText("Panel design")).toBeInTheDocument();
    rerender(<Panel id="automate" />);
    expect(screen.getByText("Panel automate")).toBeInTheDocument();
    expect(screen.queryByText("Panel design")).not.toBeInTheDocument();
  });
});

describe("useAnimatePresence", () => {
  it("gives AnimatePresence once the animation features have loaded, and null before", async () => {
    const { loadMotionFeatures, useAnimatePresence } = await import("../../lib/motion");
    function Probe() {
      return <p>{useAnimatePresence() ? "ready" : "waiting"}</p>;
    }
    render(<Probe />);
    expect(screen.getByText("waiting")).toBeInTheDocument();
    const features = await loadMotionFeatures();
    expect(features).toHaveProperty("animation");
    expect(await screen.findByText("ready")).toBeInTheDocument();
  });
});
