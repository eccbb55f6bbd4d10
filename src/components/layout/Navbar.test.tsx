import { act, fireEvent, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter, Route, Routes } from "react-router-dom";
import { describe, expect, it, vi } from "vitest";
import { config } from "../../config";
import { NAV_SHADOW_THRESHOLD, Navbar } from "./Navbar";

function renderNavbar(path = "/") {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Navbar />
      <Routes>
        <Route path="*" element={<p data-testid="page">page</p>} />
      </Routes>
    </MemoryRouter>,
  );
}

function scrollTo(y: number) {
  act(() => {
    // Undone after the file by the DOM setup's unstubAllGlobals (jsdom's window is the global here).
    vi.stubGlobal("scrollY", y);
    fireEvent.scroll(window);
  });
}

describe("Navbar", () => {
  it("gains its shadow only once scrolled past 10 pixels", async () => {
    renderNavbar();
    const header = screen.getByRole("banner");
    expect(header).toHaveAttribute("data-scrolled", "false");
    // The bar listens from the task after its commit (src/lib/use-task-effect.ts): until a scroll is heard.
    await vi.waitFor(() => {
      scrollTo(NAV_SHADOW_THRESHOLD + 1);
      expect(header).toHaveAttribute("data-scrolled", "true");
    });
    scrollTo(NAV_SHADOW_THRESHOLD);
    expect(header).toHaveAttribute("data-scrolled", "false");
    scrollTo(NAV_SHADOW_THRESHOLD + 1);
    expect(header).toHaveAttribute("data-scrolled", "true");
    scrollTo(0);
    expect(header).toHaveAttribute("data-scrolled", "false");
  });

  it("marks the current route's link", () => {
    renderNavbar("/services");
    const nav = screen.getByRole("navigation", { name: "Main" });
    expect(within(nav).getByRole("link", { name: "Services" })).toHaveAttribute("aria-current", "page");
    expect(within(nav).getByRole("link", { name: "Home" })).not.toHaveAttribute("aria-current");
  });

  it("names the logo link by its visible wordmark, then 'home' (the spoken name starts with what is seen)", () => {
    renderNavbar("/services");
    const logo = within(screen.getByRole("navigation", { name: "Main" })).getByRole("link", { name: /^Ascend/ });
    expect(logo).toHaveAccessibleName("Ascend Digital home");
    expect(logo).toHaveAttribute("href", "/");
    expect(logo).not.toHaveAttribute("aria-label");
  });

  it("toggles the mobile menu with its button, shows the shadow while open, and closes on a link tap", async () => {
    const user = userEvent.setup();
    renderNavbar();
    const header = screen.getByRole("banner");
    const toggle = screen.getByRole("button", { name: "Open menu" });
    const menu = document.getElementById("mobile-menu")!;
    expect(toggle).toHaveAttribute("aria-expanded", "false");
    expect(menu).not.toBeVisible();

    await user.click(toggle);
    expect(screen.getByRole("button", { name: "Close menu" })).toHaveAttribute("aria-expanded", "true");
    expect(menu).toBeVisible();
    expect(header).toHaveAttribute("data-scrolled", "true");

    await user.click(within(menu).getByRole("link", { name: "Portfolio" }));
    expect(menu).not.toBeVisible();
    expect(screen.getByRole("button", { name: "Open menu" })).toHaveAttribute("aria-expanded", "false");
  });

  it("closes the mobile menu with Escape", async () => {
    const user = userEvent.setup();
    renderNavbar();
    await user.click(screen.getByRole("button", { name: "Open menu" }));
    await user.keyboard("{Escape}");
    expect(document.getElementById("mobile-menu")).not.toBeVisible();
  });

  it("opens the intake form in a new tab from 'Get Started'", () => {
    renderNavbar();
    const links = screen.getAllByRole("link", { name: /Get Started/ });
    expect(links.length).toBeGreaterThan(0);
    for (const link of links) {
      expect(link).toHaveAttribute("href", config.intakeFormUrl);
      expect(link).toHaveAttribute("target", "_blank");
      expect(link).toHaveAttribute("rel", "noopener noreferrer");
    }
  });
});
