import { PACKAGE_PRICES_NGN } from "../../content/package-prices.js";
import { CURRENCY_INFO, isCurrency } from "../../lib/money.js";
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

/**
 * What a purchase carries: the amount actually paid, in the currency's major unit (the platforms
 * take 2400.5 for ₦2,400.50), and its currency. Null when the row is no purchase or its payment is
 * in a currency the site does not price in, which the database does not let a counted payment be.
 */
export function purchaseValue(event: ClaimedEvent): { amount: number; currency: string } | null {
  if (event.event !== "purchase" || event.paid_minor === null || !isCurrency(event.paid_currency)) return null;
  return {
    amount: event.paid_minor / CURRENCY_INFO[event.paid_currency].minorUnitsPerMajor,
    currency: event.paid_currency,
  };
}
