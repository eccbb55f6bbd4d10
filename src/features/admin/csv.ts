import Papa from "papaparse";

/**
 * The admin's CSV exports (leads, campaigns, traffic), loaded only when the admin exports (Papa
 * Parse stays out of the screens' chunk), safe to open in a spreadsheet: every cell quoted (quotes
 * doubled), and a cell that starts with `=`, `+`, `-`, `@`, a tab or a carriage return is prefixed
 * with `'` so that Excel, LibreOffice and Google Sheets read it as text, not as a formula. UTF-8 with a byte order
 * mark, so that Excel reads names like "Adébáyọ̀" correctly. Papa Parse writes the CSV; its own
 * formula pattern stops at the first line break (`.*$` without the `s` flag), so ours is given.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

export type Cell = string | number;

/** Rows as a spreadsheet-safe CSV (see above), columns in the given order. */
export function toCsv(columns: readonly string[], rows: Record<string, Cell>[]): string {
  const csv = Papa.unparse(
    { fields: [...columns], data: rows.map((row) => columns.map((column) => row[column] ?? "")) },
    { quotes: true, escapeFormulae: FORMULA_START, newline: "\r\n" },
  );
  return `\uFEFF${csv}\r\n`;
}

/** Saves `text` as a CSV file named `name` through the browser's download. */
export function downloadCsv(text: string, name: string) {
  const url = URL.createObjectURL(new Blob([text], { type: "text/csv;charset=utf-8" }));
  const link = document.createElement("a");
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
