import Papa from "papaparse";
import { TOUCH_KEYS } from "../../../lib/attribution";
import type { Touch } from "../../../lib/database";
import type { Lead } from "../data/leads";

/**
 * The CSV export of leads, safe to open in a spreadsheet: every cell quoted (quotes doubled), and a
 * cell that starts with `=`, `+`, `-`, `@`, a tab or a carriage return is prefixed with `'` so that
 * Excel, LibreOffice and Google Sheets read it as text, not as a formula. UTF-8 with a byte order
 * mark, so that Excel reads names like "Adébáyọ̀" correctly. Papa Parse writes the CSV; its own
 * formula pattern stops at the first line break (`.*$` without the `s` flag), so ours is given.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

export const CSV_COLUMNS = [
  "created_at",
  "status",
  "full_name",
  "email",
  "phone",
  "company_name",
  "service",
  "package",
  "has_website",
  "features",
  "reference",
  "uses_crm",
  "team_size",
  "challenge",
  "ad_platform",
  "has_run_ads",
  "roas",
  "message",
  "source",
  "campaign",
  ...TOUCH_KEYS.map((field) => `first_${field}`),
  ...TOUCH_KEYS.map((field) => `latest_${field}`),
  "forwarded_at",
  "forward_error",
  "id",
] as const;

export type Cell = string | number;

/** Rows as a spreadsheet-safe CSV (see above), columns in the given order. */
export function toCsv(columns: readonly string[], rows: Record<string, Cell>[]): string {
  const csv = Papa.unparse(
    { fields: [...columns], data: rows.map((row) => columns.map((column) => row[column] ?? "")) },
    { quotes: true, escapeFormulae: FORMULA_START, newline: "\r\n" },
  );
  return `\uFEFF${csv}\r\n`;
}

function touchCells(prefix: "first" | "latest", touch: Touch | null): Record<string, Cell> {
  return Object.fromEntries(TOUCH_KEYS.map((field) => [`${prefix}_${field}`, touch?.[field] ?? ""]));
}

export function leadsToCsv(leads: Lead[]): string {
  const rows = leads.map((lead): Record<string, Cell> => ({
    created_at: lead.created_at,
    status: lead.status,
    full_name: lead.full_name,
    email: lead.email,
    phone: lead.phone ?? "",
    company_name: lead.company_name ?? "",
    service: lead.service ?? "",
    package: lead.web_package ?? lead.crm_package ?? lead.ad_package ?? "",
    has_website: lead.has_website ?? "",
    features: (lead.features ?? []).join("; "),
    reference: lead.reference ?? "",
    uses_crm: lead.uses_crm ?? "",
    team_size: lead.team_size ?? "",
    challenge: lead.challenge ?? "",
    ad_platform: lead.ad_platform ?? "",
    has_run_ads: lead.has_run_ads ?? "",
    roas: lead.roas ?? "",
    message: lead.message ?? "",
    source: lead.source,
    campaign: lead.campaign ?? "",
    ...touchCells("first", lead.first_touch),
    ...touchCells("latest", lead.latest_touch),
    forwarded_at: lead.forwarded_at ?? "",
    forward_error: lead.forward_error ?? "",
    id: lead.id,
  }));
  return toCsv(CSV_COLUMNS, rows);
}

export function csvFileName(now = new Date()): string {
  return `leads-${now.toISOString().slice(0, 10)}.csv`;
}

/** Saves `text` as a CSV file named `name` through the browser's download (the leads and campaigns exports). */
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
