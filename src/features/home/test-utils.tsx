import { render } from "@testing-library/react";
import { LazyMotion, domAnimation } from "framer-motion";
import type { ReactElement } from "react";
import { HelmetProvider } from "react-helmet-async";
import { MemoryRouter } from "react-router-dom";

/** Renders inside the providers the app gives every page (router, strict LazyMotion, Helmet). */
export function renderWithProviders(ui: ReactElement) {
  return render(
    <HelmetProvider>
      <MemoryRouter>
        <LazyMotion features={domAnimation} strict>
          {ui}
        </LazyMotion>
      </MemoryRouter>
    </HelmetProvider>,
  );
}
