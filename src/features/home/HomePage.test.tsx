import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { clientLogos } from "../../content/clients";
import { processSteps } from "../../content/home";
import { testimonials } from "../../content/testimonials";
import HomePage from "./HomePage";
import { renderWithProviders } from "./testing";

/** Renders the page and waits for the part after the hero, which is its own chunk (BelowTheFold). */
async function renderHome() {
  renderWithProviders(<HomePage />);
  await screen.findByRole("heading", { name: "What Our Clients Say" }, { timeout: 5000 });
}

describe("HomePage", () => {
  it("has one h1, the hero's title, and the sections in the spec's order", async () => {
    await renderHome();
    expect(screen.getAllByRole("heading", { level: 1 })).toHaveLength(1);
    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent("Pixel-Perfect Web Design");
    const sectionHeadings = screen.getAllByRole("heading", { level: 2 }).map((heading) => heading.textContent);
    const order = [
      "The tools behind",
      "A small studio",
      "Everything you need",
      "How It Works",
      "Numbers Don't Lie",
      "What Our Clients Say",
    ];
    expect(order.map((start) => sectionHeadings.findIndex((text) => text?.startsWith(start)))).toEqual([
      0, 1, 2, 3, 4, 5,
    ]);
  });

  it("sets the page title", async () => {
    await renderHome();
    await waitFor(() => expect(document.title).toBe("Premium Digital Agency | Web Development, CRM & Ads"));
  });

  it("links the three service cards to their tabs on the services page", async () => {
    await renderHome();
    const services = screen.getByRole("region", { name: "Everything you need to grow online" });
    expect(within(services).getByRole("link", { name: /Web Development/ })).toHaveAttribute(
      "href",
      "/services#web-development",
    );
    expect(within(services).getByRole("link", { name: /CRM Automation/ })).toHaveAttribute(
      "href",
      "/services#crm-automation",
    );
    expect(within(services).getByRole("link", { name: /Facebook & Google Ads/ })).toHaveAttribute(
      "href",
      "/services#paid-ads",
    );
  });

  it("shows 11 tool logos twice for the marquee, the copy hidden from assistive technology", async () => {
    await renderHome();
    const strip = screen.getByRole("region", { name: "The tools behind the systems we build" });
    const lists = within(strip).getAllByRole("list", { hidden: true });
    expect(lists).toHaveLength(2);
    expect(within(lists[0]!).getAllByRole("listitem")).toHaveLength(11);
    expect(within(lists[1]!).getAllByRole("listitem", { hidden: true })).toHaveLength(11);
    expect(lists[1]).toHaveAttribute("aria-hidden", "true");
    expect(within(strip).getAllByRole("listitem")).toHaveLength(11);
    for (const client of clientLogos) expect(within(strip).getAllByText(client.name)).toHaveLength(2);
  });

  it("shows the founder's quote about lean, automated systems", async () => {
    await renderHome();
    expect(screen.getByText(/lean, automated systems/)).toBeInTheDocument();
    expect(screen.getByText(/no gimmicks/)).toBeInTheDocument();
    expect(screen.getByText("Founder & Lead Strategist")).toBeInTheDocument();
  });

  it("lists the four 'How It Works' steps in order", async () => {
    await renderHome();
    const process = screen.getByRole("region", { name: "How It Works" });
    expect(
      within(process)
        .getAllByRole("heading", { level: 3 })
        .map((heading) => heading.textContent),
    ).toEqual(["Book a Free Call", "We Listen & Strategize", "Get a Custom Proposal", "Project Launch"]);
    expect(processSteps).toHaveLength(4);
  });

  it("shows six testimonials, each with five stars, played twice with the copy hidden", async () => {
    await renderHome();
    const section = screen.getByRole("region", { name: "What Our Clients Say" });
    const visible = within(section).getAllByRole("figure");
    expect(visible).toHaveLength(6);
    for (const [index, card] of visible.entries()) {
      const testimonial = testimonials[index]!;
      expect(card).toHaveTextContent(testimonial.name);
      expect(card).toHaveTextContent(testimonial.company);
      expect(card).toHaveTextContent(testimonial.text);
      expect(within(card).getByRole("img", { name: "Rated 5 out of 5" })).toBeInTheDocument();
      expect(card.querySelectorAll("[data-star]")).toHaveLength(5);
      expect(card.querySelector("img")).toHaveAttribute("src", testimonial.image);
    }
    expect(within(section).getAllByRole("figure", { hidden: true })).toHaveLength(12);
    expect(
      testimonials.filter((testimonial) => /Lagos|Abuja|Nigeria|Port Harcourt|Kano/.test(testimonial.company)),
    ).toHaveLength(3);
  });
});
