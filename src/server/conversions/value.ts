import { PACKAGE_PRICES_NGN } from "../../content/package-prices.js";
import type { ClaimedEvent } from "./types.js";

/** The value of a qualified lead: the naira price of the package it asked about, when known. */
export function leadValue(event: ClaimedEvent): { amount: number; currency: "NGN" } | null {
  const pack =
    event.service === "web-design"
      ? event.web_package
      : event.service === "paid-ads"
        ? event.ad_package
        : event.service === "crm"
          ? event.crm_package
          : null;
  const amount = pack ? PACKAGE_PRICES_NGN[pack] : undefined;
  return amount ? { amount, currency: "NGN" } : null;
}
