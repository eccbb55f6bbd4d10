import { describe, expect, it } from "vitest";
import { rulesUsableBy } from "../../scripts/stylesheet-subset";

/** The rules of `css` that are left, one selector list per rule, in order. */
function kept(css: string, code: string): string[] {
  return [...rulesUsableBy(css, code).matchAll(/([^{}]+)\{[^{}]*\}/g)].map((match) => match[1]!.trim());
}

describe("the rules a bundle's pages can use", () => {
  it("drops a rule whose classes the code never names, and keeps one whose classes it does", () => {
    const css = ".flex{display:flex}.grid{display:grid}.admin-only{color:red}";
    expect(kept(css, 'className:"flex grid"')).toEqual([".flex", ".grid"]);
  });

  it("reads escaped class names as the code writes them", () => {
    const css = String.raw`.md\:grid-cols-2{a:b}.w-1\/2{a:b}.\[\&\>p\]\:mt-2>p{a:b}.lg\:hidden{a:b}`;
    expect(kept(css, '"md:grid-cols-2 w-1/2 [&>p]:mt-2"')).toEqual([
      String.raw`.md\:grid-cols-2`,
      String.raw`.w-1\/2`,
      String.raw`.\[\&\>p\]\:mt-2>p`,
    ]);
  });

  it("keeps a selector list when any of its selectors may match", () => {
    expect(kept(".a,.b{x:y}.c,.d{x:y}", '"b"')).toEqual([".a,.b"]);
  });

  it("needs every class of a compound or descendant selector", () => {
    expect(kept(".post-body h2{x:y}.post-body .lead{x:y}.group:hover .card{x:y}", '"post-body group card"')).toEqual([
      ".post-body h2",
      ".group:hover .card",
    ]);
  });

  it("does not need a class that only a pseudo-class's argument names", () => {
    expect(kept(".prose :not(.not-prose){x:y}:is(.dark) .p{x:y}", '"prose p"')).toEqual([
      ".prose :not(.not-prose)",
      ":is(.dark) .p",
    ]);
  });

  it("keeps rules without classes, keyframes, font faces and what beasties keeps whole", () => {
    const css =
      "html{a:b}[data-open]{a:b}@font-face{font-family:X;src:url(x.woff2)}@keyframes spin{from{a:b}to{a:b}}" +
      ":where(.space-y-2>:not(:last-child)){a:b}:where(.divide-y>:not(:last-child)){a:b}";
    expect(rulesUsableBy(css, "")).toBe(css);
  });

  it("removes a media query or layer it leaves empty, and keeps one with a rule left", () => {
    const css = "@layer utilities{@media (min-width:40rem){.sm\\:gone{a:b}}.here{a:b}}@media print{.gone{a:b}}";
    expect(rulesUsableBy(css, '"here"')).toBe("@layer utilities{.here{a:b}}");
  });

  it("keeps a selector it cannot parse", () => {
    expect(kept(".ok{a:b}.gone{a:b}.unparsable >> .x{a:b}", "")).toEqual([".unparsable >> .x"]);
  });
});
