/**
 * The plural form of a word for a count, chosen by English's rule, so copy never reads "1 minutes".
 * English has two forms; `other` also stands in for any form a language has that the caller did not
 * give.
 *
 * Written out rather than with `Intl.PluralRules`: the formatter was made as this module loaded, and
 * this module is in the framework chunk every page evaluates before it hydrates, so every page paid
 * for loading its ICU data: 5-12 ms of that task at the low-tier phone's slowdown (Chromium at 15x,
 * measured 2026-12-01). English's rule is CLDR's `one: i = 1 and v = 0` (the absolute value is 1,
 * with no fraction); plural.test.ts checks it against Intl.PluralRules.
 */
export type PluralForms = Partial<Record<Intl.LDMLPluralRule, string>> & { one: string; other: string };

/** English's plural category of `count`, as `new Intl.PluralRules("en").select(count)` gives it. */
export function englishPluralRule(count: number): "one" | "other" {
  return Math.abs(count) === 1 ? "one" : "other";
}

/** `forms`' entry for `count`: `plural(1, { one: "minute", other: "minutes" })` is "minute". */
export function plural(count: number, forms: PluralForms): string {
  return forms[englishPluralRule(count)] ?? forms.other;
}
