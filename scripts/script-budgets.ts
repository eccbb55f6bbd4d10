/**
 * The public routes the performance checks measure (one of each kind of page), and the script
 * budgets some of them are held to. Shared by `npm run bench` (scripts/bench.ts) and the browser
 * test of the budgets (tests/e2e/script-budget.spec.ts).
 *
 * A budget is the script a first-time visitor's phone downloads before the page is idle: every
 * Script request from the navigation until the network is quiet (the lazy parts that hydrate after
 * the first screen and what loads on idle callbacks included), counted as transferred over HTTP/2,
 * that is the gzipped bodies plus the responses' framing and headers (Chrome's encodedDataLength,
 * Lighthouse's transferSize). KB here are 1,024 bytes.
 */
/** The post the checks load (seeded by the local Supabase). */
export const POST_ROUTE = "/blog/stop-losing-leads-in-your-whatsapp-inbox-1729065600000";

export const PUBLIC_ROUTES = [
  "/",
  "/services",
  "/portfolio",
  "/portfolio/zeta-brent-education-ads",
  "/contact",
  "/blog",
  "/blog/category/crm-automation",
  // Seeded: two posts carry the tag (supabase/seed.sql), and the seed's author wrote them all.
  "/blog/tag/whatsapp",
  "/blog/author/ascend-digital-team",
  POST_ROUTE,
  "/blog/search?q=website",
  "/thank-you",
  "/book",
] as const;

/** Script until idle, in KB transferred, per budgeted route; the other public routes are measured only. */
export const SCRIPT_BUDGETS_KB: Readonly<Record<string, number>> = {
  "/": 105,
  [POST_ROUTE]: 105,
  "/blog": 120,
  "/blog/category/crm-automation": 120,
  // The pages that book a call load the picker's chunk (times, the form, the confirmation) and no others do.
  "/thank-you": 120,
  "/book": 125,
};
