import { render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router-dom";
import { describe, expect, it } from "vitest";
import { CategoryLabel, PostMetaLine, PostTitleLink } from "./PostMeta";

const DATE = "2025-03-05T12:00:00Z";

function renderInRouter(ui: React.ReactElement) {
  return render(<MemoryRouter>{ui}</MemoryRouter>);
}

describe("PostMetaLine", () => {
  it("shows the long date as a machine-readable time and the reading time", () => {
    const { container } = render(<PostMetaLine date={DATE} minutes={4} variant="compact" />);
    const time = screen.getByText("March 5, 2025");
    expect(time.tagName).toBe("TIME");
    expect(time).toHaveAttribute("datetime", DATE);
    expect(container.firstElementChild?.tagName).toBe("P");
    expect(container.firstElementChild).toHaveTextContent(/^March 5, 20254 min read$/);
  });

  it("puts a dot between date and reading time on a card, hidden from screen readers", () => {
    const { container } = render(<PostMetaLine date={DATE} minutes={2} variant="card" />);
    expect(container.firstElementChild?.tagName).toBe("SPAN");
    expect(container.firstElementChild).toHaveTextContent("March 5, 2025·2 min read");
    expect(screen.getByText("·")).toHaveAttribute("aria-hidden", "true");
  });

  it("shows no reading time, and no dot, when it is not given", () => {
    const { container } = render(<PostMetaLine date={DATE} variant="card" />);
    expect(container).toHaveTextContent(/^March 5, 2025$/);
  });

  it("puts what it is given before the date (the author under an article's title)", () => {
    const { container } = render(
      <PostMetaLine date={DATE} minutes={1} variant="article">
        <span>Ada Okafor</span>
      </PostMetaLine>,
    );
    expect(container.firstElementChild?.tagName).toBe("DIV");
    expect(container.firstElementChild).toHaveTextContent(/^Ada OkaforMarch 5, 20251 min read$/);
  });

  it("uses the spacing of its variant", () => {
    const { container, rerender } = render(<PostMetaLine date={DATE} variant="article" />);
    expect(container.firstElementChild).toHaveClass("gap-x-6");
    rerender(<PostMetaLine date={DATE} variant="compact" className="mt-3" />);
    expect(container.firstElementChild).toHaveClass("gap-x-3", "mt-3");
  });
});

describe("CategoryLabel and PostTitleLink", () => {
  it("shows the category, small by default and larger above an article", () => {
    const { rerender } = render(<CategoryLabel category="Web Design" />);
    expect(screen.getByText("Web Design")).toHaveClass("text-xs", "uppercase");
    rerender(<CategoryLabel category="Web Design" size="sm" as="span" />);
    const label = screen.getByText("Web Design");
    expect(label.tagName).toBe("SPAN");
    expect(label).toHaveClass("text-sm");
  });

  it("links the title to the post's page", () => {
    renderInRouter(<PostTitleLink slug="five-signs" title="Five signs" />);
    expect(screen.getByRole("link", { name: "Five signs" })).toHaveAttribute("href", "/blog/five-signs");
  });
});
