/**
 * The line `npm run bench` (scripts/bench.ts) prints under each table of routes against their
 * no-script copies: how many routes are within all four limits, and what is over on the others, so
 * that a run's verdict reads at a glance instead of from 52 cells.
 */

/** A route's four figures against its copy and whether each is within its limit. */
export interface RouteAgainstCopy {
  route: string;
  fcpRatio: number;
  lcpRatio: number;
  tbtDifferenceMs: number;
  perfDifference: number;
  ok: { fcp: boolean; lcp: boolean; tbt: boolean; perf: boolean };
}

/** A difference as the tables write it: "+12", "−3", "±0". */
export const signed = (value: number) => `${value > 0 ? "+" : value < 0 ? "−" : "±"}${Math.abs(value)}`;

/** What is over on `route`, each figure as the table shows it ("FCP 1.071, TBT +68 ms"). */
function overs(route: RouteAgainstCopy): string[] {
  const found: string[] = [];
  if (!route.ok.fcp) found.push(`FCP ${route.fcpRatio.toFixed(3)}`);
  if (!route.ok.lcp) found.push(`LCP ${route.lcpRatio.toFixed(3)}`);
  if (!route.ok.tbt) found.push(`TBT ${signed(Math.round(route.tbtDifferenceMs))} ms`);
  if (!route.ok.perf) found.push(`performance ${signed(route.perfDifference)}`);
  return found;
}

/** "Within all four limits: 11 of 13 routes; over: / (FCP 1.071), search (FCP 1.079)." */
export function verdictLine(routes: readonly RouteAgainstCopy[]): string {
  const over = routes.map((route) => ({ route: route.route, overs: overs(route) })).filter((r) => r.overs.length);
  const within = `Within all four limits: ${routes.length - over.length} of ${routes.length} route${routes.length === 1 ? "" : "s"}`;
  if (!over.length) return `${within}.`;
  return `${within}; over: ${over.map((r) => `${r.route} (${r.overs.join(", ")})`).join(", ")}.`;
}
