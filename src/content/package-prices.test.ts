import { describe, expect, it } from "vitest";
import { PACKAGE_PRICES_NGN } from "./package-prices";
import { services } from "./services";

describe("package prices for conversion values", () => {
  it("match the naira prices the services page shows, package by package", () => {
    const shown = new Map(
      services.flatMap((service) => service.pricing.packages).map((pack) => [pack.name, pack.price]),
    );
    for (const [name, amount] of Object.entries(PACKAGE_PRICES_NGN)) {
      expect(shown.get(name), name).toBe(`₦${amount.toLocaleString("en-US")}`);
    }
    const naira = [...shown].filter(([, price]) => price.startsWith("₦")).map(([name]) => name);
    expect(Object.keys(PACKAGE_PRICES_NGN).sort()).toEqual(naira.sort());
  });
});
