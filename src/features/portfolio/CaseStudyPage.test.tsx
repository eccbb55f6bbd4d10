import { render, screen } from "@testing-library/react";
import { MemoryRouter, Route, Routes } from "react-router-dom";
import { describe, expect, it, vi } from "vitest";
import { caseStudySlugs } from "../../content/case-studies";
import CaseStudyPage from "./CaseStudyPage";

vi.setConfig({ testTimeout: 20_000 });

function renderCaseStudy(slug: string) {
  return render(
    <MemoryRouter initialEntries={[`/portfolio/${slug}`]}>
      <Routes>
        <Route path="/portfolio/:slug" element={<CaseStudyPage />} />
      </Routes>
    </MemoryRouter>,
  );
}

describe("CaseStudyPage", () => {
  it("exports the ten slugs of the spec", () => {
    expect([...caseStudySlugs].sort()).toEqual(
      [
        "zeta-brent-education",
        "supreme-living-accommodations",
        "zeta-brent-destinations",
        "zeta-brent-education-ads",
        "noir-malika-paid-ads",
        "mukki-paid-ads",
        "hawthorne-legal-crm",
        "profix-ventures-crm",
        "growth-dynamics-crm",
        "maple-dental-clinic-crm",
      ].sort(),
    );
  });

  it.each(caseStudySlugs)("%s has one h1, a link back to the portfolio and an intake-form CTA", (slug) => {
    renderCaseStudy(slug);
    expect(screen.getAllByRole("heading", { level: 1 })).toHaveLength(1);
    expect(screen.getByRole("link", { name: "Back to Portfolio" })).toHaveAttribute("href", "/portfolio");
    const cta = screen.getByRole("link", { name: /^Get Started/ });
    expect(cta).toHaveAttribute("target", "_blank");
    expect(cta).toHaveAttribute("rel", "noopener noreferrer");
  });

  it("shows the education ads campaign's figures", () => {
    renderCaseStudy("zeta-brent-education-ads");
    expect(screen.getByText("6 weeks")).toBeInTheDocument();
    expect(screen.getByText("1,268")).toBeInTheDocument();
    expect(screen.getByText("qualified leads")).toBeInTheDocument();
    expect(screen.getByText("47%")).toBeInTheDocument();
    expect(screen.getByText("cost-per-lead reduction")).toBeInTheDocument();
    expect(screen.getByText("2.3x")).toBeInTheDocument();
    expect(screen.getByText("faster response rate")).toBeInTheDocument();
    expect(screen.getByText("21%")).toBeInTheDocument();
    expect(screen.getByText("increase in bookings")).toBeInTheDocument();
  });

  it("shows the return on ad spend of each paid-ads brand", () => {
    const noir = renderCaseStudy("noir-malika-paid-ads");
    expect(screen.getByText("4.2x")).toBeInTheDocument();
    expect(screen.getByText("return on ad spend")).toBeInTheDocument();
    noir.unmount();
    renderCaseStudy("mukki-paid-ads");
    expect(screen.getByText("12x")).toBeInTheDocument();
  });

  it("uses the generic CRM layout with the CRM claims", () => {
    const hawthorne = renderCaseStudy("hawthorne-legal-crm");
    expect(screen.getByText("65%")).toBeInTheDocument();
    expect(screen.getByText("fewer missed follow-ups")).toBeInTheDocument();
    expect(screen.getByText("Hawthorne Legal", { selector: "dd" })).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "The Challenge" })).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "Strategy Highlights" })).toBeInTheDocument();
    expect(screen.getByRole("blockquote")).toBeInTheDocument();

    hawthorne.unmount();
    renderCaseStudy("profix-ventures-crm");
    expect(screen.getByText("20 hours")).toBeInTheDocument();
    expect(screen.getByText("saved per week")).toBeInTheDocument();
    // Profix has no testimonial: the optional block is left out.
    expect(screen.queryByRole("blockquote")).not.toBeInTheDocument();
  });

  it("shows the education redesign's screenshots and the live preview of the web designs", () => {
    const education = renderCaseStudy("zeta-brent-education");
    expect(screen.getByRole("heading", { name: "Screenshots" })).toBeInTheDocument();
    expect(screen.getByRole("img", { name: "Programmes page where students compare courses" })).toHaveAttribute(
      "width",
      "800",
    );
    expect(screen.getByRole("heading", { name: "Solution Highlights" })).toBeInTheDocument();

    education.unmount();
    renderCaseStudy("zeta-brent-destinations");
    const preview = screen.getByRole("link", { name: /View Live Site/ });
    expect(preview).toHaveAttribute("target", "_blank");
    expect(preview).toHaveAttribute("rel", "noopener noreferrer");
  });

  it("renders the not-found page for an unknown slug", () => {
    renderCaseStudy("no-such-project");
    expect(screen.getByRole("heading", { level: 1, name: "We couldn't find that page" })).toBeInTheDocument();
    expect(screen.queryByRole("link", { name: "Back to Portfolio" })).not.toBeInTheDocument();
  });
});
