import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { m } from "framer-motion";
import { describe, expect, it, vi } from "vitest";

function Faded() {
  return (
    <m.p initial={{ opacity: 0 }} animate={{ opacity: 1 }} transition={{ duration: 0 }}>
      Faded in
    </m.p>
  );
}

describe("MotionScope", () => {
  it("loads the features at the visitor's first interaction, then animates", async () => {
    // Fresh modules: the features and the first interaction are kept per page (module state).
    vi.resetModules();
    const { MotionScope } = await import("./MotionScope");
    const motion = await import("../../lib/motion");
    const load = vi.spyOn(motion, "loadMotionFeatures");
    render(
      <MotionScope>
        <Faded />
      </MotionScope>,
    );
    const text = screen.getByText("Faded in");
    // Before the features: the initial style, rendered with the content, and nothing animating it.
    expect(text).toHaveStyle({ opacity: "0" });
    // The effects have run (render commits them), and no load was asked for.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(load).not.toHaveBeenCalled();
    expect(text).toHaveStyle({ opacity: "0" });

    fireEvent.pointerDown(window);
    await waitFor(() => expect(text).toHaveStyle({ opacity: "1" }), { timeout: 5000 });
    expect(load).toHaveBeenCalledTimes(1);
    load.mockRestore();
  });

  it("once the visitor has interacted (a page reached by a client-side navigation), loads them at once", async () => {
    vi.resetModules();
    const { MotionScope } = await import("./MotionScope");
    const { firstInteraction } = await import("../../lib/island-gate");
    const interacted = firstInteraction();
    fireEvent.pointerDown(window);
    await interacted;
    render(
      <MotionScope>
        <Faded />
      </MotionScope>,
    );
    const text = screen.getByText("Faded in");
    await waitFor(() => expect(text).toHaveStyle({ opacity: "1" }), { timeout: 5000 });
  });
});
