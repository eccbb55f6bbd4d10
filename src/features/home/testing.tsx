import { render } from "@testing-library/react";
import { LazyMotion, domAnimation } from "framer-motion";
import type { ReactElement } from "react";
import { MemoryRouter } from "react-router-dom";

/** Renders inside the providers the app gives every page (router, strict LazyMotion). */
export function renderWithProviders(ui: ReactElement) {
  return render(
    <MemoryRouter>
      <LazyMotion features={domAnimation} strict>
        {ui}
      </LazyMotion>
    </MemoryRouter>,
  );
}
