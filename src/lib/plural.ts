/**
 * The plural form of a word for a count, chosen by the language's rules (`Intl.PluralRules`), so
 * copy never reads "1 minutes". English has two forms; `other` also stands in for any form a
 * language has that the caller did not give.
 */
export type PluralForms = Partial<Record<Intl.LDMLPluralRule, string>> & { one: string; other: string };

const english = new Intl.PluralRules("en");

/** `forms`' entry for `count`: `plural(1, { one: "minute", other: "minutes" })` is "minute". */
export function plural(count: number, forms: PluralForms): string {
  return forms[english.select(count)] ?? forms.other;
}
