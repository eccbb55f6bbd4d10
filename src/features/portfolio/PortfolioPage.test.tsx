import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter } from "react-router-dom";
import { describe, expect, it, vi } from "vitest";
import { Toaster } from "../../components/ui/Toaster";
import PortfolioPage from "./PortfolioPage";

vi.setConfig({ testTimeout: 20_000 });

function renderPortfolio() {
  return render(
    <MemoryRouter initialEntries={["/portfolio"]}>
      <PortfolioPage />
      <Toaster />
    </MemoryRouter>,
  );
}

const cardTitles = () => screen.getAllByRole("article").map((card) => within(card).getByRole("heading").textContent);

describe("PortfolioPage", () => {
  it("lists every project with a 'View Project' link to its case study", () => {
    renderPortfolio();
    expect(screen.getByRole("heading", { level: 1 })).toBeInTheDocument();
    expect(screen.getAllByRole("article")).toHaveLength(11);
    expect(screen.getByRole("link", { name: "View Project: Mukki" })).toHaveAttribute(
      "href",
      "/portfolio/mukki-paid-ads",
    );
    expect(screen.getByRole("link", { name: "View Project: Hawthorne Legal" })).toHaveAttribute(
      "href",
      "/portfolio/hawthorne-legal-crm",
    );
    for (const image of screen.getAllByRole("img")) {
      expect(image).toHaveAttribute("width");
      expect(image).toHaveAttribute("height");
    }
    expect(screen.getByRole("heading", { name: "Ready to Join Our Success Stories?" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: /^Get Started/ })).toHaveAttribute("target", "_blank");
  });

  it("narrows the cards by category with pressed filter buttons", async () => {
    const user = userEvent.setup();
    renderPortfolio();
    const all = screen.getByRole("button", { name: "All Projects" });
    expect(all).toHaveAttribute("aria-pressed", "true");

    await user.click(screen.getByRole("button", { name: "CRM Automation" }));
    expect(screen.getByRole("button", { name: "CRM Automation" })).toHaveAttribute("aria-pressed", "true");
    expect(all).toHaveAttribute("aria-pressed", "false");
    expect(cardTitles()).toEqual(["Hawthorne Legal", "Profix Ventures", "Growth Dynamics", "Maple Dental Clinic"]);

    await user.click(screen.getByRole("button", { name: "Digital Ads" }));
    expect(cardTitles()).toEqual(["Zeta Brent Education Ads", "Noir Malika", "Mukki"]);

    await user.click(screen.getByRole("button", { name: "Web Design" }));
    expect(cardTitles()).toEqual([
      "Zeta Brent Education",
      "Supreme Living Accommodations",
      "Zeta Brent Destinations",
      "Ember Bistro Online Ordering",
    ]);

    await user.click(all);
    expect(screen.getAllByRole("article")).toHaveLength(11);
  });

  it("shows the coming-soon toast for a project without a case study", async () => {
    const user = userEvent.setup();
    renderPortfolio();
    const upcoming = screen.getByRole("button", { name: "View Project: Ember Bistro Online Ordering" });
    await user.click(upcoming);
    expect(await screen.findByText("Project details coming soon!", {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByText("This feature isn't implemented yet...")).toBeInTheDocument();
  });
});
