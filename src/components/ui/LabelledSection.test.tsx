import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { LabelledCard, LabelledSection } from "./LabelledSection";

describe("LabelledSection", () => {
  it("is a region named by its heading, or a navigation when asked", () => {
    render(
      <>
        <LabelledSection id="cancel-heading" heading="Cancel this call?" className="p-5" headingClassName="text-xl">
          <p>Body</p>
        </LabelledSection>
        <LabelledSection as="nav" id="toc-heading" heading="Contents">
          <a href="#section-1">1. Terms</a>
        </LabelledSection>
      </>,
    );
    const region = screen.getByRole("region", { name: "Cancel this call?" });
    expect(region.tagName).toBe("SECTION");
    expect(region).toHaveAttribute("class", "p-5");
    expect(screen.getByRole("heading", { level: 2, name: "Cancel this call?" })).toHaveAttribute("class", "text-xl");
    expect(screen.getByRole("navigation", { name: "Contents" })).toContainElement(
      screen.getByRole("link", { name: "1. Terms" }),
    );
  });

  it("as a card, adds the white card's look to the place the caller gives, and sizes the heading", () => {
    render(
      <LabelledCard id="share-heading" heading="Share this article" className="mt-10 p-6" headingSize="lg">
        <p>Links</p>
      </LabelledCard>,
    );
    const card = screen.getByRole("region", { name: "Share this article" });
    expect(card.className.split(" ").sort()).toEqual(
      ["mt-10", "p-6", "rounded-card", "border", "border-slate-100", "bg-white", "shadow-soft"].sort(),
    );
    expect(screen.getByRole("heading", { name: "Share this article" })).toHaveAttribute(
      "class",
      "text-lg font-bold text-ink",
    );
  });
});
