import { describe, expect, it } from "vitest";
import { verdictLine, type RouteAgainstCopy } from "../../scripts/bench-verdict";

const within = (route: string): RouteAgainstCopy => ({
  route,
  fcpRatio: 1.01,
  lcpRatio: 1.02,
  tbtDifferenceMs: 3,
  perfDifference: 0,
  ok: { fcp: true, lcp: true, tbt: true, perf: true },
});

describe("the bench's verdict line", () => {
  it("counts every route within when none is over", () => {
    expect(verdictLine([within("/"), within("/blog")])).toBe("Within all four limits: 2 of 2 routes.");
  });

  it("names each route over with the figures that are over, as the table writes them", () => {
    const search: RouteAgainstCopy = {
      ...within("/blog/search?q=website"),
      fcpRatio: 1.0794,
      ok: { fcp: false, lcp: true, tbt: true, perf: true },
    };
    const author: RouteAgainstCopy = {
      ...within("/blog/author/team"),
      tbtDifferenceMs: 67.6,
      perfDifference: -3,
      ok: { fcp: true, lcp: true, tbt: false, perf: false },
    };
    expect(verdictLine([within("/"), search, author])).toBe(
      "Within all four limits: 1 of 3 routes; over: /blog/search?q=website (FCP 1.079), /blog/author/team (TBT +68 ms, performance −3).",
    );
  });

  it("says route, not routes, for one", () => {
    expect(verdictLine([within("/book")])).toBe("Within all four limits: 1 of 1 route.");
  });
});
