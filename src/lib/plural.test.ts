import { describe, expect, it } from "vitest";
import { englishPluralRule, plural } from "./plural";

const MINUTES = { one: "minute", other: "minutes" };

describe("plural", () => {
  it("gives the singular for one and the plural for every other count", () => {
    expect([0, 1, 2, 5, 21, 100].map((count) => `${count} ${plural(count, MINUTES)}`)).toEqual([
      "0 minutes",
      "1 minute",
      "2 minutes",
      "5 minutes",
      "21 minutes",
      "100 minutes",
    ]);
  });

  it("treats a fraction or a negative count as English does", () => {
    expect(plural(1.5, MINUTES)).toBe("minutes");
    expect(plural(-1, MINUTES)).toBe("minute");
  });

  it("chooses between whole phrases, not only words", () => {
    const forms = { one: "article matches", other: "articles match" };
    expect(plural(1, forms)).toBe("article matches");
    expect(plural(3, forms)).toBe("articles match");
  });

  it("chooses the category English's Intl.PluralRules chooses, for whole, fractional, negative and odd counts", () => {
    const rules = new Intl.PluralRules("en");
    const counts = [0, 1, -1, 1.0, 1.5, 0.5, 2, -2, 11, 21, 101, 1e21, -0, Number.NaN, Infinity, -Infinity];
    expect(counts.map(englishPluralRule)).toEqual(counts.map((count) => rules.select(count)));
  });
});
