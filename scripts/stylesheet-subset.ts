/**
 * The rules of a built stylesheet that pages made by one bundle can use, for the blog function's
 * critical-CSS pass (src/server/critical-css.ts): its manifest carries these instead of the whole
 * stylesheet (scripts/prerender.ts), so beasties parses and matches a third fewer rules on every page
 * the function has not processed yet, and a cold instance's first page costs less.
 *
 * A rule is dropped when none of its selectors can match: each names a class (outside a pseudo-class's
 * argument, where `:not(.x)` matches without it) that appears nowhere in the bundle's code or its
 * template. Tailwind writes a rule only for a class written out whole in the source, and a class can
 * reach a page only from that code (a post's Markdown comes out with the renderer's own classes), so
 * such a rule could never match there. What cannot be read is kept: a selector that does not parse,
 * keyframes, font faces, and the rules beasties keeps whole whatever the page (KEPT_WHOLE_RULES).
 * The pass gives every page the same bytes either way: src/server/critical-css.test.ts renders the
 * blog's pages and compares.
 *
 * By hand because no library answers "which rules could this code use" for a built stylesheet:
 * PurgeCSS-style tools read the sources and their own extractors, not a bundle; postcss parses the
 * stylesheet and css-what the selectors.
 */
import { parse, type Selector } from "css-what";
import postcss, { AtRule } from "postcss";
import { KEPT_WHOLE_RULES } from "../src/server/critical-css.ts";

/** Whether a selector's own classes (not those inside a pseudo-class's argument) all appear in `code`. */
function mayMatch(selector: string, code: string): boolean {
  let sequences: Selector[][];
  try {
    sequences = parse(selector);
  } catch {
    return true;
  }
  return sequences.some((tokens) =>
    tokens.every(
      (token) =>
        token.type !== "attribute" ||
        token.name !== "class" ||
        token.action !== "element" ||
        code.includes(token.value),
    ),
  );
}

/** The stylesheet `css` without the rules no page made by `code` could match (see above). */
export function rulesUsableBy(css: string, code: string): string {
  const root = postcss.parse(css);
  root.walkRules((rule) => {
    if (rule.parent instanceof AtRule && /keyframes$/i.test(rule.parent.name)) return;
    if (KEPT_WHOLE_RULES.some((pattern) => pattern.test(rule.selector))) return;
    if (rule.selectors.some((selector) => mayMatch(selector, code))) return;
    // An at-rule (a media query, a layer) left empty goes too, and so on outwards.
    let parent = rule.parent;
    rule.remove();
    while (parent instanceof AtRule && parent.nodes?.length === 0) {
      const outer = parent.parent;
      parent.remove();
      parent = outer;
    }
  });
  return root.toString();
}
