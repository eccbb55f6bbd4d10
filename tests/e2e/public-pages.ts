/**
 * One page of each kind on the public site, with static content (one case study stands for the
 * others). Specs that check every page (titles, phone width, accessibility) start from this list and
 * add what they need besides.
 */
export const publicPages = [
  "/",
  "/services",
  "/portfolio",
  "/portfolio/zeta-brent-education",
  "/contact",
  "/thank-you",
  "/book",
  "/terms",
  "/privacy",
  "/blog",
  "/login",
];
