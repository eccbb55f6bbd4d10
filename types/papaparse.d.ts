/**
 * The part of Papa Parse the browser bundle uses (the admin's CSV export), typed without Node:
 * @types/papaparse references Node's types for its stream API, which would let `process` and
 * `node:*` type-check in browser code. tsconfig.app.json maps `papaparse` here; tests and tooling
 * use @types/papaparse.
 */
export interface UnparseConfig {
  quotes?: boolean | boolean[] | ((value: unknown, columnIndex: number) => boolean);
  quoteChar?: string;
  escapeChar?: string;
  delimiter?: string;
  header?: boolean;
  newline?: string;
  skipEmptyLines?: boolean | "greedy";
  columns?: string[];
  escapeFormulae?: boolean | RegExp;
}

export interface UnparseObject<T> {
  fields: string[];
  data: T[];
}

export function unparse<T>(data: T[] | UnparseObject<T>, config?: UnparseConfig): string;

declare const Papa: { unparse: typeof unparse };
export default Papa;
