import { render, screen, waitFor } from "@testing-library/react";
import { m } from "framer-motion";
import { describe, expect, it } from "vitest";
import { MotionScope } from "./MotionScope";

describe("MotionScope", () => {
  it("renders its content at once, and animates it once the features it loads are handed over", async () => {
    render(
      <MotionScope>
        <m.p initial={{ opacity: 0 }} animate={{ opacity: 1 }} transition={{ duration: 0 }}>
          Faded in
        </m.p>
      </MotionScope>,
    );
    const text = screen.getByText("Faded in");
    // Before the features: the initial style, rendered with the content, and nothing animating it.
    expect(text).toHaveStyle({ opacity: "0" });
    await waitFor(() => expect(text).toHaveStyle({ opacity: "1" }), { timeout: 5000 });
  });
});
