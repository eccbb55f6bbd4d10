import { describe, expect, it } from "vitest";
import { pairOrder } from "../../scripts/bench-order";

describe("the bench's order of runs", () => {
  it("alternates the page as built and its no-script copy in both orders (ABBA)", () => {
    const runs = [0, 1, 2, 3].flatMap((run) => pairOrder(run));
    expect(runs).toEqual([
      "as built",
      "no-script copy",
      "no-script copy",
      "as built",
      "as built",
      "no-script copy",
      "no-script copy",
      "as built",
    ]);
  });

  it("makes each kind of run first as often as the other over an even number of pairs", () => {
    const firsts = [0, 1, 2, 3, 4, 5].map((run) => pairOrder(run)[0]);
    expect(firsts.filter((kind) => kind === "as built")).toHaveLength(3);
  });
});
