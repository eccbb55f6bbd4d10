/**
 * Text a form may not store: NUL (Postgres text cannot hold it, so the insert would fail as if the
 * database were down), other control characters (terminal escapes, bell; tab and line breaks are
 * fine), and lone UTF-16 surrogates (not text at all; they would be stored as U+FFFD). The form
 * functions refuse such answers with a 400 that names the field, before anything is stored.
 */

// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export function isUnstorableText(value: string): boolean {
  return CONTROL.test(value) || LONE_SURROGATE.test(value);
}

/** The first field of `fields` (in `order`) whose value, or one of whose values, is unstorable text. */
export function firstUnstorableField<Field extends string>(
  fields: Record<string, unknown>,
  order: readonly Field[],
): Field | null {
  for (const field of order) {
    const value = fields[field];
    const values = Array.isArray(value) ? value : [value];
    if (values.some((item) => typeof item === "string" && isUnstorableText(item))) return field;
  }
  return null;
}

export function unstorableMessage(label: string): string {
  return `“${label}” contains characters that cannot be saved (control characters or broken text). Please retype it.`;
}
