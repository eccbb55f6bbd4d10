import { render, screen, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { findService, type ServiceId } from "../../content/services";
import { PricingPackages } from "./PricingPackages";

// Role queries over whole pages are slow on the shared 2-core machine.
vi.setConfig({ testTimeout: 20_000 });

// The pricing table of spec section 9, written out here so that a wrong price in content fails.
const table: Record<ServiceId, { name: string; price: string; popular: boolean; cta: string }[]> = {
  "web-development": [
    { name: "LaunchSite", price: "₦100,000", popular: false, cta: "Get Started" },
    { name: "GrowthSite", price: "₦300,000", popular: true, cta: "Get Started" },
    { name: "ShopSite OS", price: "₦800,000", popular: false, cta: "Get Started" },
  ],
  "crm-automation": [
    { name: "Essential Automation", price: "$950", popular: false, cta: "Get Started" },
    { name: "Growth Engine", price: "$2,200", popular: true, cta: "Get Started" },
    { name: "Full System Build", price: "Custom", popular: false, cta: "Book a Call" },
  ],
  "paid-ads": [
    { name: "AdIgnite", price: "₦80,000", popular: false, cta: "Get Started" },
    { name: "AdGrowth", price: "₦250,000", popular: true, cta: "Get Started" },
    { name: "AdEngine OS", price: "₦500,000", popular: false, cta: "Get Started" },
  ],
};

describe.each(Object.entries(table))("pricing of %s", (id, rows) => {
  it("shows every package with its price, the right 'Most Popular' badge and an intake-form CTA", () => {
    const service = findService(id);
    if (!service) throw new Error(`no service ${id}`);
    render(<PricingPackages service={service} />);

    expect(screen.getAllByRole("article")).toHaveLength(rows.length);
    expect(screen.getAllByText("Most Popular")).toHaveLength(1);
    for (const row of rows) {
      const card = screen.getByRole("article", { name: row.name });
      expect(within(card).getByText(row.price)).toBeInTheDocument();
      if (row.popular) expect(within(card).getByText("Most Popular")).toBeInTheDocument();
      else expect(within(card).queryByText("Most Popular")).not.toBeInTheDocument();
      const cta = within(card).getByRole("link", { name: new RegExp(`^${row.cta}`) });
      expect(cta).toHaveAttribute("target", "_blank");
      expect(cta).toHaveAttribute("rel", "noopener noreferrer");
    }
  });
});

it("states the billing basis of each service", () => {
  render(
    <>
      {(["web-development", "crm-automation", "paid-ads"] as const).map((id) => {
        const service = findService(id);
        return service ? <PricingPackages key={id} service={service} /> : null;
      })}
    </>,
  );
  expect(screen.getAllByText("one-time")).toHaveLength(3);
  expect(screen.getAllByText("per setup")).toHaveLength(3);
  expect(screen.getAllByText("per setup, ad spend excluded")).toHaveLength(3);
});
