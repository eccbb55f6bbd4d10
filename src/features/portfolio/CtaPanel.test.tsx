import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { config } from "../../config";
import { CtaPanel } from "./CtaPanel";

const cta = { title: "Ready to grow?", description: "Tell us about your business.", button: "Get Started" };

describe("CtaPanel", () => {
  it.each(["md", "lg"] as const)(
    "at size %s: a level-2 heading, the line, and the intake form in a new tab",
    (size) => {
      render(<CtaPanel {...cta} size={size} />);
      expect(screen.getByRole("heading", { level: 2, name: cta.title })).toBeInTheDocument();
      expect(screen.getByText(cta.description)).toBeInTheDocument();
      const link = screen.getByRole("link", { name: /^Get Started\s*\(opens in a new tab\)$/ });
      expect(link).toHaveAttribute("href", config.intakeFormUrl);
      expect(link).toHaveAttribute("target", "_blank");
      expect(link).toHaveAttribute("rel", "noopener noreferrer");
    },
  );

  it("closes a page with more room than it closes an article", () => {
    const { container, rerender } = render(<CtaPanel {...cta} />);
    expect(container.firstElementChild).toHaveClass("bg-brand-950", "py-14");
    rerender(<CtaPanel {...cta} size="md" className="max-w-6xl" />);
    expect(container.firstElementChild).toHaveClass("bg-brand-950", "py-12", "max-w-6xl");
  });
});
