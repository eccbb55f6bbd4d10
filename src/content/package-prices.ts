/**
 * What each package of the contact form is worth, in whole naira, for the value sent with a
 * qualified lead's conversion events. Plain data (no config import), so server functions can load
 * it; src/content/package-prices.test.ts checks it against the prices the services page shows.
 * The CRM packages are priced in dollars or quoted, so they carry no naira value.
 */
export const PACKAGE_PRICES_NGN: Readonly<Record<string, number>> = {
  LaunchSite: 100_000,
  GrowthSite: 300_000,
  "ShopSite OS": 800_000,
  AdIgnite: 80_000,
  AdGrowth: 250_000,
  "AdEngine OS": 500_000,
};
