import { render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router-dom";
import { describe, expect, it } from "vitest";
import { CategoryChip } from "./CategoryChip";
import { CategoryNav } from "./CategoryNav";

describe("CategoryChip", () => {
  it("links to the category and marks the current one for screen readers and by its fill", () => {
    render(
      <MemoryRouter>
        <CategoryChip to="/blog/category/crm" current>
          CRM
        </CategoryChip>
        <CategoryChip to="/blog/category/web-design">Web Design</CategoryChip>
      </MemoryRouter>,
    );
    const current = screen.getByRole("link", { name: "CRM" });
    expect(current).toHaveAttribute("href", "/blog/category/crm");
    expect(current).toHaveAttribute("aria-current", "page");
    expect(current).toHaveClass("bg-brand-700", "min-h-11");
    const other = screen.getByRole("link", { name: "Web Design" });
    expect(other).not.toHaveAttribute("aria-current");
    expect(other).toHaveClass("bg-white");
  });

  it("is smaller in the sidebar, with what it is given (the count)", () => {
    render(
      <MemoryRouter>
        <CategoryChip to="/blog/category/crm" size="sm">
          CRM <span>2</span>
        </CategoryChip>
      </MemoryRouter>,
    );
    const chip = screen.getByRole("link", { name: "CRM 2" });
    expect(chip).toHaveClass("bg-brand-50", "py-1.5");
    expect(chip).not.toHaveClass("min-h-11");
  });

  it("in the category bar: 'All articles' first, the page's category current", () => {
    render(
      <MemoryRouter>
        <CategoryNav
          current="crm"
          categories={[{ slug: "crm", name: "CRM", post_count: 2, updated_at: "2025-02-10T09:00:00Z" }]}
        />
      </MemoryRouter>,
    );
    const links = screen.getAllByRole("link");
    expect(links.map((link) => link.textContent)).toEqual(["All articles", "CRM"]);
    expect(links[0]).toHaveAttribute("href", "/blog");
    expect(links[1]).toHaveAttribute("aria-current", "page");
  });
});
