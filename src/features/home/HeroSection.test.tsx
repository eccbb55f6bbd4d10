import { screen, waitFor } from "@testing-library/react";
import { Profiler } from "react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { config } from "../../config";
import { heroTabs } from "../../content/home";
import { HeroSection } from "./HeroSection";
import { renderWithProviders } from "./testing";

const [design, automate, grow] = heroTabs;

describe("HeroSection", () => {
  it("selects Design at load, with its title as the page heading and its illustration", () => {
    renderWithProviders(<HeroSection />);
    expect(screen.getByRole("tablist", { name: "What we do" })).toBeInTheDocument();
    expect(screen.getAllByRole("tab").map((tab) => tab.textContent)).toEqual(["Design", "Automate", "Grow"]);
    expect(screen.getByRole("tab", { name: "Design" })).toHaveAttribute("aria-selected", "true");
    expect(screen.getByRole("tab", { name: "Automate" })).toHaveAttribute("aria-selected", "false");
    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent("Pixel-Perfect Web Design");
    expect(screen.getByText(design.description)).toBeInTheDocument();
    expect(screen.getByRole("img", { name: design.imageText })).toBeInTheDocument();
    expect(screen.getByRole("tabpanel")).toHaveAccessibleName("Design");
  });

  it("switches title, description and image when a tab is clicked", async () => {
    const user = userEvent.setup();
    renderWithProviders(<HeroSection />);

    await user.click(screen.getByRole("tab", { name: "Automate" }));
    expect(screen.getByRole("tab", { name: "Automate" })).toHaveAttribute("aria-selected", "true");
    await waitFor(() =>
      expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent("Intelligent CRM Automation"),
    );
    expect(screen.getByText(automate.description)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole("img", { name: automate.imageText })).toBeInTheDocument());

    await user.click(screen.getByRole("tab", { name: "Grow" }));
    await waitFor(() =>
      expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent("Data-Driven Ad Campaigns"),
    );
    expect(screen.getByText(grow.description)).toBeInTheDocument();
    expect(screen.queryByText(design.description)).not.toBeInTheDocument();
  });

  it("answers a tap with the tabs alone, in a commit of their own, and the panel follows in the next", async () => {
    const user = userEvent.setup();
    // What each commit left on the page: the picked tab, and the tab the panel shows.
    const commits: { picked: string | undefined; panel: string | null }[] = [];
    const onRender = () =>
      commits.push({
        picked:
          screen.getAllByRole("tab").find((tab) => tab.getAttribute("aria-selected") === "true")?.textContent ??
          undefined,
        panel: screen.getByRole("tabpanel").getAttribute("aria-labelledby"),
      });
    renderWithProviders(
      <Profiler id="hero" onRender={onRender}>
        <HeroSection />
      </Profiler>,
    );
    commits.length = 0;

    await user.click(screen.getByRole("tab", { name: "Automate" }));
    await waitFor(() => expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent(automate.title));
    // The tap's own commit shows the pick while the panel still shows Design; a later one moves the panel.
    expect(commits[0]).toEqual({ picked: "Automate", panel: `hero-tab-${design.id}` });
    expect(commits.at(-1)).toEqual({ picked: "Automate", panel: `hero-tab-${automate.id}` });
  });

  it("moves between tabs with the arrow keys, wrapping around, and keeps focus on the selected tab", async () => {
    const user = userEvent.setup();
    renderWithProviders(<HeroSection />);
    const designTab = screen.getByRole("tab", { name: "Design" });
    expect(designTab).toHaveAttribute("tabindex", "0");
    expect(screen.getByRole("tab", { name: "Grow" })).toHaveAttribute("tabindex", "-1");

    designTab.focus();
    await user.keyboard("{ArrowRight}");
    expect(screen.getByRole("tab", { name: "Automate" })).toHaveFocus();
    expect(screen.getByRole("tab", { name: "Automate" })).toHaveAttribute("aria-selected", "true");
    await waitFor(() => expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent(automate.title));

    await user.keyboard("{ArrowLeft}{ArrowLeft}");
    expect(screen.getByRole("tab", { name: "Grow" })).toHaveFocus();
    await waitFor(() => expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent(grow.title));

    await user.keyboard("{Home}");
    expect(designTab).toHaveFocus();
    await waitFor(() => expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent(design.title));
  });

  it("offers 'Get Started' as a link to the intake form in a new tab", () => {
    renderWithProviders(<HeroSection />);
    const link = screen.getByRole("link", { name: /Get Started/ });
    expect(link).toHaveAttribute("href", config.intakeFormUrl);
    expect(link).toHaveAttribute("target", "_blank");
    expect(link).toHaveAttribute("rel", "noopener noreferrer");
  });
});
